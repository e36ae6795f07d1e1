/**
 * Issue 10 §5: the payroll reports through HTTP, from finalised periods only, with totals that tie out to the
 * register: bank file = register net of the bank-paid included payslips; SSS / PhilHealth / Pag-IBIG files =
 * the registers' share columns of the month; 1601-C taxable = sum of the payslips' taxable base.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayrollReportCatalogue } from '@hrpay/contracts';
import type { Payslip } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';
import { pullBatches } from '../src/modules/payroll-reports/service.js';
import { documentsSource, type SourcedPayslip } from '../src/modules/payroll-outputs/documents-source.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';
import { pdfPages } from './pdf-text.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let hr: Session;
let tenantId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const BASE = '/api/v1/payroll/reports';

interface Staff {
  id: string;
  number: string;
}
let staff: Staff[];
let companyId: string;
const slips: Record<'nov1' | 'nov2' | 'open', Payslip[]> = { nov1: [], nov2: [], open: [] };
let nov1: string;
let nov2: string;
let open: string;
let logisticsPeriod: string;

const cents = (text: string | number) => Math.round(Number(text) * 100);
const sum = (values: (string | number)[]) => values.reduce<number>((s, v) => s + cents(v), 0);
const parseCsv = (text: string): string[][] =>
  Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

async function download(url: string, who: Session = payroll) {
  const res = await call(who, 'GET', url);
  return res;
}
async function csvOf(url: string) {
  const res = await download(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return { header: header!, rows, res };
}
const column = (header: string[], name: string) => {
  const i = header.indexOf(name);
  expect(i, `column ${name} in ${header.join('|')}`).toBeGreaterThanOrEqual(0);
  return i;
};

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  hr = await signIn(t.app, demo.hr);
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
          ORDER BY employee_number LIMIT 3`,
        [companyId],
      ),
    )
  ).map((r) => ({ id: r.id, number: r.employee_number }));
  const rates = ['30000.00', '45000.00', '25000.00'];
  // As the compute job stores them: with this period's basic salary earned (the 13th month base; no year to date
  // was given, so the payslip's ytd is this period's).
  const stored = (p: Payslip) =>
    ({ ...p, thisPeriod: { basicSalaryEarned: p.ytd.basicSalaryEarned } }) as Payslip;
  slips.nov1 = rates.map((rate) => stored(semiMonthlySlip('2026-11-01', '2026-11-15', rate)));
  slips.nov2 = rates.map((rate) => stored(semiMonthlySlip('2026-11-16', '2026-11-30', rate)));
  slips.open = [semiMonthlySlip('2026-11-16', '2026-11-30', '99000.00')];
  // The third employee's first-half payslip is held: in the register, not in the bank file.
  nov1 = (
    await insertPeriod(asTenant, tenantId, {
      companyId,
      name: 'Nov 1-15 2026',
      start: '2026-11-01',
      end: '2026-11-15',
      status: 'Finalised',
      payslips: staff.map((s, i) => ({
        employeeId: s.id,
        payslip: slips.nov1[i]!,
        status: i === 2 ? 'Held' : 'Included',
      })),
    })
  ).periodId;
  nov2 = (
    await insertPeriod(asTenant, tenantId, {
      companyId,
      name: 'Nov 16-30 2026',
      start: '2026-11-16',
      end: '2026-11-30',
      status: 'Paid',
      payslips: staff.map((s, i) => ({ employeeId: s.id, payslip: slips.nov2[i]! })),
    })
  ).periodId;
  // An open re-run of the same cut-off: never in a report.
  open = (
    await insertPeriod(asTenant, tenantId, {
      companyId,
      name: 'Nov 16-30 2026 draft',
      start: '2026-11-16',
      end: '2026-11-30',
      status: 'Computed',
      payslips: [{ employeeId: staff[0]!.id, payslip: slips.open[0]! }],
    })
  ).periodId;
  const [logistics] = await asTenant((tx) =>
    tx.query<{ company_id: string; id: string }>(
      `SELECT e.company_id, e.id FROM employees e JOIN users u ON u.company_id = e.company_id
        WHERE lower(u.email) = $1 LIMIT 1`,
      [demo.logisticsPayroll.email],
    ),
  );
  logisticsPeriod = (
    await insertPeriod(asTenant, tenantId, {
      companyId: logistics!.company_id,
      name: 'Logistics Nov 1-15 2026',
      start: '2026-11-01',
      end: '2026-11-15',
      status: 'Finalised',
      payslips: [{ employeeId: logistics!.id, payslip: semiMonthlySlip('2026-11-01', '2026-11-15') }],
    })
  ).periodId;
});
afterAll(() => t?.close());

/** The register CSV of a period: its employee rows and the TOTAL row. */
async function register(periodId: string) {
  const { header, rows } = await csvOf(`${BASE}/register?PayrollPeriodId=${periodId}&Format=csv`);
  const total = rows.at(-1)!;
  expect(total[1]).toBe('TOTAL');
  return { header, rows: rows.slice(0, -1), total };
}

describe('payroll reports', () => {
  it('lists the catalogue', async () => {
    const res = await call(payroll, 'GET', `${BASE}/catalogue`);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as PayrollReportCatalogue).Items;
    expect(items.map((i) => i.Key)).toEqual([
      'register',
      'bank-file',
      'sss',
      'philhealth',
      'pagibig',
      'loan-remittance',
      'bir-1601c',
      'bir-2316',
      'alphalist-1604c',
      'thirteenth-month',
      'loan-balances',
      'year-to-date',
    ]);
    expect(items.find((i) => i.Key === 'sss')).toMatchObject({ Scope: 'month', Formats: ['txt', 'csv'] });
  });

  it('writes the register with exact totals, in every format, held payslips included', async () => {
    const { header, rows, total } = await register(nov1);
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(staff.map((s) => s.number)));
    expect(rows).toHaveLength(3);
    for (const name of ['Gross pay', 'Net pay', 'SSS EE', 'Withholding tax']) {
      const i = column(header, name);
      expect(cents(total[i]!), name).toBe(sum(rows.map((r) => r[i]!)));
    }
    expect(cents(total[column(header, 'Net pay')]!)).toBe(sum(slips.nov1.map((p) => p.netPay)));
    expect(cents(total[column(header, 'Gross pay')]!)).toBe(sum(slips.nov1.map((p) => p.gross)));

    const xlsx = await download(`${BASE}/register?PayrollPeriodId=${nov1}&Format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The TOTAL row stands out (bold); an employee's row does not.
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    // Named by its cut-off, which tells the two halves of a month apart (a long period name was cut alike).
    expect(sheet.name).toBe('Register Nov 1–15, 2026');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(2).value).toBe('TOTAL');
    expect(last.getCell(4).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(4).font?.bold).toBeFalsy();
    // Printed, it says which register it is, as the PDF's heading does; landscape, one page wide.
    expect(sheet.headerFooter.oddHeader).toMatch(
      /^&L&"-,Bold"Payroll register Nov 1-15 2026&R.+ — cut-off Nov 1–15, 2026, pay date Nov 20, 2026$/,
    );
    expect(sheet.headerFooter.oddFooter).toBe('&RPage &P of &N');
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1, fitToHeight: 0 });
    const pdf = await download(`${BASE}/register?PayrollPeriodId=${nov1}&Format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain('payroll-register-Nov-1-15-2026.pdf');
    // Payroll walkthrough: on A4 an amount broke over two lines ("13,250.0" / "0"). Each net pay and the total
    // now stand whole on their line of the page's text.
    const shown = new Set(pdfPages(pdf.rawPayload).text.split('\n'));
    const peso = (c: number) =>
      (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const net of [...slips.nov1.map((p) => cents(p.netPay)), sum(slips.nov1.map((p) => p.netPay))])
      expect(shown.has(peso(net)), peso(net)).toBe(true);
  });

  it('writes a bank file whose total is the register net of the bank-paid included payslips', async () => {
    const { header, rows } = await register(nov1);
    const net = column(header, 'Net pay');
    const included = rows.filter((r) => r[0] !== staff[2]!.number); // the held one is paid later
    const { rows: bank, res } = await csvOf(`${BASE}/bank-file?PayrollPeriodId=${nov1}&Bank=generic`);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(bank).toHaveLength(2);
    expect(sum(bank.map((r) => r[2]!))).toBe(sum(included.map((r) => r[net]!)));

    const bdo = await download(
      `${BASE}/bank-file?PayrollPeriodId=${nov1}&Bank=bdo&CompanyCode=ABC&CompanyAccount=001234567890&Batch=2`,
    );
    expect(bdo.statusCode, bdo.body).toBe(200);
    const records = bdo.body.split('\r\n').filter(Boolean);
    expect(records[0]!.startsWith('H')).toBe(true);
    expect(records).toHaveLength(4);
    expect(cents(records.at(-1)!.slice(11))).toBe(sum(included.map((r) => r[net]!)));
    // The demo's employees bank with BDO ("BDO Unibank"): a BPI file has no one to credit (fixpay-bank-files).
    const bpi = await download(
      `${BASE}/bank-file?PayrollPeriodId=${nov1}&Bank=bpi&CompanyCode=ABCDE&CompanyAccount=0012345678`,
    );
    expect(bpi.statusCode, bpi.body).toBe(409);
    expect(bpi.json().detail).toContain('No bank-paid employee of this period has BPI');
  });

  it('writes the SSS, PhilHealth and Pag-IBIG files with the registers’ shares of the month', async () => {
    const regs = [await register(nov1), await register(nov2)];
    const month = (name: string) => regs.reduce((s, r) => s + cents(r.total[column(r.header, name)]!), 0);

    const sss = await csvOf(`${BASE}/sss?Year=2026&Month=11&Format=csv`);
    expect(sss.rows).toHaveLength(3);
    const col = (name: string) => sum(sss.rows.map((r) => r[column(sss.header, name)]!));
    expect(col('EE Share (incl. MPF)')).toBe(month('SSS EE'));
    expect(col('ER Share')).toBe(month('SSS ER'));
    expect(col('EC')).toBe(month('SSS EC'));

    const r3 = await download(`${BASE}/sss?Year=2026&Month=11`);
    expect(r3.statusCode, r3.body).toBe(200);
    expect(r3.headers['content-disposition']).toContain('NR3001DK.txt');
    expect(r3.body.split('\r\n').filter(Boolean)).toHaveLength(5);

    const phic = await csvOf(`${BASE}/philhealth?Year=2026&Month=11`);
    expect(sum(phic.rows.map((r) => r[column(phic.header, 'Personal Share')]!))).toBe(month('PhilHealth EE'));
    expect(sum(phic.rows.map((r) => r[column(phic.header, 'Employer Share')]!))).toBe(month('PhilHealth ER'));

    const hdmf = await csvOf(`${BASE}/pagibig?Year=2026&Month=11`);
    expect(sum(hdmf.rows.map((r) => r[column(hdmf.header, 'EE Share')]!))).toBe(month('Pag-IBIG EE'));
    expect(sum(hdmf.rows.map((r) => r[column(hdmf.header, 'ER Share')]!))).toBe(month('Pag-IBIG ER'));
  });

  it('writes the 1601-C with taxable compensation = the payslips’ taxable base, open periods left out', async () => {
    const finalised = [...slips.nov1, ...slips.nov2];
    const xlsx = await download(`${BASE}/bir-1601c?Year=2026&Month=11&Format=xlsx`);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const items = new Map<string, number>();
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) items.set(String(row.getCell(1).value), cents(Number(row.getCell(3).value)));
    });
    expect(items.get('14')).toBe(sum(finalised.map((p) => p.gross)));
    expect(items.get('22')).toBe(sum(finalised.map((p) => p.taxableBase)));
    expect(items.get('25')).toBe(sum(finalised.map((p) => p.withholdingTax)));
    const pdf = await download(`${BASE}/bir-1601c?Year=2026&Month=11&Format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('writes the yearly reports: 2316, alphalist, 13th month, year-to-date', async () => {
    const all = await download(`${BASE}/bir-2316?Year=2026`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const one = await download(`${BASE}/bir-2316?Year=2026&EmployeeId=${staff[0]!.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-disposition']).toMatch(/_12312026\.pdf/);

    const dat = await download(`${BASE}/alphalist-1604c?Year=2026`);
    expect(dat.statusCode, dat.body).toBe(200);
    const records = dat.body.split('\r\n').filter(Boolean);
    expect(records[0]!.startsWith('H1604C,')).toBe(true);
    expect(records.filter((r) => r.startsWith('D1,') || r.startsWith('D2,'))).toHaveLength(3);

    const finalised = [...slips.nov1, ...slips.nov2];
    const ytd = await csvOf(`${BASE}/year-to-date?Year=2026&Format=csv`);
    const total = ytd.rows.at(-1)!;
    expect(total[0]).toBe('TOTAL');
    expect(cents(total[column(ytd.header, 'Gross pay')]!)).toBe(sum(finalised.map((p) => p.gross)));
    expect(cents(total[column(ytd.header, 'Taxable compensation')]!)).toBe(
      sum(finalised.map((p) => p.taxableBase)),
    );
    expect(cents(total[column(ytd.header, 'Tax withheld')]!)).toBe(
      sum(finalised.map((p) => p.withholdingTax)),
    );

    const thirteenth = await csvOf(`${BASE}/thirteenth-month?Year=2026&Format=csv`);
    expect(thirteenth.rows).toHaveLength(4);
    const basic = (p: Payslip) =>
      p.lines
        .filter((l) => l.code === 'BASIC' || l.code === 'LEAVE')
        .reduce((s, l) => s + cents(l.amount), 0);
    expect(cents(thirteenth.rows.at(-1)![column(thirteenth.header, 'Basic pay earned')]!)).toBe(
      finalised.reduce((s, p) => s + basic(p), 0),
    );
    expect((await download(`${BASE}/thirteenth-month?Year=2026`)).statusCode).toBe(200);
  });

  it('lists loan balances as principal less the ledger', async () => {
    await asTenant(async (tx) => {
      let [type] = await tx.query<{ id: string }>(`SELECT id FROM loan_types WHERE company_id = $1 LIMIT 1`, [
        companyId,
      ]);
      if (!type)
        [type] = await tx.query<{ id: string }>(
          `INSERT INTO loan_types (tenant_id, company_id, code, name) VALUES ($1, $2, 'CO', 'Company loan') RETURNING id`,
          [tenantId, companyId],
        );
      const [loan] = await tx.query<{ id: string }>(
        `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, principal, amortization, start_date)
         VALUES ($1, $2, $3, $4, 12000.50, 1000, '2026-01-01') RETURNING id`,
        [tenantId, companyId, staff[0]!.id, type!.id],
      );
      await tx.query(
        `INSERT INTO loan_ledger (tenant_id, loan_id, entry_date, kind, amount)
         VALUES ($1, $2, '2026-01-15', 'Payment', 1000), ($1, $2, '2026-01-31', 'Payment', 1000.25)`,
        [tenantId, loan!.id],
      );
    });
    const { header, rows } = await csvOf(`${BASE}/loan-balances?Format=csv`);
    const mine = rows.find((r) => r[0] === staff[0]!.number && r[column(header, 'Principal')] === '12000.50');
    expect(mine, JSON.stringify(rows)).toBeTruthy();
    expect(cents(mine![column(header, 'Paid')]!)).toBe(200025);
    expect(cents(mine![column(header, 'Balance')]!)).toBe(1000025);
    expect((await download(`${BASE}/loan-balances`)).statusCode).toBe(200);
  });

  it('lists the SSS loan payments of the month’s finalised payrolls only', async () => {
    await asTenant(async (tx) => {
      const [type] = await tx.query<{ id: string }>(
        `SELECT id FROM loan_types WHERE company_id = $1 AND agency = 'SSS' ORDER BY code LIMIT 1`,
        [companyId],
      );
      const [loan] = await tx.query<{ id: string }>(
        `INSERT INTO employee_loans (tenant_id, company_id, employee_id, loan_type_id, reference_number, principal,
                                     amortization, start_date)
         VALUES ($1, $2, $3, $4, 'SL-001', 20000, 1250.75, '2026-10-01') RETURNING id`,
        [tenantId, companyId, staff[1]!.id, type!.id],
      );
      await tx.query(
        `INSERT INTO loan_ledger (tenant_id, loan_id, entry_date, kind, amount, payroll_period_id)
         VALUES ($1, $2, '2026-11-20', 'Payment', 1250.75, $3), ($1, $2, '2026-12-05', 'Payment', 1250.75, $4)`,
        [tenantId, loan!.id, nov1, open],
      );
    });
    const { header, rows } = await csvOf(`${BASE}/loan-remittance?Year=2026&Month=11&Agency=SSS&Format=csv`);
    expect(rows).toHaveLength(2); // the finalised period's payment and TOTAL; the open period's is not remitted
    expect(rows[0]![column(header, 'Employee no.')]).toBe(staff[1]!.number);
    expect(rows[0]![column(header, 'Loan Reference')]).toBe('SL-001');
    expect(cents(rows[1]![column(header, 'Amount')]!)).toBe(125075);
    const hdmf = await csvOf(`${BASE}/loan-remittance?Year=2026&Month=11&Agency=PagIbig&Format=csv`);
    expect(hdmf.rows).toHaveLength(1); // TOTAL only
    expect((await download(`${BASE}/loan-remittance?Year=2026&Month=11&Agency=GSIS`)).statusCode).toBe(400);
  });

  it('never reads an open period, and answers 404 for a month without finalised payslips', async () => {
    const res = await download(`${BASE}/register?PayrollPeriodId=${open}&Format=csv`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('finalised');
    // The open re-run (99,000 a month) is in no monthly figure: the registers above already tie out without it.
    const phic = await csvOf(`${BASE}/philhealth?Year=2026&Month=11`);
    expect(phic.rows).toHaveLength(3);
    // No one of the company was employed in December 2023 (the demo staff were hired in 2024): a complete month
    // without payslips. (October 2026, skipped between paid months, is a gap: 409, fix-s19-reports.)
    expect((await download(`${BASE}/sss?Year=2023&Month=12&Format=csv`)).statusCode).toBe(404);
  });

  it("keeps to the caller's company and to Payroll users", async () => {
    expect((await download(`${BASE}/register?PayrollPeriodId=${logisticsPeriod}`)).statusCode).toBe(404);
    expect((await download(`${BASE}/bank-file?PayrollPeriodId=${nov1}`, logisticsPayroll)).statusCode).toBe(
      404,
    );
    const theirs = await download(`${BASE}/year-to-date?Year=2026&Format=csv`, logisticsPayroll);
    expect(theirs.statusCode).toBe(200);
    expect(parseCsv(theirs.body)).toHaveLength(3); // header, their one employee, TOTAL
    for (const url of [
      `${BASE}/catalogue`,
      `${BASE}/register?PayrollPeriodId=${nov1}`,
      `${BASE}/loan-balances`,
    ])
      expect((await download(url, hr)).statusCode).toBe(403);
  });

  it('answers 400 with clear messages for bad queries', async () => {
    const bad = async (url: string, code: string, text: string) => {
      const res = await download(url);
      expect(res.statusCode, url).toBe(400);
      expect(errorCodes(res)).toContain(code);
      expect(JSON.stringify(res.json().errors)).toContain(text);
    };
    await bad(`${BASE}/sss?Year=1999&Month=11`, 'Year', 'Value must be at least 2000');
    await bad(`${BASE}/sss?Year=2026&Month=13`, 'Month', 'Value must be at most 12');
    await bad(`${BASE}/philhealth?Month=1`, 'Year', 'Year');
    await bad(`${BASE}/register?PayrollPeriodId=nope`, 'PayrollPeriodId', 'id of a payroll period');
    await bad(`${BASE}/register?PayrollPeriodId=${nov1}&Format=docx`, 'Format', 'xlsx, pdf or csv');
    await bad(`${BASE}/bank-file?PayrollPeriodId=${nov1}&Bank=hsbc`, 'Bank', 'generic, bpi or bdo');
    await bad(
      `${BASE}/bank-file?PayrollPeriodId=${nov1}&Bank=bpi`,
      'CompanyCode',
      'required for the BPI file',
    );
    await bad(`${BASE}/bank-file?PayrollPeriodId=${nov1}&Batch=100`, 'Batch', 'Value must be at most 99');
    await bad(
      `${BASE}/bank-file?PayrollPeriodId=${nov1}&Bank=bdo&CompanyCode=ABCDEFGHIJK&CompanyAccount=0012345678`,
      'CompanyCode',
      'Maximum length is 10',
    );
  });

  it('answers 409 naming where to fill in a missing company number', async () => {
    await asTenant((tx) =>
      tx.query(`UPDATE companies SET sss_employer_number = NULL, tin = NULL WHERE id = $1`, [companyId]),
    );
    const r3 = await download(`${BASE}/sss?Year=2026&Month=11`);
    expect(r3.statusCode).toBe(409);
    expect(r3.json().detail).toContain('SSS employer number');
    expect(r3.json().detail).toContain('Admin > Companies');
    const dat = await download(`${BASE}/alphalist-1604c?Year=2026`);
    expect(dat.statusCode).toBe(409);
    expect(dat.json().detail).toContain('TIN');
    // The CSV has no employer header: it still downloads.
    expect((await download(`${BASE}/sss?Year=2026&Month=11&Format=csv`)).statusCode).toBe(200);
  });
});

describe('documentsSource.eachBatch', () => {
  // It reads a chunk of employees at a time (a batch that filtered and sorted the whole scope made a year's
  // reports quadratic): each batch holds whole employees, and together they are the scope in name order.
  it("hands out each employee's payslips of the scope in one batch, by name then pay date", async () => {
    const batches: SourcedPayslip[][] = [];
    const total = await asTenant((tx) =>
      documentsSource.eachBatch(tx, tenantId, companyId, { year: 2026 }, async (b) => void batches.push(b), {
        batchSize: 3,
      }),
    );
    const read = batches.flat();
    expect(total).toBe(read.length);
    const [expected] = await asTenant((tx) =>
      tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payslips s JOIN payroll_periods p ON p.id = s.payroll_period_id
          WHERE p.company_id = $1 AND p.status IN ('Finalised', 'Paid') AND extract(year FROM p.cutoff_end) = 2026
            AND s.status <> 'Excluded' AND s.result IS NOT NULL`,
        [companyId],
      ),
    );
    expect(read.length).toBe(expected!.n);
    expect(read.length).toBeGreaterThanOrEqual(6); // the two November periods of three employees
    for (const s of staff) {
      const holding = batches.filter((b) => b.some((p) => p.employee.employeeId === s.id));
      expect(holding).toHaveLength(1);
      expect(holding[0]!.filter((p) => p.employee.employeeId === s.id).map((p) => p.period.id)).toEqual([
        nov1,
        nov2,
      ]);
    }
    // Never an open period's payslip, nor another company's.
    expect(read.some((p) => p.period.id === open || p.period.id === logisticsPeriod)).toBe(false);
    const names = read.map((p) => [p.employee.lastName, p.employee.firstName].join(', '));
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    for (let i = 1; i < names.length; i++)
      expect(collator.compare(names[i - 1]!, names[i]!)).toBeLessThanOrEqual(0);
  });

  it('reads one employee of a period when asked', async () => {
    const read: SourcedPayslip[] = [];
    await asTenant((tx) =>
      documentsSource.eachBatch(
        tx,
        tenantId,
        companyId,
        { periodId: nov1, employeeId: staff[1]!.id },
        async (b) => void read.push(...b),
      ),
    );
    expect(read.map((p) => [p.employee.employeeId, p.period.id])).toEqual([[staff[1]!.id, nov1]]);
  });
});

describe('pullBatches', () => {
  it('hands the pushed batches out in pulls of any size, in order, and waits for the writer', async () => {
    let pushed = 0;
    const next = pullBatches<number>(async (each) => {
      for (const batch of [[1, 2, 3], [4, 5, 6], [7]]) {
        pushed += batch.length;
        await each(batch);
      }
    });
    expect(await next(2)).toEqual([1, 2]);
    expect(pushed).toBe(3); // the source waits until the writer needs more
    expect(await next(2)).toEqual([3, 4]);
    expect(await next(5)).toEqual([5, 6, 7]);
    expect(await next(5)).toEqual([]);
  });

  it("throws the source's failure to the writer", async () => {
    const next = pullBatches<number>(async (each) => {
      await each([1]);
      throw new Error('connection lost');
    });
    await expect(next(2)).rejects.toThrow('connection lost');
  });
});
