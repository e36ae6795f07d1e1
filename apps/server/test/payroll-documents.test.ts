/**
 * Payroll document generators (issue 10 §4–§5). Payslips come from the real engine; every expected total is
 * recomputed here from the payslips in integer centavos (BigInt), never taken from the code under test.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { computePayslip, type PayslipInput } from '@hrpay/payroll';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { writeExport } from '../src/lib/export.js';
import {
  alphalist1604c,
  certificates2316,
  certificateSummary,
} from '../src/modules/payroll-documents/annual.js';
import { bir2316FileName, writeBir2316Pdf } from '../src/modules/payroll-documents/bir-2316.js';
import {
  bdoPayrollFile,
  BankFileError,
  bpiPayrollFile,
  genericBankCsv,
} from '../src/modules/payroll-documents/bank-files.js';
import {
  bir1601c,
  monthlyContributions,
  pagibigMcrfCsv,
  philhealthRf1Csv,
  sssContributionCsv,
  sssR3File,
} from '../src/modules/payroll-documents/government.js';
import { writePayslipsPdf } from '../src/modules/payroll-documents/payslip-pdf.js';
import { registerColumns, registerTotals } from '../src/modules/payroll-documents/register.js';
import type { Certificate2316 } from '../src/modules/payroll-documents/annual.js';
import type {
  DocCompany,
  DocEmployee,
  DocPayslip,
  DocPeriod,
} from '../src/modules/payroll-documents/types.js';

// ---------------------------------------------------------------- fixtures

const company: DocCompany = {
  name: 'Acme Trading Corp.',
  tin: '123-456-789',
  branchCode: '0000',
  address: '1 Ayala Ave, Makati City',
  sssEmployerNumber: '03-9999999-1',
  philhealthEmployerNumber: '01-234567890-1',
  pagibigEmployerNumber: '2001-2345-6789',
};

const period: DocPeriod = {
  id: 'p-2026-04-a',
  name: 'April 2026, 1st half',
  kind: 'Regular',
  start: '2026-04-01',
  end: '2026-04-15',
  payDate: '2026-04-15',
};

function employee(n: number, over: Partial<DocEmployee> = {}): DocEmployee {
  return {
    employeeId: `e${n}`,
    employeeNumber: `EMP-${String(n).padStart(4, '0')}`,
    lastName: `Santos${n}`,
    firstName: 'Maria',
    middleName: 'Reyes',
    departmentName: 'Operations',
    positionName: 'Clerk',
    tin: `10020030${n}`,
    sssNumber: `34-12345${String(n).padStart(2, '0')}-1`,
    philhealthNumber: `12-0000000${String(n).padStart(2, '0')}-1`,
    pagibigNumber: `1210-0000-00${String(n).padStart(2, '0')}`,
    birthDate: '1990-05-01',
    gender: 'Female',
    hireDate: '2020-01-06',
    separationDate: null,
    paymentMethod: 'Bank',
    bankName: 'BPI',
    bankAccountNumber: `12345678${String(n).padStart(2, '0')}`,
    isMinimumWageEarner: false,
    ...over,
  };
}

const base: PayslipInput = {
  period: { start: period.start, end: period.end, frequency: 'semi-monthly' },
  profile: { rateType: 'monthly', rate: '30000.00' },
};

function entry(e: DocEmployee, input: Partial<PayslipInput> = {}): DocPayslip {
  return { employee: e, period, payslip: computePayslip({ ...base, employeeId: e.employeeId, ...input }) };
}

const specs: [DocEmployee, Partial<PayslipInput>][] = [
  [
    employee(1),
    {
      attendance: [
        { date: '2026-04-01', regularHours: 8, overtimeHours: 2 },
        { date: '2026-04-06', regularHours: 7.75, lateMinutes: 15 },
        { date: '2026-04-08', absent: true },
        { date: '2026-04-13', regularHours: 8, nightHours: 8 },
      ],
      allowances: [{ code: 'RICE', amount: '1000.00', deMinimis: 'riceSubsidy' }],
      deductions: [{ code: 'LOAN', description: 'Company loan', amount: '2000.00' }],
    },
  ],
  [
    employee(2, { lastName: '=HYPERLINK("http://x.test","y")', firstName: '+Juan', middleName: null }),
    {
      profile: { rateType: 'monthly', rate: '85000.00' },
      allowances: [{ code: 'TRANSPO', amount: '2500.00' }],
    },
  ],
  [
    employee(3, { paymentMethod: 'Cash', bankName: null, bankAccountNumber: null }),
    {
      profile: { rateType: 'monthly', rate: '18000.00' },
    },
  ],
  [
    employee(4, { isMinimumWageEarner: true, bankName: 'BDO' }),
    {
      profile: { rateType: 'daily', rate: '695.00', isMinimumWageEarner: true },
      attendance: [
        { date: '2026-04-01', regularHours: 8, overtimeHours: 2 },
        { date: '2026-04-02', regularHours: 8 },
        { date: '2026-04-06', regularHours: 8, nightHours: 4 },
        { date: '2026-04-07', regularHours: 8 },
      ],
    },
  ],
  [
    employee(5, { lastName: 'Dela Cruz', firstName: 'José', middleName: 'Ñ' }),
    {
      profile: { rateType: 'monthly', rate: '45000.00' },
      benefits: [{ code: '13TH', description: '13th month pay', amount: '20000.00' }],
    },
  ],
];
const entries: DocPayslip[] = specs.map(([e, input]) => entry(e, input));

// ---------------------------------------------------------------- independent arithmetic and readers

/** Centavos of a decimal string, by string surgery (not the code under test's parser). */
function c(amount: string): bigint {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`bad amount ${amount}`);
  const v = BigInt(m[2]!) * 100n + BigInt(m[3]!);
  return m[1] ? -v : v;
}
const sum = (xs: string[]) => xs.reduce((s, x) => s + c(x), 0n);
const str = (v: bigint) => {
  const neg = v < 0n;
  const a = neg ? -v : v;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(out);
  return Buffer.concat(chunks);
}

/** Reads a CSV written by lib/csv (BOM, CRLF, quoted cells) with papaparse. */
function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
}

/** The text of an uncompressed pdfkit file: its standard fonts show text as hex strings in Tj / TJ operators. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const shown: string[] = [];
  for (const m of raw.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hex =
      m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : m[2]!;
    // The standard fonts' WinAnsi encoding: 0x96 is an en dash, which latin1 reads as a control character.
    shown.push(Buffer.from(hex, 'hex').toString('latin1').replaceAll('\x96', '–'));
  }
  return shown.join('\n');
}

// ---------------------------------------------------------------- payslip PDF

describe('payslip PDF', () => {
  it('prints one page per payslip with the employee, every line and the net pay', async () => {
    const pdf = await collect((out) =>
      writePayslipsPdf(out, company, entries, {
        compress: false,
        showEmployerShares: true,
        signatory: 'HR Head',
        footer: 'Confidential: for the employee named above',
      }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(entries.length);
    for (const { employee: e, payslip: p } of entries) {
      expect(text).toContain(`${e.lastName}, ${e.firstName}`);
      expect(text).toContain(e.employeeNumber);
      const net = str(c(p.netPay)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      expect(text).toContain(net);
      for (const l of p.lines) expect(text).toContain(l.description);
    }
    expect(text).toContain('Employer contributions');
    expect(text).toContain('HR Head');
    expect(text).toContain('Confidential: for the employee named above');
    expect(text).toContain(period.name);
    // Dates as people read them, as on the web payslip (portal walkthrough: ISO dates on the PDF).
    expect(text).toContain('Period Apr 1–15, 2026 · Pay date Apr 15, 2026');
    expect(text).not.toContain(period.start);
  });

  it('continues a long payslip on a second page', async () => {
    const deductions = Array.from({ length: 70 }, (_, i) => ({
      code: `D${i}`,
      description: `Deduction number ${i}`,
      amount: '10.00',
    }));
    const long = entry(employee(6), { deductions });
    const finalPay = { ...long, period: { ...long.period, kind: 'FinalPay' as const } };
    const pdf = await collect((out) => writePayslipsPdf(out, company, [finalPay], { compress: false }));
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
    const text = pdfText(pdf);
    for (const d of deductions) expect(text).toContain(d.description);
    expect(text).toContain('(Final pay)');
    expect(text).toContain(str(c(long.payslip.netPay)).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  });

  it('says what was not deducted for want of pay, without promising a later payroll', async () => {
    const short = entry(employee(7), {
      deductions: [{ code: 'CA', description: 'Cash advance', amount: '999999.00' }],
    });
    expect(short.payslip.deferred.map((d) => d.code)).toEqual(['CA']);
    const text = pdfText(
      await collect((out) => writePayslipsPdf(out, company, [short], { compress: false })),
    );
    expect(text).toContain('Not deducted this period (not enough pay)');
    expect(text).toContain('Cash advance');
    expect(text).not.toContain('later payroll');
  });

  it('encrypts the file when a user password is given', async () => {
    const pdf = await collect((out) =>
      writePayslipsPdf(out, company, entries.slice(0, 1), { userPassword: 'secret-123', compress: false }),
    );
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/Encrypt \d+ 0 R/);
    expect(raw).toContain('/V 5'); // AES-256
    expect(pdfText(pdf)).not.toContain(entries[0]!.employee.lastName);
  });
});

// ---------------------------------------------------------------- register

const bankPaid = entries.filter((e) => e.employee.paymentMethod === 'Bank' && c(e.payslip.netPay) > 0n);

describe('payroll register', () => {
  const totals = registerTotals(entries);

  it('totals gross, deductions, net and shares exactly as the payslips add up', () => {
    expect(totals.gross).toBe(str(sum(entries.map((e) => e.payslip.gross))));
    expect(totals.totalDeductions).toBe(str(sum(entries.map((e) => e.payslip.deductions))));
    expect(totals.netPay).toBe(str(sum(entries.map((e) => e.payslip.netPay))));
    expect(totals.sssEmployer).toBe(str(sum(entries.map((e) => e.payslip.employerShares.sss))));
    expect(totals.pagibigEmployer).toBe(str(sum(entries.map((e) => e.payslip.employerShares.pagibig))));
    const lines = (code: string) =>
      sum(entries.flatMap((e) => e.payslip.lines.filter((l) => l.code === code).map((l) => l.amount)));
    expect(totals.withholdingTax).toBe(str(lines('WTAX')));
    expect(totals.sssEmployee).toBe(str(lines('SSS')));
    expect(totals.otherDeductions).toBe(str(lines('LOAN')));
  });

  it('buckets add up to gross and to total deductions, row by row and in total', () => {
    const earn = c(totals.basicPay) + c(totals.attendance) + c(totals.premiumPay) + c(totals.allowances);
    expect(str(earn)).toBe(totals.gross);
    const ded =
      c(totals.sssEmployee) +
      c(totals.philhealthEmployee) +
      c(totals.pagibigEmployee) +
      c(totals.withholdingTax) +
      c(totals.otherDeductions);
    expect(str(ded)).toBe(totals.totalDeductions);
    expect(c(totals.gross) - c(totals.totalDeductions)).toBe(c(totals.netPay));
    expect(c(totals.premiumPay)).toBeGreaterThan(0n); // overtime and night hours of employees 1 and 4
    expect(c(totals.attendance)).toBeLessThan(0n); // employee 1's absence and lateness
  });

  it('writes as CSV with formula neutralisation and 2-decimal amounts, negatives not neutralised', async () => {
    const columns = registerColumns('csv');
    const path = await writeExport('csv', 'Payroll register', columns, async (offset) =>
      offset === 0 ? entries : [],
    );
    const text = await readFile(path, 'utf8');
    await rm(path, { force: true });
    const rows = parseCsv(text);
    expect(rows).toHaveLength(entries.length + 1);
    expect(text).toContain(`"'=HYPERLINK(""http://x.test"",""y""), +Juan"`);
    const netIndex = columns.findIndex((col) => col.header === 'Net pay');
    const absIndex = columns.findIndex((col) => col.header === 'Absences / tardiness');
    const first = rows[1]!;
    expect(first[netIndex]).toBe(entries[0]!.payslip.netPay);
    expect(first[absIndex]).toMatch(/^-\d+\.\d\d$/); // a negative amount, not neutralised text
    for (const row of rows.slice(1))
      columns.forEach((c, i) => c.money && expect(row[i], c.header).toMatch(/^-?\d+\.\d\d$/));
  });

  it('prints amounts with thousands separators in the PDF columns', () => {
    const net = registerColumns('pdf').find((col) => col.header === 'Net pay')!;
    expect(net.value(entries[1]!)).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  });
});

// ---------------------------------------------------------------- bank files

describe('bank files', () => {
  const expectedTotal = str(sum(bankPaid.map((e) => e.payslip.netPay)));

  it('generic CSV: bank-paid employees with positive net pay, total tied to the register', () => {
    const file = genericBankCsv(entries);
    expect(file.count).toBe(bankPaid.length);
    expect(file.total).toBe(expectedTotal);
    const rows = parseCsv(file.bytes.toString('utf8')).slice(1);
    expect(rows).toHaveLength(bankPaid.length);
    expect(rows.map((r) => r[0])).toEqual(bankPaid.map((e) => e.employee.bankAccountNumber));
    const amounts = rows.map((r) => r[2]!);
    expect(str(sum(amounts))).toBe(expectedTotal);
    expect(file.bytes.toString('utf8')).toContain(`'=HYPERLINK`);
    expect(file.bytes.toString('utf8')).not.toContain(entries[2]!.employee.lastName); // cash-paid
  });

  it('BPI: 128-column records, detail amounts, trailer count / total / hashes read back', () => {
    const file = bpiPayrollFile(entries, { companyCode: 'ACME1', companyAccount: '0011223344', batch: 1 });
    expect(file.fileName).toBe('ACME1.01');
    const records = file.bytes.toString('ascii').split('\r\n');
    expect(records.pop()).toBe('');
    for (const r of records) expect(r).toHaveLength(128);
    const [header, ...rest] = records;
    const trailer = rest.pop()!;
    expect(header!.slice(0, 15)).toBe('HACME104152601' + '1');
    expect(rest).toHaveLength(bankPaid.length);
    let amount = 0n;
    let accounts = 0n;
    let hashes = 0n;
    rest.forEach((d, i) => {
      const account = bankPaid[i]!.employee.bankAccountNumber!;
      expect(d.slice(15, 25)).toBe(account);
      const a = BigInt(d.slice(25, 37));
      expect(a).toBe(c(bankPaid[i]!.payslip.netPay));
      const h =
        a * BigInt(account.slice(4, 6)) + a * BigInt(account.slice(6, 8)) + a * BigInt(account.slice(8, 10));
      expect(BigInt(d.slice(37, 49))).toBe(h);
      amount += a;
      accounts += BigInt(account);
      hashes += h;
    });
    expect(str(amount)).toBe(expectedTotal);
    expect(BigInt(header!.slice(40, 52))).toBe(amount);
    expect(BigInt(trailer.slice(25, 40))).toBe(accounts);
    expect(BigInt(trailer.slice(40, 55))).toBe(amount);
    expect(BigInt(trailer.slice(55, 73))).toBe(hashes);
    expect(Number(trailer.slice(73, 78))).toBe(bankPaid.length);
    expect(file.total).toBe(expectedTotal);
  });

  it('BDO: header, one detail per payee, trailer count and total read back', () => {
    const file = bdoPayrollFile(entries, { companyCode: 'ACM', companyAccount: '001122334455', batch: 2 });
    const records = file.bytes.toString('ascii').split('\r\n');
    expect(records.pop()).toBe('');
    // A 12-digit account is written without its leading 00: the header's fields keep their columns.
    expect(records[0]).toBe('H        021122334455       ACM20260415');
    expect(
      bdoPayrollFile(entries, { companyCode: 'ACM', companyAccount: '1122334455', batch: 2 })
        .bytes.toString('ascii')
        .split('\r\n')[0],
    ).toBe(records[0]);
    expect(() =>
      bdoPayrollFile(entries, { companyCode: 'ACM', companyAccount: '451122334455', batch: 2 }),
    ).toThrow(/10-digit company account/);
    const details = records.slice(1, -1);
    expect(details.map((d) => d.slice(0, 16).trim())).toEqual(
      bankPaid.map((e) => e.employee.bankAccountNumber),
    );
    expect(str(sum(details.map((d) => d.slice(16))))).toBe(expectedTotal);
    const trailer = records.at(-1)!;
    expect(Number(trailer.slice(1, 11))).toBe(bankPaid.length);
    expect(trailer.slice(11)).toBe(expectedTotal);
    expect(file.count).toBe(bankPaid.length);
  });

  it('refuses a bank-paid employee without an account, and a BPI account of the wrong length', () => {
    const broken = [entry(employee(9, { bankAccountNumber: null }))];
    expect(() => genericBankCsv(broken)).toThrow(BankFileError);
    const short = [entry(employee(8, { bankAccountNumber: '12345' }))];
    expect(() =>
      bpiPayrollFile(short, { companyCode: 'ACME1', companyAccount: '0011223344', batch: 1 }),
    ).toThrow(BankFileError);
  });
});

// ---------------------------------------------------------------- monthly government outputs

const period2: DocPeriod = {
  ...period,
  id: 'p-2026-04-b',
  name: 'April 2026, 2nd half',
  start: '2026-04-16',
  end: '2026-04-30',
  payDate: '2026-04-30',
};
/** The second half of April for the same employees (employee 3 was hired on 1 April). */
const april = [
  ...entries,
  ...specs.map(([e, input]) => ({
    employee: e,
    period: period2,
    payslip: computePayslip({
      ...base,
      employeeId: e.employeeId,
      period: { start: period2.start, end: period2.end, frequency: 'semi-monthly' },
      profile: input.profile ?? base.profile,
      attendance: e.isMinimumWageEarner ? [{ date: '2026-04-20', regularHours: 8 }] : [],
    }),
  })),
].map((x) =>
  x.employee.employeeId === 'e3' ? { ...x, employee: { ...x.employee, hireDate: '2026-04-01' } } : x,
);

const perEmployee = (id: string, pick: (p: DocPayslip['payslip']) => string) =>
  sum(april.filter((x) => x.employee.employeeId === id).map((x) => pick(x.payslip)));

describe('monthly contributions', () => {
  const rows = monthlyContributions(april, '2026-04');

  it('sums both cut-offs per employee, sorted by name, with the month status', () => {
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.employee.lastName)).toEqual(
      [...rows.map((r) => r.employee.lastName)].sort((a, b) => a.localeCompare(b)),
    );
    for (const r of rows) {
      const id = r.employee.employeeId;
      expect(BigInt(r.sssEmployee)).toBe(perEmployee(id, (p) => p.employeeShares.sss));
      expect(BigInt(r.sssEmployer)).toBe(perEmployee(id, (p) => p.employerShares.sss));
      expect(BigInt(r.philhealthEmployee)).toBe(perEmployee(id, (p) => p.employeeShares.philhealth));
      expect(BigInt(r.pagibigEmployer)).toBe(perEmployee(id, (p) => p.employerShares.pagibig));
      expect(BigInt(r.gross)).toBe(perEmployee(id, (p) => p.gross));
    }
    expect(rows.find((r) => r.employee.employeeId === 'e3')!.status).toBe('newHire');
    expect(monthlyContributions(april, '2026-05')).toEqual([]);
  });

  it('SSS R-3 file: header, fixed-width details in the April column, trailer totals', () => {
    const file = sssR3File(company, rows, '2026-04');
    expect(file.fileName).toBe('NR3001DK.txt');
    const records = file.bytes.toString('ascii').split('\r\n');
    expect(records.pop()).toBe('');
    const [header, ...rest] = records;
    const trailer = rest.pop()!;
    expect(header!.slice(0, 2)).toBe('00');
    expect(header!.slice(2, 32)).toBe('ACME TRADING CORP.'.padEnd(30));
    expect(header!.slice(32, 48)).toBe('0420260399999991');
    let ss = 0n;
    let ec = 0n;
    rest.forEach((d, i) => {
      const r = rows[i]!;
      expect(d.slice(0, 2)).toBe('20');
      expect(d.slice(33, 43)).toBe(r.employee.sssNumber!.replace(/\D/g, ''));
      const month1 = d.slice(43, 51);
      expect(month1.startsWith(' ')).toBe(true);
      const expected =
        perEmployee(r.employee.employeeId, (p) => p.employeeShares.sss) +
        perEmployee(r.employee.employeeId, (p) => p.employerShares.sss);
      expect(c(month1.trim())).toBe(expected);
      expect(d.slice(51, 67)).toBe('    0.00    0.00'); // May and June columns
      expect(c(d.slice(85, 91).trim())).toBe(
        perEmployee(r.employee.employeeId, (p) => p.employerShares.sssEC),
      );
      ss += expected;
      ec += c(d.slice(85, 91).trim());
      const remark = d.slice(109, 110);
      expect(remark).toBe(r.employee.employeeId === 'e3' ? '1' : 'N');
      if (remark === '1') expect(d.slice(110)).toBe('04012026');
    });
    expect(c(trailer.slice(2, 14).trim())).toBe(ss);
    expect(c(trailer.slice(68, 78).trim())).toBe(ec);
    expect(file.total).toBe(str(ss + ec));
    expect(file.bytes.toString('ascii')).not.toMatch(/[^\x20-\x7e\r\n]/); // José, Ñ folded to ASCII
  });

  it('SSS, PhilHealth and Pag-IBIG CSVs tie to the payslips and neutralise formulas', () => {
    const all = (pick: (p: DocPayslip['payslip']) => string) => sum(april.map((x) => pick(x.payslip)));
    const sss = sssContributionCsv(rows, '2026-04');
    expect(sss.total).toBe(
      str(
        all((p) => p.employeeShares.sss) +
          all((p) => p.employerShares.sss) +
          all((p) => p.employerShares.sssEC),
      ),
    );
    const ph = philhealthRf1Csv(rows, '2026-04');
    expect(ph.total).toBe(
      str(all((p) => p.employeeShares.philhealth) + all((p) => p.employerShares.philhealth)),
    );
    const pg = pagibigMcrfCsv(rows, '2026-04');
    expect(pg.total).toBe(str(all((p) => p.employeeShares.pagibig) + all((p) => p.employerShares.pagibig)));
    for (const report of [sss, ph, pg]) {
      const parsed = parseCsv(report.bytes.toString('utf8'));
      expect(parsed[0]).toEqual(report.header);
      expect(parsed).toHaveLength(rows.length + 1);
      const totalColumn = report.header.indexOf('Total');
      expect(str(sum(parsed.slice(1).map((r) => r[totalColumn]!)))).toBe(report.total);
      expect(parsed.flat()).toContain(`'=HYPERLINK("http://x.test","y")`);
      expect(parsed.flat()).toContain(`'+Juan`);
    }
    expect(ph.rows.find((r) => r[1] === 'Santos3')![10]).toBe('NH');
  });
});

describe('BIR 1601-C', () => {
  const form = bir1601c(april, '2026-04');

  it('ties total, non-taxable and taxable compensation to the payslips', () => {
    const all = (pick: (p: DocPayslip['payslip']) => string) => sum(april.map((x) => pick(x.payslip)));
    expect(form.month).toBe('04/2026');
    expect(form.items['14']).toBe(str(all((p) => p.gross)));
    expect(form.items['22']).toBe(str(all((p) => p.taxableBase)));
    expect(c(form.items['21']) + c(form.items['22'])).toBe(c(form.items['14']));
    expect(form.items['19']).toBe(str(all((p) => p.employeeShares.total)));
    expect(form.items['25']).toBe(str(all((p) => p.withholdingTax)));
    expect(form.items['36']).toBe(form.items['25']);
    expect(form.anyTaxesWithheld).toBe(true);
    // The MWE's pay is exempt: statutory minimum wage and premium items are filled
    expect(c(form.items['15'])).toBeGreaterThan(0n);
    expect(c(form.items['16'])).toBeGreaterThan(0n);
    expect(form.items['17']).toBe('20000.00'); // employee 5's 13th month, under the 90,000 ceiling
    expect(c(form.items['18'])).toBeGreaterThan(0n); // employee 1's rice subsidy
  });

  it('applies adjustments, earlier remittances and penalties', () => {
    const amended = bir1601c(april, '2026-04', {
      adjustment: '-100.00',
      previouslyRemitted: '50.00',
      interest: '10.00',
    });
    expect(c(amended.items['27'])).toBe(c(form.items['25']) - 10000n);
    expect(c(amended.items['31'])).toBe(c(amended.items['27']) - 5000n);
    expect(c(amended.items['36'])).toBe(c(amended.items['31']) + 1000n);
  });
});

// ---------------------------------------------------------------- yearly BIR outputs

/** A year of semi-monthly payslips, each fed the year-to-date figures of the one before (as the integrator will). */
function year2026(e: DocEmployee, profile: PayslipInput['profile'], lastMonth = 12): DocPayslip[] {
  const out: DocPayslip[] = [];
  let ytd: PayslipInput['ytd'] = {};
  for (let m = 1; m <= lastMonth; m++) {
    const mm = String(m).padStart(2, '0');
    const lastDay = new Date(Date.UTC(2026, m, 0)).getUTCDate();
    for (const [start, end] of [
      [`2026-${mm}-01`, `2026-${mm}-15`],
      [`2026-${mm}-16`, `2026-${mm}-${lastDay}`],
    ] as const) {
      const bonus = m === lastMonth && end.endsWith('15');
      const payslip = computePayslip({
        employeeId: e.employeeId,
        // The last pay of a separated employee is annualised too (final pay, RR 2-98 Sec. 2.83.1).
        period: { start, end, frequency: 'semi-monthly', lastPayrollOfYear: m === lastMonth && !bonus },
        profile,
        ytd,
        ...(bonus ? { benefits: [{ code: '13TH', amount: '30000.00' }] } : {}),
      });
      ytd = { ...payslip.ytd };
      out.push({
        employee: e,
        period: { id: start, name: start, kind: 'Regular', start, end, payDate: end },
        payslip,
      });
    }
  }
  return out;
}

const yearly = [
  ...year2026(employee(11, { lastName: 'Aquino', tin: '111-222-333-000' }), {
    rateType: 'monthly',
    rate: '40000.00',
  }),
  ...year2026(employee(12, { lastName: 'Bautista', isMinimumWageEarner: true, tin: '111222334' }), {
    rateType: 'monthly',
    rate: '15000.00',
    isMinimumWageEarner: true,
  }),
  ...year2026(
    employee(13, {
      lastName: 'Cruz',
      firstName: 'Ma. Lourdes, Jr.',
      separationDate: '2026-06-30',
      tin: '111222335',
    }),
    { rateType: 'monthly', rate: '90000.00' },
    6,
  ),
];

describe('BIR 2316 and the 1604-C alphalist', () => {
  const certificates = certificates2316(yearly, 2026);
  const of = (id: string) => yearly.filter((x) => x.employee.employeeId === id).map((x) => x.payslip);

  it('sums each employee year into the 2316 items, tied to the payslips', () => {
    expect(certificates.map((c) => c.employee.lastName)).toEqual(['Aquino', 'Bautista', 'Cruz']);
    for (const cert of certificates) {
      const slips = of(cert.employee.employeeId);
      const s = certificateSummary(cert);
      expect(s['19']).toBe(str(sum(slips.map((p) => p.gross))));
      expect(s['21']).toBe(str(sum(slips.map((p) => p.taxableBase))));
      expect(s['25A']).toBe(str(sum(slips.map((p) => p.withholdingTax))));
      expect(c(s['19'])).toBe(c(s['38']) + c(s['52']));
      expect(cert.items['36']).toBe(str(sum(slips.map((p) => p.employeeShares.total))));
    }
    const [aquino, bautista, cruz] = certificates as [Certificate2316, Certificate2316, Certificate2316];
    // The December payslip trues the year up: tax due equals tax withheld.
    expect(certificateSummary(aquino)['24']).toBe(aquino.presentWithheld);
    expect(aquino.items['34']).toBe('30000.00');
    expect(certificateSummary(cruz)['24']).toBe(cruz.presentWithheld);
    // The MWE's pay is exempt and reported as statutory minimum wage net of contributions.
    expect(certificateSummary(bautista)['52']).toBe('0.00');
    expect(c(bautista.items['29']) + c(bautista.items['36']) + c(bautista.items['34'])).toBe(
      sum(of('e12').map((p) => p.gross)),
    );
    expect([cruz.from, cruz.to]).toEqual(['2026-01-01', '2026-06-30']);
  });

  it('writes the DAT: header, D1 rows then C1, D2 rows then C2, with control sums and CRLF', () => {
    const file = alphalist1604c(
      company,
      2026,
      certificates.map((certificate) => ({
        certificate,
        region: 'NCR',
        employmentStatus: 'R' as const,
        substitutedFiling: certificate.employee.separationDate === null,
        ...(certificate.employee.separationDate ? { separationReason: 'R' as const } : {}),
      })),
    );
    expect(file.fileName).toBe('123456789000012312026' + '1604C.DAT');
    const text = file.bytes.toString('ascii');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const records = text
      .trimEnd()
      .split('\r\n')
      .map((r) => r.match(/("[^"]*"|[^,]+)/g)!);
    expect(records.map((r) => r[0])).toEqual(['H1604C', 'D1', 'D1', 'C1', 'D2', 'C2']);
    expect(records[0]).toEqual(['H1604C', '123456789', '0000', '12/31/2026']);
    const [d1a, d1b, c1, d2, c2] = records.slice(1) as string[][];
    expect(d1a).toHaveLength(49);
    expect(d2).toHaveLength(59);
    expect(c1).toHaveLength(36);
    expect(c2).toHaveLength(45);
    expect([d1a![5], d1b![5], d2![5]]).toEqual(['1', '2', '1']); // sequence restarts per schedule
    expect(d1a!.slice(6, 12)).toEqual(['111222333', '0000', '"AQUINO"', '"MARIA"', '"REYES"', 'NCR']);
    expect(d1b!.slice(8, 11)).toEqual(['"CRUZ"', '"MA LOURDES JR"', '"REYES"']); // forbidden , . removed
    expect(d1b!.slice(23, 25)).toEqual(['01/01/2026', '06/30/2026']);
    expect(d1b!.slice(44, 49)).toEqual(['FILIPINO', 'R', 'R', 'N', '0.00']);
    // C1 = column sums of D1 fields 13–23, 26–44 and 49
    const fields = [
      ...Array.from({ length: 11 }, (_, i) => 13 + i),
      ...Array.from({ length: 19 }, (_, i) => 26 + i),
      49,
    ];
    expect(c1!.slice(5)).toEqual(fields.map((f) => str(c(d1a![f - 1]!) + c(d1b![f - 1]!))));
    const d2Fields = [
      ...Array.from({ length: 14 }, (_, i) => 13 + i),
      ...[29, 30, 31, 32],
      ...Array.from({ length: 20 }, (_, i) => 34 + i),
      58,
      59,
    ];
    expect(c2!.slice(5)).toEqual(d2Fields.map((f) => d2![f - 1]));
    // Aquino (D1): present gross, taxable, tax due, withheld Jan–Nov + December = actual withheld
    const aquino = certificateSummary(certificates[0]!);
    expect(d1a![25]).toBe(aquino['19']);
    expect(d1a![35]).toBe(aquino['21']);
    expect(d1a![38]).toBe(aquino['24']);
    expect(c(d1a![40]!) + c(d1a![41]!) - c(d1a![42]!)).toBe(c(aquino['24']));
    expect(d1a![43]).toBe(aquino['26']);
    // Bautista (D2): gross and the statutory minimum wage net of contributions in field 59
    expect(d2![28]).toBe(certificateSummary(certificates[1]!)['19']);
    expect(d2![58]).toBe(certificates[1]!.items['29']);
    expect(file.count).toBe(3);
  });

  it('reproduces the BIR-validated single-employee 1604-C file byte for byte', () => {
    // A DAT that passed the BIR Alphalist Validation Module v7.4 with "No Errors Encountered" (612 bytes,
    // SHA-256 59892d6a…c788), as logical lines in the "BIR 1604-C Excel-to-DAT converter" spec cited by
    // OUTPUTS-research.md §3 (idx:70855739470). Synthetic employer and employee.
    const maria: Certificate2316 = {
      employee: employee(21, {
        lastName: 'Reyes',
        firstName: 'Maria',
        middleName: 'Santos',
        tin: '901-234-567-0000',
        hireDate: '2019-03-01',
      }),
      year: 2025,
      from: '2025-01-01',
      to: '2025-12-31',
      minimumWage: null,
      items: {
        ...(Object.fromEntries(
          [
            '29',
            '30',
            '31',
            '32',
            '33',
            '34',
            '35',
            '36',
            '37',
            '39',
            '40',
            '41',
            '42',
            '43',
            '44',
            '45',
            '46',
            '47',
            '48',
            '49',
            '50',
            '51',
          ].map((i) => [i, '0.00']),
        ) as Certificate2316['items']),
        '34': '40000.00',
        '35': '12000.00',
        '36': '30187.50',
        '39': '449812.50',
      },
      previous: null,
      taxDue: '32462.50',
      presentWithheld: '32462.50',
      presentWithheldJanNov: '29000.00',
      peraCredit: '0.00',
    };
    const file = alphalist1604c(
      { name: 'SRV Digital Solutions', tin: '684785510', branchCode: '0000', address: null },
      2025,
      [{ certificate: maria, region: 'NCR', employmentStatus: 'R', substitutedFiling: true }],
    );
    const amounts =
      '532000.00,0.00,40000.00,12000.00,30187.50,0.00,82187.50,449812.50,0.00,0.00,449812.50,449812.50,449812.50,32462.50,0.00,29000.00,3462.50,0.00,32462.50';
    const zeros = Array(11).fill('0.00').join(',');
    const expected = [
      'H1604C,684785510,0000,12/31/2025',
      `D1,1604C,684785510,0000,12/31/2025,1,901234567,0000,"REYES","MARIA","SANTOS",NCR,${zeros},01/01/2025,12/31/2025,${amounts},FILIPINO,R,NA,Y,0.00`,
      `C1,1604C,684785510,0000,12/31/2025,${zeros},${amounts},0.00`,
    ]
      .map((line) => `${line}\r\n`)
      .join('');
    expect(file.bytes.toString('ascii')).toBe(expected);
    expect(file.bytes).toHaveLength(612);
    expect(createHash('sha256').update(file.bytes).digest('hex')).toBe(
      '59892d6a782fb46aa44060ec9ca74db5ae3a3862eb247513908b8bb6a519c788',
    );
    expect(file.fileName).toBe('6847855100000123120251604C.DAT');
  });

  it('refuses an employee without a TIN and a separated employee without a reason', () => {
    const cert = certificates[2]!;
    expect(() =>
      alphalist1604c(company, 2026, [
        { certificate: cert, region: 'NCR', employmentStatus: 'R', substitutedFiling: false },
      ]),
    ).toThrow(/Separation reason/);
    const noTin = { ...cert, employee: { ...cert.employee, tin: null } };
    expect(() =>
      alphalist1604c(company, 2026, [
        {
          certificate: noTin,
          region: 'NCR',
          employmentStatus: 'R',
          separationReason: 'R',
          substitutedFiling: false,
        },
      ]),
    ).toThrow(/TIN/);
  });

  it('prints one 2316 page per employee with the summary figures', async () => {
    const pdf = await collect((out) => writeBir2316Pdf(out, company, certificates, { compress: false }));
    const text = pdfText(pdf);
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(certificates.length);
    for (const cert of certificates) {
      const s = certificateSummary(cert);
      expect(text).toContain(`${cert.employee.lastName}, ${cert.employee.firstName}`);
      for (const item of ['19', '21', '24', '25A'] as const)
        expect(text).toContain(str(c(s[item])).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    }
    expect(bir2316FileName(certificates[0]!)).toBe('Aquino_111222333000_12312026.pdf');
  });
});
