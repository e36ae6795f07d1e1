/**
 * The order of payroll periods (PGlite by default, PostgreSQL on request), through HTTP:
 * - a period's year to date, month to date, 13th month already paid and loan balances are read from finalised
 *   periods only, so approve and finalise refuse while an earlier period sharing its employees is computed but
 *   not finalised, and finalising a period returns every later computed or approved one that read it to a
 *   compute (NeedsRecompute, audited);
 * - a loan payment never takes the ledger below zero, and a payslip computed on an old balance is not finalised;
 * - a final pay is for a separated employee, its cut-off contains the separation date, it is paid once, and
 *   finalising it takes the unused SIL it converted to cash off the leave balance.
 * Each scenario uses its own year, and finalises everything it computes, so that none waits on another's periods.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes } from '@hrpay/contracts';
import { periodsRepo } from '../src/modules/payroll-periods/repository.js';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi, PERIODS } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let companyId: string;

const call = caller(() => t.app);
const { get, action, compute, computedPeriod, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);

/** A monthly-paid employee of 30,000 with every government id (nothing warns but the missing attendance). */
async function employee(number: string, separation: string | null = null): Promise<string> {
  return t.db.withTenant(payroll.tenantId, async (tx) => {
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
              separation_date, separation_reason, rate_type, basic_rate, tin, sss_number, philhealth_number,
              pagibig_number, bank_name, bank_account_number)
       VALUES ($1, $2, $3, 'Fix', 'Order', DATE '2025-01-06', $4::date,
               CASE WHEN $4::date IS NULL THEN NULL ELSE 'Resigned' END, 'Monthly', 30000, '123-456-789-000',
               '34-1234567-8', '12-345678901-2', '1234-5678-9012', 'BDO Unibank', '0012' || $5) RETURNING id`,
      [payroll.tenantId, companyId, number, separation, number.replace(/\D/g, '').padStart(8, '0')],
    );
    await tx.query(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
       VALUES ($1, $2, $3, DATE '2025-01-06', 'Monthly', 30000)`,
      [payroll.tenantId, companyId, e!.id],
    );
    return e!.id;
  });
}

/** Approves and finalises a computed period (200 each). */
async function approveAndFinalise(id: string, key: string) {
  const approved = await action(id, 'approve', (await get(id)).RowVersion);
  expect(approved.statusCode, approved.body).toBe(200);
  const finalised = await action(id, 'finalise', approved.json().RowVersion, key);
  expect(finalised.statusCode, finalised.body).toBe(200);
}

const line = (slip: { Lines: { Code: string; Amount: string }[] }, code: string) =>
  slip.Lines.find((l) => l.Code === code)?.Amount;

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
  });
});
afterAll(() => t?.close());

describe('a later period computed before an earlier one is finalised', () => {
  it('is neither approved nor finalised before it, and returns to a compute when it is finalised', async () => {
    const santos = await employee('FB-0001');
    // The second December cut-off first: computed and approved while the first does not exist yet.
    const dec2 = await computedPeriod({
      Name: 'December 2026 2nd cut-off',
      CutoffStart: '2026-12-16',
      CutoffEnd: '2026-12-31',
      PayDate: '2027-01-05',
    });
    const old = await payslipOf(dec2, santos);
    // No finalised payroll in 2026: the year to date is this cut-off's half salary alone, 30,000 / 2 = 15,000.
    expect((old.Result!.ytd as Record<string, string>).basicSalaryEarned).toBe('15000.00');
    const approved = await action(dec2, 'approve', (await get(dec2)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);

    const dec1 = await computedPeriod({
      Name: 'December 2026 1st cut-off',
      CutoffStart: '2026-12-01',
      CutoffEnd: '2026-12-15',
      PayDate: '2026-12-20',
    });
    // Now the earlier cut-off is computed and not finalised: the later one is not finalised before it.
    const early = await action(dec2, 'finalise', (await get(dec2)).RowVersion, 'fixb-dec2-early');
    expect(early.statusCode).toBe(409);
    expect(early.json().type).toBe(ProblemTypes.invalidState);
    expect(early.json().detail).toContain('"December 2026 1st cut-off" (Dec 1–15, 2026)');
    expect(early.json().detail).toContain('not finalised');
    expect((await get(dec2)).Status).toBe('Approved');

    await approveAndFinalise(dec1, 'fixb-dec1');
    // The approved later cut-off read a year to date without the first: back to needing a compute, its
    // approval withdrawn, and it cannot be finalised as it is.
    const stale = await get(dec2);
    expect(stale).toMatchObject({
      Status: 'Draft',
      NeedsRecompute: true,
      CanFinalise: false,
      CanApprove: false,
      ApprovedByName: null,
    });
    const refused = await action(dec2, 'finalise', stale.RowVersion, 'fixb-dec2-stale');
    expect(refused.statusCode).toBe(409);
    const audit = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ before: { Status: string }; after: Record<string, unknown> }>(
        `SELECT before, after FROM audit_log WHERE entity = 'payroll-period' AND entity_id = $1
            AND after->>'Transition' = 'needs-recompute'`,
        [dec2],
      ),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toEqual({ Status: 'Approved' });
    expect(audit[0]!.after).toMatchObject({ Status: 'Draft', FinalisedPeriodId: dec1 });
    expect(String(audit[0]!.after.Reason)).toContain('December 2026 1st cut-off');

    // Computed again: the year to date now holds both halves, 15,000 + 15,000 = 30,000, and the taxable
    // compensation of the first cut-off (the year-end adjustment of 31 December works on the whole year).
    expect(await compute(dec2)).toMatchObject({ Status: 'Computed', NeedsRecompute: false });
    const fresh = await payslipOf(dec2, santos);
    const first = await payslipOf(dec1, santos);
    const ytd = fresh.Result!.ytd as Record<string, string>;
    expect(ytd.basicSalaryEarned).toBe('30000.00');
    expect(Number(ytd.taxableCompensation)).toBeCloseTo(
      Number(first.TaxableBase) + Number(fresh.TaxableBase),
      2,
    );
    await approveAndFinalise(dec2, 'fixb-dec2');
  });
});

describe('a final pay computed before the earlier cut-off was finalised', () => {
  let leaver: string;
  let finalPay: string;

  it('waits for it, and its 13th month counts the earlier cut-off once computed again', async () => {
    // Separated on Friday 19 November 2027, with 3 unused SIL days.
    leaver = await employee('FB-0002', '2027-11-19');
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days, source_key)
         SELECT $1, $2, $3, id, DATE '2027-01-01', 'Grant', 3, 'grant:fixb' FROM leave_types
          WHERE company_id = $2 AND code = 'SIL'`,
        [payroll.tenantId, companyId, leaver],
      ),
    );
    const nov1 = await computedPeriod({
      Name: 'November 2027 1st cut-off',
      CutoffStart: '2027-11-01',
      CutoffEnd: '2027-11-15',
      PayDate: '2027-11-20',
    });
    finalPay = await computedPeriod({
      Kind: 'FinalPay',
      Name: 'Final pay FB-0002',
      CutoffStart: '2027-11-16',
      CutoffEnd: '2027-11-19',
      PayDate: '2027-11-30',
      EmployeeIds: [leaver],
    });
    const before = Number(line(await payslipOf(finalPay, leaver), '13TH'));
    expect(before).toBeGreaterThan(0);
    const refused = await action(finalPay, 'approve', (await get(finalPay)).RowVersion);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('"November 2027 1st cut-off"');

    await approveAndFinalise(nov1, 'fixb-nov1');
    expect(await get(finalPay)).toMatchObject({ Status: 'Draft', NeedsRecompute: true });
    await compute(finalPay);
    const slip = await payslipOf(finalPay, leaver);
    // PD 851 pro-rata: 1/12 of the basic salary earned from 1 January to the separation. The 1st cut-off's
    // 15,000 is now in it: 15,000 / 12 = 1,250.00 more than before (each half rounded to the centavo).
    expect(Number(line(slip, '13TH'))).toBeCloseTo(before + 1250, 1);
    // Art. 95: 3 unused SIL days at the daily rate 30,000 x 12 / 261 = 1,379.31 -> 4,137.93.
    expect(line(slip, 'SIL-CASH')).toBe('4137.93');
  });

  it('takes the SIL it converted to cash off the leave balance when finalised', async () => {
    await approveAndFinalise(finalPay, 'fixb-final-pay');
    const ledger = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ kind: string; days: string; entry_date: string }>(
        `SELECT l.kind, l.days::text AS days, l.entry_date::text AS entry_date FROM leave_ledger l
           JOIN leave_types t ON t.tenant_id = l.tenant_id AND t.id = l.leave_type_id AND t.code = 'SIL'
          WHERE l.employee_id = $1 ORDER BY l.created_at`,
        [leaver],
      ),
    );
    // Granted 3, converted 3 on the pay date: nothing left to convert again.
    expect(ledger).toEqual([
      { kind: 'Grant', days: '3.00', entry_date: '2027-01-01' },
      { kind: 'CashConversion', days: '-3.00', entry_date: '2027-11-30' },
    ]);
  });

  it("leaves a leaver with a final pay out of the year's 13th month run; the others are in it", async () => {
    const id = await computedPeriod({
      Kind: 'ThirteenthMonth',
      Name: '13th month 2027',
      CutoffStart: '2027-01-01',
      CutoffEnd: '2027-12-31',
      PayDate: '2027-12-10',
    });
    const list = await call(payroll, 'POST', `${PERIODS}/${id}/payslips/list`, { PageSize: 500 });
    expect(list.statusCode, list.body).toBe(200);
    const paid = (list.json().Items as { EmployeeId: string }[]).map((p) => p.EmployeeId);
    const [santos] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM employees WHERE employee_number = 'FB-0001'`),
    );
    expect(paid).not.toContain(leaver);
    expect(paid).toContain(santos!.id);
    // Not left computed: a later scenario's periods would wait for it.
    expect((await call(payroll, 'DELETE', `${PERIODS}/${id}`)).statusCode).toBe(200);
  });

  it('refuses a final pay for an employee not separated, or whose cut-off ends before the separation', async () => {
    const stayer = await employee('FB-0003');
    const body = { Kind: 'FinalPay', Name: 'Final pay FB-0003', PayDate: '2027-12-10' };
    const notSeparated = await call(payroll, 'POST', PERIODS, {
      ...body,
      CutoffStart: '2027-12-01',
      CutoffEnd: '2027-12-03',
      EmployeeIds: [stayer],
    });
    expect(notSeparated.statusCode).toBe(400);
    expect(errorCodes(notSeparated)).toEqual(['EmployeeIds']);
    expect(notSeparated.body).toContain('employee FB-0003 is not separated');

    // Separated 19 November: a cut-off of 8 to 12 November ends before it.
    const before = await call(payroll, 'POST', PERIODS, {
      ...body,
      Name: 'Final pay FB-0002 early',
      CutoffStart: '2027-11-08',
      CutoffEnd: '2027-11-12',
      EmployeeIds: [leaver],
    });
    expect(before.statusCode).toBe(400);
    expect(errorCodes(before)).toEqual(['CutoffEnd']);
    expect(before.body).toContain('must reach the separation date of employee FB-0002 (Nov 19, 2027)');

    // A cut-off wholly after the separation is taken: a regular payroll paid the last salary, the final pay
    // pays what is left (the 13th month, the SIL cash, the loans).
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `UPDATE employees SET separation_date = DATE '2027-11-30', separation_reason = 'Resigned' WHERE id = $1`,
        [stayer],
      ),
    );
    const afterwards = await call(payroll, 'POST', PERIODS, {
      ...body,
      Name: 'Final pay FB-0003',
      CutoffStart: '2027-12-01',
      CutoffEnd: '2027-12-03',
      EmployeeIds: [stayer],
    });
    expect(afterwards.statusCode, afterwards.body).toBe(201);

    // The separation moved to 26 November (a correction): the cut-off contains it, but the employee's final
    // pay is finalised already; a second would pay the SIL cash and the 13th month again.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`UPDATE employees SET separation_date = DATE '2027-11-26' WHERE id = $1`, [leaver]),
    );
    const second = await call(payroll, 'POST', PERIODS, {
      ...body,
      Name: 'Final pay FB-0002 again',
      CutoffStart: '2027-11-22',
      CutoffEnd: '2027-11-26',
      EmployeeIds: [leaver],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().type).toBe(ProblemTypes.duplicate);
    expect(second.json().detail).toContain('FB-0002 already has a finalised final pay ("Final pay FB-0002")');
  });
});

describe('a loan settled by two periods computed before either was finalised', () => {
  it('deducts only what is left once the first is finalised, and never posts the ledger below zero', async () => {
    const borrower = await employee('FB-0004');
    const loanId = await t.db.withTenant(payroll.tenantId, async (tx) => {
      const [loan] = await tx.query<{ id: string }>(
        `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, principal, amortization, start_date)
         SELECT $1, $2, $3, id, 1000, 600, DATE '2028-01-01' FROM loan_types WHERE company_id = $2 AND code = 'COMPANY'
         RETURNING id`,
        [payroll.tenantId, companyId, borrower],
      );
      return loan!.id;
    });
    const ledger = () =>
      t.db.withTenant(payroll.tenantId, async (tx) => {
        const [r] = await tx.query<{ paid: string; status: string }>(
          `SELECT coalesce((SELECT sum(amount) FROM loan_ledger WHERE loan_id = l.id), 0)::text AS paid, l.status
             FROM employee_loans l WHERE l.id = $1`,
          [loanId],
        );
        return r!;
      });
    const jan1 = await computedPeriod({
      Name: 'January 2028 1st cut-off',
      CutoffStart: '2028-01-01',
      CutoffEnd: '2028-01-15',
      PayDate: '2028-01-20',
    });
    const jan2 = await computedPeriod({
      Name: 'January 2028 2nd cut-off',
      CutoffStart: '2028-01-16',
      CutoffEnd: '2028-01-31',
      PayDate: '2028-02-04',
    });
    // Both read the untouched balance 1,000 and deduct the 600 amortisation.
    expect(line(await payslipOf(jan1, borrower), 'COMPANY')).toBe('600.00');
    expect(line(await payslipOf(jan2, borrower), 'COMPANY')).toBe('600.00');

    await approveAndFinalise(jan1, 'fixb-jan1');
    expect(await ledger()).toEqual({ paid: '600.00', status: 'Active' });
    expect(await get(jan2)).toMatchObject({ Status: 'Draft', NeedsRecompute: true });

    // A period approved on the old balance (as one could be before this rule): finalising it is refused, the
    // ledger untouched. 1,000 - 600 = 400 left, the payslip deducts 600.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`UPDATE payroll_periods SET status = 'Approved' WHERE id = $1`, [jan2]),
    );
    const refused = await action(jan2, 'finalise', (await get(jan2)).RowVersion, 'fixb-jan2-old');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('deducts 600.00 for loan COMPANY, but only 400.00 is left');
    expect(await ledger()).toEqual({ paid: '600.00', status: 'Active' });

    // The ledger's own guard: posting that payslip would pay 1,200 of a 1,000 loan; it posts the 400 left.
    const posted = await t.db
      .withTenant(payroll.tenantId, async (tx) => {
        const [user] = await tx.query<{ id: string }>(
          `SELECT id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
        );
        await periodsRepo.postLoanPayments(tx, payroll.tenantId, jan2, '2028-02-04', user!.id);
        const [r] = await tx.query<{ paid: string; status: string; amount: string }>(
          `SELECT (SELECT sum(amount) FROM loan_ledger WHERE loan_id = l.id)::text AS paid, l.status,
                  (SELECT amount::text FROM loan_ledger WHERE loan_id = l.id AND payroll_period_id = $2) AS amount
             FROM employee_loans l WHERE l.id = $1`,
          [loanId, jan2],
        );
        throw Object.assign(new Error('roll back'), { row: r });
      })
      .catch((e: { row?: unknown }) => e.row);
    expect(posted).toEqual({ paid: '1000.00', status: 'Paid', amount: '400.00' });

    // Back to a compute: the balance left, 400, is deducted, and the loan is paid off at 1,000.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`UPDATE payroll_periods SET status = 'Draft' WHERE id = $1`, [jan2]),
    );
    await compute(jan2);
    expect(line(await payslipOf(jan2, borrower), 'COMPANY')).toBe('400.00');
    await approveAndFinalise(jan2, 'fixb-jan2');
    expect(await ledger()).toEqual({ paid: '1000.00', status: 'Paid' });
  });
});
