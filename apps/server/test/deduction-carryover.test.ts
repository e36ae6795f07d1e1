/**
 * A deduction a payslip could not take for want of pay is carried to the employee's next payroll instead of being
 * lost when the period is finalised: a cash advance of 12,000 against a first payslip of four days' pay is
 * deferred whole, carried into the next cut-off (which takes what fits), and the rest into the one after; the
 * three payslips together deduct exactly 12,000.00. Loans are not carried (their balance keeps what was not paid).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayslipDetail } from '@hrpay/contracts';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';
import { insertMonthlyEmployee } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let companyId: string;
let worker: string;
const PERIODS = '/api/v1/payroll-periods';
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(payroll.tenantId, work);
const { computedPeriod, compute, payslipOf, finalise, get, action } = payrollApi(
  () => t,
  () => payroll,
);
const cents = (m: string) => Math.round(Number(m) * 100);
const carried = (slip: PayslipDetail) => slip.Lines.filter((l) => l.Code.startsWith('CARRY'));
const carryovers = () =>
  asTenant((tx) =>
    tx.query<{ code: string; description: string; amount: string; from_period_id: string; settled: boolean }>(
      `SELECT code, description, amount::text AS amount, from_period_id, settled_by_payslip_id IS NOT NULL AS settled
         FROM deduction_carryovers WHERE employee_id = $1 ORDER BY created_at, id`,
      [worker],
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
    // Hired Thursday 12 March 2026: the first cut-off pays four workdays.
    worker = await insertMonthlyEmployee(tx, payroll.tenantId, companyId, {
      number: 'CO-0001',
      firstName: 'Carlo',
      lastName: 'Carryover',
      hire: '2026-03-12',
      rate: 20000,
      account: '001299990301',
      worked: ['2026-03-12', '2026-04-15'],
    });
  });
});
afterAll(() => t?.close());

describe('a deduction not taken for want of pay', () => {
  let march1: string;
  let march2: string;
  let april: string;
  let finalPay: string;
  it('is deferred whole on the first payslip and carried on finalise', async () => {
    march1 = await computedPeriod({
      Name: 'March 1-15 2026 (carryover)',
      CutoffStart: '2026-03-01',
      CutoffEnd: '2026-03-15',
      PayDate: '2026-03-20',
    });
    const advance = await call(payroll, 'POST', `${PERIODS}/${march1}/adjustments`, {
      EmployeeId: worker,
      Kind: 'Deduction',
      Code: 'ADV',
      Description: 'Cash advance',
      Amount: '12000.00',
      Reason: 'Advance approved by the manager',
    });
    expect(advance.statusCode, advance.body).toBe(201);
    expect(await compute(march1)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
    const slip = await payslipOf(march1, worker);
    expect(slip.Lines.some((l) => l.Code === 'ADV')).toBe(false);
    expect(slip.Warnings).toContain(
      'Deduction ADV deferred: ₱12,000.00 of ₱12,000.00 not deducted; carried to the next payroll',
    );
    expect(await carryovers()).toEqual([]);
    await finalise(march1, 'carryover-march-1');
    expect(await carryovers()).toEqual([
      {
        code: 'ADV',
        description: 'Cash advance',
        amount: '12000.00',
        from_period_id: march1,
        settled: false,
      },
    ]);
  });

  it('is taken in part by the next payslip, the rest carried again, and the rest taken by the one after', async () => {
    march2 = await computedPeriod({
      Name: 'March 16-31 2026 (carryover)',
      CutoffStart: '2026-03-16',
      CutoffEnd: '2026-03-31',
      PayDate: '2026-04-05',
    });
    const second = await payslipOf(march2, worker);
    const [line] = carried(second);
    expect(line).toMatchObject({
      Code: 'CARRY',
      Description: 'Cash advance (not deducted in March 1-15 2026 (carryover))',
    });
    const taken = cents(line!.Amount);
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(1_200_000);
    // What fits: the net pay is left at the minimum (zero unless the settings keep more).
    expect(second.Warnings).toContain(
      `Deduction CARRY deferred: ₱${((1_200_000 - taken) / 100).toLocaleString('en-PH', { minimumFractionDigits: 2 })} of ₱12,000.00 not deducted; carried to the next payroll`,
    );
    await finalise(march2, 'carryover-march-2');
    const rows = await carryovers();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ code: 'ADV', settled: true });
    // Carried again under its own code (the CARRY line's code is only its place on a payslip).
    expect(rows[1]).toMatchObject({
      code: 'ADV',
      description: 'Cash advance',
      from_period_id: march2,
      settled: false,
    });
    expect(cents(rows[1]!.amount)).toBe(1_200_000 - taken);

    april = await computedPeriod({
      Name: 'April 1-15 2026 (carryover)',
      CutoffStart: '2026-04-01',
      CutoffEnd: '2026-04-15',
      PayDate: '2026-04-20',
    });
    const third = await payslipOf(april, worker);
    expect(carried(third).map((l) => [l.Description, cents(l.Amount)])).toEqual([
      ['Cash advance (not deducted in March 16-31 2026 (carryover))', 1_200_000 - taken],
    ]);
    expect(third.Warnings.some((w) => w.startsWith('Deduction CARRY'))).toBe(false);
    await finalise(april, 'carryover-april');
    expect((await carryovers()).map((r) => r.settled)).toEqual([true, true]);
  });

  it('is taken once: a final pay computed on the same carryover is computed again once a payroll took it', async () => {
    // Union dues March 1-15 could not take, still open; the employee leaves on 31 May.
    await asTenant(async (tx) => {
      await tx.query(
        `INSERT INTO deduction_carryovers (tenant_id, company_id, employee_id, from_payslip_id, from_period_id, seq, code,
                                           description, amount)
         SELECT tenant_id, company_id, employee_id, id, payroll_period_id, 9, 'UNION', 'Union dues', 150
           FROM payslips WHERE employee_id = $1 AND payroll_period_id = $2`,
        [worker, march1],
      );
      await tx.query(
        `UPDATE employees SET separation_date = DATE '2026-05-31', separation_reason = 'Resigned' WHERE id = $1`,
        [worker],
      );
    });
    const may = await computedPeriod({
      Name: 'May 1-15 2026 (carryover)',
      CutoffStart: '2026-05-01',
      CutoffEnd: '2026-05-15',
      PayDate: '2026-05-20',
    });
    finalPay = await computedPeriod({
      Kind: 'FinalPay',
      Name: 'Final pay CO-0001',
      CutoffStart: '2026-05-16',
      CutoffEnd: '2026-05-31',
      PayDate: '2026-06-05',
      EmployeeIds: [worker],
    });
    const dues = 'Union dues (not deducted in March 1-15 2026 (carryover))';
    expect(carried(await payslipOf(may, worker)).map((l) => l.Description)).toEqual([dues]);
    expect(carried(await payslipOf(finalPay, worker)).map((l) => l.Description)).toEqual([dues]);

    await finalise(may, 'carryover-may');
    expect((await carryovers()).at(-1)).toMatchObject({ code: 'UNION', settled: true });
    // The final pay read the open carryover: it must be computed again, and then no longer deducts the dues.
    expect(await get(finalPay)).toMatchObject({ NeedsRecompute: true });
    expect((await action(finalPay, 'approve', (await get(finalPay)).RowVersion)).statusCode).toBe(409);
    await compute(finalPay);
    expect(carried(await payslipOf(finalPay, worker))).toEqual([]);
  });

  it("is listed on the employee's payroll details, and payroll can waive an open one (audited)", async () => {
    const url = `/api/v1/employee-payroll-details/${worker}/carried-deductions`;
    // A meal charge April 1-15 could not take, open: the final pay computed now would deduct it.
    const [{ id: meal }] = (await asTenant((tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO deduction_carryovers (tenant_id, company_id, employee_id, from_payslip_id, from_period_id, seq, code,
                                           description, amount)
         SELECT tenant_id, company_id, employee_id, id, payroll_period_id, 9, 'MEAL', 'Canteen charges', 300
           FROM payslips WHERE employee_id = $1 AND payroll_period_id = $2 RETURNING id`,
        [worker, april],
      ),
    )) as [{ id: string }];
    await compute(finalPay);
    expect(carried(await payslipOf(finalPay, worker)).map((l) => l.Description)).toEqual([
      'Canteen charges (not deducted in April 1-15 2026 (carryover))',
    ]);

    const list = await call(payroll, 'GET', url);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().Items as { CarryoverId: string; Status: string; Description: string }[];
    expect(items[0]).toMatchObject({
      CarryoverId: meal,
      Status: 'Open',
      Amount: '300.00',
      FromPeriodName: 'April 1-15 2026 (carryover)',
    });
    expect(
      items
        .filter((i) => i.Status === 'Taken')
        .map((i) => i.Description)
        .sort(),
    ).toEqual(['Cash advance', 'Cash advance', 'Union dues']);
    const deducted = items.find((i) => i.Status === 'Taken')!;

    // Another company's payroll, HR, and a body without a reason are refused; nothing changes.
    expect((await call('logisticsPayroll', 'POST', `${url}/${meal}/waive`, { Reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('hr', 'POST', `${url}/${meal}/waive`, { Reason: 'x' })).statusCode).toBe(403);
    const noReason = await call(payroll, 'POST', `${url}/${meal}/waive`, {});
    expect(noReason.statusCode).toBe(400);

    const waived = await call(payroll, 'POST', `${url}/${meal}/waive`, {
      Reason: 'Canteen charges forgiven by HR',
    });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json()).toMatchObject({ Status: 'Waived', WaiveReason: 'Canteen charges forgiven by HR' });
    expect(waived.json().WaivedByName).toBeTruthy();
    const again = await call(payroll, 'POST', `${url}/${meal}/waive`, { Reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('already waived');
    const taken = await call(payroll, 'POST', `${url}/${deducted.CarryoverId}/waive`, { Reason: 'late' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toContain('already taken up by');

    // The final pay that carried it must be computed again, and then does not deduct it.
    expect(await get(finalPay)).toMatchObject({ NeedsRecompute: true });
    await compute(finalPay);
    expect(carried(await payslipOf(finalPay, worker))).toEqual([]);
    const audit = await asTenant((tx) =>
      tx.query<{ after: { Status: string } }>(
        `SELECT after FROM audit_log WHERE entity = 'deduction-carryover' AND entity_id = $1`,
        [meal],
      ),
    );
    expect(audit.map((a) => a.after.Status)).toEqual(['Waived']);
  });
});
