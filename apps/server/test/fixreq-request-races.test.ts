/**
 * Sweep item 1 (sweephostile): parallel filings of one request must not all pass the overlap check, and overlapping
 * approved overtime (duplicates stored before filings took turns) is paid once. Through HTTP; the races need
 * PostgreSQL (HRPAY_TEST_DB=postgres) to run in parallel: PGlite has one connection and serialises them anyway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type LeaveType, type PayslipDetail } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';

let t: TestApp;
let hr: Session;
let payroll: Session;
let companyId: string;
let dayShift: string;
let types: Record<string, string>;

const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  payroll = await signIn(t.app, demo.payroll);
  await t.db.withTenant(hr.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'hr@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
    const [s] = await tx.query<{ id: string }>(
      `SELECT id FROM shifts WHERE company_id = $1 AND name = 'Day Shift'`,
      [companyId],
    );
    dayShift = s!.id;
  });
  const list = await call(hr, 'POST', '/api/v1/leave-types/list', { PageSize: 100 });
  types = Object.fromEntries((list.json().Items as LeaveType[]).map((x) => [x.Code, x.LeaveTypeId]));
});
afterAll(() => t?.close());

/** An employee on the Day Shift (08:00-17:00, one-hour break, rest days Saturday and Sunday), paid 600 a day. */
async function employee(number: string): Promise<string> {
  return t.db.withTenant(hr.tenantId, async (tx) => {
    const hire = '2025-01-06';
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, is_active,
              rate_type, basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name,
              bank_account_number, shift_id)
       VALUES ($1, $2, $3, $3, 'Race', $4, true, 'Daily', 600, '123-456-789-000', '34-1234567-8', '12-345678901-2',
               '1234-5678-9012', 'BDO Unibank', '001299990301', $5)
       RETURNING id`,
      [hr.tenantId, companyId, number, hire, dayShift],
    );
    await tx.query(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
       VALUES ($1, $2, $3, $4, 'Daily', 600)`,
      [hr.tenantId, companyId, e!.id, hire],
    );
    await tx.query(
      `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id, rest_days)
       VALUES ($1, $2, $3, $4, '{0,6}')`,
      [hr.tenantId, e!.id, hire, dayShift],
    );
    return e!.id;
  });
}

/** Four identical filings at once: exactly one is stored, the others answer 409 with `type`. */
async function race(url: string, body: object, type: string = ProblemTypes.overlap) {
  const answers = await Promise.all([1, 2, 3, 4].map(() => call(hr, 'POST', url, body)));
  const codes = answers.map((a) => a.statusCode).sort();
  expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409, 409]);
  for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().type).toBe(type);
  return answers.find((a) => a.statusCode === 201)!.json();
}

const stored = (employeeId: string, kind: string) =>
  t.db.withTenant(hr.tenantId, (tx) =>
    tx.query(`SELECT id FROM time_requests WHERE employee_id = $1 AND kind = $2`, [employeeId, kind]),
  );

describe('parallel filings of one request', () => {
  let worker: string;
  beforeAll(async () => {
    worker = await employee('FX-0001');
  });

  it('store one overtime request; the rest overlap it', async () => {
    // Tuesday 20 October 2026 (the sweep: 4 of 4 stored in 11 trials of 12, then all approved and paid).
    await race('/api/v1/ot-requests', {
      EmployeeId: worker,
      Date: '2026-10-20',
      StartTime: '18:00',
      EndTime: '21:00',
      Reason: 'race',
    });
    expect(await stored(worker, 'Overtime')).toHaveLength(1);
  });

  it('store one undertime request; the rest overlap it', async () => {
    await race('/api/v1/ut-requests', {
      EmployeeId: worker,
      Date: '2026-10-21',
      TimeLeaving: '15:00',
      Reason: 'race',
    });
    expect(await stored(worker, 'Undertime')).toHaveLength(1);
  });

  it('store one leave without pay request; the rest overlap it', async () => {
    // Leave without pay keeps no balance: nothing but the overlap check stands in the way.
    await race('/api/v1/leave-requests', {
      EmployeeId: worker,
      LeaveTypeId: types.LWOP,
      DateFrom: '2026-10-22',
      DateTo: '2026-10-23',
      Reason: 'race',
    });
    expect(await stored(worker, 'Leave')).toHaveLength(1);
  });

  it('lets only one of two parallel leave filings take the last day of a balance', async () => {
    const worker = await employee('FX-0002');
    const adjusted = await call(hr, 'POST', '/api/v1/leave-credits/adjustments', {
      EmployeeId: worker,
      LeaveTypeId: types.VL,
      Days: 1,
      Reason: 'Test opening balance',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const answers = await Promise.all(
      ['2026-10-26', '2026-10-27'].map((date) =>
        call(hr, 'POST', '/api/v1/leave-requests', {
          EmployeeId: worker,
          LeaveTypeId: types.VL,
          DateFrom: date,
          DateTo: date,
          Reason: 'race',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().type).toBe(ProblemTypes.insufficientBalance);
  });
});

describe('overlapping approved overtime', () => {
  const { computedPeriod, payslipOf } = payrollApi(
    () => t,
    () => payroll,
  );

  it('is paid once, as the union of its spans, in attendance and on the payslip', async () => {
    const worker = await employee('FX-0003');
    // Tuesday 20 October 2026: 08:00 to 22:00; overtime 18:00-21:00 filed and approved.
    for (const [time, direction] of [
      ['08:00', 'In'],
      ['22:00', 'Out'],
    ]) {
      const res = await call(hr, 'POST', '/api/v1/timelogs', {
        EmployeeId: worker,
        PunchedAt: `2026-10-20T${time}:00`,
        Direction: direction,
        Reason: 'Test',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const filed = await call(hr, 'POST', '/api/v1/ot-requests', {
      EmployeeId: worker,
      Date: '2026-10-20',
      StartTime: '18:00',
      EndTime: '21:00',
      Reason: 'Month-end inventory',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const approved = await call(hr, 'POST', `/api/v1/ot-requests/${filed.json().RequestId}/approve`, {
      RowVersion: 1,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // What parallel filings stored before they took turns: an approved copy of it, and one reaching to 21:30.
    await t.db.withTenant(hr.tenantId, async (tx) => {
      for (const end of ['21:00', '21:30']) {
        await tx.query(
          `INSERT INTO time_requests (tenant_id, company_id, kind, employee_id, date_from, date_to, starts_at, ends_at,
                  minutes, reason, status, filed_by_user_id, decided_by_user_id, decided_at)
           SELECT tenant_id, company_id, kind, employee_id, date_from, date_to, $2::timestamptz, $3::timestamptz,
                  minutes, reason, status, filed_by_user_id, decided_by_user_id, decided_at
             FROM time_requests WHERE id = $1`,
          [filed.json().RequestId, '2026-10-20T20:00:00+08:00', `2026-10-20T${end}:00+08:00`],
        );
      }
    });
    const day = await call(hr, 'POST', '/api/v1/timelogs/attendance', {
      DateFrom: '2026-10-20',
      DateTo: '2026-10-20',
      EmployeeId: worker,
    });
    expect(day.statusCode, day.body).toBe(200);
    // Worked after the shift: 17:00-22:00 = 300 minutes; approved: 18:00-21:00, 20:00-21:00, 20:00-21:30, whose
    // union is 18:00-21:30 = 210 minutes (they added up to 330).
    expect(day.json().Items[0]).toMatchObject({ OvertimeMinutes: 300, PayableOvertimeMinutes: 210 });

    const stored = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', {
      DateFrom: '2026-10-16',
      DateTo: '2026-10-31',
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const id = await computedPeriod({
      Name: 'October 2026 2nd cut-off',
      CutoffStart: '2026-10-16',
      CutoffEnd: '2026-10-31',
      PayDate: '2026-11-05',
    });
    const slip: PayslipDetail = await payslipOf(id, worker);
    // 600 a day, 8 hours: 75.00 an hour; overtime on an ordinary day at 125%: 3.5 x 75.00 x 1.25 = 328.125.
    const ot = slip.Lines.find((l) => l.Code === 'OT_ORD');
    expect(ot).toMatchObject({ Quantity: 3.5, Amount: '328.13' });
  });
});
