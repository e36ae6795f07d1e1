/**
 * Issue 9 §5: the attendance store in batches of two employees (the bench runs 2,000), so that every batch but
 * the first is written while the next one is read and computed, and each batch's delete names an id range.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttendanceDay } from '@hrpay/contracts';
import { createTestApp, demo, signIn, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

let t: TestApp;
let hr: Awaited<ReturnType<typeof signIn>>;
let companyId: string;
const range = { DateFrom: '2026-11-16', DateTo: '2026-11-20' };

beforeAll(async () => {
  process.env.ATTENDANCE_STORE_BATCH = '2';
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  const [row] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM employees WHERE employee_number = 'DM-0004'`),
  );
  companyId = row!.company_id;
});
afterAll(async () => {
  delete process.env.ATTENDANCE_STORE_BATCH;
  await t?.close();
});

const call = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: hr.headers, payload });
const store = () => call('/api/v1/timelogs/attendance/store', range);
const stored = () =>
  t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{
      employee_id: string;
      date: string;
      worked_minutes: number;
      late_minutes: number;
      absent: boolean;
    }>(
      `SELECT employee_id, date::text AS date, worked_minutes, late_minutes, absent FROM attendance_days
        WHERE company_id = $1 ORDER BY employee_id, date`,
      [companyId],
    ),
  );
const onRead = async () =>
  ((await call('/api/v1/timelogs/attendance', { ...range, PageSize: 500 })).json().Items as AttendanceDay[])
    .map((d) => ({
      employee_id: d.EmployeeId,
      date: d.Date,
      worked_minutes: d.WorkedMinutes,
      late_minutes: d.LateMinutes,
      absent: d.Absent,
    }))
    .sort((a, b) => (a.employee_id + a.date < b.employee_id + b.date ? -1 : 1));

describe('attendance store in batches', () => {
  it('stores what is computed on read, the same rows again on a second run, and spares an inactive employee', async () => {
    const active = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ id: string; day_shift: boolean }>(
        `SELECT e.id, sh.name = 'Day Shift' AS day_shift FROM employees e LEFT JOIN shifts sh ON sh.id = e.shift_id
          WHERE e.company_id = $1 AND e.is_active ORDER BY e.id`,
        [companyId],
      ),
    );
    expect(active.length).toBeGreaterThanOrEqual(5); // three batches or more
    // A day's punches for the first and the last day-shift employee by id: employees of different batches.
    const dayShift = active.filter((e) => e.day_shift);
    for (const [employee, at] of [
      [dayShift[0]!.id, '2026-11-16 08:20'],
      [dayShift[0]!.id, '2026-11-16 17:00'],
      [dayShift.at(-1)!.id, '2026-11-17 08:00'],
      [dayShift.at(-1)!.id, '2026-11-17 17:00'],
    ] as const) {
      const res = await call('/api/v1/timelogs', { EmployeeId: employee, PunchedAt: at, Reason: 'Test' });
      expect(res.statusCode, res.body).toBe(201);
    }

    const first = await store();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ Employees: active.length, Days: active.length * 5 });
    const rows = await stored();
    expect(rows).toEqual(await onRead());
    // 08:20 to 17:00 is 20 minutes late (the demo day shift has no grace period), 08:00 to 17:00 on time.
    for (const [employee, date, late] of [
      [dayShift[0]!.id, '2026-11-16', 20],
      [dayShift.at(-1)!.id, '2026-11-17', 0],
    ] as const) {
      const day = rows.find((r) => r.employee_id === employee && r.date === date);
      expect(day).toMatchObject({ absent: false, worked_minutes: 480 - late, late_minutes: late });
    }

    const again = await store();
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored()).toEqual(rows);

    // The second employee by id leaves: the first batch becomes the first and third ids, whose delete's id
    // range spans the second; its stored days stay as they were.
    const leaver = active[1]!.id;
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`UPDATE employees SET is_active = false WHERE id = $1`, [leaver]),
    );
    const third = await store();
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toMatchObject({ Employees: active.length - 1 });
    expect(await stored()).toEqual(rows);
  });

  it("reads in the Admin's recent activity as words, not the table's name", async () => {
    expect((await store()).statusCode).toBe(200);
    const admin = await signIn(t.app, demo.admin);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const latest = (res.json() as { RecentAudit: { Entity: string; Summary: string }[] }).RecentAudit[0]!;
    expect(latest).toMatchObject({ Entity: 'attendance_days', Summary: 'Updated attendance' });
  });

  // HR walkthrough: at 11:56 a 14:00-23:00 employee read as Absent, and the store, whose range ends today by
  // default, stored that absence for payroll.
  it('leaves out a day whose shift has not ended, and the view says it is not over rather than absent', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T04:00:00Z') }); // Nov 20, 12:00 in Manila
    try {
      const hrThen = await signIn(t.app, demo.hr);
      const [{ count }] = (await t.db.withTenant(hr.tenantId, (tx) =>
        tx.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM employees WHERE company_id = $1 AND is_active`,
          [companyId],
        ),
      )) as [{ count: number }];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/timelogs/attendance/store',
        headers: hrThen.headers,
        payload: range,
      });
      expect(res.statusCode, res.body).toBe(200);
      // Every demo shift ends after noon: the 20th is left out for everyone, the 16th-19th stored.
      expect(res.json()).toMatchObject({ Employees: count, Days: count * 4, DaysNotOver: count });
      // Of the active employees (the first test's leaver keeps the days stored before it left).
      const storedDays = await t.db.withTenant(hr.tenantId, (tx) =>
        tx.query<{ date: string; n: number }>(
          `SELECT a.date::text AS date, count(*)::int AS n FROM attendance_days a
             JOIN employees e ON e.id = a.employee_id AND e.is_active
            WHERE a.company_id = $1 AND a.date BETWEEN '2026-11-16' AND '2026-11-20' GROUP BY a.date ORDER BY 1`,
          [companyId],
        ),
      );
      expect(storedDays.map((d) => d.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']);

      const view = await t.app.inject({
        method: 'POST',
        url: '/api/v1/timelogs/attendance',
        headers: hrThen.headers,
        payload: { DateFrom: '2026-11-20', DateTo: '2026-11-20', PageSize: 500 },
      });
      expect(view.statusCode, view.body).toBe(200);
      const today = view.json().Items as AttendanceDay[];
      expect(today.length).toBeGreaterThan(0);
      for (const d of today) expect(d).toMatchObject({ NotOver: true, Absent: false, UndertimeMinutes: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  // HR walkthrough: a hire of Dec 15 was listed in the week before it, every day empty (and would have read
  // Absent with a shift), while a leaver's last days vanished from the view though the store kept them.
  it('lists the employees employed in the range, and does not judge a day outside the employment', async () => {
    const range20 = { DateFrom: '2026-11-16', DateTo: '2026-11-20' };
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
                                separation_date, separation_reason, is_active, shift_id)
         SELECT e.tenant_id, e.company_id, v.number, 'Test', v.number, v.hired::date, v.left_on::date,
                CASE WHEN v.left_on IS NOT NULL THEN 'Resigned' END, v.left_on IS NULL, e.shift_id
           FROM employees e, (VALUES ('ATT-HIRED-18', '2026-11-18', NULL), ('ATT-HIRED-25', '2026-11-25', NULL),
                                     ('ATT-LEFT-17', '2020-01-01', '2026-11-17'),
                                     ('ATT-LEFT-10', '2020-01-01', '2026-11-10')) AS v(number, hired, left_on)
          WHERE e.employee_number = 'DM-0004'`,
      ),
    );
    // On the shift from a date before the range, so a day before the hire date would read Absent if judged.
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(
        `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id)
         SELECT tenant_id, id, DATE '2020-01-01', shift_id FROM employees WHERE employee_number LIKE 'ATT-%'`,
      ),
    );
    const view = await call('/api/v1/timelogs/attendance', { ...range20, PageSize: 500 });
    expect(view.statusCode, view.body).toBe(200);
    const days = view.json().Items as AttendanceDay[];
    const of = (number: string) => days.filter((d) => d.EmployeeNumber === number);
    expect(of('ATT-HIRED-25')).toEqual([]);
    expect(of('ATT-LEFT-10')).toEqual([]);
    expect(of('ATT-HIRED-18').map((d) => [d.Date, d.Employment, d.Absent])).toEqual([
      ['2026-11-16', 'NotYetHired', false],
      ['2026-11-17', 'NotYetHired', false],
      ['2026-11-18', 'Employed', true],
      ['2026-11-19', 'Employed', true],
      ['2026-11-20', 'Employed', true],
    ]);
    expect(of('ATT-LEFT-17').map((d) => [d.Date, d.Employment, d.Absent])).toEqual([
      ['2026-11-16', 'Employed', true],
      ['2026-11-17', 'Employed', true],
      ['2026-11-18', 'Separated', false],
      ['2026-11-19', 'Separated', false],
      ['2026-11-20', 'Separated', false],
    ]);
    expect(view.json().TotalCount).toBe(days.length);
    // The store keeps exactly the employed days the view shows.
    expect((await store()).statusCode).toBe(200);
    const kept = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ number: string; date: string }>(
        `SELECT e.employee_number AS number, a.date::text AS date FROM attendance_days a
           JOIN employees e ON e.id = a.employee_id WHERE e.employee_number LIKE 'ATT-%' ORDER BY 1, 2`,
      ),
    );
    expect(kept.map((k) => `${k.number} ${k.date}`)).toEqual([
      'ATT-HIRED-18 2026-11-18',
      'ATT-HIRED-18 2026-11-19',
      'ATT-HIRED-18 2026-11-20',
      'ATT-LEFT-17 2026-11-16',
      'ATT-LEFT-17 2026-11-17',
    ]);
  });

  // HR walkthrough: the default range reached into a finalised cut-off and the whole store was refused, so nothing
  // of the open days could be stored (nor, once a final pay was finalised, any day of its employee's cut-off).
  it("keeps the days a finalised period paid as they were, and stores the range's other days", async () => {
    const range3 = { DateFrom: '2026-11-16', DateTo: '2026-11-20' };
    expect((await call('/api/v1/timelogs/attendance/store', range3)).statusCode).toBe(200);
    // Any demo employee the store still takes: the first test's leaver is the second by (random) id.
    const [leaver] = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `SELECT id FROM employees WHERE company_id = $1 AND is_active AND employee_number LIKE 'DM-%'
          ORDER BY employee_number DESC LIMIT 1`,
        [companyId],
      ),
    );
    await insertPeriod((work) => t.db.withTenant(hr.tenantId, work), hr.tenantId, {
      companyId,
      name: 'Final pay check Nov 16-18',
      kind: 'FinalPay',
      start: '2026-11-16',
      end: '2026-11-18',
      status: 'Finalised',
      payslips: [{ employeeId: leaver!.id, payslip: semiMonthlySlip('2026-11-16', '2026-11-18') }],
    });
    const when = () =>
      t.db.withTenant(hr.tenantId, (tx) =>
        tx.query<{ employee_id: string; date: string; computed_at: string }>(
          // The employees the store takes (not the first test's leaver, whose old days stay).
          `SELECT a.employee_id, a.date::text AS date, a.computed_at::text AS computed_at FROM attendance_days a
             JOIN employees e ON e.id = a.employee_id AND (e.is_active OR e.separation_date >= '2026-11-16')
            WHERE a.company_id = $1 AND a.date BETWEEN '2026-11-16' AND '2026-11-20' ORDER BY 1, 2`,
          [companyId],
        ),
      );
    const before = await when();
    const res = await call('/api/v1/timelogs/attendance/store', range3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ DaysFinalised: 3, FinalisedPeriods: ['Final pay check Nov 16-18'] });
    const after = await when();
    expect(after.map((r) => [r.employee_id, r.date])).toEqual(before.map((r) => [r.employee_id, r.date]));
    for (const [i, row] of after.entries()) {
      const frozen = row.employee_id === leaver!.id && row.date <= '2026-11-18';
      expect(row.computed_at === before[i]!.computed_at, `${row.employee_id} ${row.date}`).toBe(frozen);
    }
  });
});
