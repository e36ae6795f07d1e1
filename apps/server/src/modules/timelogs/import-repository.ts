import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PUNCH_DIRECTIONS, type PunchImport, type PunchImportStatus } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import type { StoredPunchShape } from './punch-file.js';

/** The SQL of punch-file imports (decision 0008): the job rows, the company's employees, the punches. */

export interface PunchImportRow {
  id: string;
  company_id: string;
  file_name: string;
  file_size: string;
  format: 'Csv' | 'ZkTeco' | null;
  status: PunchImportStatus;
  message: string | null;
  total_rows: number;
  valid_rows: number;
  new_rows: number;
  error_count: number;
  added_count: number | null;
  preview: Partial<Pick<PunchImport, 'Errors' | 'Sample'>>;
  heartbeat_at: Date;
  created_at: Date;
  committed_at: Date | null;
}

export interface PunchImportCounts {
  status: 'Ready' | 'Invalid';
  format: 'Csv' | 'ZkTeco';
  totalRows: number;
  validRows: number;
  newRows: number;
  errorCount: number;
  preview: PunchImportRow['preview'];
}

/**
 * A slice of valid punches, as parallel typed arrays (the shape of an `unnest` insert): they live outside V8's
 * heap while the slice waits for the database, so a slice is never promoted to the old generation as tens of
 * thousands of array elements (decision 0008, the import's memory). The JS arrays a query takes are made just
 * before it is sent.
 */
export interface PunchColumns {
  length: number;
  /** The position of each punch's employee in the company's `EmployeeRef` list. */
  employees: Int32Array;
  /** Seconds since 1970 (UTC). */
  seconds: Float64Array;
  /** Positions in `PUNCH_DIRECTIONS`. */
  directions: Uint8Array;
}

/**
 * The columns as the array literals of an `unnest` query, one flat string each (`{a,b,c}`: uuids and numbers need
 * no quoting): no JS array of the slice's values, nor the pieces the driver would make of one, outlives the call
 * while the query waits for the database (decision 0008). Directions are their codes (`PUNCH_DIRECTION_SQL`).
 */
function columnsOf(refs: EmployeeRef[], punches: PunchColumns) {
  const n = punches.length;
  const ids = new Array<string>(n);
  for (let i = 0; i < n; i++) ids[i] = refs[punches.employees[i]!]!.id;
  return {
    employeeIds: `{${ids.join(',')}}`,
    seconds: `{${punches.seconds.subarray(0, n).join(',')}}`,
    directions: `{${punches.directions.subarray(0, n).join(',')}}`,
  };
}

/** `1,5,2` as its numbers, read digit by digit. */
function positionsOf(text: string): number[] {
  const out: number[] = [];
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2c) {
      out.push(n);
      n = 0;
    } else n = n * 10 + c - 0x30;
  }
  if (text.length) out.push(n);
  return out;
}

/** A direction code of `columnsOf` (`p.direction`) as its name: its position in PUNCH_DIRECTIONS. */
const PUNCH_DIRECTION_SQL = `(ARRAY[${PUNCH_DIRECTIONS.map((d) => `'${d}'`).join(', ')}])[p.direction + 1]`;

export interface EmployeeRef {
  id: string;
  employee_number: string;
  device_user_id: string | null;
  name: string;
}

export const ACTIVE_PUNCH_IMPORT: PunchImportStatus[] = ['Queued', 'Validating', 'Committing'];

const SELECT_IMPORT = `
  SELECT id, company_id, file_name, file_size, format, status, message, total_rows, valid_rows, new_rows,
         error_count, added_count, preview, heartbeat_at, created_at, committed_at
    FROM punch_imports`;

const dropParts = (tx: Tx, tenantId: string, id: string) =>
  tx.query(`DELETE FROM punch_import_parts WHERE tenant_id = $1 AND import_id = $2`, [tenantId, id]);

const gunzipAsync = promisify(gunzip);

export const punchImportsRepo = {
  /** A job of the company (another company's id is not found). */
  async get(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    const [row] = await tx.query<PunchImportRow>(
      `${SELECT_IMPORT} WHERE tenant_id = $1 AND company_id = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`,
      [tenantId, companyId, id],
    );
    return row ?? null;
  },

  async activeFor(tx: Tx, tenantId: string, companyId: string) {
    const [row] = await tx.query<PunchImportRow>(
      `${SELECT_IMPORT} WHERE tenant_id = $1 AND company_id = $2 AND status = ANY($3::text[])`,
      [tenantId, companyId, ACTIVE_PUNCH_IMPORT],
    );
    return row ?? null;
  },

  /** The company row, locked: uploads of one company take their turn on it. */
  async lockCompany(tx: Tx, tenantId: string, companyId: string) {
    const [row] = await tx.query<{ name: string }>(
      `SELECT name FROM companies WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
      [tenantId, companyId],
    );
    return row ?? null;
  },

  /** The job row; the file goes in afterwards, part by part (`insertPart`). */
  async insert(
    tx: Tx,
    tenantId: string,
    job: {
      id: string;
      companyId: string;
      userId: string;
      fileName: string;
      fileSize: number;
      sha256: string;
      shape: StoredPunchShape;
    },
  ) {
    await tx.query(
      `INSERT INTO punch_imports (tenant_id, id, company_id, uploaded_by, file_name, file_size, file_sha256,
                                  file_shape, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Queued')`,
      [
        tenantId,
        job.id,
        job.companyId,
        job.userId,
        job.fileName,
        job.fileSize,
        job.sha256,
        JSON.stringify(job.shape),
      ],
    );
  },

  /** One part of the file (whole lines, about a megabyte), gzipped, sent as base64 text as the employee import's file. */
  async insertPart(tx: Tx, tenantId: string, id: string, seq: number, gzipped: Buffer) {
    await tx.query(
      `INSERT INTO punch_import_parts (tenant_id, import_id, seq, data) VALUES ($1, $2, $3, decode($4, 'base64'))`,
      [tenantId, id, seq, gzipped.toString('base64')],
    );
  },

  /** Part `seq` of the file, inflated; null past the last part. */
  async part(tx: Tx, tenantId: string, id: string, seq: number) {
    const [row] = await tx.query<{ part: string }>(
      `SELECT encode(data, 'base64') AS part FROM punch_import_parts
        WHERE tenant_id = $1 AND import_id = $2 AND seq = $3`,
      [tenantId, id, seq],
    );
    return row ? gunzipAsync(Buffer.from(row.part, 'base64')) : null;
  },

  /** What the upload's checks found, and the file's size: null for a job uploaded before parts (migration 0027). */
  async shapeOf(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx.query<{ file_shape: StoredPunchShape | null; file_size: string }>(
      `SELECT file_shape, file_size FROM punch_imports WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return row?.file_shape ? { shape: row.file_shape, size: Number(row.file_size) } : null;
  },

  /** Previews nobody committed are discarded when a newer file arrives: one pending preview per company. */
  async discardPending(tx: Tx, tenantId: string, companyId: string) {
    const discarded = await tx.query<{ id: string }>(
      `UPDATE punch_imports SET status = 'Discarded', file_data = NULL
        WHERE tenant_id = $1 AND company_id = $2 AND status IN ('Ready', 'Invalid') RETURNING id`,
      [tenantId, companyId],
    );
    for (const { id } of discarded) await dropParts(tx, tenantId, id);
  },

  async setStatus(
    tx: Tx,
    tenantId: string,
    id: string,
    status: PunchImportStatus,
    fields: { message?: string | null; dropFile?: boolean } = {},
  ) {
    await tx.query(
      `UPDATE punch_imports SET status = $3, message = $4, heartbeat_at = now(),
              file_data = CASE WHEN $5 THEN NULL ELSE file_data END
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, status, fields.message ?? null, fields.dropFile ?? false],
    );
    if (fields.dropFile) await dropParts(tx, tenantId, id);
  },

  /** Moves a job on only from the expected status; answers whether it did (the claim of a worker). */
  async transition(tx: Tx, tenantId: string, id: string, from: PunchImportStatus, to: PunchImportStatus) {
    const rows = await tx.query(
      `UPDATE punch_imports SET status = $4, message = NULL, heartbeat_at = now()
        WHERE tenant_id = $1 AND id = $2 AND status = $3 RETURNING id`,
      [tenantId, id, from, to],
    );
    return rows.length > 0;
  },

  /** The whole file of a job uploaded before parts (migration 0027). */
  async fileOf(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx.query<{ file_base64: string | null }>(
      `SELECT encode(file_data, 'base64') AS file_base64 FROM punch_imports WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return row?.file_base64 ? gunzipAsync(Buffer.from(row.file_base64, 'base64')) : null;
  },

  async saveValidation(tx: Tx, tenantId: string, id: string, counts: PunchImportCounts, message?: string) {
    await tx.query(
      `UPDATE punch_imports SET status = $3, format = $4, total_rows = $5, valid_rows = $6, new_rows = $7,
              error_count = $8, preview = $9, message = $10, heartbeat_at = now()
        WHERE tenant_id = $1 AND id = $2`,
      [
        tenantId,
        id,
        counts.status,
        counts.format,
        counts.totalRows,
        counts.validRows,
        counts.newRows,
        counts.errorCount,
        JSON.stringify(counts.preview),
        message ?? null,
      ],
    );
  },

  async markCommitted(tx: Tx, tenantId: string, id: string, added: number) {
    await tx.query(
      `UPDATE punch_imports SET status = 'Committed', added_count = $3, committed_at = now(), file_data = NULL,
              heartbeat_at = now(), message = NULL
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, added],
    );
    await dropParts(tx, tenantId, id);
  },

  /** Every employee of the company, by number and by terminal user id, for matching a punch file. */
  employeeRefs: (tx: Tx, tenantId: string, companyId: string) =>
    tx.query<EmployeeRef>(
      `SELECT id, employee_number, device_user_id, concat_ws(' ', first_name, last_name) AS name
         FROM employees WHERE tenant_id = $1 AND company_id = $2`,
      [tenantId, companyId],
    ),

  /**
   * Which of the punches (1-based positions, in no order) are already on file. A slice whose time span holds no
   * punch of the company (a new period, the usual case) is answered by one index range probe, not a lookup per row.
   */
  async existingPunches(
    tx: Tx,
    tenantId: string,
    companyId: string,
    refs: EmployeeRef[],
    punches: PunchColumns,
  ) {
    if (!punches.length) return [];
    let first = Infinity;
    let last = -Infinity;
    for (let i = 0; i < punches.length; i++) {
      const s = punches.seconds[i]!;
      if (s < first) first = s;
      if (s > last) last = s;
    }
    const [span] = await tx.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM time_logs WHERE tenant_id = $1 AND company_id = $2
                         AND punched_at BETWEEN to_timestamp($3) AND to_timestamp($4)) AS any`,
      [tenantId, companyId, first, last],
    );
    if (!span!.any) return [];
    const { employeeIds, seconds } = columnsOf(refs, punches);
    // One text of positions, not a row object each: a re-imported file finds every punch of every slice.
    const [row] = await tx.query<{ found: string | null }>(
      `SELECT string_agg(p.i::text, ',') AS found
         FROM unnest($3::uuid[], $4::float8[]) WITH ORDINALITY AS p(employee_id, s, i)
         JOIN time_logs t ON t.tenant_id = $1 AND t.employee_id = p.employee_id AND t.punched_at = to_timestamp(p.s)
        WHERE t.company_id = $2`,
      [tenantId, companyId, employeeIds, seconds],
    );
    return positionsOf(row?.found ?? '');
  },

  /**
   * The punches of a slice a commit could not add: new ones (none on file at that instant) on a Manila date inside
   * a finalised or paid payroll period that paid the employee's attendance (Regular or FinalPay, a payslip not
   * excluded), the guard of migrations 0022 and 0035. By period name, with the 1-based positions in the slice.
   * One cheap look first: most slices lie past every finalised period of the company.
   */
  async frozenPunches(
    tx: Tx,
    tenantId: string,
    companyId: string,
    refs: EmployeeRef[],
    punches: PunchColumns,
  ): Promise<{ name: string; positions: number[] }[]> {
    if (!punches.length) return [];
    let first = Infinity;
    let last = -Infinity;
    for (let i = 0; i < punches.length; i++) {
      const s = punches.seconds[i]!;
      if (s < first) first = s;
      if (s > last) last = s;
    }
    const [span] = await tx.query<{ any: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM payroll_periods
                       WHERE tenant_id = $1 AND company_id = $2 AND status IN ('Finalised', 'Paid')
                         AND kind IN ('Regular', 'FinalPay')
                         AND cutoff_start <= (to_timestamp($4) AT TIME ZONE 'Asia/Manila')::date
                         AND cutoff_end >= (to_timestamp($3) AT TIME ZONE 'Asia/Manila')::date) AS any`,
      [tenantId, companyId, first, last],
    );
    if (!span!.any) return [];
    const { employeeIds, seconds } = columnsOf(refs, punches);
    const rows = await tx.query<{ name: string; found: string }>(
      `SELECT f.name, string_agg(f.i::text, ',' ORDER BY f.i) AS found
         FROM (SELECT DISTINCT ON (p.i) p.i, pp.name
                 FROM unnest($3::uuid[], $4::float8[]) WITH ORDINALITY AS p(employee_id, s, i)
                 JOIN payslips sl ON sl.tenant_id = $1 AND sl.employee_id = p.employee_id AND sl.status <> 'Excluded'
                 JOIN payroll_periods pp ON pp.tenant_id = sl.tenant_id AND pp.id = sl.payroll_period_id
                WHERE pp.company_id = $2 AND pp.status IN ('Finalised', 'Paid') AND pp.kind IN ('Regular', 'FinalPay')
                  AND (to_timestamp(p.s) AT TIME ZONE 'Asia/Manila')::date BETWEEN pp.cutoff_start AND pp.cutoff_end
                  AND NOT EXISTS (SELECT 1 FROM time_logs t
                                   WHERE t.tenant_id = $1 AND t.employee_id = p.employee_id
                                     AND t.punched_at = to_timestamp(p.s))
                ORDER BY p.i, pp.cutoff_start) f
        GROUP BY f.name`,
      [tenantId, companyId, employeeIds, seconds],
    );
    return rows.map((r) => ({ name: r.name, positions: positionsOf(r.found) }));
  },

  /** Adds imported punches with one multi-row insert; one already on file is left as it is. Answers how many. */
  async insertPunches(
    tx: Tx,
    tenantId: string,
    companyId: string,
    refs: EmployeeRef[],
    punches: PunchColumns,
    reason: string,
  ) {
    const { employeeIds, seconds, directions } = columnsOf(refs, punches);
    // The first and last punch added, on the Manila clock: the import's audit row carries them, so a payroll
    // period can tell whether the import changed days of its cut-off (payroll-periods STALE_REASON).
    const [row] = await tx.query<{ added: string; first: string | null; last: string | null }>(
      `WITH added AS (
         INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source, reason)
         SELECT $1, $2, p.employee_id, to_timestamp(p.s), ${PUNCH_DIRECTION_SQL}, 'Import', $6
           FROM unnest($3::uuid[], $4::float8[], $5::int[]) AS p(employee_id, s, direction)
         ON CONFLICT (tenant_id, employee_id, punched_at) DO NOTHING RETURNING punched_at)
       SELECT count(*) AS added,
              to_char(min(punched_at) AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD"T"HH24:MI:SS') AS first,
              to_char(max(punched_at) AT TIME ZONE 'Asia/Manila', 'YYYY-MM-DD"T"HH24:MI:SS') AS last
         FROM added`,
      [tenantId, companyId, employeeIds, seconds, directions, reason],
    );
    return { added: Number(row!.added), first: row!.first, last: row!.last };
  },
};
