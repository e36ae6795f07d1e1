import type { EmployeeImport, ImportRowError, ImportStatus } from '@hrpay/contracts';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Tx } from '../../db/database.js';
import { cursorPages } from '../../lib/export.js';
import { existingEmployee, RECORD_KEYS, type EmployeeValues, type ExistingData } from './validate-rows.js';

/** The SQL of employee-record imports: jobs, their errors, and what the validator compares against. */

export interface ImportRow {
  id: string;
  company_id: string;
  company_name: string;
  file_name: string;
  file_size: number;
  status: ImportStatus;
  progress: number;
  message: string | null;
  total_rows: number;
  create_count: number;
  update_count: number;
  unchanged_count: number;
  error_count: number;
  preview: Partial<Pick<EmployeeImport, 'Errors' | 'LookupsToCreate' | 'SampleRows'>>;
  uploaded_by_name: string | null;
  heartbeat_at: Date;
  created_at: Date;
  committed_at: Date | null;
}

const SELECT_IMPORT = `
  SELECT i.id, i.company_id, c.name AS company_name, i.file_name, i.file_size, i.status, i.progress, i.message,
         i.total_rows, i.create_count, i.update_count, i.unchanged_count, i.error_count, i.preview,
         u.full_name AS uploaded_by_name, i.heartbeat_at, i.created_at, i.committed_at
    FROM employee_imports i
    JOIN companies c ON c.tenant_id = i.tenant_id AND c.id = i.company_id
    LEFT JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.uploaded_by`;

const EXISTING_PAGE = 2_000;

/** Each value of an employee's record as text, as the import reads and compares it (validate-rows' EmployeeValues). */
const RECORD_SQL: Record<keyof EmployeeValues, string> = {
  EmployeeNumber: 'e.employee_number',
  LastName: 'e.last_name',
  FirstName: 'e.first_name',
  MiddleName: 'e.middle_name',
  Suffix: 'e.suffix',
  BirthDate: 'e.birth_date::text',
  Gender: 'e.gender::text',
  CivilStatus: 'e.civil_status::text',
  Email: 'e.email',
  MobileNumber: 'e.mobile_number',
  Address: 'e.address',
  TIN: 'e.tin',
  SSSNumber: 'e.sss_number',
  PhilHealthNumber: 'e.philhealth_number',
  PagIbigNumber: 'e.pagibig_number',
  Department: 'd.name',
  Position: 'p.name',
  EmploymentStatus: 'st.name',
  EmploymentType: 'e.employment_type::text',
  HireDate: 'e.hire_date::text',
  Shift: 'sh.name',
  SupervisorEmployeeNumber: 'sup.employee_number',
  RateType: 'e.rate_type::text',
  BasicRate: 'e.basic_rate::text',
  BankName: 'e.bank_name',
  BankAccountNumber: 'e.bank_account_number',
};

export type GovernmentIdColumn = 'TIN' | 'SSSNumber' | 'PhilHealthNumber' | 'PagIbigNumber';
export const GOVERNMENT_ID_COLUMNS: GovernmentIdColumn[] = [
  'TIN',
  'SSSNumber',
  'PhilHealthNumber',
  'PagIbigNumber',
];
const GOVERNMENT_ID_SQL: Record<GovernmentIdColumn, string> = {
  TIN: 'tin',
  SSSNumber: 'sss_number',
  PhilHealthNumber: 'philhealth_number',
  PagIbigNumber: 'pagibig_number',
};

export const ACTIVE_STATUSES: ImportStatus[] = ['Queued', 'Validating', 'Committing'];

export const importsRepo = {
  async get(tx: Tx, tenantId: string, id: string, forUpdate = false): Promise<ImportRow | null> {
    const [row] = await tx.query<ImportRow>(
      `${SELECT_IMPORT} WHERE i.tenant_id = $1 AND i.id = $2${forUpdate ? ' FOR UPDATE OF i' : ''}`,
      [tenantId, id],
    );
    return row ?? null;
  },

  async recent(tx: Tx, tenantId: string, companyId: string | null, limit: number): Promise<ImportRow[]> {
    return tx.query<ImportRow>(
      `${SELECT_IMPORT} WHERE i.tenant_id = $1 AND ($2::uuid IS NULL OR i.company_id = $2)
        ORDER BY i.created_at DESC, i.id LIMIT $3`,
      [tenantId, companyId, limit],
    );
  },

  /** The company row, locked: uploads and commits of one company take their turn on it. */
  async lockCompany(tx: Tx, tenantId: string, companyId: string) {
    const [row] = await tx.query<{ name: string }>(
      `SELECT name FROM companies WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
      [tenantId, companyId],
    );
    return row ?? null;
  },

  async activeFor(tx: Tx, tenantId: string, companyId: string): Promise<ImportRow | null> {
    const [row] = await tx.query<ImportRow>(
      `${SELECT_IMPORT} WHERE i.tenant_id = $1 AND i.company_id = $2 AND i.status = ANY($3::text[])`,
      [tenantId, companyId, ACTIVE_STATUSES],
    );
    return row ?? null;
  },

  async insert(
    tx: Tx,
    tenantId: string,
    job: {
      id: string;
      companyId: string;
      userId: string;
      fileName: string;
      data: Buffer;
      sha256: string;
      /** Pass the stored bytes as they are (PostgreSQL: node-postgres sends a Buffer in binary form). */
      asBytes: boolean;
    },
  ): Promise<void> {
    // Stored gzipped (compressed on libuv's thread pool). The embedded database turns a bytea parameter into hex
    // on the main thread, 7 s for 18 MB, so it gets base64 text, a small fraction of that; PostgreSQL gets the
    // bytes, without a string the size of the file on the heap (issue 8).
    const stored = await gzipAsync(job.data);
    await tx.query(
      `INSERT INTO employee_imports (tenant_id, id, company_id, uploaded_by, file_name, file_size, file_sha256,
                                     file_data, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, ${job.asBytes ? '$8::bytea' : `decode($8, 'base64')`}, 'Queued')`,
      [
        tenantId,
        job.id,
        job.companyId,
        job.userId,
        job.fileName,
        job.data.length,
        job.sha256,
        job.asBytes ? stored : stored.toString('base64'),
      ],
    );
  },

  /** Previews nobody committed are discarded when a newer file arrives: one pending preview per company. */
  async discardPending(tx: Tx, tenantId: string, companyId: string): Promise<string[]> {
    const rows = await tx.query<{ id: string }>(
      `UPDATE employee_imports SET status = 'Discarded', file_data = NULL
        WHERE tenant_id = $1 AND company_id = $2 AND status IN ('Ready', 'Invalid') RETURNING id`,
      [tenantId, companyId],
    );
    return rows.map((r) => r.id);
  },

  async setStatus(
    tx: Tx,
    tenantId: string,
    id: string,
    status: ImportStatus,
    fields: { message?: string | null; dropFile?: boolean } = {},
  ): Promise<void> {
    await tx.query(
      `UPDATE employee_imports SET status = $3, message = $4, heartbeat_at = now(),
              file_data = CASE WHEN $5 THEN NULL ELSE file_data END
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, status, fields.message ?? null, fields.dropFile ?? false],
    );
  },

  /** Moves a job on only from the expected status; answers whether it did (the claim of a worker). */
  async transition(tx: Tx, tenantId: string, id: string, from: ImportStatus, to: ImportStatus) {
    const rows = await tx.query(
      `UPDATE employee_imports SET status = $4, progress = 0, message = NULL, heartbeat_at = now()
        WHERE tenant_id = $1 AND id = $2 AND status = $3 RETURNING id`,
      [tenantId, id, from, to],
    );
    return rows.length > 0;
  },

  async fileOf(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx.query<{ file_name: string; file_base64: string | null }>(
      `SELECT file_name, encode(file_data, 'base64') AS file_base64
         FROM employee_imports WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    if (!row?.file_base64) return null;
    const stored = Buffer.from(row.file_base64, 'base64');
    // Files stored before compression was introduced are kept as uploaded (a CSV or XLSX never starts 1f 8b).
    const gzipped = stored[0] === 0x1f && stored[1] === 0x8b;
    return { fileName: row.file_name, data: gzipped ? await gunzipAsync(stored) : stored };
  },

  async saveValidation(
    tx: Tx,
    tenantId: string,
    id: string,
    result: {
      status: 'Ready' | 'Invalid' | 'NothingToImport';
      totalRows: number;
      createCount: number;
      updateCount: number;
      unchangedCount: number;
      errorCount: number;
      preview: ImportRow['preview'];
    },
  ): Promise<void> {
    await tx.query(
      `UPDATE employee_imports SET status = $3, progress = 100, message = NULL, total_rows = $4, create_count = $5,
              update_count = $6, unchanged_count = $7, error_count = $8, preview = $9, heartbeat_at = now(),
              file_data = CASE WHEN $3 = 'NothingToImport' THEN NULL ELSE file_data END
        WHERE tenant_id = $1 AND id = $2`,
      [
        tenantId,
        id,
        result.status,
        result.totalRows,
        result.createCount,
        result.updateCount,
        result.unchangedCount,
        result.errorCount,
        JSON.stringify(result.preview),
      ],
    );
  },

  async replaceErrors(tx: Tx, tenantId: string, id: string, errors: ImportRowError[]): Promise<void> {
    await tx.query(`DELETE FROM employee_import_errors WHERE tenant_id = $1 AND import_id = $2`, [
      tenantId,
      id,
    ]);
    const BATCH = 10_000;
    for (let start = 0; start < errors.length; start += BATCH) {
      const chunk = errors.slice(start, start + BATCH);
      await tx.query(
        `INSERT INTO employee_import_errors (tenant_id, import_id, seq, row_number, column_name, value, message)
         SELECT $1, $2, s, r, c, v, m
           FROM unnest($3::int[], $4::int[], $5::text[], $6::text[], $7::text[]) AS x(s, r, c, v, m)`,
        [
          tenantId,
          id,
          chunk.map((_, i) => start + i + 1),
          chunk.map((e) => e.Row),
          chunk.map((e) => e.Column),
          chunk.map((e) => e.Value),
          chunk.map((e) => e.Message),
        ],
      );
    }
  },

  async errors(tx: Tx, tenantId: string, id: string): Promise<ImportRowError[]> {
    return tx.query<ImportRowError>(
      `SELECT row_number AS "Row", column_name AS "Column", value AS "Value", message AS "Message"
         FROM employee_import_errors WHERE tenant_id = $1 AND import_id = $2 ORDER BY seq`,
      [tenantId, id],
    );
  },

  async markCommitted(
    tx: Tx,
    tenantId: string,
    id: string,
    counts: { create: number; update: number; unchanged: number },
  ): Promise<void> {
    await tx.query(
      `UPDATE employee_imports SET status = 'Committed', progress = 100, committed_at = now(), file_data = NULL,
              create_count = $3, update_count = $4, unchanged_count = $5, heartbeat_at = now(), message = NULL
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, counts.create, counts.update, counts.unchanged],
    );
  },

  /**
   * The company's employees and lookups in the validator's terms. Each employee is read as its id, number,
   * supervisor and the hash of its record, computed here (recordHash's form, RECORD_SQL): 4 values a row instead
   * of 27. `withRecords` (a file that leaves columns out) reads the records whole, the validator keeping the
   * stored values of the absent columns.
   */
  async existingData(
    tx: Tx,
    tenantId: string,
    companyId: string,
    withRecords = false,
  ): Promise<ExistingData> {
    const lookup = async (table: string) => {
      const rows = await tx.query<{ id: string; name: string }>(
        `SELECT id, name FROM ${table} WHERE tenant_id = $1 AND company_id = $2`,
        [tenantId, companyId],
      );
      return new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
    };
    // Through a cursor, page by page, each row reduced as it arrives: 100,000 rows of 27 columns read at once
    // took well over 100 MB for a moment.
    const from = `
         FROM employees e
         LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
         LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
         LEFT JOIN employment_statuses st ON st.tenant_id = e.tenant_id AND st.id = e.employment_status_id
         LEFT JOIN shifts sh ON sh.tenant_id = e.tenant_id AND sh.id = e.shift_id
         LEFT JOIN employees sup ON sup.tenant_id = e.tenant_id AND sup.id = e.supervisor_id`;
    const nextPage = withRecords
      ? cursorPages(
          tx,
          `SELECT e.id, ${RECORD_KEYS.map((k) => `${RECORD_SQL[k]} AS "${k}"`).join(', ')}
           ${from}
           WHERE e.tenant_id = $1 AND e.company_id = $2`,
          [tenantId, companyId],
          ({ id, ...values }: EmployeeValues & { id: string }) => existingEmployee(id, values),
        )
      : cursorPages(
          tx,
          `SELECT e.id, e.employee_number AS number, sup.employee_number AS supervisor,
                  ('x' || substr(r.hash, 1, 8))::bit(32)::int >> 2 AS high, ('x' || substr(r.hash, 9, 8))::bit(32)::int >> 2 AS low
           ${from}
           CROSS JOIN LATERAL (SELECT md5(concat(${RECORD_KEYS.map(
             (k) => `coalesce(char_length(${RECORD_SQL[k]}), 0), ':', ${RECORD_SQL[k]}`,
           ).join(', ')})) AS hash) r
           WHERE e.tenant_id = $1 AND e.company_id = $2`,
          [tenantId, companyId],
          (row: { id: string; number: string; supervisor: string | null; high: number; low: number }) => ({
            id: row.id,
            number: row.number,
            SupervisorEmployeeNumber: row.supervisor,
            hashHigh: row.high,
            hashLow: row.low,
            packed: null,
          }),
        );
    const employees: ExistingData['employees'] = new Map();
    for (;;) {
      const page = await nextPage(0, EXISTING_PAGE);
      for (const e of page) employees.set(e.number.toLowerCase(), e);
      if (page.length < EXISTING_PAGE) break;
    }
    return {
      employees,
      departments: await lookup('departments'),
      positions: await lookup('positions'),
      employmentStatuses: await lookup('employment_statuses'),
      shifts: await lookup('shifts'),
    };
  },

  /**
   * Which government ids of a batch of file rows another employee of the company already holds: one row per
   * (file row, column) found, with the holder. Only the ids a row sets anew are looked up: every id of a new
   * employee, and those of an existing employee's row that differ from what the employee holds now (a row that
   * keeps its ids, the usual update, costs one primary-key read and no id lookup). The batch arrives as array
   * literals, one per column (`arrayLiteral`), built by the caller in one step: only these strings are held
   * through the round trip, not an object per id (a file of 100,000 updates, issue 8's memory target).
   */
  async governmentIdHolders(
    tx: Tx,
    tenantId: string,
    companyId: string,
    batch: {
      /** The file's row numbers. */
      rows: string;
      /** The existing employee each row updates, NULL for a new one. */
      selfIds: string;
      /** Each column's values (canonical, NULL for none), in GOVERNMENT_ID_COLUMNS order. */
      values: string[];
    },
  ): Promise<
    { row: number; column: GovernmentIdColumn; value: string; holder_id: string; holder_number: string }[]
  > {
    const columns = GOVERNMENT_ID_COLUMNS.map((c) => GOVERNMENT_ID_SQL[c]);
    const sets = GOVERNMENT_ID_COLUMNS.map(
      (column, i) => `('${column}', f.${columns[i]}, s.${columns[i]})`,
    ).join(', ');
    // One branch per column, so each is an equality the planner serves from the column's index (migration 0032).
    const branches = GOVERNMENT_ID_COLUMNS.map(
      (column, i) => `
        SELECT c.row, c.col AS column, c.value, e.id AS holder_id, e.employee_number AS holder_number
          FROM c JOIN employees e ON e.tenant_id = $1 AND e.company_id = $2 AND e.${columns[i]} = c.value
         WHERE c.col = '${column}' AND e.id IS DISTINCT FROM c.self_id`,
    );
    return tx.query(
      `WITH f AS (
         SELECT * FROM unnest($3::text::int[], $4::text::uuid[], ${columns.map((_, i) => `$${i + 5}::text::text[]`).join(', ')})
                    AS f(row, self_id, ${columns.join(', ')})),
       c AS MATERIALIZED (
         SELECT f.row, f.self_id, x.col, x.value
           FROM f
           -- The row's own employee by its key, a probe per row (OFFSET 0 keeps the planner from hashing the
           -- whole company's employees for a batch of 5,000); none for a new employee.
           LEFT JOIN LATERAL (SELECT ${columns.join(', ')} FROM employees s
                               WHERE s.tenant_id = $1 AND s.company_id = $2 AND s.id = f.self_id OFFSET 0) s ON true
           CROSS JOIN LATERAL (VALUES ${sets}) AS x(col, value, own)
          WHERE x.value IS NOT NULL AND x.value IS DISTINCT FROM x.own)
       ${branches.join(' UNION ALL ')}`,
      [tenantId, companyId, batch.rows, batch.selfIds, ...batch.values],
    );
  },

  /**
   * A cheap summary of what validation depends on: it changes when an employee of the company is added,
   * removed or updated (every write bumps row_version and updated_at) or a lookup is added, renamed or removed.
   */
  async fingerprint(tx: Tx, tenantId: string, companyId: string): Promise<string> {
    const [row] = await tx.query<{ f: string }>(
      `SELECT concat_ws('|',
         (SELECT concat_ws(',', count(*), sum(row_version), max(updated_at), max(created_at))
            FROM employees WHERE tenant_id = $1 AND company_id = $2),
         (SELECT md5(string_agg(name, ',' ORDER BY id)) FROM departments WHERE tenant_id = $1 AND company_id = $2),
         (SELECT md5(string_agg(name, ',' ORDER BY id)) FROM positions WHERE tenant_id = $1 AND company_id = $2),
         (SELECT md5(string_agg(name, ',' ORDER BY id)) FROM employment_statuses
           WHERE tenant_id = $1 AND company_id = $2),
         (SELECT md5(string_agg(name, ',' ORDER BY id)) FROM shifts WHERE tenant_id = $1 AND company_id = $2)
       ) AS f`,
      [tenantId, companyId],
    );
    return row!.f;
  },

  /** lower(EmployeeNumber) -> id of the company's employees with those (lower-cased) numbers. */
  async employeeIds(
    tx: Tx,
    tenantId: string,
    companyId: string,
    numbers: string[],
  ): Promise<Map<string, string>> {
    if (!numbers.length) return new Map();
    const rows = await tx.query<{ n: string; id: string }>(
      `SELECT lower(e.employee_number) AS n, e.id
         FROM employees e JOIN unnest($3::text[]) AS wanted(n) ON wanted.n = lower(e.employee_number)
        WHERE e.tenant_id = $1 AND e.company_id = $2`,
      [tenantId, companyId, numbers],
    );
    return new Map(rows.map((r) => [r.n, r.id]));
  },

  /** Creates the missing lookups and answers lower(name) -> id for each kind. */
  async ensureLookups(
    tx: Tx,
    tenantId: string,
    companyId: string,
    wanted: { table: 'departments' | 'positions' | 'employment_statuses' | 'shifts'; names: string[] }[],
  ): Promise<Record<string, Map<string, string>>> {
    const maps: Record<string, Map<string, string>> = {};
    for (const { table, names } of wanted) {
      if (table !== 'shifts' && names.length) {
        await tx.query(
          `INSERT INTO ${table} (tenant_id, company_id, name)
           SELECT $1, $2, n FROM unnest($3::text[]) AS n
           ON CONFLICT (tenant_id, company_id, lower(name)) DO NOTHING`,
          [tenantId, companyId, names],
        );
      }
      const rows = await tx.query<{ id: string; name: string }>(
        `SELECT id, name FROM ${table} WHERE tenant_id = $1 AND company_id = $2`,
        [tenantId, companyId],
      );
      maps[table] = new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
    }
    return maps;
  },
};

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
