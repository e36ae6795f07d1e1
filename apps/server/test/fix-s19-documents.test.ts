/**
 * Payroll documents through HTTP (PGlite by default, PostgreSQL on request), from finalised payslips of the real
 * engine (payroll-fixtures), every expected figure worked by hand in the comments:
 * - the excess of a de minimis benefit over its ceiling that stays exempt inside the 90,000 bucket (RMC 50-2018,
 *   REFERENCE §4.5; `<CODE>_EXCESS` lines, LEAVE-CONV_EXCESS included) is 13th month and other benefits on every
 *   form: BIR 2316 item 34, 1601-C item 17, 1604-C alphalist D1 field 28 / D2 field 38; not "salaries and other
 *   forms of compensation" (2316 item 37, 1601-C item 20, D1 field 31 / D2 field 41);
 * - a taxable transportation allowance is 2316 item 41 and a commission item 45, not item 44 "Others";
 * - the payslip PDF prints a rate that multiplies back to the amount (16.95402 × 83.6 = 1,417.36, not
 *   16.95 × 83.6 = 1,417.02), or marks the rounded rate and says so;
 * - the certificate of final pay lists a recurring allowance in a section of its own, not under "Last salary",
 *   and its sections add up to the gross final pay.
 */
import { computePayslip, type Payslip, type PayslipInput } from '@hrpay/payroll';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../e2e/tests/pdf-text.js';
import type { Tx } from '../src/db/database.js';
import { taxableDetailItem } from '../src/modules/payroll-documents/compensation.js';
import { lineRate } from '../src/modules/payroll-documents/payslip-pdf.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { PERIODS } from './payroll-api.js';
import { insertPeriod } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
let companyId: string;
const ids: Record<string, string> = {};
let finalPay: string;
let september: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const REPORTS = '/api/v1/payroll/reports';

const JULY_2ND = { start: '2026-07-16', end: '2026-07-31' };
/** The workdays of 16-31 July 2026: Thursday 16 to Friday 31, twelve of them. */
const WORKDAYS = ['16', '17', '20', '21', '22', '23', '24', '27', '28', '29', '30', '31'].map(
  (d) => `2026-07-${d}`,
);
/** The workdays of 1-15 September 2026 (no holiday): Tuesday 1 to Tuesday 15, eleven of them. */
const SEPTEMBER_WORKDAYS = ['01', '02', '03', '04', '07', '08', '09', '10', '11', '14', '15'].map(
  (d) => `2026-09-${d}`,
);
const slip = (input: Omit<PayslipInput, 'period'>, period = JULY_2ND): Payslip =>
  computePayslip({ period: { ...period, frequency: 'semi-monthly' }, ...input });

async function employee(
  number: string,
  last: string,
  tin: string,
  opts: { mwe?: boolean; sep?: string } = {},
) {
  const [e] = await asTenant((tx) =>
    tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
              separation_date, separation_reason, rate_type, basic_rate, tin, sss_number, philhealth_number,
              pagibig_number, birth_date, bank_name, bank_account_number)
       VALUES ($1, $2, $3, 'Fix', $4, DATE '2024-03-01', $5::date, CASE WHEN $5::date IS NULL THEN NULL ELSE 'Resigned' END,
               'Monthly', 30000, $6, '34-1234567-8', '12-345678901-2', '1234-5678-9012', DATE '1990-05-01',
               'BDO Unibank', '001299991901') RETURNING id`,
      [tenantId, companyId, number, last, opts.sep ?? null, tin],
    ),
  );
  if (opts.mwe)
    await asTenant((tx) =>
      tx.query(
        `INSERT INTO employee_pay_profiles (tenant_id, company_id, employee_id, is_minimum_wage_earner)
         VALUES ($1, $2, $3, true)`,
        [tenantId, companyId, e!.id],
      ),
    );
  ids[number] = e!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  const [c] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`),
  );
  companyId = c!.company_id;
  await employee('FX-0001', 'Excess', '123-456-791-000');
  await employee('FX-0002', 'Minwage', '123-456-792-000', { mwe: true });
  await employee('FX-0003', 'Rates', '123-456-793-000');
  await employee('FX-0004', 'Leaver', '123-456-794-000', { sep: '2026-06-30' });

  // July 2026 2nd cut-off, the only payslips of these employees (and of the company) in July 2026.
  await insertPeriod(asTenant, tenantId, {
    companyId,
    name: 'July 2026 2nd cut-off (documents)',
    ...JULY_2ND,
    status: 'Finalised',
    payslips: [
      {
        employeeId: ids['FX-0001']!,
        payslip: slip({
          profile: { rateType: 'monthly', rate: '30000.00' },
          allowances: [
            { code: 'RICE', description: 'Rice subsidy', amount: '3000.00', deMinimis: 'riceSubsidy' },
            { code: 'XMAS', description: 'Christmas gift', amount: '7000.00', deMinimis: 'christmasGift' },
            {
              code: 'LEAVE-CONV',
              description: 'Leave conversion',
              amount: '20000.00',
              deMinimis: 'monetizedVacationLeaveDays',
            },
            { code: 'TRANSPO', description: 'Transportation allowance', amount: '1500.00' },
            { code: 'COMM', description: 'Commission', amount: '2000.00' },
            { code: 'SALESINC', description: 'Sales incentive', amount: '700.00' },
          ],
          benefits: [{ code: 'BONUS', description: 'Performance bonus', amount: '90000.00' }],
        }),
      },
      {
        employeeId: ids['FX-0002']!,
        payslip: slip({
          profile: { rateType: 'daily', rate: '695.00', isMinimumWageEarner: true },
          attendance: WORKDAYS.map((date) => ({ date, regularHours: 8 })),
          allowances: [
            {
              code: 'LAUNDRY',
              description: 'Laundry allowance',
              amount: '600.00',
              deMinimis: 'laundryAllowance',
            },
          ],
        }),
      },
    ],
  });
  // July's 1st cut-off, finalised with no one in it: a monthly report is made of a month whose cut-offs are all
  // finalised.
  await insertPeriod(asTenant, tenantId, {
    companyId,
    name: 'July 2026 1st cut-off (documents)',
    start: '2026-07-01',
    end: '2026-07-15',
    status: 'Finalised',
    payslips: [],
  });
  // Rates: a period of its own (September 2026 1st cut-off), so July's forms hold only the two payslips above.
  // Monthly 29,500: hourly 29,500 × 12 / 261 / 8 = 169.540229…; ten nights of 8 hours and, on the last day, 3.6
  // night hours (83.6 in all), 20 minutes late and 1.5 hours of overtime.
  ({ periodId: september } = await insertPeriod(asTenant, tenantId, {
    companyId,
    name: 'September 2026 1st cut-off (rates)',
    start: '2026-09-01',
    end: '2026-09-15',
    status: 'Finalised',
    payslips: [
      {
        employeeId: ids['FX-0003']!,
        payslip: slip(
          {
            profile: { rateType: 'monthly', rate: '29500.00' },
            attendance: SEPTEMBER_WORKDAYS.map((date, i) =>
              i < 10
                ? { date, regularHours: 8, nightHours: 8 }
                : { date, regularHours: 7 + 40 / 60, nightHours: 3.6, lateMinutes: 20, overtimeHours: 1.5 },
            ),
          },
          { start: '2026-09-01', end: '2026-09-15' },
        ),
      },
    ],
  }));
  ({ periodId: finalPay } = await insertPeriod(asTenant, tenantId, {
    companyId,
    name: 'Final pay June 2026 (documents)',
    kind: 'FinalPay',
    start: '2026-06-16',
    end: '2026-06-30',
    status: 'Finalised',
    payslips: [
      {
        employeeId: ids['FX-0004']!,
        payslip: slip(
          {
            profile: { rateType: 'monthly', rate: '30000.00' },
            allowances: [
              { code: 'RICE', description: 'Rice subsidy', amount: '1000.00', deMinimis: 'riceSubsidy' },
              { code: 'TRANSPO', description: 'Transportation allowance', amount: '500.00' },
              {
                code: 'SIL-CASH',
                description: 'Unused service incentive leave, 3 day(s)',
                amount: '4137.93',
                deMinimis: 'monetizedVacationLeaveDays',
              },
            ],
            benefits: [{ code: '13TH', description: 'Pro-rated 13th month pay', amount: '2500.00' }],
          },
          { start: '2026-06-16', end: '2026-06-30' },
        ),
      },
    ],
  }));
});
afterAll(() => t?.close());

/** The text a downloaded PDF shows, one text call a line. */
async function pdf(url: string): Promise<string> {
  const res = await call(payroll, 'GET', url);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return pdfText(res.rawPayload);
}

/** 2316 item `no` of the certificate text: "no\nlabel\nvalue". */
const item2316 = (text: string, no: string) => {
  const m = new RegExp(`\\n${no}\\n[^\\n]*\\n(-?[\\d,]+\\.\\d\\d)`).exec(text);
  return m?.[1];
};

describe('de minimis excess inside the 90,000 bucket is 13th month and other benefits', () => {
  /*
   * FX-0001, monthly 30,000, 16-31 July 2026 (RR 29-2025 ceilings):
   *   rice 3,000 against 2,500 a month: 2,500.00 de minimis, RICE_EXCESS 500.00 into the bucket;
   *   Christmas gift 7,000 against 6,000 a year: 6,000.00 de minimis, XMAS_EXCESS 1,000.00;
   *   leave conversion 20,000 against 12 days' pay, 12 × 30,000 × 12 / 261 = 16,551.724… → 16,551.72 de minimis,
   *   LEAVE-CONV_EXCESS 20,000 − 16,551.72 = 3,448.28;
   *   bucket before the bonus 500 + 1,000 + 3,448.28 = 4,948.28; bonus 90,000: 90,000 − 4,948.28 = 85,051.72
   *   exempt, BONUS_TAXABLE 4,948.28.
   * Item 34 = 500 + 1,000 + 3,448.28 + 85,051.72 = 90,000.00 (the whole exclusion); item 37 = 0.00; item 48 =
   * 4,948.28; item 35 = 2,500 + 6,000 + 16,551.72 = 25,051.72; item 36 = SSS 875 + PhilHealth 375 + Pag-IBIG 100
   * = 1,350.00; item 39 = 15,000 − 1,350 = 13,650.00; item 41 transportation 1,500.00; item 45 commission
   * 2,000.00; item 44 others: the sales incentive 700.00. Item 52 = 13,650 + 1,500 + 2,000 + 700 + 4,948.28 =
   * 22,798.28; item 38 = 90,000 + 25,051.72 + 1,350 = 116,401.72; item 19 = 139,200.00, the payslip's gross
   * (15,000 + 3,000 + 7,000 + 20,000 + 1,500 + 2,000 + 700 + 90,000).
   */
  it('BIR 2316: item 34 is 90,000.00, item 37 0.00; transportation is item 41, commission item 45', async () => {
    const text = await pdf(`${REPORTS}/bir-2316?Year=2026&EmployeeId=${ids['FX-0001']}`);
    expect(text).toContain('Excess, Fix');
    const items = Object.fromEntries(
      ['19', '34', '35', '36', '37', '38', '39', '40', '41', '44', '45', '48', '52'].map((n) => [
        n,
        item2316(text, n),
      ]),
    );
    expect(items).toEqual({
      '19': '139,200.00',
      '34': '90,000.00',
      '35': '25,051.72',
      '36': '1,350.00',
      '37': '0.00',
      '38': '116,401.72',
      '39': '13,650.00',
      '40': '0.00',
      '41': '1,500.00',
      '44': '700.00',
      '45': '2,000.00',
      '48': '4,948.28',
      '52': '22,798.28',
    });
  });

  /*
   * FX-0002, minimum wage earner, daily 695, twelve workdays of 8 hours: 96 hours × 86.875 = 8,340.00 (item 29
   * before contributions); laundry 600 against 400 a month: 400.00 de minimis, LAUNDRY_EXCESS 200.00 into the
   * bucket; contributions SSS 412.50 + PhilHealth 188.95 + Pag-IBIG 100 = 701.45, carved out of item 29:
   * 8,340 − 701.45 = 7,638.55.
   *
   * 1601-C July 2026, both payslips: item 14 = 139,200 + 8,940 = 148,140.00; item 15 = 7,638.55; item 17 =
   * 90,000 + 200 = 90,200.00; item 18 = 25,051.72 + 400 = 25,451.72; item 19 = 1,350 + 701.45 = 2,051.45; item
   * 20 = 0.00; item 21 = 7,638.55 + 90,200 + 25,451.72 + 2,051.45 = 125,341.72; item 22 = 148,140 − 125,341.72 =
   * 22,798.28 (FX-0001's item 52).
   */
  it('BIR 1601-C: item 17 holds the excess, item 20 is 0.00', async () => {
    const res = await call(payroll, 'GET', `${REPORTS}/bir-1601c?Year=2026&Month=7`);
    expect(res.statusCode, res.body).toBe(200);
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const items = new Map<string, string>();
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) items.set(String(row.getCell(1).value), Number(row.getCell(3).value).toFixed(2));
    });
    expect(['14', '15', '16', '17', '18', '19', '20', '21', '22'].map((i) => [i, items.get(i)])).toEqual([
      ['14', '148140.00'],
      ['15', '7638.55'],
      ['16', '0.00'],
      ['17', '90200.00'],
      ['18', '25451.72'],
      ['19', '2051.45'],
      ['20', '0.00'],
      ['21', '125341.72'],
      ['22', '22798.28'],
    ]);
  });

  it('1604-C alphalist: D1 field 28 / D2 field 38 hold the excess, D1 field 31 / D2 field 41 are 0.00', async () => {
    const res = await call(payroll, 'GET', `${REPORTS}/alphalist-1604c?Year=2026`);
    expect(res.statusCode, res.body).toBe(200);
    const row = (schedule: string, last: string) =>
      res.body
        .split('\r\n')
        .map((r) => r.split(','))
        .find((f) => f[0] === schedule && f[8] === `"${last.toUpperCase()}"`)!;
    // D1 (annual.ts d1Fields), 1-based: 28 item 34, 29 item 35, 31 item 37, 34 item 48.
    const d1 = row('D1', 'Excess');
    expect([d1[27], d1[28], d1[30], d1[33]]).toEqual(['90000.00', '25051.72', '0.00', '4948.28']);
    // D2 (d2Fields): 38 item 34, 39 item 35, 40 item 36, 41 item 37, 59 item 29.
    const d2 = row('D2', 'Minwage');
    expect([d2[37], d2[38], d2[39], d2[40], d2[58]]).toEqual([
      '200.00',
      '400.00',
      '701.45',
      '0.00',
      '7638.55',
    ]);
  });

  it('names the 2316 line of the common allowance names too (no field says it)', () => {
    expect(taxableDetailItem('RATA', 'Representation and transportation allowance')).toBe('40');
    expect(taxableDetailItem('TA', 'Transportation allowance')).toBe('41');
    expect(taxableDetailItem('Transpo-Allow', 'Travel')).toBe('41');
    expect(taxableDetailItem('HOUSE', 'Fixed housing allowance')).toBe('43');
    expect(taxableDetailItem('SC', 'Sales commissions')).toBe('45');
    expect(taxableDetailItem('PS', 'Profit sharing')).toBe('46');
    expect(taxableDetailItem('DF', "Director's fees")).toBe('47');
    expect(taxableDetailItem('HP', 'Hazard pay')).toBe('49');
    expect(taxableDetailItem('SALESINC', 'Sales incentive')).toBeNull();
    expect(taxableDetailItem('MEAL', 'Meal allowance')).toBeNull();
  });
});

describe('payslip PDF rates', () => {
  it('print a rate that multiplies to the amount, or mark it rounded', async () => {
    const text = await pdf(`${PERIODS}/${september}/payslips-pdf`);
    const row = (description: string) => {
      const at = text.indexOf(`${description}\n`);
      expect(at, description).toBeGreaterThanOrEqual(0);
      return text.slice(at).split('\n').slice(1, 5);
    };
    /*
     * Night differential: 10% of 169.540229… = 16.954023 an hour; 83.6 × 16.9540229… = 1,417.356… → 1,417.36.
     * 83.6 × 16.95 = 1,417.02 and 83.6 × 16.954 = 1,417.35 miss it; 83.6 × 16.95402 = 1,417.356… → 1,417.36.
     */
    expect(row('Night differential, ordinary day')).toEqual(['83.6', 'hour', '16.95402', '1,417.36']);
    /*
     * Overtime: 125% of 169.540229… = 211.925287 an hour; 1.5 × 211.925287… = 317.887… → 317.89. 1.5 × 211.93 =
     * 317.895 → 317.90 misses it; 1.5 × 211.925 = 317.8875 → 317.89.
     */
    expect(row('Overtime, ordinary day')).toEqual(['1.5', 'hour', '211.925', '317.89']);
    // The salary: 1 period × 14,750.00, two decimals are enough.
    expect(row('Basic salary')).toEqual(['1', 'period', '14,750.00', '14,750.00']);
    /*
     * Tardiness, 20 minutes: 169.540229… × 20 / 60 = 56.513… → −56.51; the quantity shows as 0.33 hour, and
     * 0.33 × any rounding of 169.54 is about 55.95: the rate is marked rounded, and the note says so.
     */
    expect(row('Tardiness')).toEqual(['0.33', 'hour', '-169.54*', '-56.51']);
    expect(text.replace(/\s+/g, ' ')).toContain('* Rate rounded to the centavo for display.');
  });

  it('a minimum wage earner paid by the hour: 96 × 86.875 = 8,340.00, not 96 × 86.88 = 8,340.48', () => {
    expect(lineRate('96', '86.875', '8340.00')).toBe('86.875');
    expect(lineRate('6', '-919.540229', '-5517.24')).toBe('-919.54');
    expect(lineRate('1', '12500', '12500.00')).toBe('12,500.00');
    expect(lineRate('1', '', '100.00')).toBe('');
  });
});

describe('certificate of final pay', () => {
  /*
   * FX-0004, monthly 30,000, final pay 16-30 June 2026: basic salary 15,000.00; rice subsidy 1,000.00 (de
   * minimis) and transportation allowance 500.00 (recurring allowances); 13th month 2,500.00; 3 days of unused
   * SIL 4,137.93. Gross 15,000 + 1,000 + 500 + 2,500 + 4,137.93 = 23,137.93.
   */
  it('lists the allowances apart from the last salary; the sections add up to the gross final pay', async () => {
    const text = await pdf(
      `${REPORTS}/final-pay-certificate?PayrollPeriodId=${finalPay}&EmployeeId=${ids['FX-0004']}`,
    );
    expect(text).toContain('Last salary\nBasic salary\n15,000.00\nAllowances and other benefits\n');
    expect(text).toContain(
      'Allowances and other benefits\nRice subsidy (de minimis)\n1,000.00\nTransportation allowance\n500.00\n' +
        'Total allowances and other benefits\n1,500.00',
    );
    expect(text).not.toContain('Total last salary');
    expect(text).toContain('Pro-rated 13th month pay\nPro-rated 13th month pay\n2,500.00');
    expect(text).toContain(
      'Cash conversion of unused service incentive leave\nUnused service incentive leave, 3 day(s) (de minimis)\n4,137.93',
    );
    // 15,000.00 + 1,500.00 + 2,500.00 + 4,137.93 = 23,137.93, the gross final pay.
    expect(text).toContain('GROSS FINAL PAY\n23,137.93');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'the last salary, the allowances and other benefits, the pro-rated',
    );
  });
});
