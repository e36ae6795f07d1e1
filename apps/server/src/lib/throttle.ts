import type { Tx } from '../db/database.js';
import { sha256 } from './crypto.js';
import { problems } from './problem.js';

/**
 * Fixed-window counters kept in PostgreSQL (login_throttle), so limits survive restarts and hold across
 * server processes. Keys are hashed: the table never holds an e-mail or an address in clear.
 *
 * An attempt is reserved (counted) in the same statement that reads the count, before any password work, so
 * parallel attempts cannot all pass one check made before any of them was recorded (issue 13, item 1).
 */
export class Throttle {
  constructor(private readonly windowSeconds: number) {}

  private key = (kind: string, value: string) => sha256(`${kind}:${value}`);

  /**
   * Counts one attempt of `kind:value` and throws 429 with Retry-After when it is over `limit` in the current
   * window. The row lock of `INSERT ... ON CONFLICT DO UPDATE` makes concurrent reservations take turns.
   */
  async reserve(tx: Tx, kind: string, value: string, limit: number): Promise<void> {
    const [row] = await tx.query<{ attempts: number; retry_after: number }>(
      `INSERT INTO login_throttle (throttle_key, window_start, attempts) VALUES ($1, now(), 1)
       ON CONFLICT (throttle_key) DO UPDATE SET
         attempts = CASE WHEN login_throttle.window_start > now() - make_interval(secs => $2)
                         THEN login_throttle.attempts + 1 ELSE 1 END,
         window_start = CASE WHEN login_throttle.window_start > now() - make_interval(secs => $2)
                         THEN login_throttle.window_start ELSE now() END
       RETURNING attempts,
         ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS retry_after`,
      [this.key(kind, value), this.windowSeconds],
    );
    if (row && row.attempts > limit) throw problems.tooManyRequests(Math.max(1, row.retry_after));
  }

  /**
   * Gives back one reserved attempt (a sign-in that succeeded). Only that one: failures made in parallel
   * with the success stay counted, where resetting the counter would erase them.
   */
  async release(tx: Tx, kind: string, value: string): Promise<void> {
    await tx.query(
      `UPDATE login_throttle SET attempts = greatest(attempts - 1, 0)
        WHERE throttle_key = $1 AND window_start > now() - make_interval(secs => $2)`,
      [this.key(kind, value), this.windowSeconds],
    );
  }
}
