import type pg from 'pg';

/**
 * `<table>_copy`, the scratch table a COPY baseline writes into: the same columns, checks, indexes and foreign keys
 * as `table`, a company's table of rows per employee (time_logs, attendance_days).
 */
export async function createCopyTable(owner: pg.Client, table: 'time_logs' | 'attendance_days') {
  await owner.query(
    `CREATE TABLE ${table}_copy (LIKE ${table} INCLUDING ALL);
     ALTER TABLE ${table}_copy
       ADD FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
       ADD FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE`,
  );
}
