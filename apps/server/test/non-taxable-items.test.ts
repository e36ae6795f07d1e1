/**
 * A recurring pay item marked not taxable and not de minimis, through HTTP (PGlite by default, PostgreSQL on
 * request). The law exempts no compensation in full: such an earning can only be "13th month and other
 * benefits" (NIRC Sec. 32(B)(7)(e) as amended by TRAIN: exempt up to the year's combined 90,000, the excess
 * taxable; REFERENCE §4.3), which is not SSS compensation (SSS Circular 2024-006, REFERENCE §1.2). So it goes into
 * the 90,000 bucket like a Benefit-class adjustment, and the BIR 2316 files its exempt part under item 34
 * (13th month and other benefits), not item 37 (salaries and other forms of compensation).
 *
 * Three employees of 30,000 a month, paid semi-monthly, worked every weekday of 1-15 January and 1-15 March 2026:
 * TWIN has no pay item; INC a recurring "Incentive" (INCENTIVE) of 5,000 per cut-off, Taxable false, no de minimis
 * kind, from 1 March 2026; USED the same item, and a 13th month advance of 88,000 (an adjustment of class Benefit)
 * paid in the finalised January 1-15 payroll, so 88,000 of the year's 90,000 is used before March.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayslipDetail } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi, PERIODS } from './payroll-api.js';
import { insertWorkdays } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let january: string;
let march: string;
const ids: Record<'twin' | 'inc' | 'used', string> = { twin: '', inc: '', used: '' };
const slips = {} as Record<keyof typeof ids, PayslipDetail>;

const call = caller(() => t.app);
const { compute, payslipOf, finalise } = payrollApi(
  () => t,
  () => payroll,
);
const line = (slip: PayslipDetail, code: string) => slip.Lines.find((l) => l.Code === code);
const sssCompensation = (slip: PayslipDetail) =>
  (slip.Result!.contributionBases as { sssCompensation: string }).sssCompensation;
const thisPeriod = (slip: PayslipDetail) => slip.Result!.thisPeriod as { benefitsReceived: string };
const ytdBucket = (slip: PayslipDetail) =>
  (slip.Result!.ytd as { benefitsReceived: string }).benefitsReceived;
const cents = (v: string) => Math.round(Number(v) * 100);

async function createPeriod(body: object): Promise<string> {
  const created = await call(payroll, 'POST', PERIODS, { Kind: 'Regular', ...body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().Id as string;
}

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
         VALUES ($1, $2, $3, $4, 'Nontaxable', DATE '2024-03-01', 'Monthly', 30000, $5, '34-1234567-8',
                 '12-345678901-2', '1234-5678-9012', 'BDO Unibank', $6) RETURNING id`,
        [payroll.tenantId, companyId, `NT-000${n}`, key, `123-456-78${n}-000`, `00129999030${n}`],
      );
      await tx.query(
        `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
         VALUES ($1, $2, $3, DATE '2024-03-01', 'Monthly', 30000)`,
        [payroll.tenantId, companyId, e!.id],
      );
      await insertWorkdays(tx, payroll.tenantId, companyId, e!.id, '2026-01-01', '2026-01-15');
      await insertWorkdays(tx, payroll.tenantId, companyId, e!.id, '2026-03-01', '2026-03-15');
      ids[key] = e!.id;
    }
  });

  // January 1-15: USED is paid a 13th month advance of 88,000, a benefit of NIRC Sec. 32(B)(7)(e); finalised, it
  // is the year to date the March compute reads (88,000 of the 90,000 bucket used).
  january = await createPeriod({
    Name: 'January 1-15 2026 (non-taxable items)',
    CutoffStart: '2026-01-01',
    CutoffEnd: '2026-01-15',
    PayDate: '2026-01-20',
  });
  const advance = await call(payroll, 'POST', `${PERIODS}/${january}/adjustments`, {
    EmployeeId: ids.used,
    Kind: 'Earning',
    Code: 'ADV13',
    Description: '13th month advance',
    Amount: '88000.00',
    TaxClass: 'Benefit',
    Reason: 'Advance on the 13th month pay',
  });
  expect(advance.statusCode, advance.body).toBe(201);
  expect(await compute(january)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
  const advanced = await payslipOf(january, ids.used);
  expect(line(advanced, 'ADV13')).toMatchObject({ Amount: '88000.00', Taxable: false });
  expect(thisPeriod(advanced).benefitsReceived).toBe('88000.00');
  await finalise(january, 'finalise-january-non-taxable');

  // The recurring item, as the pay item form sends it: Taxable off, not de minimis.
  for (const key of ['inc', 'used'] as const) {
    const item = await call(payroll, 'POST', `/api/v1/employee-payroll-details/${ids[key]}/items`, {
      Kind: 'Earning',
      Code: 'INCENTIVE',
      Description: 'Incentive',
      Amount: '5000.00',
      Taxable: false,
      DeMinimis: null,
      EffectiveFrom: '2026-03-01',
      EffectiveTo: null,
    });
    expect(item.statusCode, item.body).toBe(201);
  }
  march = await createPeriod({
    Name: 'March 1-15 2026 (non-taxable items)',
    CutoffStart: '2026-03-01',
    CutoffEnd: '2026-03-15',
    PayDate: '2026-03-20',
  });
  expect(await compute(march)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) slips[key] = await payslipOf(march, ids[key]);
});
afterAll(() => t?.close());

describe('a recurring earning marked not taxable (no de minimis kind) is 13th month and other benefits', () => {
  it('the twin: 15,000.00 of salary, SSS compensation 30,000.00 a month, nothing in the bucket', () => {
    // Ten weekdays (2-13 March) of a half-month: half the monthly salary, 15,000.00, all taxable compensation.
    expect(slips.twin.Gross).toBe('15000.00');
    expect(sssCompensation(slips.twin)).toBe('30000.00');
    expect(thisPeriod(slips.twin).benefitsReceived).toBe('0.00');
  });

  it('5,000 with the bucket empty: wholly exempt, in the 90,000 bucket, not SSS compensation', () => {
    // Bucket 0 + 5,000 ≤ 90,000: all 5,000.00 exempt (NIRC Sec. 32(B)(7)(e), REFERENCE §4.3). Gross 15,000 +
    // 5,000 = 20,000.00; the taxable base is the twin's (the item adds nothing taxable).
    const s = slips.inc;
    expect(line(s, 'INCENTIVE')).toMatchObject({ Amount: '5000.00', Taxable: false });
    expect(line(s, 'INCENTIVE_TAXABLE')).toBeUndefined();
    expect(s.Gross).toBe('20000.00');
    expect(s.TaxableBase).toBe(slips.twin.TaxableBase);
    // Not SSS compensation (REFERENCE §1.2): the twin's 30,000.00 a month, not 30,000 + 2 × 5,000 = 40,000.00
    // (the 'equal' split projects a cut-off's compensation to the month), and the twin's contributions.
    expect(sssCompensation(s)).toBe('30000.00');
    expect(s.EmployeeShares).toBe(slips.twin.EmployeeShares);
    // The bucket is up by 5,000.00 for the later payslips of the year, and the code is a benefit's (BIR 2316).
    expect(thisPeriod(s).benefitsReceived).toBe('5000.00');
    expect(s.Result!.benefitCodes).toEqual(['INCENTIVE']);
  });

  it('5,000 with 88,000 of the bucket used: 2,000 exempt, 3,000 taxable', () => {
    // Year to date 88,000 (the January advance, finalised): 90,000 - 88,000 = 2,000.00 exempt, 5,000 - 2,000 =
    // 3,000.00 taxable (the excess over the ceiling, REFERENCE §4.3). The taxable base is the twin's plus 3,000.00.
    const s = slips.used;
    expect(line(s, 'INCENTIVE')).toMatchObject({ Amount: '2000.00', Taxable: false });
    expect(line(s, 'INCENTIVE_TAXABLE')).toMatchObject({ Amount: '3000.00', Taxable: true });
    expect(s.Gross).toBe('20000.00');
    expect(cents(s.TaxableBase) - cents(slips.twin.TaxableBase)).toBe(300_000);
    expect(sssCompensation(s)).toBe('30000.00');
    expect(s.EmployeeShares).toBe(slips.twin.EmployeeShares);
    // 88,000 + 5,000 = 93,000.00 counted against the ceiling after this payslip.
    expect(thisPeriod(s).benefitsReceived).toBe('5000.00');
    expect(ytdBucket(s)).toBe('93000.00');
  });

  it('the 1604-C alphalist (BIR 2316 figures) files the exempt part under item 34, not item 37', async () => {
    await finalise(march, 'finalise-march-non-taxable');
    const dat = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payroll/reports/alphalist-1604c?Year=2026',
      headers: payroll.headers,
    });
    expect(dat.statusCode, dat.body).toBe(200);
    // A D1 (non-MWE) record's fields (annual.ts d1Fields), 0-based: 8 last name, 9 first name; 27 item 34 (13th
    // month and other benefits), 30 item 37 (salaries and other forms of compensation), 33 item 48 (13th month
    // and other benefits above the ceiling).
    const row = (first: string) =>
      dat.body
        .split('\r\n')
        .map((r) => r.split(','))
        .find((f) => f[0] === 'D1' && f[8] === '"NONTAXABLE"' && f[9] === `"${first.toUpperCase()}"`)!;
    const [inc, used, twin] = [row('inc'), row('used'), row('twin')];
    // INC: the incentive's 5,000.00 exempt is item 34; nothing in item 37.
    expect([inc[27], inc[30], inc[33]]).toEqual(['5000.00', '0.00', '0.00']);
    // USED: the 88,000 advance and 2,000 of the incentive exempt, 90,000.00 in item 34; the 3,000.00 above the
    // ceiling in item 48.
    expect([used[27], used[30], used[33]]).toEqual(['90000.00', '0.00', '3000.00']);
    expect([twin[27], twin[30], twin[33]]).toEqual(['0.00', '0.00', '0.00']);
  });
});
