/**
 * Issue 10 §3: a final pay period through HTTP (PGlite by default, PostgreSQL on request) — computed, approved, a
 * payslip held after approval (left out of the bank file, kept in the register marked held), finalised — and the
 * certificate of final pay read back as text against the stored payslip.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type PayslipDetail } from '@hrpay/contracts';
import { pdfText } from '../../../e2e/tests/pdf-text.js';
import { cents, moneyDisplay } from '../src/modules/payroll-documents/money.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';
import { insertPeriod, insertWorkdays, semiMonthlySlip } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let companyId: string;
/** Monthly 30,000, 3 unused SIL days, a 3,000 company loan; separated 10 June 2026. */
let leaver: string;
/** Daily 800; separated the same day. Their payslip is held after approval. */
let dailyLeaver: string;
let periodId: string;

const call = caller(() => t.app);
const base = '/api/v1/payroll-periods';
const certificateUrl = (period: string, employee: string) =>
  `/api/v1/payroll/reports/final-pay-certificate?PayrollPeriodId=${period}&EmployeeId=${employee}`;
const LEAVER_ACCOUNT = '001299990101';
const DAILY_ACCOUNT = '001299990102';

const {
  get,
  action,
  payslipOf: payslipIn,
} = payrollApi(
  () => t,
  () => payroll,
);

const payslipOf = (employeeId: string): Promise<PayslipDetail> => payslipIn(periodId, employeeId);

const csvRows = (body: string) =>
  Papa.parse<string[]>(body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
    const employee = async (
      number: string,
      first: string,
      rateType: string,
      rate: number,
      account: string,
    ) => {
      const [e] = await tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
                separation_date, separation_reason, rate_type, basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name,
                bank_account_number)
         VALUES ($1, $2, $3, $4, 'Leaver', DATE '2024-03-01', DATE '2026-06-10', 'Resigned', $5, $6, '123-456-789-000',
                 '34-1234567-8', '12-345678901-2', '1234-5678-9012', 'BDO Unibank', $7) RETURNING id`,
        [payroll.tenantId, companyId, number, first, rateType, rate, account],
      );
      await tx.query(
        `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
         VALUES ($1, $2, $3, DATE '2024-03-01', $4, $5)`,
        [payroll.tenantId, companyId, e!.id, rateType, rate],
      );
      // Eight workdays of 8 hours, Monday 1 to Wednesday 10 June 2026.
      await insertWorkdays(tx, payroll.tenantId, companyId, e!.id, '2026-06-01', '2026-06-10');
      return e!.id;
    };
    leaver = await employee('FP-0001', 'Fina', 'Monthly', 30000, LEAVER_ACCOUNT);
    dailyLeaver = await employee('FP-0002', 'Dante', 'Daily', 800, DAILY_ACCOUNT);
    await tx.query(
      `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, principal, amortization, start_date)
       SELECT $1, $2, $3, id, 3000, 1000, DATE '2026-01-01' FROM loan_types WHERE company_id = $2 AND code = 'COMPANY'`,
      [payroll.tenantId, companyId, leaver],
    );
    await tx.query(
      `INSERT INTO leave_ledger (tenant_id, company_id, employee_id, leave_type_id, entry_date, kind, days, source_key)
       SELECT $1, $2, $3, id, DATE '2026-03-01', 'Grant', 3, 'grant:test' FROM leave_types
        WHERE company_id = $2 AND code = 'SIL'`,
      [payroll.tenantId, companyId, leaver],
    );
  });
  const settings = (await call(payroll, 'GET', '/api/v1/application-settings')).json();
  const saved = await call(payroll, 'PUT', '/api/v1/application-settings', {
    ...settings,
    PayslipSignatoryName: 'Maria Santos',
    PayslipSignatoryTitle: 'HR and Payroll Manager',
  });
  expect(saved.statusCode, saved.body).toBe(200);

  const created = await call(payroll, 'POST', base, {
    Kind: 'FinalPay',
    Name: 'Final pay June 2026',
    CutoffStart: '2026-06-01',
    CutoffEnd: '2026-06-10',
    PayDate: '2026-06-30',
    EmployeeIds: [leaver, dailyLeaver],
  });
  expect(created.statusCode, created.body).toBe(201);
  periodId = created.json().Id;
  const started = await action(periodId, 'compute', created.json().RowVersion);
  expect(started.statusCode, started.body).toBe(202);
  for (let i = 0; i < 600 && ['Queued', 'Running'].includes((await get(periodId)).JobStatus ?? ''); i++)
    await new Promise((r) => setTimeout(r, 50));
  expect(await get(periodId)).toMatchObject({ Status: 'Computed', JobStatus: 'Done', EmployeeCount: 2 });
});
afterAll(() => t?.close());

describe('hold after approval', () => {
  it('holds and releases a payslip of an approved period, audited; excluding stays refused', async () => {
    const approved = await action(periodId, 'approve', (await get(periodId)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const daily = await payslipOf(dailyLeaver);

    const held = await call(payroll, 'POST', `${base}/payslips/${daily.Id}/hold`, {
      Remarks: 'Clearance pending',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().Status).toBe('Held');
    const afterHold = await get(periodId);
    expect(afterHold).toMatchObject({ Status: 'Approved', Totals: { Held: 1 } });
    expect(afterHold.RowVersion).toBeGreaterThan(approved.json().RowVersion);

    // Exclude changes the totals: refused after approval, for a held and for an included payslip.
    for (const id of [daily.Id, (await payslipOf(leaver)).Id]) {
      const excluded = await call(payroll, 'POST', `${base}/payslips/${id}/exclude`, {});
      expect(excluded.statusCode).toBe(409);
      expect(excluded.json()).toMatchObject({ type: ProblemTypes.invalidState });
      expect(excluded.json().detail).toContain('approved period can only be held or released');
    }
    expect(
      (await call(logisticsPayroll, 'POST', `${base}/payslips/${daily.Id}/include`, {})).statusCode,
    ).toBe(404);

    const released = await call(payroll, 'POST', `${base}/payslips/${daily.Id}/include`, {});
    expect(released.json().Status).toBe('Included');
    expect((await call(payroll, 'POST', `${base}/payslips/${daily.Id}/hold`, {})).json().Status).toBe('Held');

    const audit = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ before: { Status: string }; after: { Status: string; Remarks: string | null } }>(
        `SELECT before, after FROM audit_log WHERE entity = 'payslip' AND entity_id = $1 ORDER BY at, id`,
        [daily.Id],
      ),
    );
    expect(audit.map((a) => [a.before.Status, a.after.Status])).toEqual([
      ['Included', 'Held'],
      ['Held', 'Included'],
      ['Included', 'Held'],
    ]);
    expect(audit[0]!.after.Remarks).toBe('Clearance pending');
  });

  it('refuses a certificate before the period is finalised', async () => {
    const early = await call(payroll, 'GET', certificateUrl(periodId, leaver));
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toContain('finalised periods only');
  });

  it('finalises; a finalised period refuses hold and include with the usual message', async () => {
    const p = await get(periodId);
    const done = await action(periodId, 'finalise', p.RowVersion, 'finalise-final-pay-june');
    expect(done.statusCode, done.body).toBe(200);
    const daily = await payslipOf(dailyLeaver);
    expect(daily.Status).toBe('Held');
    for (const name of ['include', 'hold']) {
      const res = await call(payroll, 'POST', `${base}/payslips/${(await payslipOf(leaver)).Id}/${name}`, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('Payslips of a finalised period cannot be held, included or excluded.');
    }
  });

  it('leaves the held payslip out of the bank file and keeps it in the register, marked held', async () => {
    const bank = await call(payroll, 'GET', `/api/v1/payroll/reports/bank-file?PayrollPeriodId=${periodId}`);
    expect(bank.statusCode, bank.body).toBe(200);
    const [, ...payees] = csvRows(bank.body);
    expect(payees.map((r) => r[0])).toEqual([LEAVER_ACCOUNT]);
    expect(payees[0]![2]).toBe((await payslipOf(leaver)).NetPay);

    const register = await call(
      payroll,
      'GET',
      `/api/v1/payroll/reports/register?PayrollPeriodId=${periodId}&Format=csv`,
    );
    expect(register.statusCode, register.body).toBe(200);
    const [header, ...rows] = csvRows(register.body);
    const status = header!.indexOf('Pay status');
    const net = header!.indexOf('Net pay');
    expect(status).toBeGreaterThan(0);
    const byNumber = new Map(rows.map((r) => [r[0], r]));
    expect(byNumber.get('FP-0002')![status]).toBe('Held');
    expect(byNumber.get('FP-0001')![status]).toBe('Released');
    // The held payslip still counts in the register's totals.
    const daily = await payslipOf(dailyLeaver);
    const leaverSlip = await payslipOf(leaver);
    expect(cents(rows.at(-1)![net]!)).toBe(cents(daily.NetPay) + cents(leaverSlip.NetPay));
  });
});

describe('certificate of final pay', () => {
  it('prints every component of the stored payslip, the separation and the signatory', async () => {
    const slip = await payslipOf(leaver);
    const res = await call(payroll, 'GET', certificateUrl(periodId, leaver));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      'final-pay-certificate-FP-0001-Final-pay-June-2026.pdf',
    );
    const text = pdfText(res.rawPayload);
    const amount = (a: string) => moneyDisplay(cents(a));
    const line = (code: string) => slip.Lines.find((l) => l.Code === code)!;

    expect(text).toContain('CERTIFICATE OF FINAL PAY');
    expect(text).toContain('Leaver, Fina (employee no. FP-0001)');
    expect(text).toContain('Date of separation: 2026-06-10');
    expect(text).toContain('Final pay period: Final pay June 2026, 2026-06-01 to 2026-06-10');
    expect(text).toContain('Maria Santos, HR and Payroll Manager');
    // Every line of the stored payslip, with its amount, and the totals.
    for (const l of slip.Lines) {
      expect(text).toContain(l.Description);
      expect(text).toContain(amount(l.Amount));
    }
    expect(text).toMatch(new RegExp(`GROSS FINAL PAY\\n${amount(slip.Gross)}`));
    expect(text).toMatch(new RegExp(`TOTAL DEDUCTIONS\\n${amount(slip.Deductions)}`));
    expect(text).toMatch(new RegExp(`NET FINAL PAY\\n${amount(slip.NetPay)}`));
    expect(text.replace(/\s+/g, ' ')).toContain(`net final pay of PHP ${amount(slip.NetPay)} on 2026-06-30`);

    // Each component under its heading. SIL: 3 days × daily rate 30,000 × 12 / 261 = 1,379.31 -> 4,137.93.
    const after = (heading: string, description: string, value: string) =>
      expect(text).toContain(`${heading}\n${description}\n${value}`);
    expect(line('SIL-CASH').Amount).toBe('4137.93');
    after(
      'Cash conversion of unused service incentive leave',
      'Unused service incentive leave, 3 day(s) (de minimis)',
      '4,137.93',
    );
    after('Pro-rated 13th month pay', 'Pro-rated 13th month pay', amount(line('13TH').Amount));
    // The whole loan balance is settled.
    expect(line('COMPANY').Amount).toBe('3000.00');
    after('Loans settled', line('COMPANY').Description, '3,000.00');
    after('Taxes and contributions withheld', line('SSS').Description, amount(line('SSS').Amount));
  });

  it('answers a held payslip too, and still after the period is paid', async () => {
    const p = await get(periodId);
    expect((await action(periodId, 'mark-paid', p.RowVersion, 'paid-final-pay-june')).statusCode).toBe(200);
    const res = await call(payroll, 'GET', certificateUrl(periodId, dailyLeaver));
    expect(res.statusCode, res.body).toBe(200);
    const slip = await payslipOf(dailyLeaver);
    expect(pdfText(res.rawPayload)).toMatch(
      new RegExp(`NET FINAL PAY\\n${moneyDisplay(cents(slip.NetPay))}`),
    );
  });

  it('refuses a regular period, and answers 404 for another company, an employee outside the period or bad ids', async () => {
    const regular = await insertPeriod((work) => t.db.withTenant(payroll.tenantId, work), payroll.tenantId, {
      companyId,
      name: 'May 2026 2nd cut-off',
      start: '2026-05-16',
      end: '2026-05-31',
      status: 'Finalised',
      payslips: [{ employeeId: leaver, payslip: semiMonthlySlip('2026-05-16', '2026-05-31') }],
    });
    const notFinalPay = await call(payroll, 'GET', certificateUrl(regular.periodId, leaver));
    expect(notFinalPay.statusCode).toBe(409);
    expect(notFinalPay.json()).toMatchObject({ type: ProblemTypes.invalidState });
    expect(notFinalPay.json().detail).toContain('is not a final pay period');

    expect((await call(logisticsPayroll, 'GET', certificateUrl(periodId, leaver))).statusCode).toBe(404);
    const [outsider] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM employees WHERE company_id = $1 AND id <> ALL($2) LIMIT 1`, [
        companyId,
        [leaver, dailyLeaver],
      ]),
    );
    const outside = await call(payroll, 'GET', certificateUrl(periodId, outsider!.id));
    expect(outside.statusCode).toBe(404);
    const bad = await call(payroll, 'GET', certificateUrl('not-a-uuid', leaver));
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await call(
          payroll,
          'GET',
          `/api/v1/payroll/reports/final-pay-certificate?PayrollPeriodId=${periodId}`,
        )
      ).statusCode,
    ).toBe(400);
  });
});
