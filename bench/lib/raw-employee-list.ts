/**
 * The baseline of the employees benchmark: the employee list's statement for a search text (the page and the
 * count of all matches in one) behind the thinnest HTTP server: no token, no transaction, no RLS (owner
 * connection).
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL!, max: 10 });
const [tenantId, companyId] = [process.env.BENCH_TENANT!, process.env.BENCH_COMPANY!];
// Every word must appear, as the list asks it.
const words = process.env.BENCH_SEARCH!.toLowerCase().split(/\s+/);
const where = `e.tenant_id = $1 AND e.company_id = $2 AND e.separation_date IS NULL AND ${words
  .map((_, i) => `e.search_text LIKE $${i + 3}`)
  .join(' AND ')}`;
const params = [tenantId, companyId, ...words.map((w) => `%${w}%`)];

createServer(async (_req, res) => {
  // The list's own statement for a search: the matches found once for the page and the count, the page cut on
  // the ids, then joined.
  // Named, so each connection parses and plans it once, as the application's statements are.
  const { rows } = await pool.query({
    name: 'employee_list',
    text: `WITH m AS (
       SELECT e.id, count(*) OVER ()::int AS total_count FROM employees e
        WHERE ${where} ORDER BY lower(e.last_name) ASC NULLS LAST, lower(e.first_name) ASC, e.id ASC LIMIT 25 OFFSET 0)
     SELECT m.total_count, e.id, e.employee_number,
            concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name,
            e.last_name, e.first_name, e.email, e.department_id, d.name AS department_name, p.name AS position_name,
            e.employment_status_id, es.name AS status_name, e.employment_type, e.hire_date::text,
            CASE WHEN s.id IS NULL THEN NULL ELSE concat_ws(' ', s.first_name, s.last_name) END AS supervisor_name,
            sh.name AS shift_name
       FROM m JOIN employees e ON e.tenant_id = $1 AND e.id = m.id
       LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
       LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
       LEFT JOIN employment_statuses es ON es.tenant_id = e.tenant_id AND es.id = e.employment_status_id
       LEFT JOIN employees s ON s.tenant_id = e.tenant_id AND s.id = e.supervisor_id
       LEFT JOIN shifts sh ON sh.tenant_id = e.tenant_id AND sh.id = e.shift_id
      ORDER BY lower(e.last_name) ASC NULLS LAST, lower(e.first_name) ASC, e.id ASC`,
    values: params,
  });
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ Items: rows, TotalCount: rows[0]?.total_count ?? 0 }));
}).listen(Number(process.env.PORT ?? 3211), '127.0.0.1', () => console.log('raw baseline ready'));
