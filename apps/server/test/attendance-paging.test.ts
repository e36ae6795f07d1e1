/**
 * The attendance view pages in SQL (service `attendance`): a page's rows are worked out from the employee count
 * and order before anything is computed, and only the page's employees are read. Through HTTP: every page of every
 * sort and filter holds exactly the rows of the whole answer, in order, with its total; and the reads behind a page
 * (seen through a recording wrapper of the database) name only the page's employees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDay } from '@hrpay/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database, Tx } from '../src/db/database.js';
import { caller, createTestDatabase, demo, signIn, type Session, type TestDatabase } from './helpers.js';

interface Statement {
  sql: string;
  params: unknown[];
  rows: Record<string, unknown>[];
}

let testDb: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let hr: Session;
/** Statements run while `recording` (every transaction of the app goes through `recorded`). */
const statements: Statement[] = [];
let recording = false;

const recorded = (tx: Tx): Tx => ({
  async query<Row>(sql: string, params?: unknown[]) {
    const rows = await tx.query<Row>(sql, params);
    if (recording) statements.push({ sql, params: params ?? [], rows: rows as Record<string, unknown>[] });
    return rows;
  },
});

const call = caller(() => app);
const sql = <T>(text: string, params: unknown[] = []) =>
  testDb.db.withTenant(hr.tenantId, (tx) => tx.query<T>(text, params));

/** Monday 2 November (All Souls' Day, a special non-working day) to Thursday 5 November 2026. */
const RANGE = { DateFrom: '2026-11-02', DateTo: '2026-11-05' };
const DAYS = 4;
let department: string;
let nightWorker: string;

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  const inner = testDb.db;
  const db: Database = {
    kind: inner.kind,
    withTenant: (tenantId, work, first) =>
      inner.withTenant(tenantId, (tx, firstRows) => work(recorded(tx), firstRows), first),
    withoutTenant: (work) => inner.withoutTenant((tx) => work(recorded(tx))),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
  app = await buildApp({
    config: loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }),
    db,
    jwtSecret: 'test-secret-test-secret-test-secret-0123',
    logger: false,
  });
  await app.ready();
  hr = await signIn(app, demo.hr);
  const [company] = await sql<{ company_id: string; id: string }>(
    `SELECT company_id, id FROM users WHERE email = $1`,
    [demo.hr.email],
  );
  const companyId = company!.company_id;
  const [dm5] = await sql<{ department_id: string }>(
    `SELECT department_id FROM employees WHERE employee_number = 'DM-0005'`,
  );
  department = dm5!.department_id;
  // Names that sort on more than the surname: a twin of DM-0001 (Maria Santos, told apart by id), Ñ after N, a
  // lower-case particle; a leaver (left out) and one leaving later (still in); some in DM-0005's department.
  const people: [string, string, string, string | null, string | null][] = [
    ['PG-01', 'Santos', 'Maria', department, null],
    ['PG-02', 'Nuñez', 'Ana', null, null],
    ['PG-03', 'Nunez', 'Ana', department, null],
    ['PG-04', 'dela Cruz', 'Juan', department, null],
    ['PG-05', 'Abad', 'Rosa', null, '2026-01-31'],
    ['PG-06', 'Zamora', 'Leo', department, '2099-12-31'],
    ['PG-07', 'Ocampo', 'Ben', null, null],
  ];
  const ids = new Map<string, string>();
  for (const [number, last, first, dept, separation] of people) {
    const [row] = await sql<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, last_name, first_name, department_id,
              hire_date, separation_date, separation_reason, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, '2025-01-06', $7, CASE WHEN $7::date IS NOT NULL THEN 'Resigned' END,
               $7::date IS NULL OR $7::date > current_date)
       RETURNING id`,
      [hr.tenantId, companyId, number, last, first, dept, separation],
    );
    ids.set(number, row!.id);
  }
  const shift = async (name: string) =>
    (
      await sql<{ id: string }>(`SELECT id FROM shifts WHERE company_id = $1 AND name = $2`, [
        companyId,
        name,
      ])
    )[0]!.id;
  const day = await shift('Day Shift');
  const night = await shift('Night Shift');
  nightWorker = ids.get('PG-04')!;
  // PG-07 has no schedule at all.
  for (const [number, shiftId] of [
    ['PG-01', day],
    ['PG-02', day],
    ['PG-03', day],
    ['PG-04', night],
    ['PG-05', day],
    ['PG-06', day],
  ] as const) {
    await sql(
      `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id) VALUES ($1, $2, '2025-01-06', $3)`,
      [hr.tenantId, ids.get(number), shiftId],
    );
  }
  // Punches (Manila wall clock): a late in, a single punch, a night shift across midnight, a punch on the
  // holiday, overtime covered by an approved request, and a few demo employees' days.
  const [dm1] = await sql<{ id: string }>(`SELECT id FROM employees WHERE employee_number = 'DM-0001'`);
  const punches: [string, string, string][] = [
    [ids.get('PG-01')!, '2026-11-03 08:20', 'In'],
    [ids.get('PG-01')!, '2026-11-03 17:05', 'Out'],
    [ids.get('PG-01')!, '2026-11-04 07:55', 'In'],
    [ids.get('PG-01')!, '2026-11-04 19:30', 'Out'],
    [ids.get('PG-02')!, '2026-11-03 08:00', 'In'],
    [ids.get('PG-02')!, '2026-11-02 09:00', 'In'],
    [ids.get('PG-02')!, '2026-11-02 15:00', 'Out'],
    [ids.get('PG-03')!, '2026-11-05 17:00', 'Out'],
    [nightWorker, '2026-11-03 21:55', 'In'],
    [nightWorker, '2026-11-04 06:10', 'Out'],
    [nightWorker, '2026-11-04 22:00', 'Unknown'],
    [ids.get('PG-06')!, '2026-11-05 07:50', 'In'],
    [ids.get('PG-06')!, '2026-11-05 12:00', 'Unknown'],
    [ids.get('PG-06')!, '2026-11-05 17:00', 'Out'],
    [ids.get('PG-07')!, '2026-11-04 10:00', 'In'],
    [ids.get('PG-07')!, '2026-11-04 14:00', 'Out'],
    [dm1!.id, '2026-11-03 08:00', 'In'],
    [dm1!.id, '2026-11-03 17:00', 'Out'],
  ];
  for (const [employeeId, at, direction] of punches) {
    await sql(
      `INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source)
       VALUES ($1, $2, $3, ($4::timestamp AT TIME ZONE 'Asia/Manila'), $5, 'Import')`,
      [hr.tenantId, companyId, employeeId, at, direction],
    );
  }
  // Approved: PG-01's overtime on the 4th (17:00-19:00) and a day of leave of PG-03 on the 3rd.
  const [vl] = await sql<{ id: string }>(`SELECT id FROM leave_types WHERE company_id = $1 AND code = 'VL'`, [
    companyId,
  ]);
  await sql(
    `INSERT INTO time_requests (tenant_id, company_id, kind, employee_id, leave_type_id, date_from, date_to, days,
            starts_at, ends_at, minutes, reason, status, filed_by_user_id, decided_by_user_id, decided_at)
     VALUES ($1, $2, 'Overtime', $3, NULL, '2026-11-04', '2026-11-04', NULL, '2026-11-04 17:00+08', '2026-11-04 19:00+08',
             120, 'Month-end', 'Approved', $5, $5, now()),
            ($1, $2, 'Leave', $4, $6, '2026-11-03', '2026-11-03', 1, NULL, NULL, NULL, 'Errand', 'Approved', $5, $5, now())`,
    [hr.tenantId, companyId, ids.get('PG-01'), ids.get('PG-03'), company!.id, vl!.id],
  );
});
afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const attendance = async (body: object) => {
  const res = await call(hr, 'POST', '/api/v1/timelogs/attendance', { ...RANGE, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { Items: AttendanceDay[]; TotalCount: number };
};

/** The whole answer (one page of all rows), by employee; by date it is the same rows stably sorted by date. */
async function whole(filter: object) {
  const all = await attendance({ ...filter, PageSize: 500 });
  expect(all.Items).toHaveLength(all.TotalCount);
  const byDate = [...all.Items].sort((a, b) => (a.Date < b.Date ? -1 : a.Date > b.Date ? 1 : 0));
  return { Employee: all.Items, Date: byDate };
}

describe('attendance paged in SQL', () => {
  it('holds, page after page, the rows of the whole answer in order, for each sort and filter', async () => {
    const everyone = await whole({});
    const listed = new Set(everyone.Employee.map((d) => d.EmployeeNumber));
    // The seven demo employees of the company and the six of ours still employed; the leaver is left out.
    expect(listed.has('PG-05')).toBe(false);
    expect(listed.has('PG-06')).toBe(true);
    expect(everyone.Employee).toHaveLength(13 * DAYS);
    // Name order: the two Maria Santos told apart by id, Ñ after N, the particle sorted as written.
    const order = [...new Set(everyone.Employee.map((d) => d.EmployeeNumber))];
    expect(order.indexOf('PG-03')).toBeLessThan(order.indexOf('PG-02'));
    // The data reaches every part of a row: a holiday, approved (payable) overtime, leave, anomalies, a night shift.
    const rows = everyone.Employee;
    expect(rows.some((d) => d.DayType === 'special_non_working' && d.WorkedMinutes > 0)).toBe(true);
    expect(rows.some((d) => d.PayableOvertimeMinutes > 0)).toBe(true);
    expect(rows.some((d) => d.OnLeave)).toBe(true);
    expect(rows.some((d) => d.Anomalies.length > 0)).toBe(true);
    expect(rows.some((d) => d.EmployeeId === nightWorker && d.NightDiffMinutes > 0)).toBe(true);

    const [employee] = rows.filter((d) => d.EmployeeNumber === 'PG-01');
    const filters: object[] = [
      {},
      { DepartmentId: department },
      { EmployeeId: employee!.EmployeeId },
      { OnlyAnomalies: true },
      { OnlyAnomalies: true, DepartmentId: department },
    ];
    for (const filter of filters) {
      const expected = await whole(filter);
      expect(expected.Employee.length, JSON.stringify(filter)).toBeGreaterThan(0);
      for (const OrderBy of ['Employee', 'Date'] as const) {
        // Sizes that split an employee's four days (3, 5, 7) and a day's employees across pages.
        for (const PageSize of [1, 3, 4, 5, 7, 500]) {
          const pages = Math.ceil(expected[OrderBy].length / PageSize);
          for (let Page = 1; Page <= pages + 1; Page++) {
            const got = await attendance({ ...filter, OrderBy, PageSize, Page });
            const start = (Page - 1) * PageSize;
            const what = JSON.stringify({ filter, OrderBy, PageSize, Page });
            expect(got.TotalCount, what).toBe(expected[OrderBy].length);
            expect(got.Items, what).toEqual(expected[OrderBy].slice(start, start + PageSize));
          }
        }
      }
    }
    // The rows of the anomaly filter are the whole answer's rows with an anomaly.
    const anomalies = await whole({ OnlyAnomalies: true });
    expect(anomalies.Employee).toEqual(everyone.Employee.filter((d) => d.Anomalies.length > 0));
    // No employee in the filter: nothing, on any page.
    const none = await attendance({ DepartmentId: '00000000-0000-4000-8000-000000000000' });
    expect(none).toEqual({ Items: [], TotalCount: 0 });
  });

  it("reads the punches, schedules and requests of the page's employees only", async () => {
    const everyone = await whole({});
    const employees = [...new Set(everyone.Employee.map((d) => d.EmployeeId))];
    // By employee, rows 7 to 9 (page 3 of 3 a page): the second employee's last two days, the third one's first.
    // By date, rows 11 to 15 (5 a page): the 2nd's last three employees and the 3rd's first two (the end and
    // the start of the name order).
    for (const request of [
      { OrderBy: 'Employee', PageSize: 3, Page: 3 },
      { OrderBy: 'Date', PageSize: 5, Page: 3 },
      { OrderBy: 'Date', PageSize: 5, Page: 3, DepartmentId: department },
    ]) {
      statements.length = 0;
      recording = true;
      const page = await attendance(request).finally(() => (recording = false));
      const on = new Set(page.Items.map((d) => d.EmployeeId));
      expect(on.size, JSON.stringify(request)).toBeLessThan(employees.length / 2);
      const reads = statements.filter((s) =>
        /\bFROM (time_logs|employee_schedules|time_requests)\b/.test(s.sql),
      );
      expect(reads.length, JSON.stringify(request)).toBeGreaterThanOrEqual(3);
      for (const s of reads) {
        for (const p of s.params.filter(Array.isArray))
          expect([...new Set(p)].sort(), s.sql).toEqual([...on].sort());
        for (const row of s.rows) expect(on.has(row.employee_id as string), s.sql).toBe(true);
      }
      // The employees listed for the page: only its own (by id).
      const listing = statements.filter(
        (s) => /\bwork_location_id\b/.test(s.sql) && /\bemployee_number\b/.test(s.sql),
      );
      expect(listing.length).toBeGreaterThan(0);
      for (const s of listing) for (const row of s.rows) expect(on.has(row.id as string), s.sql).toBe(true);
    }
  });
  it('computes the anomaly filter a batch of employees at a time, with the same rows in both orders', async () => {
    const everyone = await whole({});
    const employees = new Set(everyone.Employee.map((d) => d.EmployeeId));
    const withAnomaly = (rows: AttendanceDay[]) => rows.filter((d) => d.Anomalies.length > 0);
    process.env.ATTENDANCE_STORE_BATCH = '2';
    statements.length = 0;
    recording = true;
    try {
      const anomalies = await whole({ OnlyAnomalies: true });
      recording = false;
      expect(anomalies.Employee.length).toBeGreaterThan(1);
      expect(anomalies.Employee).toEqual(withAnomaly(everyone.Employee));
      expect(anomalies.Date).toEqual(withAnomaly(everyone.Date));
      const byDate = await attendance({ OnlyAnomalies: true, OrderBy: 'Date', PageSize: 500 });
      expect(byDate.Items).toEqual(anomalies.Date);
      // Each punch read names at most a batch of employees; together they name every employee with an anomaly
      // (the employees who cannot have one are left out before: anomaly-prefilter.test.ts), none outside the filter.
      const punchReads = statements.filter(
        (s) => /\bFROM time_logs\b/.test(s.sql) && s.params.some(Array.isArray),
      );
      const withOne = new Set(withAnomaly(everyone.Employee).map((d) => d.EmployeeId));
      expect(punchReads.length).toBeGreaterThanOrEqual(withOne.size / 2);
      const named = new Set<string>();
      for (const s of punchReads) {
        const ids = s.params.find(Array.isArray) as string[];
        expect(ids.length, s.sql).toBeLessThanOrEqual(2);
        ids.forEach((id) => named.add(id));
      }
      for (const id of withOne) expect(named.has(id)).toBe(true);
      for (const id of named) expect(employees.has(id)).toBe(true);
    } finally {
      recording = false;
      delete process.env.ATTENDANCE_STORE_BATCH;
    }
  });
});
