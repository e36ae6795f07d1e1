/**
 * The baseline of the employees benchmark: the employee list's own statement for a search text (the page and
 * the count of all matches in one) behind the thinnest HTTP server: no token, no transaction, no RLS (owner
 * connection). The statement and its parameters are taken from the application's repository at start (its
 * `list` run once against a recorder), so the baseline runs exactly the SQL the application sends.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { EmployeeListRequest } from '@hrpay/contracts';
import type { Tx } from '../../apps/server/src/db/database.js';
import { employeeRecordsRepo } from '../../apps/server/src/modules/employees/repository.js';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL!, max: 10 });
const [tenantId, companyId] = [process.env.BENCH_TENANT!, process.env.BENCH_COMPANY!];

const sent: { sql: string; params: unknown[] }[] = [];
const recorder: Tx = {
  query: async <Row>(sql: string, params?: unknown[]) => {
    sent.push({ sql, params: params ?? [] });
    return [] as Row[];
  },
};
await employeeRecordsRepo.list(
  recorder,
  tenantId,
  companyId,
  EmployeeListRequest.parse({ Search: process.env.BENCH_SEARCH! }),
);
if (sent.length !== 1) throw new Error(`the list sent ${sent.length} statements for a search, not 1`);
const [{ sql, params }] = sent as [{ sql: string; params: unknown[] }];

createServer(async (_req, res) => {
  // Named, so each connection parses and plans it once, as the application's statements are.
  const { rows } = await pool.query({ name: 'employee_list', text: sql, values: params });
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ Items: rows, TotalCount: rows[0]?.total_count ?? 0 }));
}).listen(Number(process.env.PORT ?? 3211), '127.0.0.1', () => console.log('raw baseline ready'));
