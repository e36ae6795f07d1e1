import pg from 'pg';
import { APP_ROLE, assertTenantId, type Database, type FirstQuery, type Tx } from './database.js';

/**
 * A PostgreSQL server, reached through a pool that logs in as the application role (not the owner, not
 * superuser, no BYPASSRLS): here RLS is the real security boundary. The tenant setting is transaction-local.
 *
 * The connections run in node-postgres's pipeline mode (docs/decisions/0004-pipelined-tenant-transactions.md):
 * - BEGIN, the tenant setting and the transaction's first query go out in one write and come back in one
 *   round trip; they run in order, so the first query already sees the tenant.
 * - Queries with parameters are named prepared statements: parsed and planned once per connection.
 * - COMMIT goes out in the same write as the next transaction's opening on that connection; the caller still
 *   waits for COMMIT's answer, so a failed COMMIT fails the request as before. A transaction that only read
 *   does not wait (decision 0013), and its COMMIT is held for the connection's next opening (decision 0016).
 */
export function appRoleUrl(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = APP_ROLE;
  url.password = password;
  return url.toString();
}

/** Distinct statement texts kept prepared; beyond this (generated SQL) queries run unnamed, as before. */
const MAX_PREPARED = 500;
const SET_TENANT = `SELECT set_config('app.tenant_id', $1, true)`;
/** How long a connection may stay in a transaction that only read, waiting to be taken again. */
const COMMIT_DELAY_MS = 5;

/** node-postgres's socket, corked so that several protocol messages leave in one write. */
function socketOf(client: pg.PoolClient): { cork(): void; uncork(): void } {
  return (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection
    .stream;
}

export function openPostgres(appUrl: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: appUrl, max: poolSize, pipeline: true });
  // A client whose connection dies (server restart, terminated backend) must not crash the process, idle or
  // checked out: its queries fail, the request answers 500, and the pool drops it when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));

  // SQL text -> statement name, for all connections (node-postgres parses a name once per connection).
  const names = new Map<string, string>();
  const prepared = (text: string, values: unknown[]): pg.QueryConfig => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `hrpay_${names.size + 1}`;
      names.set(text, name);
    }
    return name === undefined ? { text, values } : { name, text, values };
  };
  // Only queries with parameters are prepared: they already used the extended protocol. One without keeps
  // the simple protocol (and may hold several statements).
  const query = (client: pg.PoolClient, sql: string, params?: unknown[]) =>
    params && params.length > 0 ? client.query(prepared(sql, params)) : client.query(sql);

  // A transaction that only read ends with a COMMIT nobody waits for; it is written with the connection's next
  // opening (one write and one wake-up of the backend instead of two), or after COMMIT_DELAY_MS if the
  // connection is not taken again by then (decision 0016).
  const unfinished = new Map<pg.PoolClient, NodeJS.Timeout>();
  /** Writes the COMMIT a read left on this connection, if any (corked, so in one write with the opening). */
  const finishNow = (client: pg.PoolClient) => {
    const timer = unfinished.get(client);
    if (timer === undefined) return;
    clearTimeout(timer);
    unfinished.delete(client);
    client.query('COMMIT').catch(() => {});
  };
  const finishLater = (client: pg.PoolClient) =>
    unfinished.set(
      client,
      setTimeout(() => finishNow(client), COMMIT_DELAY_MS),
    );

  const run = async <T>(
    tenantId: string | null,
    work: (tx: Tx, firstRows: Promise<Record<string, unknown>[]>) => Promise<T>,
    first?: FirstQuery,
  ): Promise<T> => {
    const tenant = tenantId === null ? null : assertTenantId(tenantId);
    const client = await pool.connect();
    const socket = socketOf(client);
    let wrote = false;
    const tx: Tx = {
      query: async <Row>(sql: string, params?: unknown[]) => {
        const result = await query(client, sql, params);
        // Only a transaction that wrote (or locked, or changed a setting) waits for COMMIT's answer.
        if (result.command !== 'SELECT') wrote = true;
        return result.rows as Row[];
      },
    };
    let committing: Promise<unknown> | undefined;
    try {
      // The opening and whatever `work` queries before its first await leave in one write. If BEGIN or the
      // setting fails, the request fails: its result is never used.
      let opening: Promise<unknown>;
      let answer: Promise<T>;
      socket.cork();
      try {
        finishNow(client);
        const answers = Promise.all([
          client.query('BEGIN'),
          tenant === null ? null : client.query(prepared(SET_TENANT, [tenant])),
          first ? client.query(prepared(first.sql, first.uuids)) : null,
        ]);
        opening = answers;
        const firstRows = answers.then(
          ([, , firstResult]) => (firstResult?.rows ?? []) as Record<string, unknown>[],
        );
        firstRows.catch(() => {}); // work need not read them; a failed opening is thrown below
        answer = work(tx, firstRows);
      } finally {
        socket.uncork();
      }
      // Both settle before the transaction ends: `work` may still be querying when the opening fails, and its
      // queries must never reach the connection's next user.
      const [openedAs, answerAs] = await Promise.allSettled([opening, answer]);
      if (openedAs.status === 'rejected') throw openedAs.reason;
      if (answerAs.status === 'rejected') throw answerAs.reason;
      const result = answerAs.value;
      if (!wrote) {
        committing = Promise.resolve(); // from here the connection belongs to the pool
        finishLater(client);
        client.release();
        return result;
      }
      // The connection is handed on as COMMIT is written: the next waiter's opening, queued behind COMMIT,
      // joins it in the same write (the socket is uncorked once this turn's promise callbacks have run).
      // Whatever COMMIT answers, the transaction has ended, so the connection is clean for the next user;
      // a connection that broke fails them, as it would have before.
      socket.cork();
      try {
        committing = client.query('COMMIT');
        client.release();
      } finally {
        process.nextTick(() => socket.uncork());
      }
      await committing;
      return result;
    } catch (error) {
      if (committing) throw error; // the connection is already handed on
      let broken = false;
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true; // never return a connection whose transaction state is unknown
      }
      client.release(broken);
      throw error;
    }
  };

  return {
    kind: 'postgres',
    withTenant: (tenantId, work, first) => run(tenantId, work, first),
    withoutTenant: (work) => run(null, (tx) => work(tx)),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => {
      for (const client of [...unfinished.keys()]) finishNow(client);
      return pool.end();
    },
  };
}
