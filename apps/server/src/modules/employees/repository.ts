import type {
  Employee,
  EmployeeListItem,
  EmployeeListRequest,
  EmployeeMatch,
  EmployeeOption,
  UpcomingBirthday,
} from '@hrpay/contracts';
import { cursorPages, exportRowLimit } from '../../lib/export.js';
import {
  Conditions,
  containsPattern,
  nameSortKey,
  orderClause,
  pageClause,
  type SortColumns,
} from '../../lib/lists.js';
import type { Tx } from '../../db/database.js';
import { manilaToday } from '../../lib/manila.js';
import { employedOn, hasSeparated, notSeparatedOn, separatedBefore, sqlDate } from './employment.js';

/**
 * The birthday in the year `year` (an integer expression) of a birth month-and-day `md` (month * 100 + day, the
 * `birth_md` column): Feb 29 is kept on Feb 28 in common years, as Philippine payroll and HR practice (and most
 * calendars) do. Integer arithmetic only: extract() answers numeric, which cost more than the rest of the query.
 */
const birthdayIn = (md: string, year: string) => `
  CASE WHEN ${md} = 229 AND NOT ((${year}) % 4 = 0 AND ((${year}) % 100 <> 0 OR (${year}) % 400 = 0))
       THEN make_date(${year}, 2, 28)
       ELSE make_date(${year}, ${md} / 100, ${md} % 100) END`;

/** The month-and-day of the hire date, as `birth_md` is of the birth date. */
const HIRE_MD = `(date_part('month', e.hire_date) * 100 + date_part('day', e.hire_date))::int`;

/**
 * The month-and-day span (month * 100 + day) of the `days` days from `today`: `from` to `to`, wrapping past
 * Dec 31 when `wraps`. A span ending on Feb 28 of a common year takes in Feb 29 (those birthdays are kept then).
 */
export function birthdaySpan(today: string, days: number): { from: number; to: number; wraps: boolean } {
  const md = (d: Date) => (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  const start = new Date(`${today}T00:00:00Z`);
  const last = new Date(start.getTime() + (Math.min(days, 366) - 1) * 86_400_000);
  const y = last.getUTCFullYear();
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const to = md(last) === 228 && !leap ? 229 : md(last);
  return {
    from: md(start),
    to,
    wraps: days > 1 && (last.getUTCFullYear() > start.getUTCFullYear() || to < md(start)),
  };
}

type EmployeeReference =
  'users' | 'reports' | 'heads' | 'periods' | 'punches' | 'requests' | 'leave' | 'loans' | 'pay';

/**
 * A leave ledger entry the accrual run made by itself (leave/repository.ts: the year's grant, a month's accrual,
 * last year's expiry, each keyed by its source), not one HR entered or a request used.
 */
const AUTOMATIC_LEAVE_ENTRY = `kind IN ('Grant', 'Accrual', 'Expiry') AND source_key ~ '^(grant|accrual|expiry):'`;

export const employeesRepo = {
  /** The employee picker (spec §7): at most 20 matches by name or number, by last and first name. */
  search: (tx: Tx, tenantId: string, companyId: string | null, text: string | null) =>
    tx.query<EmployeeMatch>(
      `SELECT id AS "EmployeeId", employee_number AS "EmployeeNumber",
              concat_ws(' ', first_name, middle_name, last_name, suffix) AS "FullName", company_id AS "CompanyId",
              ${notSeparatedOn('e', '$4::date')} AS "IsActive"
         FROM employees e
        WHERE tenant_id = $1 AND ($2::uuid IS NULL OR company_id = $2)
          AND ($3::text IS NULL OR employee_number ILIKE $3 OR first_name ILIKE $3 OR last_name ILIKE $3
               OR concat_ws(' ', first_name, last_name) ILIKE $3)
        ORDER BY name_sort_key(last_name), name_sort_key(first_name), id
        LIMIT 20`,
      [tenantId, companyId, text ? containsPattern(text) : null, manilaToday()],
    ),

  /**
   * Employees of one company (or of the tenant when `companyId` is null) not separated today, by name: one whose
   * separation is scheduled stays until the date has passed (employment.ts).
   */
  options: (tx: Tx, tenantId: string, companyId: string | null) =>
    tx.query<EmployeeOption>(
      `SELECT id AS "EmployeeId", employee_number AS "EmployeeNumber",
              concat_ws(' ', first_name, middle_name, last_name, suffix) AS "FullName"
         FROM employees e
        WHERE tenant_id = $1 AND ($2::uuid IS NULL OR company_id = $2) AND ${notSeparatedOn('e', '$3::date')}
        ORDER BY name_sort_key(last_name), name_sort_key(first_name), id`,
      [tenantId, companyId, manilaToday()],
    ),

  /**
   * Active employees whose next birthday, counted from `today`, falls within `days` days (today is day 1),
   * soonest first. Computed in SQL so 100,000 employees never travel to the server. An employee whose separation
   * is scheduled (is_active false from the day it is recorded) is left out: a second part for them (by
   * separation date, migration 0037's index) made the query some three times slower in the benchmark.
   */
  upcomingBirthdays: async (
    tx: Tx,
    tenantId: string,
    companyId: string | null,
    today: string,
    days: number,
    limit = 100,
  ) => {
    const { from, to, wraps } = birthdaySpan(today, days);
    // One or two ranges of month-and-day, each read in order from the index (migration 0009) and cut at `limit`:
    // the soonest birthdays are found without looking at the other thousands of the month. The company is a
    // plain equality when there is one (a statement of its own): with `$2 IS NULL OR ...` the generic plan could
    // not read the index in order, so PostgreSQL planned the statement anew on every request (0.4 ms).
    const company = companyId === null ? '$2::uuid IS NULL' : 'e.company_id = $2';
    const part = (range: string) => `(
         SELECT e.id, e.employee_number, concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name,
                e.department_id, e.birth_date, e.birth_md
           FROM employees e
          WHERE e.tenant_id = $1 AND ${company} AND e.is_active
            AND e.birth_md IS NOT NULL AND ${range}
          ORDER BY e.birth_md,
                   name_sort_key(concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix)), e.id
          LIMIT $6)`;
    return tx.query<UpcomingBirthday>(
      `WITH c AS (${part(`e.birth_md BETWEEN $4 AND ${wraps ? 1231 : '$5'}`)}
                  ${wraps ? `UNION ALL ${part('e.birth_md BETWEEN 101 AND $5 AND e.birth_md < $4')}` : ''}),
       b AS (
         SELECT c.*, d.name AS department_name, ${birthdayIn('c.birth_md', '$8::int')} AS this_year
           FROM c LEFT JOIN departments d ON d.tenant_id = $1 AND d.id = c.department_id)
       SELECT id AS "EmployeeId", employee_number AS "EmployeeNumber", full_name AS "FullName",
              department_name AS "DepartmentName", birth_date::text AS "BirthDate", n.next::text AS "NextBirthday",
              (n.next - $3::date) AS "DaysUntil",
              n.year - date_part('year', birth_date)::int AS "Age"
         FROM b CROSS JOIN LATERAL (
                SELECT CASE WHEN this_year >= $3::date THEN this_year
                            ELSE ${birthdayIn('b.birth_md', '$8::int + 1')} END AS next,
                       CASE WHEN this_year >= $3::date THEN $8::int ELSE $8::int + 1 END AS year) n
        WHERE n.next - $3::date < $7
        ORDER BY n.next, name_sort_key(full_name), id
        LIMIT $6`,
      [tenantId, companyId, today, from, to, limit, days, Number(today.slice(0, 4))],
    );
  },
};

// ---------------------------------------------------------------------------------------------------------------
// The 201 file (issue 8 §2). Every statement is confined to one company of one tenant.

interface EmployeeRow {
  id: string;
  company_id: string;
  employee_number: string;
  last_name: string;
  first_name: string;
  middle_name: string | null;
  suffix: string | null;
  nickname: string | null;
  full_name: string;
  birth_date: string | null;
  birth_place: string | null;
  gender: Employee['Gender'];
  civil_status: Employee['CivilStatus'];
  nationality: string | null;
  religion: string | null;
  email: string | null;
  mobile_number: string | null;
  address: string | null;
  permanent_address: string | null;
  emergency_contact_name: string | null;
  emergency_contact_relationship: string | null;
  emergency_contact_phone: string | null;
  tin: string | null;
  sss_number: string | null;
  philhealth_number: string | null;
  pagibig_number: string | null;
  department_id: string | null;
  department_name: string | null;
  position_id: string | null;
  position_name: string | null;
  employment_status_id: string | null;
  employment_status_name: string | null;
  employment_type: Employee['EmploymentType'];
  hire_date: string | null;
  regularization_date: string | null;
  supervisor_id: string | null;
  supervisor_name: string | null;
  work_location_id: string | null;
  work_location_name: string | null;
  device_user_id: string | null;
  shift_id: string | null;
  shift_name: string | null;
  rest_days: number[] | null;
  shift_rest_days: number[] | null;
  separation_date: string | null;
  separation_reason: Employee['SeparationReason'];
  separation_remarks: string | null;
  has_user: boolean;
  row_version: number;
  created_at: Date;
  updated_at: Date;
}

const FULL_NAME = (e: string) =>
  `concat_ws(' ', ${e}.first_name, ${e}.middle_name, ${e}.last_name, ${e}.suffix)`;

const SELECT_EMPLOYEE = `
  SELECT e.id, e.company_id, e.employee_number, e.last_name, e.first_name, e.middle_name, e.suffix, e.nickname,
         ${FULL_NAME('e')} AS full_name, e.birth_date::text, e.birth_place, e.gender, e.civil_status, e.nationality,
         e.religion, e.email, e.mobile_number, e.address, e.permanent_address, e.emergency_contact_name,
         e.emergency_contact_relationship, e.emergency_contact_phone, e.tin, e.sss_number, e.philhealth_number,
         e.pagibig_number, e.department_id, d.name AS department_name, e.position_id, p.name AS position_name,
         e.employment_status_id, es.name AS employment_status_name, e.employment_type, e.hire_date::text,
         e.regularization_date::text, e.supervisor_id, ${FULL_NAME('s')} AS supervisor_name, e.work_location_id,
         wl.name AS work_location_name, e.device_user_id, e.shift_id, sh.name AS shift_name, e.rest_days::int[],
         sh.rest_days::int[] AS shift_rest_days, e.separation_date::text, e.separation_reason, e.separation_remarks,
         EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.id) AS has_user,
         e.row_version, e.created_at, e.updated_at
    FROM employees e
    LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
    LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
    LEFT JOIN employment_statuses es ON es.tenant_id = e.tenant_id AND es.id = e.employment_status_id
    LEFT JOIN employees s ON s.tenant_id = e.tenant_id AND s.id = e.supervisor_id
    LEFT JOIN work_locations wl ON wl.tenant_id = e.tenant_id AND wl.id = e.work_location_id
    LEFT JOIN shifts sh ON sh.tenant_id = e.tenant_id AND sh.id = e.shift_id`;

function toEmployee(r: EmployeeRow): Employee {
  return {
    EmployeeId: r.id,
    CompanyId: r.company_id,
    EmployeeNumber: r.employee_number,
    LastName: r.last_name,
    FirstName: r.first_name,
    MiddleName: r.middle_name,
    Suffix: r.suffix,
    Nickname: r.nickname,
    FullName: r.full_name,
    BirthDate: r.birth_date,
    BirthPlace: r.birth_place,
    Gender: r.gender,
    CivilStatus: r.civil_status,
    Nationality: r.nationality,
    Religion: r.religion,
    Email: r.email,
    MobileNumber: r.mobile_number,
    PresentAddress: r.address,
    PermanentAddress: r.permanent_address,
    EmergencyContactName: r.emergency_contact_name,
    EmergencyContactRelationship: r.emergency_contact_relationship,
    EmergencyContactPhone: r.emergency_contact_phone,
    TIN: r.tin,
    SSSNumber: r.sss_number,
    PhilHealthNumber: r.philhealth_number,
    PagIbigNumber: r.pagibig_number,
    DepartmentId: r.department_id,
    DepartmentName: r.department_name,
    PositionId: r.position_id,
    PositionName: r.position_name,
    EmploymentStatusId: r.employment_status_id,
    EmploymentStatusName: r.employment_status_name,
    EmploymentType: r.employment_type,
    HireDate: r.hire_date,
    RegularizationDate: r.regularization_date,
    SupervisorId: r.supervisor_id,
    SupervisorName: r.supervisor_id ? r.supervisor_name : null,
    WorkLocationId: r.work_location_id,
    WorkLocationName: r.work_location_name,
    DeviceUserId: r.device_user_id,
    ShiftId: r.shift_id,
    ShiftName: r.shift_name,
    RestDays: r.rest_days,
    EffectiveRestDays: r.rest_days ?? r.shift_rest_days ?? [0],
    // A separation dated in the future is scheduled: the employee is active through that date.
    Status: hasSeparated(r.separation_date, manilaToday()) ? 'Separated' : 'Active',
    SeparationDate: r.separation_date,
    SeparationReason: r.separation_reason,
    SeparationRemarks: r.separation_remarks,
    HasUserAccount: r.has_user,
    RowVersion: r.row_version,
    CreatedAt: new Date(r.created_at).toISOString(),
    UpdatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The stored form of the editable fields, in the column order of EMPLOYEE_COLUMNS. */
export interface EmployeeColumns {
  values: unknown[];
}
export const EMPLOYEE_COLUMNS = [
  'employee_number', 'last_name', 'first_name', 'middle_name', 'suffix', 'nickname', 'birth_date', 'birth_place',
  'gender', 'civil_status', 'nationality', 'religion', 'email', 'mobile_number', 'address', 'permanent_address',
  'emergency_contact_name', 'emergency_contact_relationship', 'emergency_contact_phone', 'tin', 'sss_number',
  'philhealth_number', 'pagibig_number', 'department_id', 'position_id', 'employment_status_id', 'employment_type',
  'hire_date', 'regularization_date', 'supervisor_id', 'work_location_id', 'shift_id', 'rest_days',
  'device_user_id',
] as const; // prettier-ignore

/** The columns a bulk write may set, with their SQL types (the import's columns). */
const BATCH_COLUMN_TYPES = {
  employee_number: 'text', last_name: 'text', first_name: 'text', middle_name: 'text', suffix: 'text',
  birth_date: 'date', gender: 'text', civil_status: 'text', email: 'text', mobile_number: 'text', address: 'text',
  tin: 'text', sss_number: 'text', philhealth_number: 'text', pagibig_number: 'text', department_id: 'uuid',
  position_id: 'uuid', employment_status_id: 'uuid', employment_type: 'text', hire_date: 'date',
  shift_id: 'uuid', supervisor_id: 'uuid', rate_type: 'text', basic_rate: 'numeric', bank_name: 'text',
  bank_account_number: 'text',
} as const; // prettier-ignore
export type EmployeeBatchColumn = keyof typeof BATCH_COLUMN_TYPES;

/** One statement's worth of rows of a bulk write, column by column. */
export interface EmployeeBatch {
  tenantId: string;
  companyId: string;
  actorUserId: string;
  /** The import that wrote the rows (employees.last_import_id), if any. */
  importId: string | null;
  columns: readonly EmployeeBatchColumn[];
  /** The ids, or their array literal (arrayLiteral). */
  ids: readonly string[] | string;
  /** One array per column in `columns` order, or its array literal (arrayLiteral). */
  values: (readonly unknown[] | string)[];
}

const BATCH_FIXED = 4; // $1 tenant, $2 company, $3 import, $4 actor; then the ids and one array per column
// The arrays go as array literals (text), each made with one join: the driver's own conversion concatenates
// element by element, a rope of some 130,000 pieces a statement that lived long enough to be promoted to the
// old generation, where 20 statements of an import left over 150 MB of garbage (issue 8).
const batchParams = (b: EmployeeBatch) => [
  b.tenantId,
  b.companyId,
  b.importId,
  b.actorUserId,
  literalOf(b.ids),
  ...b.values.map(literalOf),
];
const literalOf = (values: readonly unknown[] | string) =>
  typeof values === 'string' ? values : arrayLiteral(values);

/** A PostgreSQL array literal of the values as text (null and undefined as NULL), cast to its type in the SQL. */
export function arrayLiteral(values: readonly unknown[]): string {
  const pieces: string[] = ['{'];
  for (let i = 0; i < values.length; i++) {
    if (i > 0) pieces.push(',');
    const value = values[i];
    if (value === null || value === undefined) {
      pieces.push('NULL');
      continue;
    }
    const text = String(value);
    pieces.push('"', text.includes('\\') || text.includes('"') ? text.replace(/[\\"]/g, '\\$&') : text, '"');
  }
  pieces.push('}');
  return pieces.join('');
}
const batchStatements = new Map<string, string>();

function batchSql(kind: 'insert' | 'update', columns: readonly EmployeeBatchColumn[]): string {
  const key = `${kind}:${columns.join(',')}`;
  let sql = batchStatements.get(key);
  if (sql) return sql;
  const arrays = columns
    .map((c, i) => `$${BATCH_FIXED + 2 + i}::text::${BATCH_COLUMN_TYPES[c]}[]`)
    .join(', ');
  const names = columns.join(', ');
  const rows = `WITH v AS (SELECT * FROM unnest($${BATCH_FIXED + 1}::text::uuid[], ${arrays}) AS v(id, ${names}))`;
  const audit = 'INSERT INTO audit_log (tenant_id, actor_user_id, entity, entity_id, action, before, after)';
  sql =
    kind === 'insert'
      ? `${rows},
  ins AS (
    INSERT INTO employees (tenant_id, company_id, last_import_id, id, ${names})
    SELECT $1, $2, $3, v.* FROM v
    RETURNING *
  )
  ${audit}
  SELECT $1, $4, 'employee', ins.id::text, 'create', NULL, employee_audit_image(ins) FROM ins`
      : // The before image comes from a second scan of the row inside the UPDATE (the statement's snapshot), not
        // from a separate CTE joined back: PostgreSQL's generic plan for that join rescanned the batch per row.
        `${rows},
  upd AS (
    UPDATE employees e SET ${columns.map((c) => `${c} = v.${c}`).join(', ')},
           last_import_id = $3, row_version = e.row_version + 1, updated_at = now()
      FROM v JOIN employees o ON o.tenant_id = $1 AND o.id = v.id
     WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.id = v.id
    RETURNING e.id, employee_audit_image(o) AS before_image, employee_audit_image(e) AS after_image
  )
  ${audit}
  SELECT $1, $4, 'employee', upd.id::text, 'update', upd.before_image, upd.after_image FROM upd`;
  batchStatements.set(key, sql);
  return sql;
}

/** The list's filter (spec §3): every search word somewhere in the record, department, status, type, separated. */
function employeeWhere(
  tenantId: string,
  companyId: string,
  req: Omit<ReturnType<typeof EmployeeListRequest.parse>, 'Page' | 'PageSize'>,
) {
  const where = new Conditions(tenantId, companyId).add('e.tenant_id = $1 AND e.company_id = $2');
  // The trigram index on search_text serves every word.
  for (const word of (req.Search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    where.add('e.search_text LIKE $?', containsPattern(word));
  }
  if (req.DepartmentId) where.add('e.department_id = $?', req.DepartmentId);
  if (req.EmploymentStatusId) where.add('e.employment_status_id = $?', req.EmploymentStatusId);
  if (req.EmploymentType) where.add('e.employment_type = $?', req.EmploymentType);
  if (!req.IncludeSeparated) where.add(notSeparatedOn('e', '$?::date'), manilaToday());
  return where;
}

const EMPLOYEE_SORT = {
  EmployeeNumber: 'lower(e.employee_number)',
  FullName: ['lower(e.last_name)', 'lower(e.first_name)'],
  DepartmentName: 'lower(d.name)',
  PositionName: 'lower(p.name)',
  EmploymentStatusName: 'lower(es.name)',
  EmploymentType: 'e.employment_type',
  HireDate: 'e.hire_date',
} as const;

/**
 * The sort keys for a list read today: Status sorts by what its column shows, "Separated" for an employee
 * separated before today (not the employment status they left with, which scattered them among the others).
 */
const employeeSort = (): SortColumns<keyof typeof EMPLOYEE_SORT> => ({
  ...EMPLOYEE_SORT,
  EmploymentStatusName: nameSortKey(
    `CASE WHEN ${separatedBefore('e', sqlDate(manilaToday()))} THEN 'Separated' ELSE es.name END`,
  ),
});

/** The list's joined tables, and those a sort by a joined column needs before the page is cut. */
const EMPLOYEE_JOINS = {
  d: 'LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id',
  p: 'LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id',
  es: 'LEFT JOIN employment_statuses es ON es.tenant_id = e.tenant_id AND es.id = e.employment_status_id',
} as const;
const SORT_JOIN: Partial<Record<keyof typeof EMPLOYEE_SORT, string>> = {
  DepartmentName: EMPLOYEE_JOINS.d,
  PositionName: EMPLOYEE_JOINS.p,
  EmploymentStatusName: EMPLOYEE_JOINS.es,
};
const EMPLOYEE_SORT_DEFAULTS = { sortBy: 'FullName', tieBreaker: 'e.id' } as const;
/** The list's rows: `employees e` (or what `from` names, as long as it has `e`) and its joins. */
const employeeListSelect = (from = 'employees e', extraColumns = '') => `
  SELECT e.id AS "EmployeeId", e.employee_number AS "EmployeeNumber", ${FULL_NAME('e')} AS "FullName",
         e.last_name AS "LastName", e.first_name AS "FirstName", e.email AS "Email",
         e.department_id AS "DepartmentId", d.name AS "DepartmentName", p.name AS "PositionName",
         e.employment_status_id AS "EmploymentStatusId", es.name AS "EmploymentStatusName",
         e.employment_type AS "EmploymentType", e.hire_date::text AS "HireDate",
         CASE WHEN s.id IS NULL THEN NULL ELSE ${FULL_NAME('s')} END AS "SupervisorName",
         sh.name AS "ShiftName",
         CASE WHEN ${separatedBefore('e', sqlDate(manilaToday()))} THEN 'Separated' ELSE 'Active' END AS "Status",
         e.separation_date::text AS "SeparationDate" ${extraColumns}
    FROM ${from}
    ${EMPLOYEE_JOINS.d}
    ${EMPLOYEE_JOINS.p}
    ${EMPLOYEE_JOINS.es}
    LEFT JOIN employees s ON s.tenant_id = e.tenant_id AND s.id = e.supervisor_id
    LEFT JOIN shifts sh ON sh.tenant_id = e.tenant_id AND sh.id = e.shift_id`;

export const employeeRecordsRepo = {
  async list(tx: Tx, tenantId: string, companyId: string, req: ReturnType<typeof EmployeeListRequest.parse>) {
    const where = employeeWhere(tenantId, companyId, req);
    const filterParams = where.params.length; // the page's limit and offset come after
    const count = async () =>
      (
        await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM employees e WHERE ${where.sql}`,
          where.params.slice(0, filterParams),
        )
      )[0]!.n;
    const sort = employeeSort();
    const page = pageClause(req, sort, EMPLOYEE_SORT_DEFAULTS, where);
    if (!req.Search?.trim()) {
      // The whole company (or a filter by department, status, type): the page is read in index order and the
      // count apart, as neither needs the other's rows (on a server both travel in one round trip).
      const [total, rows] = await Promise.all([
        count(),
        tx.query<EmployeeListItem>(`${employeeListSelect()} WHERE ${where.sql} ${page}`, where.params),
      ]);
      return { Items: rows, TotalCount: total };
    }
    // A search: its matches are found once (the trigram index) for the page and the count together, the page is
    // cut on the ids (with the one join its sort needs), and only the page's rows are joined.
    const rows = await tx.query<EmployeeListItem & { total_count: number }>(
      `WITH m AS (
         SELECT e.id, count(*) OVER ()::int AS total_count
           FROM employees e ${SORT_JOIN[req.SortBy ?? 'FullName'] ?? ''}
          WHERE ${where.sql} ${page})
       ${employeeListSelect('m JOIN employees e ON e.tenant_id = $1 AND e.id = m.id', ', m.total_count')}
       ${orderClause(req, sort, EMPLOYEE_SORT_DEFAULTS)}`,
      where.params,
    );
    // A page past the last match has no row to carry the count.
    const total = rows.length > 0 ? rows[0]!.total_count : req.Page > 1 ? await count() : 0;
    // Each row then holds exactly the contract's properties, so the answer is written by JSON.stringify
    // (response-serializer.ts). total_count is the last column: deleting an object's last property is cheap.
    for (const row of rows) delete (row as { total_count?: number }).total_count;
    return { Items: rows as EmployeeListItem[], TotalCount: total };
  },

  /**
   * Full records in the list's filter and order, batch by batch through a cursor, for the list's export and the
   * master list (a report: `maxRows` REPORT_MAX_ROWS); one row past `maxRows` tells writeExport there are more.
   */
  exportPages(
    tx: Tx,
    tenantId: string,
    companyId: string,
    req: Omit<ReturnType<typeof EmployeeListRequest.parse>, 'Page' | 'PageSize'>,
    maxRows = exportRowLimit(),
  ) {
    const where = employeeWhere(tenantId, companyId, req);
    return cursorPages(
      tx,
      `${SELECT_EMPLOYEE} WHERE ${where.sql} ${orderClause(req, employeeSort(), EMPLOYEE_SORT_DEFAULTS)}
        LIMIT ${maxRows + 1}`,
      where.params,
      toEmployee,
    );
  },

  async get(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    const [row] = await tx.query<EmployeeRow>(
      `${SELECT_EMPLOYEE} WHERE e.tenant_id = $1 AND e.company_id = $2 AND e.id = $3${forUpdate ? ' FOR UPDATE OF e' : ''}`,
      [tenantId, companyId, id],
    );
    return row ? toEmployee(row) : null;
  },

  /** Which unique values another employee of the company already holds. */
  async taken(
    tx: Tx,
    tenantId: string,
    companyId: string,
    values: {
      number: string;
      tin: string | null;
      sss: string | null;
      philhealth: string | null;
      pagibig: string | null;
      device: string | null;
    },
    exceptId: string | null,
  ) {
    const [row] = await tx.query<
      Record<'number' | 'tin' | 'sss' | 'philhealth' | 'pagibig' | 'device', string | null>
    >(
      `SELECT max(employee_number) FILTER (WHERE lower(employee_number) = lower($3)) AS number,
              max(employee_number) FILTER (WHERE tin = $4) AS tin,
              max(employee_number) FILTER (WHERE sss_number = $5) AS sss,
              max(employee_number) FILTER (WHERE philhealth_number = $6) AS philhealth,
              max(employee_number) FILTER (WHERE pagibig_number = $7) AS pagibig,
              max(employee_number) FILTER (WHERE lower(device_user_id) = lower($9)) AS device
         FROM employees
        WHERE tenant_id = $1 AND company_id = $2 AND ($8::uuid IS NULL OR id <> $8)
          AND (lower(employee_number) = lower($3) OR tin = $4 OR sss_number = $5 OR philhealth_number = $6
               OR pagibig_number = $7 OR lower(device_user_id) = lower($9))`,
      [
        tenantId,
        companyId,
        values.number,
        values.tin,
        values.sss,
        values.philhealth,
        values.pagibig,
        exceptId,
        values.device,
      ],
    );
    return row ?? { number: null, tin: null, sss: null, philhealth: null, pagibig: null, device: null };
  },

  /**
   * Serialises the writes that set government ids in a company (the check that no other employee holds an id
   * reads, then the write inserts: two writes racing with one TIN both passed the check). Transaction-level
   * advisory locks, released at COMMIT or ROLLBACK: a form write takes the company's id lock shared and each of
   * its ids' locks exclusively (writes of different ids do not wait for each other), in one order (no deadlock
   * between two of them); `ids` null takes the company's lock exclusively, for the import's commit, which writes
   * thousands of ids (a lock each would exhaust the lock table). A caller takes these before any row lock, so a
   * form write waiting here holds nothing the import's commit waits for.
   *
   * Not a unique index: a company's data may already hold a duplicate from before these checks (migration
   * 0032), and an import may move an id from one record to another within the file, which a unique index
   * checked row by row would refuse depending on the order of the rows.
   */
  async lockGovernmentIds(tx: Tx, tenantId: string, companyId: string, ids: string[] | null) {
    const company = `employee-government-ids/${tenantId}/${companyId}`;
    if (ids === null) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [company]);
      return;
    }
    const keys = [...new Set(ids)].sort().map((id) => `${company}/${id}`);
    const each = keys.map((_, i) => `, pg_advisory_xact_lock(hashtextextended($${i + 2}, 0))`).join('');
    await tx.query(`SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))${each}`, [company, ...keys]);
  },

  /**
   * Whether each referenced record exists in the company (an id of another company counts as missing) and is
   * active (an employee: not separated): 'missing', 'inactive' or 'ok'; an absent id is 'ok'.
   */
  async referenceStates(
    tx: Tx,
    tenantId: string,
    companyId: string,
    refs: readonly { table: string; id: string | null | undefined }[],
  ): Promise<('missing' | 'inactive' | 'ok')[]> {
    const present = refs.filter((r) => r.id);
    if (!present.length) return refs.map(() => 'ok');
    const sql = present
      .map(
        (r, i) =>
          // An employee whose separation is only scheduled is still employed (employment.ts).
          `(SELECT ${r.table === 'employees' ? notSeparatedOn(r.table, sqlDate(manilaToday())) : 'is_active'}
              FROM ${r.table} WHERE tenant_id = $1 AND company_id = $2 AND id = $${i + 3}) AS r${i}`,
      )
      .join(', ');
    const [row] = await tx.query<Record<string, boolean | null>>(`SELECT ${sql}`, [
      tenantId,
      companyId,
      ...present.map((r) => r.id),
    ]);
    let k = 0;
    return refs.map((r) => {
      if (!r.id) return 'ok';
      const active = row![`r${k++}`];
      return active === null ? 'missing' : active ? 'ok' : 'inactive';
    });
  },

  /** The supervisors above `id`, nearest first (stops at 1,000 or on a loop). */
  async supervisorChain(tx: Tx, tenantId: string, id: string): Promise<string[]> {
    const rows = await tx.query<{ id: string }>(
      `WITH RECURSIVE up(id, supervisor_id, depth, path) AS (
         SELECT id, supervisor_id, 0, ARRAY[id] FROM employees WHERE tenant_id = $1 AND id = $2
         UNION ALL
         SELECT e.id, e.supervisor_id, up.depth + 1, up.path || e.id
           FROM employees e JOIN up ON e.tenant_id = $1 AND e.id = up.supervisor_id
          WHERE up.depth < 1000 AND NOT e.id = ANY(up.path))
       SELECT id FROM up ORDER BY depth`,
      [tenantId, id],
    );
    return rows.map((r) => r.id);
  },

  async insert(tx: Tx, tenantId: string, companyId: string, id: string, values: unknown[]) {
    const placeholders = values.map((_, i) => `$${i + 4}`).join(', ');
    await tx.query(
      `INSERT INTO employees (tenant_id, company_id, id, ${EMPLOYEE_COLUMNS.join(', ')}) VALUES ($1, $2, $3, ${placeholders})`,
      [tenantId, companyId, id, ...values],
    );
  },

  /** Updates when the row version matches; answers whether it did. */
  async update(tx: Tx, tenantId: string, id: string, rowVersion: number, values: unknown[]) {
    const set = EMPLOYEE_COLUMNS.map((c, i) => `${c} = $${i + 4}`).join(', ');
    const rows = await tx.query(
      `UPDATE employees SET ${set}, row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, ...values],
    );
    return rows.length > 0;
  },

  /**
   * Bulk writes (ARCHITECTURE §2): thousands of rows a statement, each statement also writing the audit rows of
   * the employees it touched, before and after images taken inside PostgreSQL (employee_audit_image), so no
   * row travels back to the server. `values` holds one array per column, in `columns` order.
   */
  async insertBatch(tx: Tx, batch: EmployeeBatch) {
    await tx.query(batchSql('insert', batch.columns), batchParams(batch));
  },

  /** The bulk form of `update` for existing ids (no row-version check: the caller holds the company lock). */
  async updateBatch(tx: Tx, batch: EmployeeBatch) {
    await tx.query(batchSql('update', batch.columns), batchParams(batch));
  },

  /**
   * Foreign-key checks run through plans this connection cached; one cached while the employees table was
   * small scans it in full for every new row (100,000 rows: minutes instead of seconds). Replans them.
   */
  async replanBeforeBatches(tx: Tx) {
    await tx.query('DISCARD PLANS');
  },

  /** Records the schedule in force from `effectiveDate` (replacing one already starting that day). */
  async recordSchedule(
    tx: Tx,
    tenantId: string,
    employeeId: string,
    effectiveDate: string,
    shiftId: string | null,
    restDays: number[] | null,
  ) {
    await tx.query(
      `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id, rest_days)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id, employee_id, effective_date)
       DO UPDATE SET shift_id = EXCLUDED.shift_id, rest_days = EXCLUDED.rest_days`,
      [tenantId, employeeId, effectiveDate, shiftId, restDays],
    );
  },

  /** Moves the schedule starting on `from` to start on `to` (no other schedule starts on `to`). */
  async moveSchedule(tx: Tx, tenantId: string, employeeId: string, from: string, to: string) {
    await tx.query(
      `UPDATE employee_schedules SET effective_date = $4
        WHERE tenant_id = $1 AND employee_id = $2 AND effective_date = $3`,
      [tenantId, employeeId, from, to],
    );
  },

  async latestScheduleDate(tx: Tx, tenantId: string, employeeId: string): Promise<string | null> {
    const [row] = await tx.query<{ d: string | null }>(
      `SELECT max(effective_date)::text AS d FROM employee_schedules WHERE tenant_id = $1 AND employee_id = $2`,
      [tenantId, employeeId],
    );
    return row?.d ?? null;
  },

  schedules: (tx: Tx, tenantId: string, employeeId: string) =>
    tx.query<{
      EffectiveDate: string;
      ShiftId: string | null;
      ShiftName: string | null;
      RestDays: number[] | null;
    }>(
      `SELECT s.effective_date::text AS "EffectiveDate", s.shift_id AS "ShiftId", sh.name AS "ShiftName",
              s.rest_days::int[] AS "RestDays"
         FROM employee_schedules s LEFT JOIN shifts sh ON sh.tenant_id = s.tenant_id AND sh.id = s.shift_id
        WHERE s.tenant_id = $1 AND s.employee_id = $2 ORDER BY s.effective_date DESC`,
      [tenantId, employeeId],
    ),

  async separate(
    tx: Tx,
    tenantId: string,
    id: string,
    rowVersion: number,
    sep: { date: string | null; reason: string | null; remarks: string | null },
  ) {
    const rows = await tx.query(
      // is_active says "no separation on file" (other modules still read it so); whether the employee is still
      // employed on a date is the date's question (employment.ts): a separation may be scheduled.
      `UPDATE employees SET separation_date = $4, separation_reason = $5, separation_remarks = $6,
              is_active = ($4::date IS NULL), row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, sep.date, sep.reason, sep.remarks],
    );
    return rows.length > 0;
  },

  /** Disables the user linked to an employee and ends its sessions; answers the user's id, if any. */
  async disableLinkedUser(tx: Tx, tenantId: string, employeeId: string): Promise<string | null> {
    const [user] = await tx.query<{ id: string }>(
      `UPDATE users SET is_active = false, row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND employee_id = $2 AND is_active RETURNING id`,
      [tenantId, employeeId],
    );
    if (user)
      await tx.query(`DELETE FROM sessions WHERE tenant_id = $1 AND user_id = $2`, [tenantId, user.id]);
    return user?.id ?? null;
  },

  /** What is recorded against an employee (a delete would lose it). */
  async references(tx: Tx, tenantId: string, id: string) {
    const [row] = await tx.query<Record<EmployeeReference, number>>(
      `SELECT (SELECT count(*)::int FROM users WHERE tenant_id = $1 AND employee_id = $2) AS users,
              (SELECT count(*)::int FROM employees WHERE tenant_id = $1 AND supervisor_id = $2) AS reports,
              (SELECT count(*)::int FROM departments WHERE tenant_id = $1 AND head_employee_id = $2) AS heads,
              -- A final-pay period names its employees (an id list, not a foreign key).
              (SELECT count(*)::int FROM payroll_periods WHERE tenant_id = $1 AND $2 = ANY(employee_ids)) AS periods,
              (SELECT count(*)::int FROM time_logs WHERE tenant_id = $1 AND employee_id = $2) AS punches,
              (SELECT count(*)::int FROM time_requests WHERE tenant_id = $1 AND employee_id = $2) AS requests,
              -- Credits the accrual run gave on its own are not a record HR made: they go with the employee.
              (SELECT count(*)::int FROM leave_ledger WHERE tenant_id = $1 AND employee_id = $2
                  AND NOT (${AUTOMATIC_LEAVE_ENTRY})) AS leave,
              (SELECT count(*)::int FROM employee_loans WHERE tenant_id = $1 AND employee_id = $2) AS loans,
              (SELECT count(*)::int FROM payslips WHERE tenant_id = $1 AND employee_id = $2)
                + (SELECT count(*)::int FROM payroll_adjustments WHERE tenant_id = $1 AND employee_id = $2) AS pay`,
      [tenantId, id],
    );
    return row!;
  },

  /** Payroll's bank fields (issue 10 §1); the HR form does not edit them, so they bump no row version. */
  async setBankAccount(
    tx: Tx,
    tenantId: string,
    companyId: string,
    id: string,
    bankName: string | null,
    accountNumber: string | null,
  ) {
    const rows = await tx.query(
      `UPDATE employees SET bank_name = $4, bank_account_number = $5, updated_at = now()
        WHERE tenant_id = $1 AND company_id = $2 AND id = $3 RETURNING id`,
      [tenantId, companyId, id, bankName, accountNumber],
    );
    return rows.length > 0;
  },

  /**
   * Deletes the employee with the leave credits the accrual run gave them (nothing else of theirs is left: the
   * service refuses an employee with any other record); answers how many credit entries went.
   */
  async delete(tx: Tx, tenantId: string, id: string) {
    const credits = await tx.query(
      `DELETE FROM leave_ledger WHERE tenant_id = $1 AND employee_id = $2 AND ${AUTOMATIC_LEAVE_ENTRY} RETURNING id`,
      [tenantId, id],
    );
    await tx.query(`DELETE FROM employees WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return credits.length;
  },

  /** The audit rows of one employee, newest first, with the actor's name. */
  history: (tx: Tx, tenantId: string, id: string) =>
    tx.query<{ at: Date; action: string; actor: string | null; before: unknown; after: unknown }>(
      `SELECT a.at, a.action, u.full_name AS actor, a.before, a.after
         FROM audit_log a LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.actor_user_id
        WHERE a.tenant_id = $1 AND a.entity = 'employee' AND a.entity_id = $2
        ORDER BY a.at DESC LIMIT 200`,
      [tenantId, id],
    ),
};

// ---------------------------------------------------------------------------------------------------------------
// The HR dashboard (issue 8 §5): figures computed in SQL, so 100,000 employees never travel to the server.

/**
 * Employed today (`$3`, the Manila date; employment.ts): every figure of the dashboard counts the same people, so
 * a hire dated in the future is not yet counted and a scheduled separation still is.
 */
const ACTIVE = `e.tenant_id = $1 AND e.company_id = $2 AND ${employedOn('e', '$3::date')}`;
/**
 * Not separated by today (`$3`): the employees whose records must be complete before they are paid, a hire yet to
 * start included (HR walkthrough: a hire starting Dec 15 without a bank account was not flagged).
 */
const ON_FILE = `e.tenant_id = $1 AND e.company_id = $2 AND ${notSeparatedOn('e', '$3::date')}`;
/** The same, today written into the statement: for the reports, whose `$3` is another value. */
const activeToday = () =>
  `e.tenant_id = $1 AND e.company_id = $2 AND ${employedOn('e', sqlDate(manilaToday()))}`;

export const hrDashboardRepo = {
  async counts(tx: Tx, tenantId: string, companyId: string, today: string, monthStart: string) {
    const [row] = await tx.query<{
      active: number;
      separated: number;
      hires: number;
      separations: number;
      missing_bank: number;
    }>(
      `SELECT count(*) FILTER (WHERE ${employedOn('e', '$3::date')})::int AS active,
              count(*) FILTER (WHERE ${separatedBefore('e', '$3::date')})::int AS separated,
              count(*) FILTER (WHERE hire_date >= $4::date AND hire_date < ($4::date + interval '1 month'))::int AS hires,
              count(*) FILTER (WHERE separation_date >= $4::date
                                 AND separation_date < ($4::date + interval '1 month'))::int AS separations,
              count(*) FILTER (WHERE ${notSeparatedOn('e', '$3::date')} AND coalesce(bank_account_number, '') = '')::int
                AS missing_bank
         FROM employees e WHERE tenant_id = $1 AND company_id = $2`,
      [tenantId, companyId, today, monthStart],
    );
    return row!;
  },

  /** Active employees grouped by a joined name (department, status) or a column (type); none last. */
  groupCounts: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    today: string,
    by: 'department' | 'status' | 'type',
  ) => {
    const [join, name] = {
      department: [
        'LEFT JOIN departments g ON g.tenant_id = e.tenant_id AND g.id = e.department_id',
        'g.name',
      ],
      status: [
        'LEFT JOIN employment_statuses g ON g.tenant_id = e.tenant_id AND g.id = e.employment_status_id',
        'g.name',
      ],
      type: [
        '',
        `CASE e.employment_type WHEN 'FullTime' THEN 'Full-time' WHEN 'PartTime' THEN 'Part-time' END`,
      ],
    }[by];
    return tx.query<{ Name: string; Count: number }>(
      `SELECT coalesce(${name}, 'Not set') AS "Name", count(*)::int AS "Count"
         FROM employees e ${join} WHERE ${ACTIVE}
        GROUP BY ${name} ORDER BY "Count" DESC, "Name"`,
      [tenantId, companyId, today],
    );
  },

  /**
   * Hires, separations and the headcount for the 12 months ending with `monthStart`'s month: those employed on
   * the month's last day, or today for the month under way (the dashboard's active count).
   */
  trend: (tx: Tx, tenantId: string, companyId: string, today: string, monthStart: string) =>
    tx.query<{ Month: string; Hires: number; Separations: number; Headcount: number }>(
      `WITH m AS (SELECT generate_series($3::date - interval '11 months', $3::date, interval '1 month')::date AS start)
       SELECT to_char(m.start, 'YYYY-MM') AS "Month",
              count(e.id) FILTER (WHERE e.hire_date >= m.start AND e.hire_date < m.start + interval '1 month')::int
                AS "Hires",
              count(e.id) FILTER (WHERE e.separation_date >= m.start
                                    AND e.separation_date < m.start + interval '1 month')::int AS "Separations",
              count(e.id) FILTER (WHERE ${employedOn('e', 'm.day')})::int AS "Headcount"
         FROM (SELECT start, least((start + interval '1 month - 1 day')::date, $4::date) AS day FROM m) m
         LEFT JOIN employees e ON e.tenant_id = $1 AND e.company_id = $2
        GROUP BY m.start ORDER BY m.start`,
      [tenantId, companyId, monthStart, today],
    ),

  /** Work anniversaries (one year or more) from today through `days - 1` days ahead. */
  anniversaries: async (tx: Tx, tenantId: string, companyId: string, today: string, days: number) => {
    const rows = await tx.query<{
      EmployeeId: string;
      EmployeeNumber: string;
      FullName: string;
      next: string;
      Years: number;
      DaysUntil: number;
    }>(
      `WITH a AS (
         SELECT e.id, e.employee_number, concat_ws(' ', e.first_name, e.middle_name, e.last_name, e.suffix) AS full_name,
                e.hire_date,
                ${birthdayIn(HIRE_MD, "date_part('year', $3::date)::int")} AS this_year,
                ${birthdayIn(HIRE_MD, "date_part('year', $3::date)::int + 1")} AS next_year
           FROM employees e WHERE ${ACTIVE} AND e.hire_date IS NOT NULL)
       SELECT id AS "EmployeeId", employee_number AS "EmployeeNumber", full_name AS "FullName", n.next::text AS next,
              (extract(year FROM n.next) - extract(year FROM hire_date))::int AS "Years",
              (n.next - $3::date) AS "DaysUntil"
         FROM a CROSS JOIN LATERAL (SELECT CASE WHEN this_year >= $3::date THEN this_year ELSE next_year END AS next) n
        WHERE n.next - $3::date < $4 AND extract(year FROM n.next) > extract(year FROM hire_date)
        ORDER BY n.next, name_sort_key(full_name), id LIMIT 50`,
      [tenantId, companyId, today, days],
    );
    return rows.map(({ next, ...r }) => ({ ...r, Date: next }));
  },

  /** The five latest hires employed today: a hire yet to start is not shown until the first day. */
  recentHires: (tx: Tx, tenantId: string, companyId: string, today: string) =>
    tx.query<{ EmployeeId: string; FullName: string; HireDate: string; DepartmentName: string | null }>(
      `SELECT e.id AS "EmployeeId", concat_ws(' ', e.first_name, e.last_name) AS "FullName",
              e.hire_date::text AS "HireDate", d.name AS "DepartmentName"
         FROM employees e LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
        WHERE ${ACTIVE} AND e.hire_date IS NOT NULL
        ORDER BY e.hire_date DESC, e.created_at DESC, e.id LIMIT 5`,
      [tenantId, companyId, today],
    ),

  async missingGovernmentIds(tx: Tx, tenantId: string, companyId: string, today: string) {
    const missing = `array_remove(ARRAY[
        CASE WHEN coalesce(e.tin, '') = '' THEN 'TIN' END,
        CASE WHEN coalesce(e.sss_number, '') = '' THEN 'SSS' END,
        CASE WHEN coalesce(e.philhealth_number, '') = '' THEN 'PhilHealth' END,
        CASE WHEN coalesce(e.pagibig_number, '') = '' THEN 'Pag-IBIG' END], NULL)`;
    const rows = await tx.query<{
      EmployeeId: string;
      EmployeeNumber: string;
      FullName: string;
      Missing: string[];
      total: number;
    }>(
      `SELECT e.id AS "EmployeeId", e.employee_number AS "EmployeeNumber",
              concat_ws(' ', e.first_name, e.last_name) AS "FullName", ${missing} AS "Missing",
              count(*) OVER ()::int AS total
         FROM employees e
        WHERE ${ON_FILE} AND cardinality(${missing}) > 0
        ORDER BY name_sort_key(e.last_name), name_sort_key(e.first_name), e.id LIMIT 10`,
      [tenantId, companyId, today],
    );
    return { Count: rows[0]?.total ?? 0, Sample: rows.map(({ total: _t, ...r }) => r) };
  },
};

// ---------------------------------------------------------------------------------------------------------------
// HR reports (issue 8 §5): each reads one batch at a time in a fixed order, so a report of 100,000 employees
// streams to its file without being held in memory.

const NAME = (e: string) =>
  `concat_ws(', ', ${e}.last_name, concat_ws(' ', ${e}.first_name, ${e}.middle_name))`;
const page = (offset: number, limit: number) => `LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`;

export interface HeadcountRow {
  department: string;
  status: string;
  count: number;
}
export interface MovementRow {
  kind: 'Hire' | 'Separation';
  date: string;
  number: string;
  name: string;
  department: string | null;
  position: string | null;
  reason: string | null;
}
export interface BirthdayRow {
  month: number;
  day: number;
  number: string;
  name: string;
  department: string | null;
  birth_date: string;
}
export interface GovernmentIdRow {
  number: string;
  name: string;
  department: string | null;
  tin: string | null;
  sss: string | null;
  philhealth: string | null;
  pagibig: string | null;
}
export interface SupervisorRow {
  supervisor_number: string;
  supervisor_name: string;
  number: string;
  name: string;
  department: string | null;
  position: string | null;
}

export const hrReportsRepo = {
  /** The company's name, which every report's heading names. */
  companyName: async (tx: Tx, tenantId: string, companyId: string) =>
    (
      await tx.query<{ name: string }>(`SELECT name FROM companies WHERE tenant_id = $1 AND id = $2`, [
        tenantId,
        companyId,
      ])
    )[0]?.name ?? '',

  headcount: (tx: Tx, tenantId: string, companyId: string, offset: number, limit: number) =>
    tx.query<HeadcountRow>(
      `SELECT coalesce(d.name, 'No department') AS department, coalesce(es.name, 'No status') AS status,
              count(*)::int AS count
         FROM employees e
         LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
         LEFT JOIN employment_statuses es ON es.tenant_id = e.tenant_id AND es.id = e.employment_status_id
        WHERE ${activeToday()}
        GROUP BY ROLLUP (coalesce(d.name, 'No department'), coalesce(es.name, 'No status'))
        ORDER BY coalesce(d.name, 'No department') NULLS LAST, coalesce(es.name, 'No status') NULLS LAST
        ${page(offset, limit)}`,
      [tenantId, companyId],
    ),

  movements: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    from: string,
    to: string,
    offset: number,
    limit: number,
  ) =>
    tx.query<MovementRow>(
      `SELECT m.kind, m.date::text, e.employee_number AS number, ${NAME('e')} AS name, d.name AS department,
              p.name AS position, m.reason
         FROM employees e
         CROSS JOIN LATERAL (VALUES ('Hire', e.hire_date, NULL::text),
                                    ('Separation', e.separation_date, e.separation_reason)) AS m(kind, date, reason)
         LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
         LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
        WHERE e.tenant_id = $1 AND e.company_id = $2 AND m.date BETWEEN $3 AND $4
        ORDER BY m.date, m.kind, name_sort_key(e.last_name), name_sort_key(e.first_name), e.id
        ${page(offset, limit)}`,
      [tenantId, companyId, from, to],
    ),

  birthdays: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    month: number | null,
    offset: number,
    limit: number,
  ) =>
    tx.query<BirthdayRow>(
      `SELECT extract(month FROM e.birth_date)::int AS month, extract(day FROM e.birth_date)::int AS day,
              e.employee_number AS number, ${NAME('e')} AS name, d.name AS department, e.birth_date::text
         FROM employees e LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
        WHERE ${activeToday()} AND e.birth_date IS NOT NULL
          AND ($3::int IS NULL OR extract(month FROM e.birth_date) = $3)
        ORDER BY 1, 2, name_sort_key(e.last_name), name_sort_key(e.first_name), e.id
        ${page(offset, limit)}`,
      [tenantId, companyId, month],
    ),

  governmentIds: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    missingOnly: boolean,
    offset: number,
    limit: number,
  ) =>
    tx.query<GovernmentIdRow>(
      `SELECT e.employee_number AS number, ${NAME('e')} AS name, d.name AS department, e.tin,
              e.sss_number AS sss, e.philhealth_number AS philhealth, e.pagibig_number AS pagibig
         FROM employees e LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
        WHERE ${activeToday()}
          AND (NOT $3 OR coalesce(e.tin, '') = '' OR coalesce(e.sss_number, '') = ''
               OR coalesce(e.philhealth_number, '') = '' OR coalesce(e.pagibig_number, '') = '')
        ORDER BY name_sort_key(e.last_name), name_sort_key(e.first_name), e.id
        ${page(offset, limit)}`,
      [tenantId, companyId, missingOnly],
    ),

  perSupervisor: (tx: Tx, tenantId: string, companyId: string, offset: number, limit: number) =>
    tx.query<SupervisorRow>(
      `SELECT s.employee_number AS supervisor_number, ${NAME('s')} AS supervisor_name,
              e.employee_number AS number, ${NAME('e')} AS name, d.name AS department, p.name AS position
         FROM employees e
         JOIN employees s ON s.tenant_id = e.tenant_id AND s.id = e.supervisor_id
         LEFT JOIN departments d ON d.tenant_id = e.tenant_id AND d.id = e.department_id
         LEFT JOIN positions p ON p.tenant_id = e.tenant_id AND p.id = e.position_id
        WHERE ${activeToday()}
        ORDER BY name_sort_key(s.last_name), name_sort_key(s.first_name), s.id,
                 name_sort_key(e.last_name), name_sort_key(e.first_name), e.id
        ${page(offset, limit)}`,
      [tenantId, companyId],
    ),
};
