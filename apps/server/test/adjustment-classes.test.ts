/**
 * One-off earning adjustments by tax class, through HTTP (PGlite by default, PostgreSQL on request): taxable
 * compensation, 13th month and other benefits (the 90,000 exclusion of NIRC Sec. 32(B)(7)(e), not SSS
 * compensation), and a de minimis benefit of one kind (exempt up to its ceiling, the excess into the 90,000
 * bucket). REFERENCE.md §1.2 (SSS compensation excludes 13th month pay and bonuses), §4.3, §4.5.
 *
 * Four employees of 30,000 a month worked 2 to 13 March 2026 (ten weekdays), paid in the cut-off 1-15 March:
 * TWIN has no adjustment; BONUS a "Performance bonus" of 100,000 sent the older way (Taxable: false); GIFT a
 * "Christmas gift" of 8,000 of the de minimis kind christmasGift; TAXABLE a taxable 1,000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayrollAdjustment, PayslipDetail } from '@hrpay/contracts';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi, PERIODS } from './payroll-api.js';
import { insertWorkdays } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let periodId: string;
const ids: Record<'twin' | 'bonus' | 'gift' | 'taxable', string> = {
  twin: '',
  bonus: '',
  gift: '',
  taxable: '',
};
const slips = {} as Record<keyof typeof ids, PayslipDetail>;

const call = caller(() => t.app);
const { compute, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);
const adjust = (body: object) => call(payroll, 'POST', `${PERIODS}/${periodId}/adjustments`, body);
const line = (slip: PayslipDetail, code: string) => slip.Lines.find((l) => l.Code === code);
const sssCompensation = (slip: PayslipDetail) =>
  (slip.Result!.contributionBases as { sssCompensation: string }).sssCompensation;
const thisPeriod = (slip: PayslipDetail) =>
  slip.Result!.thisPeriod as { benefitsReceived: string; deMinimis: Record<string, string> };
const cents = (v: string) => Math.round(Number(v) * 100);

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    const companyId = c!.company_id;
    let n = 0;
    for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
      n++;
      const [e] = await tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name, bank_account_number)
         VALUES ($1, $2, $3, $4, 'Adjusted', DATE '2024-03-01', 'Monthly', 30000, '123-456-789-000', '34-1234567-8',
                 '12-345678901-2', '1234-5678-9012', 'BDO Unibank', $5) RETURNING id`,
        [payroll.tenantId, companyId, `AC-000${n}`, key, `00129999020${n}`],
      );
      await tx.query(
        `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
         VALUES ($1, $2, $3, DATE '2024-03-01', 'Monthly', 30000)`,
        [payroll.tenantId, companyId, e!.id],
      );
      await insertWorkdays(tx, payroll.tenantId, companyId, e!.id, '2026-03-02', '2026-03-13');
      ids[key] = e!.id;
    }
  });
  const created = await call(payroll, 'POST', PERIODS, {
    Kind: 'Regular',
    Name: 'March 1-15 2026 (adjustment classes)',
    CutoffStart: '2026-03-01',
    CutoffEnd: '2026-03-15',
    PayDate: '2026-03-20',
  });
  expect(created.statusCode, created.body).toBe(201);
  periodId = created.json().Id;

  const bonus = await adjust({
    EmployeeId: ids.bonus,
    Kind: 'Earning',
    Code: 'PERFBONUS',
    Description: 'Performance bonus',
    Amount: '100000.00',
    Taxable: false,
    Reason: 'Annual performance review',
  });
  expect(bonus.statusCode, bonus.body).toBe(201);
  const gift = await adjust({
    EmployeeId: ids.gift,
    Kind: 'Earning',
    Code: 'XMASGIFT',
    Description: 'Christmas gift',
    Amount: '8000.00',
    TaxClass: 'DeMinimis',
    DeMinimis: 'christmasGift',
    Reason: 'Company anniversary gift',
  });
  expect(gift.statusCode, gift.body).toBe(201);
  const taxable = await adjust({
    EmployeeId: ids.taxable,
    Kind: 'Earning',
    Code: 'SALADJ',
    Description: 'Salary correction',
    Amount: '1000.00',
    TaxClass: 'Taxable',
    Reason: 'February underpaid',
  });
  expect(taxable.statusCode, taxable.body).toBe(201);

  expect(await compute(periodId)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
  for (const key of Object.keys(ids) as (keyof typeof ids)[])
    slips[key] = await payslipOf(periodId, ids[key]);
});
afterAll(() => t?.close());

describe('the tax class of an earning adjustment', () => {
  it('answers the class; the older Taxable flag maps true to Taxable and false to Benefit', async () => {
    const list = (await call(payroll, 'GET', `${PERIODS}/${periodId}/adjustments`)).json()
      .Items as PayrollAdjustment[];
    const byCode = new Map(list.map((a) => [a.Code, a]));
    expect(byCode.get('PERFBONUS')).toMatchObject({ Taxable: false, TaxClass: 'Benefit', DeMinimis: null });
    expect(byCode.get('XMASGIFT')).toMatchObject({
      Taxable: false,
      TaxClass: 'DeMinimis',
      DeMinimis: 'christmasGift',
    });
    expect(byCode.get('SALADJ')).toMatchObject({ Taxable: true, TaxClass: 'Taxable', DeMinimis: null });

    // The GET item's fields post back as they are (older clients keep Taxable, newer ones the class too).
    const { Kind, Code, Description, Amount, Taxable, TaxClass, DeMinimis, Reason } = byCode.get('XMASGIFT')!;
    const again = await adjust({
      EmployeeId: ids.twin,
      Kind,
      Code,
      Description,
      Amount,
      Taxable,
      TaxClass,
      DeMinimis,
      Reason,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ TaxClass: 'DeMinimis', DeMinimis: 'christmasGift', Taxable: false });
    const deduction = await adjust({
      EmployeeId: ids.twin,
      Kind: 'Deduction',
      Code: 'SHORT',
      Description: 'Cash shortage',
      Amount: '100.00',
      Reason: 'Till count',
    });
    expect(deduction.statusCode, deduction.body).toBe(201);
    expect(deduction.json()).toMatchObject({ TaxClass: null, DeMinimis: null, Taxable: true });
    const { Taxable: t2, TaxClass: c2, DeMinimis: d2 } = deduction.json() as PayrollAdjustment;
    const deductionAgain = await adjust({
      EmployeeId: ids.twin,
      Kind: 'Deduction',
      Code: 'SHORT',
      Description: 'Cash shortage',
      Amount: '100.00',
      Taxable: t2,
      TaxClass: c2,
      DeMinimis: d2,
      Reason: 'Till count',
    });
    expect(deductionAgain.statusCode, deductionAgain.body).toBe(201);
    for (const a of [again.json(), deduction.json(), deductionAgain.json()] as PayrollAdjustment[])
      expect((await call(payroll, 'DELETE', `${PERIODS}/${periodId}/adjustments/${a.Id}`)).statusCode).toBe(
        200,
      );

    // Refused: a de minimis class without its kind, a kind without the class, Taxable against the class, a
    // class on a deduction.
    const base = {
      EmployeeId: ids.twin,
      Kind: 'Earning',
      Code: 'X',
      Description: 'x',
      Amount: '1.00',
      Reason: 'x',
    };
    expect(errorCodes(await adjust({ ...base, TaxClass: 'DeMinimis' }))).toContain('DeMinimis');
    expect(errorCodes(await adjust({ ...base, TaxClass: 'Benefit', DeMinimis: 'riceSubsidy' }))).toContain(
      'DeMinimis',
    );
    expect(errorCodes(await adjust({ ...base, TaxClass: 'Benefit', Taxable: true }))).toContain('Taxable');
    expect(errorCodes(await adjust({ ...base, Kind: 'Deduction', TaxClass: 'Taxable' }))).toContain(
      'TaxClass',
    );
    expect(errorCodes(await adjust({ ...base, TaxClass: 'Exempt' }))).toContain('TaxClass');
  });

  it('the twin: 15,000.00 of salary, SSS compensation 30,000.00 a month', () => {
    // Ten weekdays worked of a half-month: the monthly salary's half, 15,000.00, all taxable compensation.
    expect(slips.twin.Gross).toBe('15000.00');
    expect(sssCompensation(slips.twin)).toBe('30000.00');
    expect(thisPeriod(slips.twin).benefitsReceived).toBe('0.00');
  });

  it('a performance bonus of 100,000 is a benefit: 90,000 exempt, 10,000 taxable, not SSS compensation', () => {
    // NIRC Sec. 32(B)(7)(e): 13th month and other benefits exempt up to 90,000 a year, the excess taxable
    // (REFERENCE §4.3). Nothing in the bucket yet this year: 90,000.00 exempt, 100,000 - 90,000 = 10,000.00
    // taxable. The salary's taxable base is the twin's, so the bonus adds exactly 10,000.00 to it.
    const s = slips.bonus;
    expect(line(s, 'PERFBONUS')).toMatchObject({ Amount: '90000.00', Taxable: false });
    expect(line(s, 'PERFBONUS_TAXABLE')).toMatchObject({ Amount: '10000.00', Taxable: true });
    expect(s.Gross).toBe('115000.00');
    expect(cents(s.TaxableBase) - cents(slips.twin.TaxableBase)).toBe(1_000_000);
    // Not SSS compensation (REFERENCE §1.2): the same 30,000.00 a month as the twin, the same contributions.
    expect(sssCompensation(s)).toBe('30000.00');
    expect(s.EmployeeShares).toBe(slips.twin.EmployeeShares);
    // The whole 100,000.00 counts against the year's 90,000 bucket for the later payslips.
    expect(thisPeriod(s).benefitsReceived).toBe('100000.00');
    // Its code is listed as a benefit's, for the BIR 2316 split (item 34 for the exempt part).
    expect(s.Result!.benefitCodes).toEqual(['PERFBONUS']);
  });

  it('a Christmas gift of 8,000 is de minimis up to 6,000 (RR 29-2025), the 2,000 excess into the bucket', () => {
    // RR 29-2025 (from 6 January 2026): Christmas gifts 6,000 a year (REFERENCE §4.5). 6,000.00 exempt de
    // minimis; the excess 2,000.00 joins the 90,000 bucket (RMC 50-2018, §4.3), still exempt there (2,000 <
    // 90,000). So the taxable base is the twin's, and nothing of it is SSS compensation.
    const s = slips.gift;
    expect(line(s, 'XMASGIFT')).toMatchObject({ Amount: '6000.00', Taxable: false });
    expect(line(s, 'XMASGIFT')!.Description).toBe('Christmas gift (de minimis)');
    expect(line(s, 'XMASGIFT_EXCESS')).toMatchObject({ Amount: '2000.00', Taxable: false });
    expect(s.Gross).toBe('23000.00');
    expect(s.TaxableBase).toBe(slips.twin.TaxableBase);
    expect(sssCompensation(s)).toBe('30000.00');
    expect(s.EmployeeShares).toBe(slips.twin.EmployeeShares);
    expect(thisPeriod(s).benefitsReceived).toBe('2000.00');
    expect(thisPeriod(s).deMinimis).toEqual({ christmasGift: '8000.00' });
  });

  it('a taxable adjustment of 1,000 is taxable compensation and SSS compensation', () => {
    // 15,000 + 1,000 = 16,000.00 gross; SSS compensation projected to the month: 30,000 + 2 × 1,000 = 32,000.00
    // (the 'equal' split projects a cut-off's pay to a month, REFERENCE §8.5).
    const s = slips.taxable;
    expect(line(s, 'SALADJ')).toMatchObject({ Amount: '1000.00', Taxable: true });
    expect(s.Gross).toBe('16000.00');
    expect(sssCompensation(s)).toBe('32000.00');
    expect(thisPeriod(s).benefitsReceived).toBe('0.00');
  });
});
