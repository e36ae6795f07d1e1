/**
 * The baseline of the auth benchmark: the same one-record query behind the thinnest HTTP server, no token,
 * no transaction, no RLS (owner connection). Started as its own process by auth.bench.ts.
 */
import { createServer } from 'node:http';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL!;
const port = Number(process.env.PORT ?? 3201);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const [tenantId, employeeId] = [process.env.BENCH_TENANT!, process.env.BENCH_EMPLOYEE!];

const sql = `SELECT concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name, e.employee_number,
       d.name AS department_name, p.name AS position_name, s.name AS shift_name, s.time_in::text, s.time_out::text
  FROM employees e
  LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
  LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
  LEFT JOIN shifts s ON s.tenant_id = e.tenant_id AND s.id = e.shift_id
 WHERE e.tenant_id = $1 AND e.id = $2`;

createServer(async (_req, res) => {
  // Named, so each connection parses and plans it once, as the application's statements are.
  const { rows } = await pool.query({ name: 'basic_info', text: sql, values: [tenantId, employeeId] });
  const r = rows[0];
  res.setHeader('content-type', 'application/json');
  res.end(
    JSON.stringify({
      FullName: r.full_name,
      EmployeeNumber: r.employee_number,
      DepartmentName: r.department_name,
      PositionName: r.position_name,
      Shift: { Name: r.shift_name, TimeIn: r.time_in, TimeOut: r.time_out },
    }),
  );
}).listen(port, '127.0.0.1', () => console.log(`raw baseline on ${port}`));
