import type { Tx } from '../db/database.js';
import { sha256 } from './crypto.js';
import { problems } from './problem.js';

/**
 * Fixed-window counters kept in PostgreSQL (login_throttle), so limits survive restarts and hold across
 * server processes. Keys are hashed: the table never holds an e-mail or an address in clear.
 */
export class Throttle {
  constructor(private readonly windowSeconds: number) {}

  private key = (kind: string, value: string) => sha256(`${kind}:${value}`);

  /** Throws 429 with Retry-After when `kind:value` has reached `limit` in the current window. */
  async check(tx: Tx, kind: string, value: string, limit: number): Promise<void> {
    const [row] = await tx.query<{ attempts: number; retry_after: number }>(
      `SELECT attempts, ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS retry_after
         FROM login_throttle WHERE throttle_key = $1 AND window_start > now() - make_interval(secs => $2)`,
      [this.key(kind, value), this.windowSeconds],
    );
    if (row && row.attempts >= limit) throw problems.tooManyRequests(Math.max(1, row.retry_after));
  }

  async hit(tx: Tx, kind: string, value: string): Promise<void> {
    await tx.query(
      `INSERT INTO login_throttle (throttle_key, window_start, attempts) VALUES ($1, now(), 1)
       ON CONFLICT (throttle_key) DO UPDATE SET
         attempts = CASE WHEN login_throttle.window_start > now() - make_interval(secs => $2)
                         THEN login_throttle.attempts + 1 ELSE 1 END,
         window_start = CASE WHEN login_throttle.window_start > now() - make_interval(secs => $2)
                         THEN login_throttle.window_start ELSE now() END`,
      [this.key(kind, value), this.windowSeconds],
    );
  }

  async reset(tx: Tx, kind: string, value: string): Promise<void> {
    await tx.query(`DELETE FROM login_throttle WHERE throttle_key = $1`, [this.key(kind, value)]);
  }
}
