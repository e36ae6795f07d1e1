/**
 * Sweep A, findings 2, 3 and 7 (payroll reports), through HTTP on PGlite (PostgreSQL on request), with the clock
 * on Monday 30 November 2026 (Manila noon):
 * - the monthly remittance reports (SSS, PhilHealth, Pag-IBIG, loan remittance, BIR 1601-C) of a month whose
 *   cut-offs are not all finalised answer 409 naming what is missing, instead of half-month figures (an SSS EC
 *   of 15.00, which is in no bracket of the table; PhilHealth half the premium of the salary);
 * - a complete month is reported as before, with the whole month's shares;
 * - BIR 1601-C of a month that is over and in which no one was employed is a zero return, not 404; so is a month
 *   whose cut-offs are all finalised and paid no one;
 * - sweep D finding 2: a month skipped between paid ones, or whose 1st cut-off was never made, answers 409 in all
 *   five reports (before: a zero 1601-C, and SSS / PhilHealth with half the month's shares); only days on which
 *   no employee was employed (a company that began mid-month) need no cut-off;
 * - the loan balances count every payment a finalised payroll posted, its pay date still ahead or not, and list
 *   the loans paid off this month as "Paid off".
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tx } from '../src/db/database.js';
import { missingCutoffs } from '../src/modules/payroll-reports/service.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
let companyId: string;
let staff: { id: string; number: string }[];
let nov2: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const BASE = '/api/v1/payroll/reports';

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
/** The monthly reports of a month, each in a format that needs no company number. */
const monthly = (year: number, month: number) => [
  `${BASE}/sss?Year=${year}&Month=${month}&Format=csv`,
  `${BASE}/philhealth?Year=${year}&Month=${month}`,
  `${BASE}/pagibig?Year=${year}&Month=${month}`,
  `${BASE}/loan-remittance?Year=${year}&Month=${month}&Agency=SSS&Format=csv`,
  `${BASE}/bir-1601c?Year=${year}&Month=${month}&Format=xlsx`,
];
async function refused(year: number, month: number, detail: string) {
  for (const url of monthly(year, month)) {
    const res = await call(payroll, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail, url).toBe(
      `${detail} A monthly report is made once every cut-off of the month is finalised, so that it carries the ` +
        "whole month's contributions and tax.",
    );
  }
}
/** BIR 1601-C items (the XLSX) by item number, as amounts with two decimals. */
async function form1601c(year: number, month: number) {
  const res = await call(payroll, 'GET', `${BASE}/bir-1601c?Year=${year}&Month=${month}&Format=xlsx`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const { default: excel } = await import('exceljs');
  const book = new excel.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const items = new Map<string, string>();
  book.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) items.set(String(row.getCell(1).value), Number(row.getCell(3).value).toFixed(2));
  });
  return items;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T04:00:00Z') });
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  const [me] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE lower(email) = $1`, [
      demo.payroll.email,
    ]),
  );
  companyId = me!.company_id;
  staff = (
    await asTenant((tx) =>
      tx.query<{ id: string; employee_number: string }>(
        `SELECT id, employee_number FROM employees WHERE company_id = $1 AND separation_date IS NULL
          ORDER BY employee_number LIMIT 2`,
        [companyId],
      ),
    )
  ).map((r) => ({ id: r.id, number: r.employee_number }));
  // November 2026: the 1st cut-off finalised; the 2nd (16-30 November) not made yet (today is 30 November).
  await insertPeriod(asTenant, tenantId, {
    companyId,
    name: 'November 2026 1st cut-off',
    start: '2026-11-01',
    end: '2026-11-15',
    status: 'Finalised',
    payslips: staff.map((s) => ({ employeeId: s.id, payslip: semiMonthlySlip('2026-11-01', '2026-11-15') })),
  });
  // September 2026, over: the 1st cut-off finalised, the 2nd never made.
  await insertPeriod(asTenant, tenantId, {
    companyId,
    name: 'September 2026 1st cut-off',
    start: '2026-09-01',
    end: '2026-09-15',
    status: 'Finalised',
    payslips: staff.map((s) => ({ employeeId: s.id, payslip: semiMonthlySlip('2026-09-01', '2026-09-15') })),
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('monthly remittance reports of a month not complete', () => {
  it("answer 409 naming the cut-off that has no period yet, instead of the 1st cut-off's half-month shares", async () => {
    await refused(
      2026,
      11,
      'November 2026 is not complete: the 16–30 November cut-off is not finalised (no payroll period covers it yet).',
    );
    // A month that is over is held back the same when a cut-off of it was never finalised.
    await refused(
      2026,
      9,
      'September 2026 is not complete: the 16–30 September cut-off is not finalised (no payroll period covers it ' +
        'yet).',
    );
  });

  it('name the open period of the missing cut-off, then report the whole month once it is finalised', async () => {
    nov2 = (
      await insertPeriod(asTenant, tenantId, {
        companyId,
        name: 'November 2026 2nd cut-off',
        start: '2026-11-16',
        end: '2026-11-30',
        status: 'Computed',
        payslips: staff.map((s) => ({
          employeeId: s.id,
          payslip: semiMonthlySlip('2026-11-16', '2026-11-30'),
        })),
      })
    ).periodId;
    await refused(
      2026,
      11,
      'November 2026 is not complete: the 16–30 November cut-off is not finalised ("November 2026 2nd cut-off" ' +
        'is computed).',
    );
    await asTenant((tx) => tx.query(`UPDATE payroll_periods SET status = 'Finalised' WHERE id = $1`, [nov2]));
    /*
     * Each employee: 30,000.00 a month, 15,000.00 a cut-off (and a 1,000.00 rice subsidy, de minimis).
     * SSS: MSC 30,000 (the table's top bracket below 35,000): EE 5% = 1,500.00, ER 10% = 3,000.00, EC 30.00 (MSC
     * 15,000 and over). PhilHealth: 5% of 30,000.00 = 1,500.00, split 750.00 / 750.00. Pag-IBIG: 2% of the
     * 10,000.00 ceiling = 200.00 each. The 1st cut-off alone gave half of each (EC 15.00, in no bracket).
     */
    const sss = await csvOf(`${BASE}/sss?Year=2026&Month=11&Format=csv`);
    expect(sss.rows).toHaveLength(2);
    for (const row of sss.rows) {
      expect(sss.at(row, 'Monthly Compensation')).toBe('30000.00');
      expect(sss.at(row, 'EE Share (incl. MPF)')).toBe('1500.00');
      expect(sss.at(row, 'ER Share')).toBe('3000.00');
      expect(sss.at(row, 'EC')).toBe('30.00');
    }
    const phic = await csvOf(`${BASE}/philhealth?Year=2026&Month=11`);
    for (const row of phic.rows) {
      expect(phic.at(row, 'Personal Share')).toBe('750.00');
      expect(phic.at(row, 'Employer Share')).toBe('750.00');
    }
    const hdmf = await csvOf(`${BASE}/pagibig?Year=2026&Month=11`);
    for (const row of hdmf.rows) {
      expect(hdmf.at(row, 'EE Share')).toBe('200.00');
      expect(hdmf.at(row, 'ER Share')).toBe('200.00');
    }
    const items = await form1601c(2026, 11);
    // Item 14: 2 employees × 2 cut-offs × (15,000.00 + 1,000.00) = 64,000.00.
    expect(items.get('14')).toBe('64000.00');
    expect((await call(payroll, 'GET', monthly(2026, 11)[3]!)).statusCode).toBe(200);
  });

  it('refuse a month whose 1st cut-off was never made, though its staff were employed from its 1st', async () => {
    // Sweep D finding 2: only the 16-31 August cut-off, finalised. The demo staff were hired in January 2024, so
    // 1-15 August had people to pay; before, August counted as "the company began mid-month" and its SSS row was
    // half the month (EC 15.00).
    await insertPeriod(asTenant, tenantId, {
      companyId,
      name: 'August 2026 2nd cut-off',
      start: '2026-08-16',
      end: '2026-08-31',
      status: 'Paid',
      payslips: [{ employeeId: staff[0]!.id, payslip: semiMonthlySlip('2026-08-16', '2026-08-31') }],
    });
    await refused(
      2026,
      8,
      'August 2026 is not complete: the 1–15 August cut-off is not finalised (no payroll period covers it yet).',
    );
  });

  it('refuse a month that is over and that no period touches, between months that were paid', async () => {
    // Sweep D finding 2: October 2026, between the finalised September and November cut-offs, was a zero 1601-C
    // (every item 0.00) while the SSS report of it said 404.
    await refused(
      2026,
      10,
      'October 2026 is not complete: the 1–15 October cut-off is not finalised (no payroll period covers it ' +
        'yet); the 16–31 October cut-off is not finalised (no payroll period covers it yet).',
    );
  });
});

describe('BIR 1601-C of a month without payslips', () => {
  it('is a zero return for a month that is over and in which no one was employed', async () => {
    // No employee of the company was hired by the end of December 2023 (the demo staff: 15 January 2024).
    const [{ hired }] = (await asTenant((tx) =>
      tx.query<{ hired: string }>(
        `SELECT min(coalesce(hire_date, DATE '1900-01-01'))::text AS hired
                                     FROM employees WHERE company_id = $1`,
        [companyId],
      ),
    )) as [{ hired: string }];
    expect(hired > '2023-12-31', hired).toBe(true);
    const items = await form1601c(2023, 12);
    expect(items.size).toBe(23); // items 14 to 36, no note
    for (const [item, amount] of items) expect(amount, `item ${item}`).toBe('0.00');
    const pdf = await call(payroll, 'GET', `${BASE}/bir-1601c?Year=2023&Month=12&Format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The contribution files of such a month have no one in them: still 404.
    expect((await call(payroll, 'GET', `${BASE}/sss?Year=2023&Month=12&Format=csv`)).statusCode).toBe(404);
  });

  it('is a zero return for a month whose cut-offs are all finalised and paid no one', async () => {
    // July 2026: both cut-offs finalised, every payslip excluded (say, everyone on leave without pay).
    for (const [name, start, end] of [
      ['July 2026 1st cut-off', '2026-07-01', '2026-07-15'],
      ['July 2026 2nd cut-off', '2026-07-16', '2026-07-31'],
    ] as const)
      await insertPeriod(asTenant, tenantId, {
        companyId,
        name,
        start,
        end,
        status: 'Finalised',
        payslips: staff.map((s) => ({
          employeeId: s.id,
          payslip: semiMonthlySlip(start, end),
          status: 'Excluded' as const,
        })),
      });
    const items = await form1601c(2026, 7);
    for (const [item, amount] of items) expect(amount, `item ${item}`).toBe('0.00');
    expect((await call(payroll, 'GET', `${BASE}/sss?Year=2026&Month=7&Format=csv`)).statusCode).toBe(404);
  });

  it('is refused for a month still ahead without finalised cut-offs', async () => {
    await refused(
      2026,
      12,
      'December 2026 is not complete: the 1–15 December cut-off is not finalised (no payroll period covers it ' +
        'yet); the 16–31 December cut-off is not finalised (no payroll period covers it yet).',
    );
  });
});

describe("a month's missing cut-offs by pay frequency", () => {
  const period = (cutoff_start: string, cutoff_end: string, status = 'Finalised', name = 'P') => ({
    name,
    cutoff_start,
    cutoff_end,
    status,
  });
  const semiMonthly = { frequency: 'SemiMonthly', firstCutoffEndDay: 15, weeklyCutoffEndDay: 6 } as const;
  /** Someone employed all along (a hire date long past). */
  const staffed = [{ hire_date: '2020-01-06', separation_date: null }];

  it('semi-monthly: both halves finalised is complete; an open or missing half is named', () => {
    const full = [period('2026-11-01', '2026-11-15'), period('2026-11-16', '2026-11-30', 'Paid')];
    expect(missingCutoffs(2026, 11, semiMonthly, full, '2026-11-30', staffed)).toEqual([]);
    expect(
      missingCutoffs(
        2026,
        11,
        semiMonthly,
        [full[0]!, period('2026-11-16', '2026-11-30', 'Approved', 'N2')],
        '2026-12-10',
        staffed,
      ),
    ).toEqual(['the 16–30 November cut-off is not finalised ("N2" is approved)']);
    // A custom first cut-off end day (the 10th): 11-30 November is the second cut-off.
    expect(
      missingCutoffs(
        2026,
        11,
        { ...semiMonthly, firstCutoffEndDay: 10 },
        [period('2026-11-01', '2026-11-10')],
        '2026-12-10',
        staffed,
      ),
    ).toEqual(['the 11–30 November cut-off is not finalised (no payroll period covers it yet)']);
  });

  it('semi-monthly: a gap is a gap wherever it falls; only days no one was employed need no cut-off', () => {
    const h1 = period('2026-11-01', '2026-11-15');
    const h2 = period('2026-11-16', '2026-11-30');
    // The 1st cut-off never made: named, the month over or not (before: "the company began mid-month").
    expect(missingCutoffs(2026, 11, semiMonthly, [h2], '2026-12-10', staffed)).toEqual([
      'the 1–15 November cut-off is not finalised (no payroll period covers it yet)',
    ]);
    // A company whose first hire was on the 16th: its first cut-off alone makes the month.
    const from16 = [{ hire_date: '2026-11-16', separation_date: null }];
    expect(missingCutoffs(2026, 11, semiMonthly, [h2], '2026-12-10', from16)).toEqual([]);
    // Hired on the 10th, first cut-off from the 16th: 10-15 November had someone to pay.
    expect(
      missingCutoffs(2026, 11, semiMonthly, [h2], '2026-12-10', [
        { hire_date: '2026-11-10', separation_date: null },
      ]),
    ).toEqual(['the 10–15 November cut-off is not finalised (no payroll period covers it yet)']);
    // Everyone separated on the 15th: the 2nd cut-off is not needed.
    expect(
      missingCutoffs(2026, 11, semiMonthly, [h1], '2026-12-10', [
        { hire_date: '2020-01-06', separation_date: '2026-11-15' },
      ]),
    ).toEqual([]);
    // An employee without a hire date on file counts as employed.
    expect(
      missingCutoffs(2026, 11, semiMonthly, [h2], '2026-12-10', [{ hire_date: null, separation_date: null }]),
    ).toHaveLength(1);
    // An open period is named even on days no one was employed.
    expect(
      missingCutoffs(
        2026,
        11,
        semiMonthly,
        [period('2026-11-01', '2026-11-15', 'Draft', 'N1'), h2],
        '2026-12-10',
        from16,
      ),
    ).toEqual(['the 1–15 November cut-off is not finalised ("N1" is draft)']);
  });

  it('monthly: one cut-off, the whole month', () => {
    const rules = { ...semiMonthly, frequency: 'Monthly' } as const;
    expect(
      missingCutoffs(2027, 2, rules, [period('2027-02-01', '2027-02-28')], '2027-02-28', staffed),
    ).toEqual([]);
    expect(missingCutoffs(2027, 2, rules, [], '2027-02-10', staffed)).toEqual([
      'the 1–28 February cut-off is not finalised (no payroll period covers it yet)',
    ]);
    // Over and without any period: a gap while someone was employed, a zero month when no one was.
    expect(missingCutoffs(2027, 2, rules, [], '2027-03-01', staffed)).toEqual([
      'the 1–28 February cut-off is not finalised (no payroll period covers it yet)',
    ]);
    expect(missingCutoffs(2027, 2, rules, [], '2027-03-01', [])).toEqual([]);
    expect(
      missingCutoffs(2027, 2, rules, [], '2027-03-01', [{ hire_date: '2027-03-01', separation_date: null }]),
    ).toEqual([]);
    expect(
      missingCutoffs(2027, 2, rules, [], '2027-03-01', [
        { hire_date: '2020-01-06', separation_date: '2027-01-31' },
      ]),
    ).toEqual([]);
    // Not over: refused, whoever was employed (hires may still come).
    expect(missingCutoffs(2027, 2, rules, [], '2027-02-28', [])).toHaveLength(1);
  });

  it("weekly: the weeks ending in the month; the week over the month's end is the next month's", () => {
    // Weeks end on Saturday: November 2026's end on the 7th, 14th, 21st and 28th; 29 November-5 December is
    // December's.
    const rules = { ...semiMonthly, frequency: 'Weekly' } as const;
    const weeks = [
      period('2026-11-01', '2026-11-07'),
      period('2026-11-08', '2026-11-14'),
      period('2026-11-15', '2026-11-21'),
      period('2026-11-22', '2026-11-28'),
    ];
    expect(missingCutoffs(2026, 11, rules, weeks, '2026-11-30', staffed)).toEqual([]);
    expect(missingCutoffs(2026, 11, rules, weeks.slice(0, 2), '2026-11-30', staffed)).toEqual([
      'the 15–21 November cut-off is not finalised (no payroll period covers it yet)',
      'the 22–28 November cut-off is not finalised (no payroll period covers it yet)',
    ]);
    // October 2026's last Saturday is the 31st; its first week began on 27 September.
    expect(
      missingCutoffs(
        2026,
        10,
        rules,
        [period('2026-09-27', '2026-10-03', 'Draft', 'W1')],
        '2026-11-30',
        staffed,
      )[0],
    ).toBe('the 1–3 October cut-off is not finalised ("W1" is draft)');
  });
});

describe('loan balances', () => {
  it('count every payment a finalised payroll posted, pay date ahead or not, and list loans paid off this month', async () => {
    await asTenant(async (tx) => {
      const [type] = await tx.query<{ id: string }>(
        `SELECT id FROM loan_types WHERE company_id = $1 AND agency = 'SSS' ORDER BY code LIMIT 1`,
        [companyId],
      );
      const loan = async (reference: string, principal: string, status = 'Active') => {
        const [l] = await tx.query<{ id: string }>(
          `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, reference_number, principal,
                                       amortization, start_date, status)
           VALUES ($1, $2, $3, $4, $5, $6, 1000, '2026-09-16', $7) RETURNING id`,
          [tenantId, companyId, staff[0]!.id, type!.id, reference, principal, status],
        );
        return l!.id;
      };
      const pay = (loanId: string, date: string, amount: string, periodId: string | null = null) =>
        tx.query(
          `INSERT INTO loan_ledger (tenant_id, loan_id, entry_date, kind, amount, payroll_period_id)
           VALUES ($1, $2, $3, 'Payment', $4, $5)`,
          [tenantId, loanId, date, amount, periodId],
        );
      // S19-A: 10,000.00; 1,000.00 paid on 20 November, 1,000.00 by the finalised 16-30 November payroll, whose
      // pay date (5 December) is still ahead: paid 2,000.00, balance 8,000.00 (before: 1,000.00 / 9,000.00).
      const a = await loan('S19-A', '10000.00');
      await pay(a, '2026-11-20', '1000.00');
      await pay(a, '2026-12-05', '1000.00', nov2);
      // S19-B: 2,000.00, paid off by the same payroll (1,000.00 on 20 November, 1,000.00 on 5 December): listed as
      // paid off with balance 0.00 (before: left out, though "as of today" only half was paid).
      const b = await loan('S19-B', '2000.00', 'Paid');
      await pay(b, '2026-11-20', '1000.00');
      await pay(b, '2026-12-05', '1000.00', nov2);
      // S19-C: paid off in October: history, not listed.
      const c = await loan('S19-C', '1000.00', 'Paid');
      await pay(c, '2026-10-20', '1000.00');
    });
    const { rows, at } = await csvOf(`${BASE}/loan-balances?Format=csv`);
    const byRef = new Map(rows.map((r) => [at(r, 'Reference no.'), r]));
    const a = byRef.get('S19-A')!;
    expect(a, JSON.stringify(rows)).toBeDefined();
    expect([at(a, 'Principal'), at(a, 'Paid'), at(a, 'Balance'), at(a, 'Status')]).toEqual([
      '10000.00',
      '2000.00',
      '8000.00',
      'Active',
    ]);
    const b = byRef.get('S19-B')!;
    expect(b, JSON.stringify(rows)).toBeDefined();
    expect([at(b, 'Principal'), at(b, 'Paid'), at(b, 'Balance'), at(b, 'Status')]).toEqual([
      '2000.00',
      '2000.00',
      '0.00',
      'Paid off',
    ]);
    expect(byRef.has('S19-C')).toBe(false);
    // The loan screen says the same.
    const loans = await call(payroll, 'GET', `/api/v1/employee-payroll-details/${staff[0]!.id}/loans`);
    expect(loans.statusCode, loans.body).toBe(200);
    const body = loans.json() as { Items?: { ReferenceNumber: string; Balance: string }[] };
    const items = body.Items ?? (loans.json() as { ReferenceNumber: string; Balance: string }[]);
    expect(items.find((l) => l.ReferenceNumber === 'S19-A')?.Balance).toBe('8000.00');
  });
});
