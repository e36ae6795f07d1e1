/**
 * A finalised period freezes the punches and attendance it paid (migrations 0019, 0022) only when it pays
 * attendance: a Regular or FinalPay period. A 13th-month period's cut-off is the year; finalising it on
 * 23 December had frozen every punch of the year, so the December cut-offs could never get theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { PERIODS, payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
let worker: string;
const call = caller(() => t.app);
const { get, action, computedPeriod } = payrollApi(
  () => t,
  () => payroll,
);

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
  const [row] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ id: string }>(`SELECT id FROM employees WHERE employee_number = 'DM-0002'`),
  );
  worker = row!.id;
});
afterAll(() => t?.close());

describe('a finalised 13th-month period', () => {
  it('leaves the punches, attendance and requests of its year open', async () => {
    const thirteenth = await computedPeriod({
      Kind: 'ThirteenthMonth',
      Name: '13th month 2026',
      CutoffStart: '2026-01-01',
      CutoffEnd: '2026-12-15',
      PayDate: '2026-12-20',
    });
    const approved = await action(thirteenth, 'approve', (await get(thirteenth)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const finalised = await action(thirteenth, 'finalise', approved.json().RowVersion, 'frozen-13th');
    expect(finalised.statusCode, finalised.body).toBe(200);
    expect((await get(thirteenth)).Status).toBe('Finalised');

    const punch = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: worker,
      PunchedAt: '2026-06-10 08:00',
      Direction: 'In',
      Reason: 'Forgot to punch in',
    });
    expect(punch.statusCode, punch.body).toBe(201);
    const stored = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', {
      DateFrom: '2026-06-01',
      DateTo: '2026-06-15',
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const overtime = await call(hr, 'POST', '/api/v1/ot-requests', {
      EmployeeId: worker,
      Date: '2026-06-10',
      StartTime: '18:00',
      EndTime: '19:00',
      Reason: 'Month-end count',
    });
    expect(overtime.statusCode, overtime.body).toBe(201);
    // The period itself is still closed.
    const renamed = await call(payroll, 'PUT', `${PERIODS}/${thirteenth}`, {
      ...(await get(thirteenth)),
      Name: 'x',
    });
    expect(renamed.statusCode).toBe(409);
  });
});
