/**
 * What a payroll period tells payroll about the attendance it paid, through HTTP (PGlite by default, PostgreSQL on
 * request): a stored day with lateness but no hour of the shift worked no longer fails the payslip, attendance
 * anomalies and days of the cut-off never stored are named on the payslip, a period computed before HR stored the
 * attendance again, or before a request of its cut-off was approved, shows NeedsRecompute and cannot be approved,
 * and the stored year to date of basic pay includes the salary's floor. Every figure is worked by hand from
 * ../shared/ph-payroll/REFERENCE.md (the daily rate of a monthly salary: monthly × 12 / 261, §5.5).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PayrollPeriodListItem, PayslipDetail } from '@hrpay/contracts';
import {
  demoCompanyAndDayShift,
  hireOnDayShift,
  insertDayPunches,
  OCTOBER_2026_1ST_CUTOFF as OCTOBER,
  OCTOBER_2026_1ST_CUTOFF_WORKDAYS as OCTOBER_WORKDAYS,
} from './payroll-fixtures.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { amountOf, PERIODS, payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
let companyId: string;
let dayShift: string;

const call = caller(() => t.app);
const { get, action, compute, computedPeriod, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    ({ companyId, dayShift } = await demoCompanyAndDayShift(tx));
  });
});
afterAll(() => t?.close());
// Each test's period is its own (the same cut-off again): delete what a test left computed.
afterEach(async () => {
  const list = await call(payroll, 'POST', `${PERIODS}/list`, { PageSize: 500 });
  for (const p of list.json().Items as { Id: string; Status: string }[])
    if (p.Status === 'Draft' || p.Status === 'Computed')
      expect((await call(payroll, 'DELETE', `${PERIODS}/${p.Id}`)).statusCode).toBe(200);
});

/** A monthly-paid employee (26,100.00: 1,200.00 a day) on the Day Shift (08:00-17:00, rest Saturday, Sunday). */
async function employee(number: string, hire = '2025-01-06'): Promise<string> {
  return t.db.withTenant(payroll.tenantId, (tx) =>
    hireOnDayShift(tx, payroll.tenantId, companyId, dayShift, {
      number,
      firstName: number,
      lastName: 'Fix',
      rateType: 'Monthly',
      rate: 26100,
      hire,
    }),
  );
}

/** 08:00-17:00 punches on the dates (as a punch file brings them). */
async function fullDays(employeeId: string, dates: string[]) {
  await t.db.withTenant(payroll.tenantId, (tx) =>
    insertDayPunches(tx, payroll.tenantId, companyId, employeeId, dates),
  );
}

async function store(from: string, to: string) {
  const res = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', { DateFrom: from, DateTo: to });
  expect(res.statusCode, res.body).toBe(200);
}

const failures = (slip: PayslipDetail) => slip.Warnings.filter((w) => w.startsWith('Could not compute'));

async function listed(id: string): Promise<PayrollPeriodListItem> {
  const res = await call(payroll, 'POST', `${PERIODS}/list`, { PageSize: 500 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().Items as PayrollPeriodListItem[]).find((p) => p.Id === id)!;
}

describe('stored attendance into the payslip', () => {
  it('pays a day stored with lateness but no shift time as an absence, not a failed payslip', async () => {
    const worker = await employee('FX-0001');
    await fullDays(
      worker,
      OCTOBER_WORKDAYS.filter((d) => d !== '2026-10-05'),
    );
    await store('2026-10-01', '2026-10-15');
    // A day stored before the attendance store treated punches outside the shift as no work: 17:30-18:30, no
    // minute of the 08:00-17:00 shift, 480 minutes late, one hour of overtime not approved.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `UPDATE attendance_days SET worked_minutes = 0, late_minutes = 480, undertime_minutes = 0,
                overtime_minutes = 60, payable_overtime_minutes = 0, absent = false
          WHERE employee_id = $1 AND date = '2026-10-05'`,
        [worker],
      ),
    );
    const id = await computedPeriod(OCTOBER);
    const slip = await payslipOf(id, worker);
    expect(failures(slip)).toEqual([]);
    /*
     * Monthly 26,100.00: half a month 13,050.00; a day 26,100 × 12 / 261 = 1,200.00.
     * 5 October, a workday without an hour of the shift: an absence, −1,200.00 (Art. 88 no work, no pay).
     *   Gross 13,050.00 − 1,200.00 = 11,850.00
     */
    expect(amountOf(slip, 'BASIC')).toBe('13050.00');
    expect(amountOf(slip, 'ABSENT')).toBe('-1200.00');
    expect(slip.Gross).toBe('11850.00');
    expect(
      slip.Warnings.some((w) => w.includes('without any hour of the shift') && w.includes('2026-10-05')),
    ).toBe(true);
  });

  it('names the days with attendance anomalies on the payslip', async () => {
    const worker = await employee('FX-0002');
    await fullDays(
      worker,
      OCTOBER_WORKDAYS.filter((d) => d !== '2026-10-06'),
    );
    // A badge-in only on Tuesday 6 October.
    const res = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: worker,
      PunchedAt: '2026-10-06T08:02:00',
      Direction: 'In',
      Reason: 'badge in only',
    });
    expect(res.statusCode, res.body).toBe(201);
    await store('2026-10-01', '2026-10-15');
    const id = await computedPeriod(OCTOBER);
    const slip = await payslipOf(id, worker);
    expect(failures(slip)).toEqual([]);
    const warning = slip.Warnings.find((w) => w.startsWith('Attendance anomalies'));
    expect(warning, JSON.stringify(slip.Warnings)).toContain('Oct 6, 2026 (a single punch, no out punch');
    // The period counts the payslip among those with warnings, for payroll to look at before approving.
    expect((await get(id)).WarningCount).toBeGreaterThan(0);
  });

  it('warns when the stored attendance covers only part of the cut-off', async () => {
    const worker = await employee('FX-0003');
    await fullDays(worker, OCTOBER_WORKDAYS);
    // HR stored the attendance tab's default range, the first 7 days only.
    await store('2026-10-01', '2026-10-07');
    const id = await computedPeriod(OCTOBER);
    const slip = await payslipOf(id, worker);
    // Monday to Friday are the workdays of the divisor 261 (REFERENCE §5.5).
    expect(slip.Warnings).toContain(
      'Attendance not stored for 6 workday(s) of the cut-off: 2026-10-08 to 2026-10-09, 2026-10-12 to 2026-10-15 (paid as days present); HR must store the attendance of the whole cut-off (Time Logs, Attendance)',
    );
    await store('2026-10-01', '2026-10-15');
    await compute(id);
    const again = await payslipOf(id, worker);
    expect(again.Warnings.filter((w) => w.startsWith('Attendance not stored'))).toEqual([]);
  });
});

describe('a computed period whose attendance changed', () => {
  it('needs a compute again once HR stores the attendance of its cut-off again, and cannot be approved', async () => {
    const worker = await employee('FX-0004');
    await fullDays(worker, OCTOBER_WORKDAYS);
    await store('2026-10-01', '2026-10-15');
    const id = await computedPeriod(OCTOBER);
    const computed = await get(id);
    expect(computed).toMatchObject({ Status: 'Computed', NeedsRecompute: false });

    // Another cut-off's store leaves it alone.
    await store('2026-10-16', '2026-10-20');
    expect((await get(id)).NeedsRecompute).toBe(false);

    // HR corrects a punch and stores the cut-off again.
    await store('2026-10-05', '2026-10-09');
    const stale = await get(id);
    expect(stale).toMatchObject({ Status: 'Computed', NeedsRecompute: true, CanApprove: false });
    expect((await listed(id)).NeedsRecompute).toBe(true);
    const refused = await action(id, 'approve', stale.RowVersion);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('stored again after the period was computed');

    await compute(id);
    expect(await get(id)).toMatchObject({ Status: 'Computed', NeedsRecompute: false });
    expect((await listed(id)).NeedsRecompute).toBe(false);
  });

  it('needs a compute again once a request of its cut-off is approved, and warns until the days are stored again', async () => {
    const worker = await employee('FX-0005');
    await fullDays(
      worker,
      OCTOBER_WORKDAYS.filter((d) => d !== '2026-10-07'),
    );
    // Wednesday 7 October: 08:00-19:00.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source)
         VALUES ($1, $2, $3, '2026-10-07 08:00:00+08', 'In', 'Import'),
                ($1, $2, $3, '2026-10-07 19:00:00+08', 'Out', 'Import')`,
        [payroll.tenantId, companyId, worker],
      ),
    );
    await store('2026-10-01', '2026-10-15');
    const id = await computedPeriod(OCTOBER);
    expect((await get(id)).NeedsRecompute).toBe(false);

    const filed = await call(hr, 'POST', '/api/v1/ot-requests', {
      EmployeeId: worker,
      Date: '2026-10-07',
      StartTime: '17:00',
      EndTime: '19:00',
      Reason: 'Month-end inventory',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    // Filed, not decided: nothing changes for the payslips yet.
    expect((await get(id)).NeedsRecompute).toBe(false);
    const approved = await call(hr, 'POST', `/api/v1/ot-requests/${filed.json().RequestId}/approve`, {
      RowVersion: filed.json().RowVersion,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const stale = await get(id);
    expect(stale).toMatchObject({ NeedsRecompute: true, CanApprove: false });
    expect((await listed(id)).NeedsRecompute).toBe(true);
    const refused = await action(id, 'approve', stale.RowVersion);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('request of this cut-off was approved or cancelled');

    // Computed again without storing: the stored 7 October has no approved overtime, and the payslip says so.
    await compute(id);
    expect((await get(id)).NeedsRecompute).toBe(false);
    const slip = await payslipOf(id, worker);
    expect(amountOf(slip, 'OT_ORD')).toBeUndefined();
    expect(
      slip.Warnings.some(
        (w) =>
          w.startsWith('Attendance stored before a request changed') &&
          w.includes('the overtime request of 2026-10-07 was approved'),
      ),
      JSON.stringify(slip.Warnings),
    ).toBe(true);

    // Stored again: the overtime is paid, the warning gone. 2 h × 150.00 × 125% = 375.00 (Art. 87; hourly rate
    // 1,200.00 / 8).
    await store('2026-10-07', '2026-10-07');
    await compute(id);
    const paid = await payslipOf(id, worker);
    expect(amountOf(paid, 'OT_ORD')).toBe('375.00');
    expect(paid.Warnings.filter((w) => w.startsWith('Attendance stored before a request changed'))).toEqual(
      [],
    );
  });
});

describe('the year to date a payslip stores', () => {
  it("includes the salary's floor in the basic pay earned", async () => {
    // Hired Thursday 17 September 2026, monthly 26,100.00 (1,200.00 a day). 16-30 September has 11 workdays.
    const hire = await employee('FX-0006', '2026-09-17');
    const id = await computedPeriod({
      Name: 'September 2026 2nd cut-off',
      CutoffStart: '2026-09-16',
      CutoffEnd: '2026-09-30',
      PayDate: '2026-10-05',
    });
    const slip = await payslipOf(id, hire);
    expect(failures(slip)).toEqual([]);
    /*
     * Half a month 13,050.00 less Wednesday 16 September before the hire, 1,200.00 = 11,850.00; the 10 workdays
     * of employment at the daily rate are 12,000.00: the floor pays 150.00 more as basic pay. The first payslip of
     * the employee's year: year to date = this period = 12,000.00.
     */
    const floor = slip.Lines.filter(
      (l) => l.Code === 'BASIC' && l.Description.startsWith('Days of employment'),
    );
    expect(floor.map((l) => l.Amount)).toEqual(['150.00']);
    const result = slip.Result as {
      thisPeriod: { basicSalaryEarned: string };
      ytd: { basicSalaryEarned: string };
    };
    expect(result.thisPeriod.basicSalaryEarned).toBe('12000.00');
    expect(result.ytd.basicSalaryEarned).toBe('12000.00');
  });
});
