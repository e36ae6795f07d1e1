/**
 * Monetised unused leave through HTTP (PGlite by default, PostgreSQL on request):
 * - a final pay's cash conversion of unused SIL (SIL-CASH) is a de minimis benefit, monetised unused leave,
 *   exempt up to 10 days' pay a year (12 from 6 January 2026, RR 29-2025; REFERENCE §4.5), its excess into the
 *   90,000 bucket (RMC 50-2018, §4.3), not 13th month and other benefits from its first peso;
 * - the unused SIL the leave accrual converts to cash on 1 January (ledger kind CashConversion, days negative)
 *   is paid by the first regular payroll whose cut-off ends on or after it (or the final pay), once: finalising
 *   records the payslip that paid it, and no later payroll pays it again.
 *
 * Every employee here earns 26,100 a month: the daily rate is 26,100 × 12 / 261 = 1,200.00 (REFERENCE §5.5).
 * YEAR (hired 1 March 2024) has 3 unused SIL days of 2025; LEAVER (hired the same day) too, and 12 SIL days in
 * 2026 (the 5-day grant of 1 March 2026 and 7 days more by company policy), separated on 10 June 2026.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayslipDetail } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi, PERIODS } from './payroll-api.js';
import { insertMonthlyEmployee, insertWorkdays } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
let companyId: string;
let year: string;
let leaver: string;
let birthday: string;
/** Regular, 1-15 January 2026. */
let january: string;

const call = caller(() => t.app);
const {
  get,
  action,
  compute,
  payslipOf,
  approveAndFinalise: finalise,
} = payrollApi(
  () => t,
  () => payroll,
);
const line = (slip: PayslipDetail, code: string) => slip.Lines.find((l) => l.Code === code);
const sssCompensation = (slip: PayslipDetail) =>
  (slip.Result!.contributionBases as { sssCompensation: string }).sssCompensation;
const thisPeriod = (slip: PayslipDetail) =>
  slip.Result!.thisPeriod as { benefitsReceived: string; deMinimis: Record<string, string> };
const cents = (v: string) => Math.round(Number(v) * 100);
const sql = <R>(text: string, params: unknown[] = []) =>
  t.db.withTenant(payroll.tenantId, (tx) => tx.query<R & Record<string, unknown>>(text, params));

/** The CashConversion entries of an employee, with the payslip recorded as having paid each. */
const conversions = (employeeId: string) =>
  sql<{ days: string; source_key: string; payslip_id: string | null }>(
    `SELECT l.days::text AS days, l.source_key, p.payslip_id
       FROM leave_ledger l LEFT JOIN leave_cash_payments p ON p.tenant_id = l.tenant_id AND p.leave_ledger_id = l.id
      WHERE l.employee_id = $1 AND l.kind = 'CashConversion' ORDER BY l.entry_date`,
    [employeeId],
  );

async function createPeriod(body: object): Promise<string> {
  const created = await call(payroll, 'POST', PERIODS, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().Id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
    const employee = async (number: string, first: string, separation: string | null) => {
      const [e] = await tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
                separation_date, separation_reason, rate_type, basic_rate, tin, sss_number, philhealth_number,
                pagibig_number, bank_name, bank_account_number)
         VALUES ($1, $2, $3, $4, 'Leaveconv', DATE '2024-03-01', $5::date, CASE WHEN $5::date IS NOT NULL THEN 'Resigned' END,
                 'Monthly', 26100, '123-456-789-000', '34-1234567-8', '12-345678901-2', '1234-5678-9012',
                 'BDO Unibank', '0012999903' || right($3, 2)) RETURNING id`,
        [payroll.tenantId, companyId, number, first, separation],
      );
      await tx.query(
        `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
         VALUES ($1, $2, $3, DATE '2024-03-01', 'Monthly', 26100)`,
        [payroll.tenantId, companyId, e!.id],
      );
      // 3 SIL days granted on the 2025 anniversary, none used.
      await tx.query(
        `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days, source_key)
         SELECT $1, $2, $3, id, DATE '2025-03-01', 'Grant', 3, 'grant:2025' FROM leave_types
          WHERE company_id = $2 AND code = 'SIL'`,
        [payroll.tenantId, companyId, e!.id],
      );
      await insertWorkdays(tx, payroll.tenantId, companyId, e!.id, '2026-01-01', '2026-01-31');
      return e!.id;
    };
    year = await employee('LC-0001', 'Yolanda', null);
    leaver = await employee('LC-0002', 'Leon', '2026-06-10');
    await insertWorkdays(tx, payroll.tenantId, companyId, leaver, '2026-06-01', '2026-06-10');
  });
  // The leave accrual's run on 5 January 2026 converts 2025's unused SIL to cash (carry-over cap 0,
  // convertible): −3 days each, dated 1 January 2026 (leave repository runAccrual).
  const run = await call(hr, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf: '2026-01-05' });
  expect(run.statusCode, run.body).toBe(200);
  for (const id of [year, leaver])
    expect(await conversions(id)).toEqual([{ days: '-3.00', source_key: 'expiry:2025', payslip_id: null }]);
  // BIRTHDAY (hired the same day) had a company birthday leave, convertible to cash: 2 unused days of 2025 converted
  // on 1 January 2026 (as the accrual records a conversion). Not vacation leave, so not de minimis.
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    birthday = await insertMonthlyEmployee(tx, payroll.tenantId, companyId, {
      number: 'LC-0003',
      firstName: 'Bea',
      lastName: 'Leaveconv',
      hire: '2024-03-01',
      rate: 26100,
      account: '001299990303',
      worked: ['2026-01-01', '2026-01-31'],
    });
    await tx.query(
      `INSERT INTO leave_types (tenant_id, company_id, code, name, grant_rule, annual_days, convertible_to_cash)
       VALUES ($1, $2, 'BL', 'Birthday Leave', 'Yearly', 2, true)`,
      [payroll.tenantId, companyId],
    );
    await tx.query(
      `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days, reason,
                                 source_key)
       SELECT $1, $2, $3, id, DATE '2026-01-01', k.kind, k.days, k.reason, k.source_key FROM leave_types
        CROSS JOIN (VALUES (DATE '2025-03-01', 'Grant', 2, NULL, 'grant:2025'),
                           (DATE '2026-01-01', 'CashConversion', -2, 'Unused days of 2025 converted to cash',
                            'expiry:2025')) AS k(entry_date, kind, days, reason, source_key)
        WHERE company_id = $2 AND code = 'BL'`,
      [payroll.tenantId, companyId, birthday],
    );
  });

  january = await createPeriod({
    Kind: 'Regular',
    Name: 'January 1-15 2026 (leave cash)',
    CutoffStart: '2026-01-01',
    CutoffEnd: '2026-01-15',
    PayDate: '2026-01-20',
  });
  expect(await compute(january)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
});
afterAll(() => t?.close());

describe('unused SIL converted to cash at the year start', () => {
  it('is paid by the first regular payroll after it, as de minimis monetised leave', async () => {
    const s = await payslipOf(january, year);
    // 3 days × 1,200.00 = 3,600.00; within 12 days' pay (14,400.00, RR 29-2025 from 6 January 2026): all exempt.
    expect(line(s, 'LEAVE-CONV')).toMatchObject({
      Amount: '3600.00',
      Taxable: false,
      Description: 'Service Incentive Leave: Unused days of 2025 converted to cash, 3 day(s) (de minimis)',
    });
    // Half of 26,100 = 13,050.00 of salary, plus 3,600.00.
    expect(s.Gross).toBe('16650.00');
    // Not SSS compensation: the salary's half projected to the month ('equal' split), 26,100.00.
    expect(sssCompensation(s)).toBe('26100.00');
    expect(thisPeriod(s).deMinimis).toEqual({ monetizedVacationLeaveDays: '3600.00' });
    expect(thisPeriod(s).benefitsReceived).toBe('0.00');
    expect(s.Result!.leaveCashConversions).toEqual([
      { LedgerId: expect.any(String), Code: 'LEAVE-CONV', Days: '3', Amount: '3600.00' },
    ]);
  });

  it('of a convertible type other than vacation leave is an other benefit of the 90,000 bucket, not de minimis', async () => {
    const s = await payslipOf(january, birthday);
    // 2 days × 1,200.00 = 2,400.00, exempt only as part of the 90,000 bucket (RR 11-2018; REFERENCE §4.5).
    expect(line(s, 'LEAVE-CONV')).toMatchObject({ Amount: '2400.00', Taxable: false });
    expect(s.Gross).toBe('15450.00');
    expect(thisPeriod(s).deMinimis).toEqual({});
    expect(thisPeriod(s).benefitsReceived).toBe('2400.00');
    expect(s.Result!.leaveCashConversions).toEqual([
      { LedgerId: expect.any(String), Code: 'LEAVE-CONV', Days: '2', Amount: '2400.00' },
    ]);
  });

  it('is not paid by a payroll whose cut-off ends before the entry', async () => {
    const december = await createPeriod({
      Kind: 'Regular',
      Name: 'December 16-31 2025 (leave cash)',
      CutoffStart: '2025-12-16',
      CutoffEnd: '2025-12-31',
      PayDate: '2025-12-29',
    });
    expect(await compute(december)).toMatchObject({ Status: 'Computed' });
    expect(line(await payslipOf(december, year), 'LEAVE-CONV')).toBeUndefined();
    const removed = await call(payroll, 'DELETE', `${PERIODS}/${december}`);
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('is recorded as paid on finalise, once; a later payroll does not pay it again', async () => {
    // The leaver's payslip is excluded here: their conversion stays unpaid (the final pay pays it, below).
    const leaverSlip = await payslipOf(january, leaver);
    expect(line(leaverSlip, 'LEAVE-CONV')?.Amount).toBe('3600.00');
    const excluded = await call(payroll, 'POST', `${PERIODS}/payslips/${leaverSlip.Id}/exclude`, {});
    expect(excluded.statusCode, excluded.body).toBe(200);

    // Paid by another payslip meanwhile (here: recorded by hand against someone else's): finalise refuses.
    const other = (
      await sql<{ id: string }>(
        `SELECT id FROM payslips WHERE payroll_period_id = $1 AND employee_id <> $2 LIMIT 1`,
        [january, year],
      )
    )[0]!.id;
    const [entry] = await sql<{ id: string }>(
      `SELECT id FROM leave_ledger WHERE employee_id = $1 AND kind = 'CashConversion'`,
      [year],
    );
    await sql(
      `INSERT INTO leave_cash_payments (tenant_id, leave_ledger_id, payslip_id) VALUES ($1, $2, $3)`,
      [payroll.tenantId, entry!.id, other],
    );
    const refused = await finalise(january, 'finalise-january-refused');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('which another finalised payroll has paid');
    await t.testDb.ownerExec(`DELETE FROM leave_cash_payments WHERE leave_ledger_id = '${entry!.id}'`);
    await action(january, 'return-to-draft', (await get(january)).RowVersion);

    const done = await finalise(january, 'finalise-january');
    expect(done.statusCode, done.body).toBe(200);
    const paidBy = (await payslipOf(january, year)).Id;
    expect(await conversions(year)).toEqual([
      { days: '-3.00', source_key: 'expiry:2025', payslip_id: paidBy },
    ]);
    expect(await conversions(leaver)).toEqual([
      { days: '-3.00', source_key: 'expiry:2025', payslip_id: null },
    ]);

    // The next cut-off: the entry is paid, no second LEAVE-CONV.
    const second = await createPeriod({
      Kind: 'Regular',
      Name: 'January 16-31 2026 (leave cash)',
      CutoffStart: '2026-01-16',
      CutoffEnd: '2026-01-31',
      PayDate: '2026-02-05',
    });
    expect(await compute(second)).toMatchObject({ Status: 'Computed' });
    const next = await payslipOf(second, year);
    expect(line(next, 'LEAVE-CONV')).toBeUndefined();
    expect(next.Gross).toBe('13050.00');
    // (The leaver's unpaid entry is paid here too; this period is removed so the final pay below pays it.)
    expect(line(await payslipOf(second, leaver), 'LEAVE-CONV')?.Amount).toBe('3600.00');
    expect((await call(payroll, 'DELETE', `${PERIODS}/${second}`)).statusCode).toBe(200);
  });
});

describe("a final pay's cash conversion of unused SIL", () => {
  it('is de minimis monetised leave up to 12 days a year, the excess into the 90,000 bucket', async () => {
    // 2026 SIL: the 5-day anniversary grant and 7 days more: a balance of 3 − 3 + 5 + 7 = 12 days.
    await sql(
      `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days, reason,
                                 source_key)
       SELECT $1::uuid, $2::uuid, $3::uuid, id, DATE '2026-03-01', k.kind, k.days, k.reason, k.source_key
         FROM leave_types
        CROSS JOIN (VALUES ('Grant', 5, NULL, 'grant:2026'), ('Adjustment', 7, 'Company policy: 12 days', NULL))
                   AS k(kind, days, reason, source_key)
        WHERE company_id = $2::uuid AND code = 'SIL'`,
      [payroll.tenantId, companyId, leaver],
    );
    const finalPay = await createPeriod({
      Kind: 'FinalPay',
      Name: 'Final pay June 2026 (leave cash)',
      CutoffStart: '2026-06-01',
      CutoffEnd: '2026-06-10',
      PayDate: '2026-06-30',
      EmployeeIds: [leaver],
    });
    expect(await compute(finalPay)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
    const s = await payslipOf(finalPay, leaver);
    // The year-start conversion no payroll paid: 3 × 1,200.00 = 3,600.00, de minimis (first of the kind).
    expect(line(s, 'LEAVE-CONV')).toMatchObject({ Amount: '3600.00', Taxable: false });
    // SIL-CASH: 12 days × 1,200.00 = 14,400.00. The year's ceiling is 12 days' pay = 14,400.00, of which the
    // conversion used 3,600.00: 10,800.00 exempt de minimis, 14,400 − 10,800 = 3,600.00 into the 90,000 bucket
    // (exempt there too: the bucket holds only the 13th month and this).
    expect(line(s, 'SIL-CASH')).toMatchObject({
      Amount: '10800.00',
      Taxable: false,
      Description: 'Unused service incentive leave, 12 day(s) (de minimis)',
    });
    expect(line(s, 'SIL-CASH_EXCESS')).toMatchObject({ Amount: '3600.00', Taxable: false });
    const thirteenth = line(s, '13TH')!;
    expect(thisPeriod(s).benefitsReceived).toBe(((cents(thirteenth.Amount) + 360_000) / 100).toFixed(2));
    // 3,600.00 + 14,400.00 of monetised leave this year, for later payslips' ceiling.
    expect(thisPeriod(s).deMinimis).toEqual({ monetizedVacationLeaveDays: '18000.00' });

    const done = await finalise(finalPay, 'finalise-final-pay-leave-cash');
    expect(done.statusCode, done.body).toBe(200);
    // Both conversions paid by the final pay's payslip, each once: the year-start one (LEAVE-CONV) and the
    // final pay's own 12 days (SIL-CASH, posted on finalise); the SIL balance is 0.
    expect(await conversions(leaver)).toEqual([
      { days: '-3.00', source_key: 'expiry:2025', payslip_id: s.Id },
      { days: '-12.00', source_key: `final-pay:${finalPay}`, payslip_id: s.Id },
    ]);
    const [balance] = await sql<{ days: string }>(
      `SELECT sum(l.days)::text AS days FROM leave_ledger l JOIN leave_types t ON t.id = l.leave_type_id
        WHERE l.employee_id = $1 AND t.code = 'SIL'`,
      [leaver],
    );
    expect(Number(balance!.days)).toBe(0);
  });
});
