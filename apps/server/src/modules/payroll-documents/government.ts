/**
 * Monthly government outputs from a month's payslips: the SSS contribution list (R-3 "to disk" file and a CSV of
 * the same fields), the PhilHealth RF-1 columns, the Pag-IBIG MCRF columns and the BIR 1601-C figures. Layouts
 * and their confidence are in ../shared/ph-payroll/OUTPUTS-research.md (§1, §4.2, §5.3, §6.1); the agency's
 * current guide wins over them. The yearly BIR outputs (2316, 1604-C) are in annual.ts.
 */
import { toCsv } from '../../lib/csv.js';
import { addPayslip, emptyItems, type ClassifyOptions, type CompensationCentavos } from './compensation.js';
import { cents, money } from './money.js';
import type { DocCompany, DocEmployee, DocPayslip, GeneratedFile } from './types.js';

export class GovernmentFileError extends Error {}

// ---------------------------------------------------------------- the month's contributions per employee

/** How an employee stands in the month for the agencies (SSS remark 1/2/3/N, PhilHealth NH/SP/NE). */
export type ContributionStatus = 'normal' | 'newHire' | 'separated' | 'noEarnings';

/** One employee's month. Amounts in centavos. */
export interface ContributionRow {
  employee: DocEmployee;
  /** YYYY-MM */
  month: string;
  status: ContributionStatus;
  /** Hire or separation date (ISO) for those statuses. */
  statusDate: string | null;
  gross: number;
  /** The month's actual SSS compensation (the payslips' own, added up); the PhilHealth and Pag-IBIG monthly
   *  bases the shares were computed on (the engine's contributionBases), 0.00 in a month without compensation. */
  sssCompensation: number;
  philhealthSalary: number;
  pagibigSalary: number;
  /** SSS employee share including the MPF part, which is also shown alone. */
  sssEmployee: number;
  sssMpf: number;
  sssEmployer: number;
  sssEC: number;
  philhealthEmployee: number;
  philhealthEmployer: number;
  pagibigEmployee: number;
  pagibigEmployer: number;
}

/** A payslip belongs to the month of its period's end (the engine's rule for weekly periods too). */
const monthOf = (entry: DocPayslip) => entry.payslip.period.end.slice(0, 7);

/**
 * Sums the month's payslips per employee, sorted by name. Shares are the amounts due (the engine's
 * employeeShares / employerShares), also when a share could not be deducted and was deferred. The bases are the
 * latest Regular payslip's (a 13th-month or adjustment run carries no new base). A month that paid no compensation
 * (its SSS compensation 0.00) has no contribution (the payroll engine's README, "Contributions"): the employee is
 * listed with remark "no earnings" (unless hired or separated in the month, which the remark says instead) and
 * 0.00 as salary, since none was paid, beside the shares the payslips carry (0.00 from the engine).
 */
export function monthlyContributions(entries: DocPayslip[], month: string): ContributionRow[] {
  const byEmployee = new Map<string, DocPayslip[]>();
  for (const e of entries) {
    if (monthOf(e) !== month) continue;
    const list = byEmployee.get(e.employee.employeeId) ?? [];
    list.push(e);
    byEmployee.set(e.employee.employeeId, list);
  }
  const rows: ContributionRow[] = [];
  for (const list of byEmployee.values()) {
    list.sort((a, b) => a.payslip.period.end.localeCompare(b.payslip.period.end));
    const employee = list.at(-1)!.employee;
    const basis = (list.filter((e) => e.period.kind === 'Regular').at(-1) ?? list.at(-1)!).payslip;
    const add = (pick: (p: DocPayslip['payslip']) => string) =>
      list.reduce((s, e) => s + cents(pick(e.payslip)), 0);
    const gross = add((p) => p.gross);
    // The month's actual SSS compensation: each payslip's own (compute.ts stores it as thisPeriod.sssCompensation),
    // added up. The latest payslip's base is a projection under the "equal" and "first-cutoff" splits (this
    // cut-off's pay × 2), not what the month paid, e.g. for an employee hired in the second cut-off.
    const own = list
      .filter((e) => e.period.kind === 'Regular' || e.period.kind === 'FinalPay')
      .map((e) => (e.payslip as { thisPeriod?: { sssCompensation?: string } }).thisPeriod?.sssCompensation);
    const sssCompensation =
      own.length > 0 && own.every((c) => c !== undefined)
        ? own.reduce((s, c) => s + cents(c!), 0)
        : cents(basis.contributionBases.sssCompensation);
    const paid = sssCompensation !== 0;
    const { status, statusDate } = statusIn(employee, month, paid);
    rows.push({
      employee,
      month,
      status,
      statusDate,
      gross,
      sssCompensation,
      philhealthSalary: paid ? cents(basis.contributionBases.philhealthBasicSalary) : 0,
      pagibigSalary: paid ? cents(basis.contributionBases.pagibigFundSalary) : 0,
      sssEmployee: add((p) => p.employeeShares.sss),
      sssMpf: add((p) => p.employeeShares.sssMpf),
      sssEmployer: add((p) => p.employerShares.sss),
      sssEC: add((p) => p.employerShares.sssEC),
      philhealthEmployee: add((p) => p.employeeShares.philhealth),
      philhealthEmployer: add((p) => p.employerShares.philhealth),
      pagibigEmployee: add((p) => p.employeeShares.pagibig),
      pagibigEmployer: add((p) => p.employerShares.pagibig),
    });
  }
  return rows.sort(
    (a, b) =>
      a.employee.lastName.localeCompare(b.employee.lastName) ||
      a.employee.firstName.localeCompare(b.employee.firstName),
  );
}

function statusIn(e: DocEmployee, month: string, paid: boolean) {
  if (e.separationDate?.startsWith(month))
    return { status: 'separated' as const, statusDate: e.separationDate };
  if (e.hireDate.startsWith(month)) return { status: 'newHire' as const, statusDate: e.hireDate };
  if (!paid) return { status: 'noEarnings' as const, statusDate: null };
  return { status: 'normal' as const, statusDate: null };
}

// ---------------------------------------------------------------- shared helpers

/** A CSV report: its rows (for an XLSX or a screen) and the same as CSV bytes through lib/csv. */
export interface CsvReport extends GeneratedFile {
  header: string[];
  rows: (string | number | null)[][];
}

function csvReport(
  fileName: string,
  header: string[],
  rows: (string | number | null)[][],
  total: number,
): CsvReport {
  return {
    fileName,
    header,
    rows,
    bytes: Buffer.from(`\ufeff${toCsv(header, rows)}`, 'utf8'),
    count: rows.length,
    total: money(total),
  };
}

const digitsOnly = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
/** Upper-case ASCII for fixed-width agency files: accents dropped (Ñ → N), other symbols to spaces. */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,-]/g, ' ');
const left = (text: string, width: number) => ascii(text).slice(0, width).padEnd(width);
/** A 2-decimal amount right-aligned in `width`; refuses one that does not fit. */
function right(centavos: number, width: number): string {
  const text = money(centavos);
  if (text.length > width) throw new GovernmentFileError(`${text} does not fit ${width} characters`);
  return text.padStart(width);
}
const mmyyyy = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

// ---------------------------------------------------------------- SSS

const SSS_REMARK: Record<ContributionStatus, string> = {
  normal: 'N',
  newHire: '1',
  separated: '2',
  noEarnings: '3',
};

export interface SssR3Options {
  /** Format of the hire / separation date after remarks 1 and 2. Implementations disagree (research §4.2 [X]):
   *  pamana MMDDYY, paymaster MMDDYYYY (default), Skyrise YYYYMMDD. Validate with the SSS tool. */
  remarkDateFormat?: 'MMDDYYYY' | 'MMDDYY' | 'YYYYMMDD';
}

/**
 * SSS R-3 contribution collection list "to disk" file NR3001DK.txt: header 00, one 20 per employee, trailer 99,
 * CRLF. Positions from OUTPUTS-research.md §4.2, which agree across dchallenger/oclp-workwise@7d73b199
 * sss_report.php, itadmin-pwc/pamana-water-corp-hris@fec07dfa timesheet_obj.php, pai-nuneza/Skyrise-Desktop-Apps
 * @d32502de HRCTextfileGenerationBL.cs and yuwwwiii/paymaster@216b9d9f sss.class.php. The quarterly layout has
 * three month columns per amount; only this month's column is filled. "SS" is employer + employee share (the
 * legacy layout has no separate MPF column); the Medicare columns stay 0.00 (PhilHealth is remitted apart).
 * `total` is SS + EC.
 */
export function sssR3File(
  company: DocCompany,
  rows: ContributionRow[],
  month: string,
  opts: SssR3Options = {},
): GeneratedFile {
  const employerNo = digitsOnly(company.sssEmployerNumber);
  if (employerNo.length !== 10) throw new GovernmentFileError('The employer SSS number must have 10 digits');
  const slot = (Number(month.slice(5, 7)) - 1) % 3; // Jan/Apr/Jul/Oct → column 1, …
  const three = (centavos: number, width: number) =>
    [0, 1, 2].map((i) => ` ${right(i === slot ? centavos : 0, width - 1)}`).join('');
  const totals = { ss: 0, ec: 0 };
  const details = rows.map((r) => {
    const e = r.employee;
    const ssNo = digitsOnly(e.sssNumber);
    if (ssNo.length !== 10)
      throw new GovernmentFileError(`SSS number of ${e.employeeNumber} must have 10 digits`);
    const ss = r.sssEmployee + r.sssEmployer;
    totals.ss += ss;
    totals.ec += r.sssEC;
    const remark = SSS_REMARK[r.status];
    const date = (remark === '1' || remark === '2') && r.statusDate ? remarkDate(r.statusDate, opts) : '';
    return (
      `20${left(e.lastName, 15)}${left(e.firstName, 15)}${left(e.middleName?.[0] ?? '', 1)}${ssNo}` +
      `${three(ss, 8)}${three(0, 6)}${three(r.sssEC, 6)}${' '.repeat(6)}${remark}${date}`
    );
  });
  const header = `00${left(company.name, 30)}${mmyyyy(month)}${employerNo}${' '.repeat(30)}`;
  const trailer = `99${three(totals.ss, 12)}${three(0, 10)}${three(totals.ec, 10)}`;
  return {
    fileName: 'NR3001DK.txt',
    bytes: Buffer.from([header, ...details, trailer].map((r) => `${r}\r\n`).join(''), 'ascii'),
    count: details.length,
    total: money(totals.ss + totals.ec),
  };
}

function remarkDate(iso: string, opts: SssR3Options): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  switch (opts.remarkDateFormat ?? 'MMDDYYYY') {
    case 'MMDDYY':
      return `${m}${d}${y.slice(2)}`;
    case 'YYYYMMDD':
      return `${y}${m}${d}`;
    default:
      return `${m}${d}${y}`;
  }
}

/** The R-3 fields as a CSV (for review, or the newer My.SSS upload, whose layout is not confirmed). */
export function sssContributionCsv(rows: ContributionRow[], month: string): CsvReport {
  let total = 0;
  const data = rows.map((r) => {
    const e = r.employee;
    const sum = r.sssEmployee + r.sssEmployer + r.sssEC;
    total += sum;
    return [
      e.sssNumber,
      e.lastName,
      e.firstName,
      e.middleName?.[0] ?? null,
      money(r.sssCompensation),
      money(r.sssEmployee),
      money(r.sssMpf),
      money(r.sssEmployer),
      money(r.sssEC),
      money(sum),
      SSS_REMARK[r.status],
      r.statusDate,
    ];
  });
  const header = [
    'SS Number',
    'Last Name',
    'First Name',
    'Middle Initial',
    'Monthly Compensation',
    'EE Share (incl. MPF)',
    'EE MPF',
    'ER Share',
    'EC',
    'Total',
    'Remark',
    'Remark Date',
  ];
  return csvReport(`sss-contributions-${month}.csv`, header, data, total);
}

// ---------------------------------------------------------------- PhilHealth

const PHIC_STATUS: Record<ContributionStatus, string | null> = {
  normal: null,
  newHire: 'NH',
  separated: 'SP',
  noEarnings: 'NE',
};

/**
 * PhilHealth RF-1 columns (research §5.3 [C]: philhealth101, pamana phic_remittance_pdf.php). The EPRS upload
 * template is not public, so this is a CSV for entry into EPRS, not an upload file.
 */
export function philhealthRf1Csv(rows: ContributionRow[], month: string): CsvReport {
  let total = 0;
  const data = rows.map((r) => {
    const e = r.employee;
    const sum = r.philhealthEmployee + r.philhealthEmployer;
    total += sum;
    return [
      e.philhealthNumber,
      e.lastName,
      e.firstName,
      e.middleName,
      e.birthDate,
      e.gender === 'Male' ? 'M' : e.gender === 'Female' ? 'F' : null,
      money(r.philhealthSalary),
      money(r.philhealthEmployee),
      money(r.philhealthEmployer),
      money(sum),
      PHIC_STATUS[r.status],
      r.statusDate,
    ];
  });
  const header = [
    'PhilHealth Number',
    'Surname',
    'Given Name',
    'Middle Name',
    'Birth Date',
    'Sex',
    'Monthly Basic Salary',
    'Personal Share',
    'Employer Share',
    'Total',
    'Status',
    'Effectivity Date',
  ];
  return csvReport(`philhealth-rf1-${month}.csv`, header, data, total);
}

// ---------------------------------------------------------------- Pag-IBIG

/** The MCRF "Remarks" column; the form prescribes no codes, so words. */
const HDMF_REMARK: Record<ContributionStatus, string | null> = {
  normal: null,
  newHire: 'NEW',
  separated: 'SEPARATED',
  noEarnings: 'NO EARNINGS',
};

/** Pag-IBIG MCRF / MSRF row columns (research §6.1 [C]: MCRF form HQP-PFF-053, MSRF HQP-TMF-381). */
export function pagibigMcrfCsv(rows: ContributionRow[], month: string): CsvReport {
  let total = 0;
  const data = rows.map((r) => {
    const e = r.employee;
    const sum = r.pagibigEmployee + r.pagibigEmployer;
    total += sum;
    return [
      e.pagibigNumber,
      null, // MP2 account number: voluntary savings are not in the payroll engine
      e.lastName,
      e.firstName,
      null, // name extension: not in the employee record
      e.middleName,
      e.birthDate,
      month.replace('-', ''),
      money(r.pagibigSalary),
      money(r.pagibigEmployee),
      money(r.pagibigEmployer),
      money(sum),
      HDMF_REMARK[r.status],
    ];
  });
  const header = [
    'Pag-IBIG MID No.',
    'Account No.',
    'Last Name',
    'First Name',
    'Name Extension',
    'Middle Name',
    'Birth Date',
    'Period Covered',
    'Monthly Compensation',
    'EE Share',
    'ER Share',
    'Total',
    'Remarks',
  ];
  return csvReport(`pagibig-mcrf-${month}.csv`, header, data, total);
}

// ---------------------------------------------------------------- BIR 1601-C

export interface Bir1601cOptions extends ClassifyOptions {
  /** Item 26: adjustment of taxes withheld in earlier months (Part IV Schedule 1), signed; the credit of refunds
   *  carried from earlier months (`carriedRefund`) is added to it. */
  adjustment?: string;
  /** Year-end refunds of earlier months not yet credited against a month's withholding (≥ 0): this month's
   *  withholding takes them first, in item 26 (see `bir1601cItems`). */
  carriedRefund?: string;
  /** Item 28: tax remitted in a return previously filed (amended return). */
  previouslyRemitted?: string;
  /** Item 29: other remittances made. */
  otherRemittances?: string;
  /** Items 32–34. */
  surcharge?: string;
  interest?: string;
  compromise?: string;
}

/** BIR 1601-C items 14–36 with their formulas (research §1 [C]: Odoo-PH 1601-C, form text, howto-online.com). */
export interface Bir1601c {
  /** Item 1, MM/YYYY. */
  month: string;
  /** Item 3: some payslip of the month withheld tax. */
  anyTaxesWithheld: boolean;
  items: Record<
    | '14' | '15' | '16' | '17' | '18' | '19' | '20' | '21' | '22' | '23' | '24' | '25'
    | '26' | '27' | '28' | '29' | '30' | '31' | '32' | '33' | '34' | '35' | '36',
    string
  >; // prettier-ignore
  /** The month's year-end refunds above its own withholding (item 25 is then 0.00). */
  refundsAboveWithholding: string;
  /** Refunds still to be credited against the following months' withholding (item 26 of their returns). */
  refundCarriedForward: string;
  /** Employees whose taxable compensation is in item 23. */
  notSubjectCount: number;
}

/** One employee's month, for item 23. Centavos. */
interface EmployeeMonth {
  taxable: number;
  withheld: number;
  mwe: boolean;
  /** The year's taxable compensation from a year-end adjustment of the month (the latest), else null. */
  annualTaxable: number | null;
}

/** The month's 1601-C sums, added up payslip by payslip (`add1601c`), then made into items (`bir1601cItems`). */
export interface Bir1601cSums {
  month: string;
  items: CompensationCentavos;
  gross: number;
  withheld: number;
  anyWithheld: boolean;
  employees: Map<string, EmployeeMonth>;
}

export const bir1601cSums = (month: string): Bir1601cSums => ({
  month,
  items: emptyItems(),
  gross: 0,
  withheld: 0,
  anyWithheld: false,
  employees: new Map(),
});

/** Adds the month's payslips among `entries` to `sums` (a month read in batches: one call per batch). */
export function add1601c(sums: Bir1601cSums, entries: DocPayslip[], opts: ClassifyOptions = {}): void {
  for (const e of entries) {
    if (monthOf(e) !== sums.month) continue;
    const own = emptyItems();
    addPayslip(own, e, opts);
    let nonTaxable = 0;
    for (const [k, v] of Object.entries(own) as [keyof CompensationCentavos, number][]) {
      sums.items[k] += v;
      if (Number(k) <= 37) nonTaxable += v;
    }
    const gross = cents(e.payslip.gross);
    const withheld = cents(e.payslip.withholdingTax);
    sums.gross += gross;
    sums.withheld += withheld;
    if (withheld > 0) sums.anyWithheld = true;
    const id = e.employee.employeeId;
    const m = sums.employees.get(id) ?? {
      taxable: 0,
      withheld: 0,
      mwe: e.employee.isMinimumWageEarner,
      annualTaxable: null,
    };
    m.taxable += gross - nonTaxable; // this payslip's part of item 22
    m.withheld += withheld;
    const annual = e.payslip.yearEnd?.annualTaxableCompensation;
    if (annual !== undefined) m.annualTaxable = cents(annual);
    sums.employees.set(id, m);
  }
}

/** 250,000.00 a year: the annual table's 0% bracket (TRAIN, NIRC Sec. 24(A)(2)(a)). */
const EXEMPT_ANNUAL = 250_000_00;

/**
 * Item 23, "taxable compensation not subject to withholding tax (for employees, other than MWEs, receiving
 * 250,000 & below for the year)": the month's taxable compensation of each employee who is not a minimum wage
 * earner, from whom no tax was withheld in the month (net of a year-end refund), and whose year's taxable
 * compensation is at most 250,000.00 — the year's own figure where the month made the year-end adjustment,
 * else the month's taxable compensation × 12 (what the per-period withholding table assumes). An estimate in
 * the months before December, stated as such in the README; the year-end figure in the month that has one.
 */
function notSubjectToWithholding(employees: Map<string, EmployeeMonth>): { amount: number; count: number } {
  let amount = 0;
  let count = 0;
  for (const m of employees.values()) {
    if (m.mwe || m.taxable <= 0 || m.withheld > 0) continue;
    if ((m.annualTaxable ?? m.taxable * 12) > EXEMPT_ANNUAL) continue;
    amount += m.taxable;
    count++;
  }
  return { amount, count };
}

/**
 * The items of the month's sums. Item 25, taxes withheld, is never negative: a year-end refund is taken from
 * the tax withheld in the month it is paid (December's), and when that is not enough the excess is taken from
 * the withholding of the following months (RR 2-98 as amended by RR 11-2018, the year-end adjustment, REFERENCE
 * §4.7). So item 25 is the month's withholding net of its refunds, at least 0.00; the refunds above it are
 * carried forward (`refundCarriedForward`); a month with refunds carried into it (`opts.carriedRefund`) credits
 * them against its own withholding in item 26 ("adjustment of taxes withheld from previous months"), down to a
 * 0.00 item 27 at most, and carries the rest further. Items 27 to 36 follow the form's formulas.
 */
export function bir1601cItems(sums: Bir1601cSums, opts: Bir1601cOptions = {}): Bir1601c {
  const c = sums.items;
  const opt = (v: string | undefined) => (v === undefined ? 0 : cents(v));
  const carriedIn = Math.max(0, opt(opts.carriedRefund));
  const i: Record<string, number> = {};
  i[14] = sums.gross;
  i[15] = c['29'];
  i[16] = c['30'] + c['31'] + c['32'] + c['33'];
  i[17] = c['34'];
  i[18] = c['35'];
  i[19] = c['36'];
  i[20] = c['37'];
  i[21] = i[15] + i[16] + i[17] + i[18] + i[19] + i[20];
  i[22] = i[14] - i[21];
  const exempt = notSubjectToWithholding(sums.employees);
  i[23] = Math.min(exempt.amount, Math.max(0, i[22]));
  i[24] = i[22] - i[23];
  i[25] = Math.max(0, sums.withheld);
  const credit = Math.min(carriedIn, i[25]);
  i[26] = opt(opts.adjustment) - credit;
  i[27] = i[25] + i[26];
  i[28] = opt(opts.previouslyRemitted);
  i[29] = opt(opts.otherRemittances);
  i[30] = i[28] + i[29];
  i[31] = i[27] - i[30];
  i[32] = opt(opts.surcharge);
  i[33] = opt(opts.interest);
  i[34] = opt(opts.compromise);
  i[35] = i[32] + i[33] + i[34];
  i[36] = i[31] + i[35];
  const above = Math.max(0, -sums.withheld);
  return {
    month: `${sums.month.slice(5, 7)}/${sums.month.slice(0, 4)}`,
    anyTaxesWithheld: sums.anyWithheld,
    items: Object.fromEntries(Object.entries(i).map(([k, v]) => [k, money(v)])) as Bir1601c['items'],
    refundsAboveWithholding: money(above),
    refundCarriedForward: money(carriedIn - credit + above),
    notSubjectCount: exempt.count,
  };
}

/**
 * What an earlier month's refunds leave to credit against the month after `months`: each month, in order, takes
 * what is carried against its own withholding (net of its refunds, when positive) and carries its refunds above
 * that withholding forward. `months`: the company's net withholding of each earlier month, oldest first.
 */
export function refundCarriedInto(months: { withheld: string }[]): string {
  let carry = 0;
  for (const m of months) {
    const w = cents(m.withheld);
    carry = carry - Math.min(carry, Math.max(0, w)) + Math.max(0, -w);
  }
  return money(carry);
}

/** The month's 1601-C figures (one call for a month held in memory; batches use the three steps above). */
export function bir1601c(entries: DocPayslip[], month: string, opts: Bir1601cOptions = {}): Bir1601c {
  const sums = bir1601cSums(month);
  add1601c(sums, entries, opts);
  return bir1601cItems(sums, opts);
}
