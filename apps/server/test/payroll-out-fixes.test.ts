/**
 * Payroll outputs through HTTP, on payslips the compute job made (PGlite by default, PostgreSQL on request):
 * - the SSS list's monthly compensation is the month's actual pay (an employee hired in the second cut-off);
 * - every money amount of a payroll CSV has two decimals; the 1601-C has no negative item for a payslip whose
 *   contributions are more than its pay, and every amount is a 2-decimal number;
 * - the 13th-month report's base is the engine's basic salary earned (the 13th month payslip's base);
 * - a rate or recurring item dated inside a computed period sends it back for a compute; inside a finalised one
 *   it is refused, naming the period;
 * - the period messages say "an approved period".
 * Expected figures are worked by hand in the comments.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes } from '@hrpay/contracts';
import { computePayslip } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';
import { insertPeriod } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
let companyId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const PERIODS = '/api/v1/payroll-periods';
const REPORTS = '/api/v1/payroll/reports';
const PAY = '/api/v1/employee-payroll-details';

/** Dana: daily 700, worked Thu 17 and Fri 18 September and her rest day Sat 19 September, 8 hours each. */
let dana: string;
/** Rita: monthly 20,000, for the rate and item changes. */
let rita: string;
/** Sep 16-30 2026: computed, then finalised. */
let sep2: string;

const AMOUNT = /^-?\d+\.\d\d$/;
const parseCsv = (text: string): string[][] =>
  Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
async function csvOf(url: string) {
  const res = await call(payroll, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  const at = (row: string[], name: string) => {
    const i = header!.indexOf(name);
    expect(i, `column ${name} in ${header!.join('|')}`).toBeGreaterThanOrEqual(0);
    return row[i]!;
  };
  return { header: header!, rows, at };
}

const { get, action, compute } = payrollApi(
  () => t,
  () => payroll,
);
async function newPeriod(name: string, start: string, end: string, payDate: string) {
  const res = await call(payroll, 'POST', PERIODS, {
    Kind: 'Regular',
    Name: name,
    CutoffStart: start,
    CutoffEnd: end,
    PayDate: payDate,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().Id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  await asTenant(async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
    const insert = async (values: string) => {
      const [e] = await tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate, sss_number, philhealth_number, pagibig_number)
         VALUES ($1, $2, ${values}) RETURNING id`,
        [tenantId, companyId],
      );
      return e!.id;
    };
    // Ivan: monthly 24,000, hired 2026-09-16 (only in the second September cut-off).
    await insert(
      `'OUT-0001', 'Ivan', 'Newhire', DATE '2026-09-16', 'Monthly', 24000, '34-1234567-1', '12-345678901-1', '1234-5678-9001'`,
    );
    dana = await insert(
      `'OUT-0002', 'Dana', 'Daily', DATE '2025-06-01', 'Daily', 700, '34-1234567-2', '12-345678901-2', '1234-5678-9002'`,
    );
    rita = await insert(
      `'OUT-0003', 'Rita', 'Rate', DATE '2025-01-02', 'Monthly', 20000, '34-1234567-3', '12-345678901-3', '1234-5678-9003'`,
    );
    await tx.query(
      `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
              late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
              overtime_night_minutes, absent, on_leave)
       SELECT $1, $2, $3, d::date, 'ordinary', d::date = DATE '2026-09-19', 480, 0, 0, 0, 0, 0, 0, false, false
         FROM generate_series(DATE '2026-09-17', DATE '2026-09-19', interval '1 day') d`,
      [tenantId, companyId, dana],
    );
  });
  // September's 1st cut-off, finalised (without payslips: nothing here reads them). A monthly report needs every
  // cut-off of the month finalised while someone was employed (sweep D finding 2); before, a month whose 1st
  // cut-off was never made counted as "the company began mid-month" and its SSS report was made.
  await insertPeriod(asTenant, tenantId, {
    companyId,
    name: 'Sep 1-15 2026',
    start: '2026-09-01',
    end: '2026-09-15',
    status: 'Finalised',
    payslips: [],
  });
  sep2 = await newPeriod('Sep 16-30 2026', '2026-09-16', '2026-09-30', '2026-10-05');
  expect((await compute(sep2)).Status).toBe('Computed');
});
afterAll(() => t?.close());

describe('a rate or recurring item inside a payroll period', () => {
  it('sends a computed period back for a compute (NeedsRecompute, not approvable)', async () => {
    const before = await get(sep2);
    expect(before).toMatchObject({ Status: 'Computed', NeedsRecompute: false, CanApprove: true });
    const raise = await call(payroll, 'POST', `${PAY}/${rita}/rates`, {
      EffectiveFrom: '2026-09-24',
      RateType: 'Monthly',
      Rate: '21000.00',
      Reason: 'Promotion',
    });
    expect(raise.statusCode, raise.body).toBe(201);
    expect(await get(sep2)).toMatchObject({ Status: 'Draft', NeedsRecompute: true, CanApprove: false });
    expect((await action(sep2, 'approve', (await get(sep2)).RowVersion)).statusCode).toBe(409);

    expect((await compute(sep2)).Status).toBe('Computed');
    const item = await call(payroll, 'POST', `${PAY}/${rita}/items`, {
      Kind: 'Earning',
      Code: 'TRANSPO',
      Description: 'Transport allowance',
      Amount: '500.00',
      Taxable: true,
      EffectiveFrom: '2026-09-20',
    });
    expect(item.statusCode, item.body).toBe(201);
    expect(await get(sep2)).toMatchObject({ Status: 'Draft', NeedsRecompute: true });
    expect((await compute(sep2)).Status).toBe('Computed');
  });

  it('is refused inside a finalised period, naming it; after its cut-off it is taken', async () => {
    const approved = await action(sep2, 'approve', (await get(sep2)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const finalised = await action(sep2, 'finalise', approved.json().RowVersion, 'out-fixes-sep2');
    expect(finalised.statusCode, finalised.body).toBe(200);
    expect(finalised.json().Status).toBe('Finalised');

    const rate = await call(payroll, 'POST', `${PAY}/${rita}/rates`, {
      EffectiveFrom: '2026-09-28',
      RateType: 'Monthly',
      Rate: '22000.00',
    });
    expect(rate.statusCode, rate.body).toBe(409);
    expect(rate.json().type).toBe(ProblemTypes.invalidState);
    expect(rate.json().detail).toContain('"Sep 16-30 2026"');
    expect(rate.json().detail).toContain('finalised');
    const item = await call(payroll, 'POST', `${PAY}/${rita}/items`, {
      Kind: 'Earning',
      Code: 'MEAL',
      Description: 'Meal allowance',
      Amount: '300.00',
      Taxable: true,
      EffectiveFrom: '2026-09-21',
    });
    expect(item.statusCode, item.body).toBe(409);
    expect(item.json().detail).toContain('"Sep 16-30 2026"');
    // The period is left as it was.
    expect(await get(sep2)).toMatchObject({ Status: 'Finalised' });
    const later = await call(payroll, 'POST', `${PAY}/${rita}/rates`, {
      EffectiveFrom: '2026-10-01',
      RateType: 'Monthly',
      Rate: '22000.00',
    });
    expect(later.statusCode, later.body).toBe(201);
  });
});

describe('reports of the finalised September cut-off', () => {
  it("lists the SSS monthly compensation of a second cut-off hire as the month's actual pay", async () => {
    // Ivan, hired 2026-09-16, monthly 24,000: September pays one semi-monthly cut-off, 24,000 / 2 = 12,000.00
    // (not the "equal" split's projection of that cut-off × 2 = 24,000.00).
    const sss = await csvOf(`${REPORTS}/sss?Year=2026&Month=9&Format=csv`);
    const row = sss.rows.find((r) => r.includes('Newhire'))!;
    expect(row).toBeDefined();
    expect(sss.at(row, 'Monthly Compensation')).toBe('12000.00');
    expect(sss.at(row, 'Remark')).toBe('1');
    // The month's whole contribution on that pay, though the company splits contributions equally between its
    // cut-offs (no first cut-off took half): MSC 12,000 (range 11,750-12,249.99), EE 5% = 600.00, ER 10% =
    // 1,200.00, EC 10.00 (MSC under 15,000). The equal split had charged half: 300.00 / 600.00 / 5.00.
    expect(sss.at(row, 'EE Share (incl. MPF)')).toBe('600.00');
    expect(sss.at(row, 'ER Share')).toBe('1200.00');
    expect(sss.at(row, 'EC')).toBe('10.00');
  });

  it('writes every amount of the register, year-to-date and 13th month CSVs with two decimals', async () => {
    const register = await csvOf(`${REPORTS}/register?PayrollPeriodId=${sep2}&Format=csv`);
    const amounts = register.header.slice(3, -1); // employee no., name, department first; pay status last
    for (const row of register.rows)
      for (const name of amounts) expect(register.at(row, name), name).toMatch(AMOUNT);
    const ivanRow = register.rows.find((r) => r.includes('OUT-0001'))!;
    // 24,000 / 2 = 12,000.00 basic for the cut-off; no absences (hired on its first day): 0.00.
    expect(register.at(ivanRow, 'Basic pay')).toBe('12000.00');
    expect(register.at(ivanRow, 'Absences / tardiness')).toBe('0.00');
    expect(register.at(ivanRow, 'Gross pay')).toBe('12000.00');

    const ytd = await csvOf(`${REPORTS}/year-to-date?Year=2026&Format=csv`);
    for (const row of ytd.rows)
      for (const name of ytd.header.slice(3)) expect(ytd.at(row, name), name).toMatch(AMOUNT);
    expect(
      ytd.at(
        ytd.rows.find((r) => r[0] === 'OUT-0001')!,
        'Gross pay',
      ),
    ).toBe('12000.00');

    const thirteenth = await csvOf(`${REPORTS}/thirteenth-month?Year=2026&Format=csv`);
    for (const row of thirteenth.rows)
      for (const name of thirteenth.header.slice(3)) expect(thirteenth.at(row, name), name).toMatch(AMOUNT);
    expect(
      thirteenth.at(
        thirteenth.rows.find((r) => r[0] === 'OUT-0001')!,
        '13th month pay paid',
      ),
    ).toBe('0.00');
  });

  it("reports the 13th month base the engine pays: the basic salary of every day worked, rest day's too", async () => {
    // Dana, daily 700: Thu 17 and Fri 18 September at 700 each, and her rest day Sat 19 September, paid 130%
    // (910.00) of which the 100% (700) is basic salary for the 13th month (the 30% is premium): 3 × 700 = 2,100.00,
    // whose 1/12 the 13th month pays (175.00). Counting the BASIC lines only gave 1,400.00.
    const thirteenth = await csvOf(`${REPORTS}/thirteenth-month?Year=2026&Format=csv`);
    const row = thirteenth.rows.find((r) => r[0] === 'OUT-0002')!;
    expect(row).toBeDefined();
    expect(thirteenth.at(row, 'Basic pay earned')).toBe('2100.00');
    // Ivan: 12,000.00 of basic salary in his one cut-off.
    expect(
      thirteenth.at(
        thirteenth.rows.find((r) => r[0] === 'OUT-0001')!,
        'Basic pay earned',
      ),
    ).toBe('12000.00');
  });
});

describe('BIR 1601-C', () => {
  it('has no negative item for contributions above the pay, and every amount is a 2-decimal number', async () => {
    /*
     * Dana in December: 2 hours on Tuesday 1 December at 700 / 8 = 87.50 an hour, gross 175.00 (a month without
     * any pay has no contribution at all, so the case is a pay smaller than its contributions). First cut-off,
     * "equal" split, the month projected from this cut-off: 175.00 × 2 = 350.00.
     *   SSS: minimum MSC 5,000 → EE 250.00 / 2                                                =  125.00
     *   PhilHealth: EEMR 700 × 261 / 12 = 15,225.00 → 5% = 761.25, ER 380.63, EE 380.62 / 2      =  190.31
     *   Pag-IBIG: 15,225.00 capped at 10,000 → 2% = 200.00 / 2                                  =  100.00
     *   Due 415.31; taken: SSS 125.00 (50.00 left), PhilHealth and Pag-IBIG deferred.
     * 1601-C: the shares are carved out of the pay there is, no further: item 14 (gross) 175.00; taxable basic
     * 175.00 − 175.00 = 0.00 and item 19 (contributions) 175.00, not 415.31 (which would have made the taxable
     * basic −240.31); item 15 (statutory minimum wage) 0.00; item 21 = 175.00; item 22 = 175.00 − 175.00 = 0.00.
     */
    const slip = computePayslip({
      period: { start: '2026-12-01', end: '2026-12-15', frequency: 'semi-monthly' },
      profile: { rateType: 'daily', rate: '700.00', divisor: 261 },
      attendance: [{ date: '2026-12-01', dayType: 'ordinary', regularHours: 2 }],
    });
    expect(slip.gross).toBe('175.00');
    expect(slip.employeeShares.total).toBe('415.31');
    expect(slip.deferred.map((d) => d.code)).toEqual(['PHIC', 'HDMF']);
    expect(slip.taxableBase).toBe('0.00');
    await insertPeriod(asTenant, tenantId, {
      companyId,
      name: 'Dec 1-15 2026',
      start: '2026-12-01',
      end: '2026-12-15',
      status: 'Finalised',
      payslips: [{ employeeId: dana, payslip: slip }],
    });
    // December's 2nd cut-off, with no one paid in it: a monthly report is made of a month whose cut-offs are all
    // finalised (fix-s19-reports); the figures stay those of Dana's payslip.
    await insertPeriod(asTenant, tenantId, {
      companyId,
      name: 'Dec 16-31 2026',
      start: '2026-12-16',
      end: '2026-12-31',
      status: 'Finalised',
      payslips: [],
    });
    const res = await call(payroll, 'GET', `${REPORTS}/bir-1601c?Year=2026&Month=12&Format=xlsx`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const items = new Map<string, { value: unknown; numFmt: string | undefined }>();
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      items.set(String(row.getCell(1).value), {
        value: row.getCell(3).value,
        numFmt: row.getCell(3).numFmt,
      });
    });
    expect(items.size).toBe(23); // items 14 to 36
    for (const [item, { value, numFmt }] of items) {
      expect(typeof value, `item ${item}`).toBe('number');
      expect(value as number, `item ${item}`).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(Math.round((value as number) * 100)), `item ${item}`).toBe(true);
      expect(numFmt, `item ${item}`).toBe('#,##0.00');
    }
    expect(items.get('14')!.value).toBe(175);
    expect(items.get('15')!.value).toBe(0);
    expect(items.get('19')!.value).toBe(175);
    expect(items.get('21')!.value).toBe(175);
    expect(items.get('22')!.value).toBe(0);
  });
});

describe('payroll period messages', () => {
  it('say "an approved period" when editing, deleting or computing one', async () => {
    const oct = await newPeriod('Oct 1-15 2026', '2026-10-01', '2026-10-15', '2026-10-20');
    expect((await compute(oct)).Status).toBe('Computed');
    const approved = await action(oct, 'approve', (await get(oct)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const rowVersion = approved.json().RowVersion as number;
    const edit = await call(payroll, 'PUT', `${PERIODS}/${oct}`, {
      Name: 'Renamed',
      CutoffStart: '2026-10-01',
      CutoffEnd: '2026-10-15',
      PayDate: '2026-10-20',
      RowVersion: rowVersion,
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().detail).toBe('An approved period cannot be edited.');
    const remove = await call(payroll, 'DELETE', `${PERIODS}/${oct}`);
    expect(remove.statusCode, remove.body).toBe(409);
    expect(remove.json().detail).toBe('An approved period cannot be deleted.');
    const again = await action(oct, 'compute', rowVersion);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toBe('An approved period cannot be computed again.');
  });
});
