/**
 * A final pay converts to cash the unused days of every leave type the company made convertible (its policy), not
 * of service incentive leave alone: before, a leaver's 4 unused vacation days of a convertible type were never
 * paid. Each type has its own line, finalising takes each off its balance (checked against the balance then), and
 * a type that is not convertible stays unpaid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes } from '@hrpay/contracts';
import { pdfText } from '../../../e2e/tests/pdf-text.js';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';
import { insertMonthlyEmployee } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let companyId: string;
let leaver: string;
let periodId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(payroll.tenantId, work);
const { get, action, compute, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);

/** The leaver's balance of each leave type by code. */
const balances = () =>
  asTenant(async (tx) =>
    Object.fromEntries(
      (
        await tx.query<{ code: string; days: string }>(
          `SELECT t.code, coalesce(sum(l.days), 0)::text AS days FROM leave_types t
             LEFT JOIN leave_ledger l ON l.tenant_id = t.tenant_id AND l.leave_type_id = t.id AND l.employee_id = $1
            WHERE t.company_id = $2 AND t.code IN ('SIL', 'VL', 'SL', 'BL') GROUP BY t.code`,
          [leaver, companyId],
        )
      ).map((r) => [r.code, Number(r.days)]),
    ),
  );

const ledger = (code: string, days: number, key: string) =>
  asTenant((tx) =>
    tx.query(
      `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days, reason, source_key)
       SELECT $1, $2, $3, id, DATE '2026-03-01', 'Adjustment', $5, 'Test balance', $6 FROM leave_types WHERE company_id = $2 AND code = $4`,
      [payroll.tenantId, companyId, leaver, code, days, key],
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  await asTenant(async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
    leaver = await insertMonthlyEmployee(tx, payroll.tenantId, companyId, {
      number: 'CV-0001',
      firstName: 'Vina',
      lastName: 'Leaver',
      hire: '2024-03-01',
      separation: '2026-06-10',
      rate: 30000,
      account: '001299990201',
      worked: ['2026-06-01', '2026-06-10'],
    });
    // The company's policy: unused vacation leave is converted to cash; sick leave is not.
    await tx.query(
      `UPDATE leave_types SET convertible_to_cash = true WHERE company_id = $1 AND code = 'VL'`,
      [companyId],
    );
    // And a birthday leave of its own, convertible too: not vacation leave, so not de minimis.
    await tx.query(
      `INSERT INTO leave_types (tenant_id, company_id, code, name, grant_rule, annual_days, convertible_to_cash)
       VALUES ($1, $2, 'BL', 'Birthday Leave', 'Yearly', 1, true)`,
      [payroll.tenantId, companyId],
    );
  });
  await ledger('SIL', 3, 'grant:sil');
  await ledger('VL', 4, 'grant:vl');
  await ledger('SL', 5, 'grant:sl');
  await ledger('BL', 1, 'grant:bl');

  const created = await call(payroll, 'POST', '/api/v1/payroll-periods', {
    Kind: 'FinalPay',
    Name: 'Final pay CV-0001',
    CutoffStart: '2026-06-01',
    CutoffEnd: '2026-06-10',
    PayDate: '2026-06-30',
    EmployeeIds: [leaver],
  });
  expect(created.statusCode, created.body).toBe(201);
  periodId = created.json().Id;
  expect(await compute(periodId)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
});
afterAll(() => t?.close());

describe('final pay of unused leave convertible to cash', () => {
  it('pays SIL and each convertible type at the daily rate, not a type that is not convertible', async () => {
    const slip = await payslipOf(periodId, leaver);
    const cash = slip.Lines.filter((l) => l.Code.startsWith('SIL-CASH') || l.Code.startsWith('LEAVE-CASH'));
    // Daily rate 30,000 × 12 / 261 = 1,379.31: SIL 3 days 4,137.93; vacation leave 4 days 5,517.24.
    // Birthday leave 1 day 1,379.31, not de minimis: an other benefit (the 90,000 exclusion), not taxable here.
    expect(cash.map((l) => [l.Code, l.Description, l.Amount, l.Taxable])).toEqual([
      ['SIL-CASH', 'Unused service incentive leave, 3 day(s) (de minimis)', '4137.93', false],
      ['LEAVE-CASH-2', 'Unused vacation leave, 4 day(s) (de minimis)', '5517.24', false],
      ['LEAVE-CASH', 'Unused birthday leave, 1 day(s)', '1379.31', false],
    ]);
    expect((slip.Result as { benefitCodes?: string[] }).benefitCodes).toContain('LEAVE-CASH');
    expect((slip.Result as { benefitCodes?: string[] }).benefitCodes).not.toContain('LEAVE-CASH-2');
    expect(slip.Lines.some((l) => /sick/i.test(l.Description))).toBe(false);
  });

  it('refuses to finalise when a converted balance changed since the compute', async () => {
    const approved = await action(periodId, 'approve', (await get(periodId)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    await ledger('VL', 1, 'late-grant');
    const refused = await action(periodId, 'finalise', approved.json().RowVersion, 'cv-finalise-1');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ type: ProblemTypes.invalidState });
    expect(refused.json().detail).toBe(
      'The payslip of CV-0001 converts 4 unused vacation leave day(s) to cash, but the vacation leave balance is 5 day(s) now; return the period for changes and compute it again.',
    );
    expect(await balances()).toEqual({ SIL: 3, VL: 5, SL: 5, BL: 1 });
    await ledger('VL', -1, 'late-grant-undone');
  });

  it('takes each converted type off its balance on finalising, and the certificate names the leave converted', async () => {
    const done = await action(periodId, 'finalise', (await get(periodId)).RowVersion, 'cv-finalise-2');
    expect(done.statusCode, done.body).toBe(200);
    expect(await balances()).toEqual({ SIL: 0, VL: 0, SL: 5, BL: 0 });
    const entries = await asTenant((tx) =>
      tx.query<{ code: string; days: string }>(
        `SELECT t.code, l.days::text FROM leave_ledger l JOIN leave_types t ON t.tenant_id = l.tenant_id AND t.id = l.leave_type_id
          WHERE l.employee_id = $1 AND l.kind = 'CashConversion' AND l.source_key = $2 ORDER BY t.code`,
        [leaver, `final-pay:${periodId}`],
      ),
    );
    expect(entries.map((e) => [e.code, Number(e.days)])).toEqual([
      ['BL', -1],
      ['SIL', -3],
      ['VL', -4],
    ]);
    const certificate = await call(
      payroll,
      'GET',
      `/api/v1/payroll/reports/final-pay-certificate?PayrollPeriodId=${periodId}&EmployeeId=${leaver}`,
    );
    expect(certificate.statusCode, certificate.body.slice(0, 300)).toBe(200);
    const text = pdfText(certificate.rawPayload);
    expect(text).toContain('Cash conversion of unused leave\n');
    expect(text).toContain('Unused vacation leave, 4 day(s)');
    expect(text).toContain('the cash conversion of unused leave,');
  });
});
