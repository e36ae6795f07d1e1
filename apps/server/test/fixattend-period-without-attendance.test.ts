/**
 * The period detail counts the payslips computed without any stored attendance day in the cut-off (the web's
 * period page warns payroll with it): through HTTP, payroll computes a cut-off HR has not stored, then HR stores
 * it and payroll computes again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ATTENDANCE_WARNING, type PayslipListItem } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { PERIODS, payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
const call = caller(() => t.app);
const { get, compute, computedPeriod } = payrollApi(
  () => t,
  () => payroll,
);

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
});
afterAll(() => t?.close());

async function payslips(id: string): Promise<PayslipListItem[]> {
  const res = await call(payroll, 'POST', `${PERIODS}/${id}/payslips/list`, { PageSize: 500 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Items;
}

describe('a period computed without stored attendance', () => {
  it('says how many payslips have no attendance, and none once HR stores the cut-off', async () => {
    // Past days: a day not over yet is not stored.
    const cutoff = { CutoffStart: '2025-03-01', CutoffEnd: '2025-03-15', PayDate: '2025-03-20' };
    const created = await call(payroll, 'POST', PERIODS, {
      Kind: 'Regular',
      Name: 'March 2025 1st',
      ...cutoff,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().WithoutAttendance).toBe(0);
    const id = created.json().Id as string;

    await compute(id);
    const computed = await get(id);
    const paid = (await payslips(id)).filter((s) => s.Status !== 'Excluded');
    expect(paid.length).toBeGreaterThan(1);
    expect(paid.every((s) => s.Warnings.includes(NO_ATTENDANCE_WARNING))).toBe(true);
    expect(computed.WithoutAttendance).toBe(paid.length);

    const stored = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', {
      DateFrom: cutoff.CutoffStart,
      DateTo: cutoff.CutoffEnd,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    // The count is the computed payslips': it stays until payroll computes again.
    expect((await get(id)).WithoutAttendance).toBe(paid.length);
    await compute(id);
    expect((await get(id)).WithoutAttendance).toBe(0);
    expect((await payslips(id)).some((s) => s.Warnings.includes(NO_ATTENDANCE_WARNING))).toBe(false);
  });

  it('does not count a period that reads no attendance (13th month)', async () => {
    const id = await computedPeriod({
      Kind: 'ThirteenthMonth',
      Name: '13th month 2028',
      CutoffStart: '2028-01-01',
      CutoffEnd: '2028-12-15',
      PayDate: '2028-12-20',
    });
    expect((await get(id)).WithoutAttendance).toBe(0);
  });

  it('is accepted back, unchanged, on an update of the period', async () => {
    const created = await call(payroll, 'POST', PERIODS, {
      Kind: 'Regular',
      Name: 'April 2027 1st',
      CutoffStart: '2027-04-01',
      CutoffEnd: '2027-04-15',
      PayDate: '2027-04-20',
    });
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await call(payroll, 'PUT', `${PERIODS}/${created.json().Id}`, {
      ...created.json(),
      Name: 'April 2027 first cut-off',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
