/** Issue 10 §3: payroll periods from create to paid, through HTTP (PGlite by default, PostgreSQL on request). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type PayrollPeriodDetail, type PayslipListItem } from '@hrpay/contracts';
import { caller, createTestApp, demo, errorCodes, type Session, signIn, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let hr: Session;
let otherAdmin: Session;
let companyId: string;
/** The worked example's employee: monthly 30,000, hired 2025-01-02. */
let worker: string;
let loanId: string;
let dailyWorker: string;

const call = caller(() => t.app);
const base = '/api/v1/payroll-periods';

beforeAll(async () => {
  // Three employees a chunk: every compute here reads, computes and stores through several chunks (the
  // benchmark's 2,000 would make each a single chunk).
  process.env.PAYROLL_COMPUTE_CHUNK = '3';
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  hr = await signIn(t.app, demo.hr);
  otherAdmin = await signIn(t.app, demo.otherAdmin);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
              basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name, bank_account_number)
       VALUES ($1, $2, 'PP-0001', 'Paula', 'Payroll', DATE '2025-01-02', 'Monthly', 25000, '123-456-789-000',
               '34-1234567-8', '12-345678901-2', '1234-5678-9012', 'BDO Unibank', '001299990001') RETURNING id`,
      [payroll.tenantId, companyId],
    );
    worker = e!.id;
    // A raise before the period: the history's rate (30,000) wins over the 201 starting rate (25,000).
    await tx.query(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
       VALUES ($1, $2, $3, DATE '2026-01-01', 'Monthly', 30000)`,
      [payroll.tenantId, companyId, worker],
    );
    const [loan] = await tx.query<{ id: string }>(
      `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, principal, amortization, start_date)
       SELECT $1, $2, $3, id, 1500, 1000, DATE '2026-01-01' FROM loan_types WHERE company_id = $2 AND code = 'COMPANY'
       RETURNING id`,
      [payroll.tenantId, companyId, worker],
    );
    loanId = loan!.id;
    // A daily-paid employee with a raise inside the March cut-off, no government ids and no bank account.
    const [d] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
              basic_rate) VALUES ($1, $2, 'PP-0002', 'Dario', 'Daily', DATE '2025-06-01', 'Daily', 700) RETURNING id`,
      [payroll.tenantId, companyId],
    );
    dailyWorker = d!.id;
    await tx.query(
      `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
       VALUES ($1, $2, $3, DATE '2025-06-01', 'Daily', 700), ($1, $2, $3, DATE '2026-03-10', 'Daily', 750)`,
      [payroll.tenantId, companyId, dailyWorker],
    );
    // Ten workdays of 8 hours (Mon 2 to Fri 13 March 2026), 30 minutes late on the 4th.
    await tx.query(
      `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
              late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
              overtime_night_minutes, absent, on_leave)
       SELECT $1, $2, $3, d::date, 'ordinary', false, CASE WHEN d::date = DATE '2026-03-04' THEN 450 ELSE 480 END,
              CASE WHEN d::date = DATE '2026-03-04' THEN 30 ELSE 0 END, 0, 0, 0, 0, 0, false, false
         FROM generate_series(DATE '2026-03-02', DATE '2026-03-13', interval '1 day') d
        WHERE extract(isodow FROM d) < 6`,
      [payroll.tenantId, companyId, worker],
    );
  });
});
afterAll(async () => {
  delete process.env.PAYROLL_COMPUTE_CHUNK;
  await t?.close();
});

const period = (body: object) =>
  call(payroll, 'POST', base, {
    Kind: 'Regular',
    Name: 'March 2026 1st cut-off',
    CutoffStart: '2026-03-01',
    CutoffEnd: '2026-03-15',
    PayDate: '2026-03-20',
    ...body,
  });

const { get, action, compute, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);

describe('payroll periods', () => {
  let march1: string;

  it('proposes the first regular period and refuses other users', async () => {
    const res = await call(payroll, 'GET', `${base}/proposal`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      Kind: 'Regular',
      Frequency: 'SemiMonthly',
      CompanyId: companyId,
      LastRegularCutoffEnd: null,
    });
    expect(p.CutoffEnd >= p.CutoffStart).toBe(true);
    expect(['01', '16']).toContain(p.CutoffStart.slice(8));
    expect((await call(hr, 'GET', `${base}/proposal`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `${base}/list`, {})).statusCode).toBe(401);
  });

  it('proposes monthly and weekly periods from the company pay frequency and cut-off rules', async () => {
    const logisticsCompany = (await call(logisticsPayroll, 'GET', `${base}/proposal`)).json().CompanyId;
    const setFrequency = (frequency: string) =>
      t.db.withTenant(payroll.tenantId, async (tx) => {
        await tx.query(`UPDATE companies SET pay_frequency = $2 WHERE id = $1`, [
          logisticsCompany,
          frequency,
        ]);
        // Weekly cut-offs end on Friday (5), paid 3 days later.
        await tx.query(
          `UPDATE payroll_settings SET weekly_cutoff_end_dow = 5, pay_date_lag_days = 3 WHERE company_id = $1`,
          [logisticsCompany],
        );
      });
    await setFrequency('Monthly');
    const monthly = (await call(logisticsPayroll, 'GET', `${base}/proposal`)).json();
    expect(monthly.Frequency).toBe('Monthly');
    expect(monthly.CutoffStart.slice(8)).toBe('01');
    expect(monthly.CutoffEnd.slice(0, 7)).toBe(monthly.CutoffStart.slice(0, 7));
    await setFrequency('Weekly');
    const created = await call(logisticsPayroll, 'POST', base, {
      Kind: 'Regular',
      Name: 'Week to 2026-03-06',
      CutoffStart: '2026-02-28',
      CutoffEnd: '2026-03-06',
      PayDate: '2026-03-09',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().Frequency).toBe('Weekly');
    const weekly = (await call(logisticsPayroll, 'GET', `${base}/proposal`)).json();
    // Saturday 7 to Friday 13 March 2026, paid Monday 16 March.
    expect(weekly).toMatchObject({
      Name: 'Week Mar 7, 2026 to Mar 13, 2026',
      CutoffStart: '2026-03-07',
      CutoffEnd: '2026-03-13',
      PayDate: '2026-03-16',
      LastRegularCutoffEnd: '2026-03-06',
    });
    expect((await call(logisticsPayroll, 'DELETE', `${base}/${created.json().Id}`)).statusCode).toBe(200);
    await setFrequency('SemiMonthly');
  });

  it('creates, lists, edits and deletes a period; regular periods never overlap', async () => {
    const bad = await period({ CutoffEnd: '2026-02-01' });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad)).toContain('CutoffEnd');

    const created = await period({});
    expect(created.statusCode, created.body).toBe(201);
    const p: PayrollPeriodDetail = created.json();
    march1 = p.Id;
    expect(p).toMatchObject({
      Status: 'Draft',
      Kind: 'Regular',
      Frequency: 'SemiMonthly',
      NeedsRecompute: false,
    });
    expect(p.CanCompute).toBe(true);

    const overlap = await period({ Name: 'Overlapping', CutoffStart: '2026-03-10', CutoffEnd: '2026-03-25' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().type).toBe(ProblemTypes.overlap);
    const sameName = await period({
      CutoffStart: '2026-05-01',
      CutoffEnd: '2026-05-15',
      PayDate: '2026-05-20',
    });
    expect(sameName.statusCode).toBe(409);

    // The next proposal follows the last regular period; 31 March + 5 days is Good Friday (3 April 2026) and the
    // day before is Maundy Thursday (the company's holidays), so the pay date moves to Wednesday 1 April.
    const next = (await call(payroll, 'GET', `${base}/proposal`)).json();
    expect(next).toMatchObject({
      Name: 'March 2026 2nd cut-off',
      CutoffStart: '2026-03-16',
      CutoffEnd: '2026-03-31',
      PayDate: '2026-04-01',
    });

    const list = await call(payroll, 'POST', `${base}/list`, { Status: 'Draft', Year: 2026 });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().Items.map((i: { Id: string }) => i.Id)).toContain(march1);

    const extra = await period({
      Name: 'Scratch',
      CutoffStart: '2026-06-01',
      CutoffEnd: '2026-06-15',
      PayDate: '2026-06-20',
    });
    const scratch: PayrollPeriodDetail = extra.json();
    const stale = await call(payroll, 'PUT', `${base}/${scratch.Id}`, { ...scratch, RowVersion: 99 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const edited = await call(payroll, 'PUT', `${base}/${scratch.Id}`, { ...scratch, Name: 'Scratch 2' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ Name: 'Scratch 2', RowVersion: scratch.RowVersion + 1 });
    const clash = await call(payroll, 'PUT', `${base}/${scratch.Id}`, {
      ...edited.json(),
      CutoffStart: '2026-03-15',
    });
    expect(clash.json().type).toBe(ProblemTypes.overlap);
    expect((await call(payroll, 'DELETE', `${base}/${scratch.Id}`)).statusCode).toBe(200);
    expect((await call(payroll, 'GET', `${base}/${scratch.Id}`)).statusCode).toBe(404);

    const audit = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE entity = 'payroll-period' AND entity_id = $1 ORDER BY at`,
        [scratch.Id],
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses an adjustment period of a period that is not finalised, and a final pay without employees', async () => {
    const adj = await period({
      Kind: 'Adjustment',
      Name: 'Adj',
      CutoffStart: '2026-03-01',
      CutoffEnd: '2026-03-15',
      ReferencesPeriodId: march1,
    });
    expect(adj.statusCode).toBe(409);
    expect(adj.json().type).toBe(ProblemTypes.invalidState);
    // Both are required fields (spec §5): the period corrected, and at least one employee.
    const required = (code: string) => ({ Code: code, Description: `${code}: This field is required` });
    const noRef = await period({ Kind: 'Adjustment', Name: 'Adj' });
    expect(noRef.json().errors).toContainEqual(required('ReferencesPeriodId'));
    const fp = await period({ Kind: 'FinalPay', Name: 'FP' });
    expect(fp.json().errors).toContainEqual(required('EmployeeIds'));
    const noneChosen = await period({ Kind: 'FinalPay', Name: 'FP', EmployeeIds: [] });
    expect(noneChosen.json().errors).toContainEqual(required('EmployeeIds'));
  });

  it('refuses a regular cut-off longer than a month, a 13th month across two years and employees on a regular period', async () => {
    const messages = (res: Awaited<ReturnType<typeof period>>) => {
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().errors as { Code: string; Description: string }[]).map(
        (e) => `${e.Code} ${e.Description}`,
      );
    };
    expect(
      messages(await period({ Name: 'Two years', CutoffStart: '2026-01-01', CutoffEnd: '2027-12-31' })),
    ).toEqual([
      'CutoffEnd CutoffEnd: A regular cut-off is at most 31 days; pay a longer span as several periods',
    ]);
    expect(
      messages(
        await period({
          Kind: 'ThirteenthMonth',
          Name: '13th month across',
          CutoffStart: '2026-12-01',
          CutoffEnd: '2027-11-30',
          PayDate: '2027-12-15',
        }),
      ),
    ).toEqual([
      'CutoffEnd CutoffEnd: The 13th month pay covers one calendar year; end the cut-off in the year it starts',
    ]);
    expect(messages(await period({ Name: 'With employees', EmployeeIds: [worker] }))).toEqual([
      'EmployeeIds EmployeeIds: Only a final pay names its employees; leave them out for this kind',
    ]);
    // A month of 31 days is a regular cut-off; an edit cannot stretch it past one either.
    const month = await period({
      Name: 'Scratch May 2026',
      CutoffStart: '2026-05-01',
      CutoffEnd: '2026-05-31',
      PayDate: '2026-06-05',
    });
    expect(month.statusCode, month.body).toBe(201);
    const { Id, RowVersion } = month.json() as { Id: string; RowVersion: number };
    const stretched = await call(payroll, 'PUT', `${base}/${Id}`, {
      ...month.json(),
      CutoffEnd: '2026-07-31',
      RowVersion,
    });
    expect(messages(stretched)).toEqual([
      'CutoffEnd CutoffEnd: A regular cut-off is at most 31 days; pay a longer span as several periods',
    ]);
    expect((await call(payroll, 'DELETE', `${base}/${Id}`)).statusCode).toBe(200);
  });

  it('lists periods of one cut-off start in the order they were made', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await period({
        Kind: 'ThirteenthMonth',
        Name: `Scratch 13th month 2031 part ${i}`,
        CutoffStart: '2031-01-01',
        CutoffEnd: '2031-12-31',
        PayDate: '2031-12-15',
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().Id as string);
    }
    const listed = async (SortDirection: 'asc' | 'desc') => {
      const res = await call(payroll, 'POST', `${base}/list`, { Year: 2031, SortDirection });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().Items as { Id: string }[]).map((p) => p.Id);
    };
    expect(await listed('asc')).toEqual(ids);
    expect(await listed('desc')).toEqual([...ids].reverse());
    for (const id of ids) expect((await call(payroll, 'DELETE', `${base}/${id}`)).statusCode).toBe(200);
  });

  it('keeps periods inside the company and the tenant', async () => {
    expect((await call(logisticsPayroll, 'GET', `${base}/${march1}`)).statusCode).toBe(404);
    const list = await call(logisticsPayroll, 'POST', `${base}/list`, {});
    expect(list.json().Items.map((i: { Id: string }) => i.Id)).not.toContain(march1);
    const [foreign] = await t.db.withTenant(otherAdmin.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO payroll_periods (tenant_id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date)
         SELECT tenant_id, id, 'Foreign', 'Regular', 'SemiMonthly', DATE '2026-03-01', DATE '2026-03-15', DATE '2026-03-20'
           FROM companies LIMIT 1 RETURNING id`,
      ),
    );
    expect((await call(payroll, 'GET', `${base}/${foreign!.id}`)).statusCode).toBe(404);
    expect((await action(foreign!.id, 'compute', 1)).statusCode).toBe(404);
    expect((await action(foreign!.id, 'finalise', 1, 'k-foreign')).statusCode).toBe(404);
    const seen = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`SELECT 1 FROM payroll_periods WHERE id = $1`, [foreign!.id]),
    );
    expect(seen).toHaveLength(0);
  });

  it('computes a semi-monthly period for a monthly-paid employee to the centavo', async () => {
    const done = await compute(march1);
    expect(done).toMatchObject({ Status: 'Computed', JobStatus: 'Done', NeedsRecompute: false });
    expect(done.JobProgress).toBe(done.JobTotal);
    expect(done.EmployeeCount).toBeGreaterThan(3); // several chunks of three;
    const slip = await payslipOf(march1, worker);
    /*
     * Monthly salary 30,000 (the rate history's, in force on 15 March 2026); divisor 261, 8 hours a day;
     * contribution split "equal", per-period tax tables (company defaults).
     *   Basic salary, 1st cut-off:       30,000 / 2                                 = 15,000.00
     *   Late 30 minutes on 4 March:      30,000 × 12 / 261 / 8 = 172.413793 per hour
     *                                    × 0.5 h                                     =   -86.21
     *   Gross                                                                         = 14,913.79
     *   SSS (Circular 2024-006): monthly compensation 14,913.79 × 2 = 29,827.58 -> MSC 30,000;
     *     employee 5%: 1,000.00 regular SS (on 20,000) + 500.00 MPF (on 10,000) = 1,500 / 2  =    750.00
     *   PhilHealth (Advisory 2025-0002): 5% of 30,000 = 1,500, employee half 750 / 2  =    375.00
     *   Pag-IBIG: 2% of the 10,000 fund salary cap = 200 / 2                            =    100.00
     *   Taxable: 14,913.79 - 750 - 375 - 100                                           = 13,688.79
     *   Withholding (RR 11-2018 Annex E, semi-monthly, 2023 on): 10,417 - 16,666 bracket, 15% over 10,417:
     *     (13,688.79 - 10,417) × 15% = 490.7685                                          =    490.77
     *   Company loan: amortisation 1,000 (balance 1,500)                                =  1,000.00
     *   Deductions: 750 + 375 + 100 + 490.77 + 1,000                                    =  2,715.77
     *   Net pay: 14,913.79 - 2,715.77                                                    = 12,198.02
     */
    expect(slip.Gross).toBe('14913.79');
    expect(slip.TaxableBase).toBe('13688.79');
    expect(slip.WithholdingTax).toBe('490.77');
    expect(slip.Deductions).toBe('2715.77');
    expect(slip.NetPay).toBe('12198.02');
    const line = (code: string) => slip.Lines.find((l) => l.Code === code);
    expect(line('BASIC')?.Amount).toBe('15000.00');
    expect(line('COMPANY')?.Amount).toBe('1000.00');
    const shares = slip.Result!.employeeShares as Record<string, string>;
    expect(shares).toMatchObject({ sss: '750.00', philhealth: '375.00', pagibig: '100.00' });
    expect(slip.Warnings).toEqual([]);
    expect(slip.Result!.loans).toEqual([{ LoanId: loanId, Code: 'COMPANY', Amount: '1000.00' }]);

    // Demo employees have no attendance in the cut-off: listed and filterable as warnings.
    const warned = await call(payroll, 'POST', `${base}/${march1}/payslips/list`, { HasWarnings: true });
    expect(warned.json().TotalCount).toBeGreaterThan(0);
    expect((warned.json().Items as PayslipListItem[]).every((p) => p.Warnings.length > 0)).toBe(true);
    expect(warned.json().Items[0].Warnings).toContain('No attendance in the cut-off');
    const daily = await payslipOf(march1, dailyWorker);
    expect(daily.Warnings).toEqual([
      'Paid by bank but has no bank account number',
      'Missing TIN',
      'Missing SSS number',
      'Missing PhilHealth number',
      'Missing Pag-IBIG number',
      'No attendance in the cut-off',
    ]);
    // Daily-paid without attendance: nothing earned. A first cut-off without pay ("equal" split) projects a
    // month without compensation, which has no contribution (RA 11199; the engine's README "Contributions"):
    // every share 0.00 and nothing deferred, so no "Deduction … deferred" warning. (A share that a small pay
    // cannot cover is still deferred and warned of: payroll-noearn.test.ts.)
    expect(daily.Gross).toBe('0.00');
    expect(daily.Result!.employeeShares).toMatchObject({ total: '0.00' });
    expect(daily.Result!.employerShares).toMatchObject({ total: '0.00' });
    expect(daily.Result!.deferred).toEqual([]);
    const search = await call(payroll, 'POST', `${base}/${march1}/payslips/list`, { Search: 'PP-0001' });
    expect(search.json().Items).toHaveLength(1);

    const detail = await get(march1);
    expect(detail.Totals.Employees).toBe(detail.EmployeeCount);
    expect(detail.Totals.Gross).toBe(detail.Gross);
  });

  it('exports the register as CSV, XLSX and PDF', async () => {
    const csv = await call(payroll, 'GET', `${base}/${march1}/register?Format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('PP-0001');
    expect(csv.body).toContain('12198.02');
    const xlsx = await call(payroll, 'GET', `${base}/${march1}/register?Format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await call(payroll, 'GET', `${base}/${march1}/register?Format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('takes adjustments with a reason, then needs a recompute before approval', async () => {
    const noReason = await call(payroll, 'POST', `${base}/${march1}/adjustments`, {
      EmployeeId: worker,
      Kind: 'Earning',
      Code: 'BONUS',
      Description: 'Spot bonus',
      Amount: '500',
    });
    expect(errorCodes(noReason)).toContain('Reason');
    const added = await call(payroll, 'POST', `${base}/${march1}/adjustments`, {
      EmployeeId: worker,
      Kind: 'Earning',
      Code: 'bonus',
      Description: 'Spot bonus',
      Amount: '1,000',
      Reason: 'Q1 target met',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ Code: 'BONUS', Amount: '1000.00', Reason: 'Q1 target met' });
    const removable = await call(payroll, 'POST', `${base}/${march1}/adjustments`, {
      EmployeeId: worker,
      Kind: 'Deduction',
      Code: 'CASHADV',
      Description: 'Cash advance',
      Amount: '200.00',
      Reason: 'Typo',
    });
    expect(removable.statusCode).toBe(201);
    // Payroll walkthrough: the payroll officer, on the payroll himself, added a bonus to his own payslip.
    const [own] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ employee_id: string }>(`SELECT employee_id FROM users WHERE email = $1`, [
        demo.payroll.email,
      ]),
    );
    expect(own!.employee_id).toBeTruthy();
    const selfPaid = await call(payroll, 'POST', `${base}/${march1}/adjustments`, {
      EmployeeId: own!.employee_id,
      Kind: 'Earning',
      Code: 'BONUS',
      Description: 'Performance bonus',
      Amount: '5000.00',
      Reason: 'Own bonus',
    });
    expect(selfPaid.statusCode).toBe(409);
    expect(selfPaid.json().detail).toBe(
      'You cannot add an adjustment to your own payslip: ask another payroll user to add it.',
    );
    const del = await call(payroll, 'DELETE', `${base}/${march1}/adjustments/${removable.json().Id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call(payroll, 'GET', `${base}/${march1}/adjustments`)).json().Items).toHaveLength(1);

    const stale = await get(march1);
    expect(stale).toMatchObject({ Status: 'Draft', NeedsRecompute: true, CanApprove: false });
    const refused = await action(march1, 'approve', stale.RowVersion);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe(ProblemTypes.invalidState);

    await compute(march1);
    const slip = await payslipOf(march1, worker);
    expect(slip.Lines.find((l) => l.Code === 'BONUS')?.Amount).toBe('1000.00');
    expect(slip.Adjustments.map((a) => a.Reason)).toEqual(['Q1 target met']);
    // 1,000 more taxable at 15%: 150.00 more tax; SSS compensation 31,827.58 -> MSC 32,000: 800.00 per cut-off.
    expect(slip.Gross).toBe('15913.79');

    // The GET body sent back, unchanged or with new remarks, keeps the compute (it had dropped it to Draft).
    const computed = await get(march1);
    expect(computed).toMatchObject({ Status: 'Computed', NeedsRecompute: false });
    const unchanged = await call(payroll, 'PUT', `${base}/${march1}`, computed);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ Status: 'Computed', NeedsRecompute: false, CanApprove: true });
    const remarked = await call(payroll, 'PUT', `${base}/${march1}`, {
      ...unchanged.json(),
      Remarks: 'Checked by payroll',
    });
    expect(remarked.json()).toMatchObject({ Status: 'Computed', Remarks: 'Checked by payroll' });

    const audit = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE entity = 'payroll-adjustment' ORDER BY at`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'create', 'delete']);
  });

  it('holds, excludes and includes an employee', async () => {
    const other = (
      await call(payroll, 'POST', `${base}/${march1}/payslips/list`, { HasWarnings: true })
    ).json().Items[0] as PayslipListItem;
    const before = await get(march1);
    const held = await call(payroll, 'POST', `${base}/payslips/${other.Id}/hold`, {});
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().Status).toBe('Held');
    expect((await get(march1)).Totals.Held).toBe(1);
    const heldOnly = await call(payroll, 'POST', `${base}/${march1}/payslips/list`, { Status: 'Held' });
    expect(heldOnly.json().Items.map((p: PayslipListItem) => p.Id)).toEqual([other.Id]);
    const excluded = await call(payroll, 'POST', `${base}/payslips/${other.Id}/exclude`, {});
    expect(excluded.json().Status).toBe('Excluded');
    const after = await get(march1);
    expect(Number(after.Gross)).toBeCloseTo(Number(before.Gross) - Number(other.Gross), 2);
    // A recompute keeps the choice.
    await compute(march1);
    expect((await payslipOf(march1, other.EmployeeId)).Status).toBe('Excluded');
    const included = await call(
      payroll,
      'POST',
      `${base}/payslips/${other.Id.replace(/./, '0')}/include`,
      {},
    );
    expect(included.statusCode).toBe(404);
    const payslipNow = await payslipOf(march1, other.EmployeeId);
    expect((await call(payroll, 'POST', `${base}/payslips/${payslipNow.Id}/include`, {})).json().Status).toBe(
      'Included',
    );
    expect(
      (await call(logisticsPayroll, 'POST', `${base}/payslips/${payslipNow.Id}/hold`, {})).statusCode,
    ).toBe(404);
  });

  it('approves, returns for changes and approves again; refused transitions are 409', async () => {
    let p = await get(march1);
    expect((await action(march1, 'return-to-draft', p.RowVersion)).json().type).toBe(
      ProblemTypes.invalidState,
    );
    expect((await action(march1, 'finalise', p.RowVersion, 'too-early')).json().type).toBe(
      ProblemTypes.invalidState,
    );
    expect((await action(march1, 'mark-paid', p.RowVersion, 'too-early-2')).json().type).toBe(
      ProblemTypes.invalidState,
    );
    expect((await action(march1, 'approve', p.RowVersion - 1)).json().type).toBe(
      ProblemTypes.staleRowVersion,
    );
    const approved = await action(march1, 'approve', p.RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ Status: 'Approved', CanFinalise: true });
    expect(approved.json().ApprovedByName).toBeTruthy();
    p = approved.json();
    // Approved: no edits, no compute, no adjustments, no hold.
    expect((await call(payroll, 'PUT', `${base}/${march1}`, { ...p })).json().type).toBe(
      ProblemTypes.invalidState,
    );
    expect((await action(march1, 'compute', p.RowVersion)).json().type).toBe(ProblemTypes.invalidState);
    expect((await call(payroll, 'DELETE', `${base}/${march1}`)).json().type).toBe(ProblemTypes.invalidState);
    const back = await action(march1, 'return-to-draft', p.RowVersion);
    expect(back.json()).toMatchObject({ Status: 'Computed', ApprovedByName: null });
    expect((await action(march1, 'approve', back.json().RowVersion)).statusCode).toBe(200);
  });

  it('requires an Idempotency-Key and finalises exactly once under 100 concurrent replays', async () => {
    const p = await get(march1);
    const noKey = await action(march1, 'finalise', p.RowVersion);
    expect(noKey.statusCode).toBe(400);
    expect(errorCodes(noKey)).toContain('Idempotency-Key');

    const answers = await Promise.all(
      Array.from({ length: 100 }, () => action(march1, 'finalise', p.RowVersion, 'finalise-march-1')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ Status: 'Finalised', RowVersion: p.RowVersion + 1 });

    const effects = await t.db.withTenant(payroll.tenantId, async (tx) => ({
      audit: await tx.query(
        `SELECT 1 FROM audit_log WHERE entity = 'payroll-period' AND entity_id = $1 AND after->>'Transition' = 'finalise'`,
        [march1],
      ),
      ledger: await tx.query<{ amount: string; source_key: string }>(
        `SELECT amount::text AS amount, source_key FROM loan_ledger WHERE loan_id = $1`,
        [loanId],
      ),
    }));
    expect(effects.audit).toHaveLength(1);
    expect(effects.ledger).toEqual([{ amount: '1000.00', source_key: `period:${march1}:${loanId}` }]);

    // The same key with another body is refused; a replay after the fact answers the stored body.
    expect((await action(march1, 'finalise', p.RowVersion + 5, 'finalise-march-1')).statusCode).toBe(409);
    const late = await action(march1, 'finalise', p.RowVersion, 'finalise-march-1');
    expect(late.body).toBe(answers[0]!.body);
  });

  it('freezes a finalised period in the database, not only in the API', async () => {
    const p = await get(march1);
    expect(p.CanEdit).toBe(false);
    const put = await call(payroll, 'PUT', `${base}/${march1}`, { ...p });
    expect(put.json().type).toBe(ProblemTypes.invalidState);
    expect((await action(march1, 'return-to-draft', p.RowVersion)).json().type).toBe(
      ProblemTypes.invalidState,
    );
    await expect(
      t.db.withTenant(payroll.tenantId, (tx) =>
        tx.query(`UPDATE payslips SET net_pay = 1 WHERE payroll_period_id = $1`, [march1]),
      ),
    ).rejects.toThrow(/finalised payroll period/);
    await expect(
      t.db.withTenant(payroll.tenantId, (tx) =>
        tx.query(
          `UPDATE payslip_lines SET amount = 1 WHERE payslip_id IN (SELECT id FROM payslips WHERE payroll_period_id = $1)`,
          [march1],
        ),
      ),
    ).rejects.toThrow(/finalised payroll period/);
    await expect(
      t.db.withTenant(payroll.tenantId, (tx) =>
        tx.query(`UPDATE attendance_days SET late_minutes = 0 WHERE employee_id = $1`, [worker]),
      ),
    ).rejects.toThrow(/finalised payroll period/);
    await expect(
      t.db.withTenant(payroll.tenantId, (tx) =>
        tx.query(`UPDATE payroll_periods SET name = 'x' WHERE id = $1`, [march1]),
      ),
    ).rejects.toThrow(/finalised payroll period/);
    const adj = await call(payroll, 'POST', `${base}/${march1}/adjustments`, {
      EmployeeId: worker,
      Kind: 'Earning',
      Code: 'LATE',
      Description: 'Late',
      Amount: '1',
      Reason: 'x',
    });
    expect(adj.json().type).toBe(ProblemTypes.invalidState);
  });

  it('marks a finalised period paid once under concurrent replays', async () => {
    const p = await get(march1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => action(march1, 'mark-paid', p.RowVersion, 'paid-march-1')),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(answers[0]!.json()).toMatchObject({ Status: 'Paid', CanMarkPaid: false });
    expect((await action(march1, 'mark-paid', p.RowVersion + 1, 'paid-again')).json().type).toBe(
      ProblemTypes.invalidState,
    );
    const audit = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ transition: string }>(
        `SELECT after->>'Transition' AS transition FROM audit_log
          WHERE entity = 'payroll-period' AND entity_id = $1 AND action = 'update' ORDER BY at`,
        [march1],
      ),
    );
    expect(audit.map((a) => a.transition)).toEqual([
      'compute',
      'compute',
      'update', // the GET body sent back, then new remarks
      'update',
      'compute',
      'approve',
      'return-to-draft',
      'approve',
      'finalise',
      'mark-paid',
    ]);
  });

  it('uses the finalised period as year to date and month to date of the next cut-off', async () => {
    const second = await period({
      Name: 'March 2026 2nd cut-off',
      CutoffStart: '2026-03-16',
      CutoffEnd: '2026-03-31',
      PayDate: '2026-04-03',
    });
    expect(second.statusCode, second.body).toBe(201);
    await compute(second.json().Id);
    const slip = await payslipOf(second.json().Id, worker);
    const ytd = slip.Result!.ytd as Record<string, string>;
    // First cut-off basic earned 14,913.79 plus this one's 15,000 (no attendance: full salary, warned).
    expect(ytd.basicSalaryEarned).toBe('29913.79');
    expect(slip.Warnings).toContain('No attendance in the cut-off');
    // The loan's remaining 500 is deducted, not the 1,000 amortisation.
    expect(slip.Lines.find((l) => l.Code === 'COMPANY')?.Amount).toBe('500.00');
  });

  it('computes a 13th month period from the finalised basic pay, and a final pay', async () => {
    // PD 851: the 13th month pay is paid by 24 December of its year, on creation and on edit.
    const late = await period({
      Kind: 'ThirteenthMonth',
      Name: '13th month 2026 (late)',
      CutoffStart: '2026-01-01',
      CutoffEnd: '2026-12-15',
      PayDate: '2026-12-28',
    });
    expect(late.statusCode).toBe(400);
    expect(errorCodes(late)).toEqual(['PayDate']);
    // The same sentence as an edit's refusal (below), naming the date.
    expect(late.json().errors).toEqual([
      {
        Code: 'PayDate',
        Description:
          'PayDate: The 13th month pay is due by Dec 24 of its year (PD 851); choose a pay date on or before Dec 24, 2026',
      },
    ]);
    const thirteenth = await period({
      Kind: 'ThirteenthMonth',
      Name: '13th month 2026',
      CutoffStart: '2026-01-01',
      CutoffEnd: '2026-12-15',
      PayDate: '2026-12-20',
    });
    expect(thirteenth.statusCode, thirteenth.body).toBe(201);
    const moved = await call(payroll, 'PUT', `${base}/${thirteenth.json().Id}`, {
      ...thirteenth.json(),
      PayDate: '2026-12-29',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual(late.json().errors);
    await compute(thirteenth.json().Id);
    const slip = await payslipOf(thirteenth.json().Id, worker);
    // 13th month = basic salary earned in the year's finalised payrolls / 12 = 14,913.79 / 12 = 1,242.815833
    expect(slip.Lines.find((l) => l.Code === '13TH')?.Amount).toBe('1242.82');
    expect(slip.Lines.find((l) => l.Code === 'BASIC')).toBeUndefined();

    // A final pay is for a separated employee whose separation lies in its cut-off.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `UPDATE employees SET separation_date = DATE '2026-04-10', separation_reason = 'Resigned' WHERE id = $1`,
        [worker],
      ),
    );
    const finalPay = await period({
      Kind: 'FinalPay',
      Name: 'Final pay PP-0001',
      CutoffStart: '2026-04-01',
      CutoffEnd: '2026-04-10',
      PayDate: '2026-04-30',
      EmployeeIds: [worker],
    });
    expect(finalPay.statusCode, finalPay.body).toBe(201);
    const done = await compute(finalPay.json().Id);
    expect(done.EmployeeCount).toBe(1);
    const fp = await payslipOf(finalPay.json().Id, worker);
    expect(fp.Lines.find((l) => l.Code === '13TH')).toBeTruthy();
    // The whole remaining loan balance (500) is settled.
    expect(fp.Lines.find((l) => l.Code === 'COMPANY')?.Amount).toBe('500.00');
  });

  it('pays a loan off on finalise and corrects a finalised period with an adjustment period', async () => {
    const [second] = (
      await call(payroll, 'POST', `${base}/list`, { Search: '2nd cut-off', Status: 'Computed' })
    ).json().Items as PayrollPeriodDetail[];
    const approved = await action(second!.Id, 'approve', second!.RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const finalised = await action(second!.Id, 'finalise', approved.json().RowVersion, 'finalise-march-2');
    expect(finalised.statusCode, finalised.body).toBe(200);
    const loan = await t.db.withTenant(payroll.tenantId, async (tx) => ({
      status: (
        await tx.query<{ status: string }>(`SELECT status FROM employee_loans WHERE id = $1`, [loanId])
      )[0]!.status,
      paid: (
        await tx.query<{ total: string }>(
          `SELECT sum(amount)::text AS total FROM loan_ledger WHERE loan_id = $1`,
          [loanId],
        )
      )[0]!.total,
    }));
    expect(loan).toEqual({ status: 'Paid', paid: '1500.00' });

    const correction = await period({
      Kind: 'Adjustment',
      Name: 'March 2026 correction',
      CutoffStart: '2026-03-01',
      CutoffEnd: '2026-03-15',
      PayDate: '2026-04-15',
      ReferencesPeriodId: march1,
    });
    expect(correction.statusCode, correction.body).toBe(201);
    expect(correction.json().ReferencesPeriodName).toBe('March 2026 1st cut-off');
    const id = correction.json().Id;
    const added = await call(payroll, 'POST', `${base}/${id}/adjustments`, {
      EmployeeId: worker,
      Kind: 'Earning',
      Code: 'OT-MISSED',
      Description: 'Overtime left out of March 1st cut-off',
      Amount: '431.03',
      Reason: 'Approved OT filed late',
    });
    expect(added.statusCode, added.body).toBe(201);
    const done = await compute(id);
    expect(done.EmployeeCount).toBe(1);
    const slip = await payslipOf(id, worker);
    expect(slip.Lines.map((l) => l.Code)).toEqual(['OT-MISSED']);
    expect(slip.Gross).toBe('431.03');
  });

  it('pays a daily-paid employee overtime, an unworked regular holiday and nothing for an absence', async () => {
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
                late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
                overtime_night_minutes, absent, on_leave)
         VALUES ($1, $2, $3, DATE '2026-04-01', 'ordinary', false, 600, 0, 0, 0, 120, 120, 0, false, false),
                ($1, $2, $3, DATE '2026-04-02', 'regular_holiday', false, 0, 0, 0, 0, 0, 0, 0, false, false),
                ($1, $2, $3, DATE '2026-04-06', 'ordinary', false, 0, 0, 0, 0, 0, 0, 0, true, false)`,
        [payroll.tenantId, companyId, dailyWorker],
      ),
    );
    const created = await period({
      Name: 'April 2026 1st cut-off',
      CutoffStart: '2026-04-01',
      CutoffEnd: '2026-04-15',
      PayDate: '2026-04-20',
    });
    expect(created.statusCode, created.body).toBe(201);
    await compute(created.json().Id);
    const slip = await payslipOf(created.json().Id, dailyWorker);
    /*
     * Daily rate 750 (in force since 10 March), 8 hours: 93.75 an hour.
     *   1 April, 8 regular hours:                 8 × 93.75                 =   750.00
     *   1 April, 2 hours overtime (ordinary day): 2 × 93.75 × 125%          =   234.375 -> 234.38
     *   2 April, regular holiday not worked, present the day before: 100%  =   750.00
     *   3 April (Good Friday), not stored: a regular holiday by the calendar, the workday before it (passing
     *     the 2nd, a holiday) attended on the 1st: 100%                    =   750.00
     *   9 April (Araw ng Kagitingan), not stored: the 8th is not stored either, so nothing says the employee
     *     was absent the day before: 100%                                   =   750.00
     *   6 April, absent: nothing
     *   Gross                                                               = 3,234.38
     *   SSS: 3,234.38 × 2 = 6,468.76 -> MSC 6,500 × 5% = 325 / 2            =   162.50
     *   PhilHealth: EEMR 750 × 261 / 12 = 16,312.50 × 2.5% = 407.8125 / 2   =   203.91
     *   Pag-IBIG: 2% of the 10,000 cap = 200 / 2                            =   100.00
     *   Taxable 3,234.38 - 466.41 = 2,767.97: below 10,417, no tax
     *   Net 3,234.38 - 466.41                                               = 2,767.97
     * (Before the calendar was read for unstored days, 3 and 9 April went unpaid: gross 1,734.38.)
     */
    expect(slip.Gross).toBe('3234.38');
    expect(slip.WithholdingTax).toBe('0.00');
    expect(slip.Deductions).toBe('466.41');
    expect(slip.NetPay).toBe('2767.97');
    expect(slip.Lines.filter((l) => l.Kind === 'earning').map((l) => l.Amount)).toEqual(
      expect.arrayContaining(['750.00', '234.38']),
    );
  });

  it('pays each day at the rate in force on it when a raise falls inside the cut-off', async () => {
    const [raised] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate) VALUES ($1, $2, 'PP-0004', 'Rita', 'Raise', DATE '2026-01-05', 'Daily', 600)
         RETURNING id`,
        [payroll.tenantId, companyId],
      ),
    );
    await t.db.withTenant(payroll.tenantId, async (tx) => {
      await tx.query(
        `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
         VALUES ($1, $2, $3, DATE '2026-01-05', 'Daily', 600), ($1, $2, $3, DATE '2026-07-10', 'Daily', 700)`,
        [payroll.tenantId, companyId, raised!.id],
      );
      await tx.query(
        `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
                late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
                overtime_night_minutes, absent, on_leave)
         VALUES ($1, $2, $3, DATE '2026-07-06', 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false),
                ($1, $2, $3, DATE '2026-07-13', 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false)`,
        [payroll.tenantId, companyId, raised!.id],
      );
    });
    const created = await period({
      Name: 'July 2026 1st cut-off',
      CutoffStart: '2026-07-01',
      CutoffEnd: '2026-07-15',
      PayDate: '2026-07-20',
    });
    expect(created.statusCode, created.body).toBe(201);
    await compute(created.json().Id);
    const slip = await payslipOf(created.json().Id, raised!.id);
    /*
     * Daily 600 until 9 July, 700 from 10 July (issue 10 §1: the rate in force on each day).
     *   6 July, 8 hours at 600                     =   600.00
     *   13 July, 8 hours at 700                    =   700.00
     *   Gross                                      = 1,300.00
     * Shown as the days at the end rate (2 × 700 = 1,400.00) and one adjustment for the days before 10 July:
     * 600 - 700 = -100.00.
     */
    expect(slip.Gross).toBe('1300.00');
    const amount = (code: string) => slip.Lines.find((l) => l.Code === code)?.Amount;
    expect(amount('BASIC')).toBe('1400.00');
    expect(amount('RATE_ADJ')).toBe('-100.00');
    expect(slip.Warnings.some((w) => w.includes('rate'))).toBe(false);
  });

  it('pays paid leave, not leave without pay, the paid half of a half-day leave (worked or not), and night hours', async () => {
    const ids = await t.db.withTenant(payroll.tenantId, async (tx) => {
      const made = await tx.query<{ id: string; employee_number: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate)
         VALUES ($1, $2, 'PP-0005', 'Lia', 'Leave', DATE '2026-01-05', 'Daily', 800),
                ($1, $2, 'PP-0006', 'Mon', 'Leave', DATE '2026-01-05', 'Monthly', 26100)
         RETURNING id, employee_number`,
        [payroll.tenantId, companyId],
      );
      const [user] = await tx.query<{ id: string }>(`SELECT id FROM users LIMIT 1`);
      const types = await tx.query<{ id: string; code: string }>(
        `SELECT id, code FROM leave_types WHERE company_id = $1 AND code IN ('VL', 'LWOP')`,
        [companyId],
      );
      const type = (code: string) => types.find((x) => x.code === code)!.id;
      for (const e of made) {
        // 4 Aug: a whole day without pay; 5 Aug: a whole day of vacation leave; 6 Aug: half a day (VL for the
        // daily-paid, without pay for the monthly-paid), the other half worked; 10 Aug: half a day of vacation
        // leave and no punch at all (the attendance store marks the day absent and on leave).
        const halfType = e.employee_number === 'PP-0005' ? 'VL' : 'LWOP';
        await tx.query(
          `INSERT INTO time_requests (tenant_id, company_id, id, kind, employee_id, leave_type_id, date_from, date_to,
                  half_day, days, reason, filed_by_user_id, status)
           VALUES ($1, $2, gen_random_uuid(), 'Leave', $3, $4, DATE '2026-08-04', DATE '2026-08-04', false, 1, 'x', $7, 'Approved'),
                  ($1, $2, gen_random_uuid(), 'Leave', $3, $5, DATE '2026-08-05', DATE '2026-08-05', false, 1, 'x', $7, 'Approved'),
                  ($1, $2, gen_random_uuid(), 'Leave', $3, $6, DATE '2026-08-06', DATE '2026-08-06', true, 0.5, 'x', $7, 'Approved'),
                  ($1, $2, gen_random_uuid(), 'Leave', $3, $5, DATE '2026-08-10', DATE '2026-08-10', true, 0.5, 'x', $7, 'Approved')`,
          [payroll.tenantId, companyId, e.id, type('LWOP'), type('VL'), type(halfType), user!.id],
        );
        await tx.query(
          `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
                  late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
                  overtime_night_minutes, absent, on_leave)
           VALUES ($1, $2, $3, DATE '2026-08-03', 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false),
                  ($1, $2, $3, DATE '2026-08-04', 'ordinary', false, 0, 0, 0, 0, 0, 0, 0, false, true),
                  ($1, $2, $3, DATE '2026-08-05', 'ordinary', false, 0, 0, 0, 0, 0, 0, 0, false, true),
                  ($1, $2, $3, DATE '2026-08-06', 'ordinary', false, 240, 0, 0, 0, 0, 0, 0, false, true),
                  ($1, $2, $3, DATE '2026-08-07', 'ordinary', false, 480, 0, 0, 120, 0, 0, 0, false, false),
                  ($1, $2, $3, DATE '2026-08-10', 'ordinary', false, 0, 0, 0, 0, 0, 0, 0, true, true)`,
          [payroll.tenantId, companyId, e.id],
        );
      }
      return Object.fromEntries(made.map((e) => [e.employee_number, e.id]));
    });
    const created = await period({
      Name: 'August 2026 1st cut-off',
      CutoffStart: '2026-08-01',
      CutoffEnd: '2026-08-15',
      PayDate: '2026-08-20',
    });
    expect(created.statusCode, created.body).toBe(201);
    await compute(created.json().Id);
    /*
     * Daily 800 (8 hours):  3 Aug worked 800.00; 4 Aug without pay 0; 5 Aug vacation leave 800.00;
     *                       6 Aug 4 hours worked + half a day of vacation leave = 8 hours 800.00;
     *                       7 Aug 8 hours 800.00, 2 of them at night: + 2 x 100.00 x 10% = 20.00;
     *                       10 Aug half a day of vacation leave, the other half not worked: 400.00. Gross 3,620.00
     * Monthly 26,100 (divisor 261: 1,200.00 a day, 150.00 an hour): half-month 13,050.00; 4 Aug without pay
     *                       -1,200.00; 5 Aug vacation leave inside the salary; 6 Aug half a day without pay:
     *                       4 hours x 150 = -600.00; 7 Aug night differential 2 x 150 x 10% = 30.00;
     *                       10 Aug half a day of vacation leave, the other half absent: 4 hours x 150 = -600.00.
     *                                                                                          Gross 10,680.00
     */
    const daily = await payslipOf(created.json().Id, ids['PP-0005']!);
    expect(daily.Warnings.filter((w) => w.startsWith('Could not compute'))).toEqual([]);
    expect(daily.Gross).toBe('3620.00');
    expect(daily.Lines.find((l) => l.Code === 'ND_ORD')?.Amount).toBe('20.00');
    const monthly = await payslipOf(created.json().Id, ids['PP-0006']!);
    expect(monthly.Warnings.filter((w) => w.startsWith('Could not compute'))).toEqual([]);
    expect(monthly.Gross).toBe('10680.00');
    expect(monthly.Lines.find((l) => l.Code === 'ABSENT')?.Amount).toBe('-1200.00');
    expect(monthly.Lines.find((l) => l.Code === 'UNDERTIME')?.Amount).toBe('-1200.00');
  });

  it('does not pay a monthly salary for the workdays before a mid-cut-off hire', async () => {
    const [hire] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate) VALUES ($1, $2, 'PP-0003', 'Nina', 'Newhire', DATE '2026-04-22', 'Monthly', 26100)
         RETURNING id`,
        [payroll.tenantId, companyId],
      ),
    );
    const created = await period({
      Name: 'April 2026 2nd cut-off',
      CutoffStart: '2026-04-16',
      CutoffEnd: '2026-04-30',
      PayDate: '2026-05-05',
    });
    expect(created.statusCode, created.body).toBe(201);
    await compute(created.json().Id);
    const slip = await payslipOf(created.json().Id, hire!.id);
    /*
     * 26,100 a month, divisor 261: daily rate 26,100 × 12 / 261 = 1,200. Hired Wednesday 22 April: the workdays
     * 16, 17, 20 and 21 April are unpaid: basic 26,100 / 2 = 13,050 less 4 × 1,200 = 8,250.00, less than the
     * 7 workdays of employment (22 to 30 April) at the daily rate, 7 × 1,200 = 8,400.00, the floor of a partial
     * pay period (compute.ts basicPayFloor).
     */
    expect(slip.Gross).toBe('8400.00');
    expect(slip.Warnings).toContain(
      'Hired on 2026-04-22, inside the cut-off: 4 workday(s) outside employment unpaid',
    );
  });

  it('leaves the previous payslips as they were when a compute fails', async () => {
    const created = await period({
      Name: 'May 2026 1st cut-off',
      CutoffStart: '2026-05-01',
      CutoffEnd: '2026-05-15',
      PayDate: '2026-05-20',
    });
    const id = created.json().Id;
    const first = await compute(id);
    expect(first.JobStatus).toBe('Done');
    const before = (await call(payroll, 'POST', `${base}/${id}/payslips/list`, { PageSize: 500 })).json();
    // Without its payroll settings the compute cannot start reading; put them back afterwards.
    const saved = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<Record<string, unknown>>(`DELETE FROM payroll_settings WHERE company_id = $1 RETURNING *`, [
        companyId,
      ]),
    );
    const failed = await compute(id);
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`INSERT INTO payroll_settings (tenant_id, company_id) VALUES ($1, $2)`, [
        saved[0]!.tenant_id,
        companyId,
      ]),
    );
    expect(failed).toMatchObject({ JobStatus: 'Failed', Status: 'Computed' });
    expect(failed.JobError).toContain('previous payslips are unchanged');
    const after = (await call(payroll, 'POST', `${base}/${id}/payslips/list`, { PageSize: 500 })).json();
    expect(after).toEqual(before);
  });
});
