/**
 * The year-to-date and 13th month reports add each employee's year up in the database (payroll-reports
 * repository, employeeYears). Through HTTP, against a year built for it, every amount is the exact sum of the
 * payslips the reports read (documents source, `eachBatch({ year })`): the company's finalised or paid periods whose
 * cut-off ends in the year, their Included and Held payslips with a result; gross / taxable / withheld and the
 * employee shares of each; the basic salary earned (result.thisPeriod.basicSalaryEarned, 0 without it) outside 13th
 * month runs; the 13th month paid: every earning line of a 13th month run, elsewhere the earning lines coded
 * 13TH... or THIRTEENTH... in any case. Rows by name, one an employee, then TOTAL.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payslip } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';
import { cents, money } from '../src/modules/payroll-documents/money.js';
import { caller, createTestApp, demo, signIn, type TestApp } from './helpers.js';
import {
  demoCompanyAndDayShift,
  hireOnDayShift,
  insertPeriod,
  semiMonthlySlip,
  type FixturePeriod,
} from './payroll-fixtures.js';

let t: TestApp;
let tenantId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const BASE = '/api/v1/payroll/reports';

/** As the compute job stores a payslip: with this period's basic salary earned. */
const stored = (p: Payslip) =>
  ({ ...p, thisPeriod: { basicSalaryEarned: p.ytd.basicSalaryEarned } }) as Payslip;

interface Fixture extends FixturePeriod {
  /** Counted in the demo company's reports of 2025. */
  counts: boolean;
}
interface Person {
  id: string;
  number: string;
  name: string;
  department: string;
}
let ana: Person; // "Zamora, Ana": first hired, but after Abad by name
let ben: Person; // "Abad, Ben Cruz"
let dino: string; // only an Excluded payslip and one without a result: in no report
let periods: Fixture[];
let logistics: { number: string; slip: Payslip };

const parseCsv = (text: string): string[][] =>
  Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
async function csvOf(url: string, who: 'payroll' | 'logisticsPayroll' = 'payroll') {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  const [header, ...rows] = parseCsv(res.body);
  return { header: header!, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await signIn(t.app, demo.payroll)).tenantId;
  const { companyId, dayShift } = await asTenant(demoCompanyAndDayShift);
  const hire = async (number: string, firstName: string, lastName: string, department: string | null) =>
    asTenant(async (tx) => {
      const id = await hireOnDayShift(tx, tenantId, companyId, dayShift, {
        number,
        firstName,
        lastName,
        rateType: 'Monthly',
        rate: 30000,
        hire: '2024-06-01',
      });
      const [d] = department
        ? await tx.query<{ id: string }>(
            `INSERT INTO departments (tenant_id, company_id, name) VALUES ($1, $2, $3) RETURNING id`,
            [tenantId, companyId, department],
          )
        : [];
      await tx.query(`UPDATE employees SET department_id = $2, middle_name = $3 WHERE id = $1`, [
        id,
        d?.id ?? null,
        firstName === 'Ben' ? 'Cruz' : null,
      ]);
      return id;
    });
  ana = {
    id: await hire('YTD-0001', 'Ana', 'Zamora', 'YTD Finance'),
    number: 'YTD-0001',
    name: 'Zamora, Ana',
    department: 'YTD Finance',
  };
  ben = {
    id: await hire('YTD-0002', 'Ben', 'Abad', 'YTD Plant'),
    number: 'YTD-0002',
    name: 'Abad, Ben Cruz',
    department: 'YTD Plant',
  };
  dino = await hire('YTD-0003', 'Dino', 'Aguila', null);

  const slip = (
    start: string,
    end: string,
    rate: string,
    extra: Parameters<typeof semiMonthlySlip>[3] = {},
  ) => stored(semiMonthlySlip(start, end, rate, extra));
  periods = [
    {
      counts: true,
      companyId,
      name: 'YTD Jan 1-15 2025',
      start: '2025-01-01',
      end: '2025-01-15',
      status: 'Finalised',
      payslips: [
        { employeeId: ana.id, payslip: slip('2025-01-01', '2025-01-15', '30000.00') },
        { employeeId: ben.id, payslip: slip('2025-01-01', '2025-01-15', '45000.00') },
        { employeeId: dino, payslip: slip('2025-01-01', '2025-01-15', '90000.00'), status: 'Excluded' },
      ],
    },
    {
      counts: true,
      companyId,
      name: 'YTD Jan 16-31 2025',
      start: '2025-01-16',
      end: '2025-01-31',
      status: 'Paid',
      payslips: [
        // Held: still the year's pay. A 13th month advance in a regular run counts as 13th month paid.
        {
          employeeId: ana.id,
          payslip: slip('2025-01-16', '2025-01-31', '30000.00', {
            benefits: [{ code: '13TH-ADV', description: '13th month advance', amount: '2500.00' }],
          }),
          status: 'Held',
        },
        // Without thisPeriod (no basic salary earned); a bonus whose code only contains 13TH and a deduction
        // coded 13TH are not 13th month paid.
        {
          employeeId: ben.id,
          payslip: semiMonthlySlip('2025-01-16', '2025-01-31', '45000.00', {
            benefits: [{ code: 'BONUS13TH', description: 'Bonus', amount: '1000.00' }],
            deductions: [{ code: '13TH-RECOVERY', description: 'Overpaid 13th month', amount: '300.00' }],
          }),
        },
      ],
    },
    {
      counts: true,
      companyId,
      name: 'YTD Feb 1-15 2025',
      start: '2025-02-01',
      end: '2025-02-15',
      status: 'Finalised',
      payslips: [
        // A 13th month line in lower case.
        {
          employeeId: ana.id,
          payslip: slip('2025-02-01', '2025-02-15', '30000.00', {
            benefits: [{ code: 'thirteenth-adj', description: '13th month adjustment', amount: '123.45' }],
          }),
        },
        { employeeId: ben.id, payslip: slip('2025-02-01', '2025-02-15', '45000.00') },
        // A payslip the engine could not compute (no result; its columns filled in anyway): nothing to report.
        { employeeId: dino, payslip: slip('2025-02-01', '2025-02-15', '90000.00') },
      ],
    },
    {
      counts: true,
      companyId,
      name: 'YTD 13th month 2025',
      kind: 'ThirteenthMonth',
      start: '2025-01-01',
      end: '2025-12-20',
      status: 'Finalised',
      payslips: [
        // Every earning of a 13th month run is 13th month paid; its thisPeriod is no basic salary earned.
        {
          employeeId: ana.id,
          payslip: slip('2025-12-01', '2025-12-15', '30000.00', {
            benefits: [{ code: '13TH', description: '13th month pay 2025', amount: '7500.00' }],
          }),
        },
        {
          employeeId: ben.id,
          payslip: slip('2025-12-01', '2025-12-15', '45000.00', {
            benefits: [{ code: 'XMAS', description: 'Christmas bonus', amount: '999.99' }],
          }),
          status: 'Held',
        },
      ],
    },
    // Not in 2025's reports: an open period, a period of 2024 and another company's.
    {
      counts: false,
      companyId,
      name: 'YTD Feb 16-28 2025 draft',
      start: '2025-02-16',
      end: '2025-02-28',
      status: 'Computed',
      payslips: [{ employeeId: ana.id, payslip: slip('2025-02-16', '2025-02-28', '99000.00') }],
    },
    {
      counts: false,
      companyId,
      name: 'YTD Dec 16-31 2024',
      start: '2024-12-16',
      end: '2024-12-31',
      status: 'Finalised',
      // (The engine's tables start in 2025: a payslip of 2025's, stored in the period of 2024.)
      payslips: [{ employeeId: ben.id, payslip: slip('2025-12-16', '2025-12-31', '45000.00') }],
    },
  ];
  const [other] = await asTenant((tx) =>
    tx.query<{ company_id: string; id: string; employee_number: string }>(
      `SELECT e.company_id, e.id, e.employee_number FROM employees e JOIN users u ON u.company_id = e.company_id
        WHERE lower(u.email) = $1 ORDER BY e.employee_number LIMIT 1`,
      [demo.logisticsPayroll.email],
    ),
  );
  logistics = { number: other!.employee_number, slip: slip('2025-01-01', '2025-01-15', '77000.00') };
  periods.push({
    counts: false,
    companyId: other!.company_id,
    name: 'YTD Logistics Jan 1-15 2025',
    start: '2025-01-01',
    end: '2025-01-15',
    status: 'Finalised',
    payslips: [{ employeeId: other!.id, payslip: logistics.slip }],
  });
  for (const p of periods) {
    const noResult = p.payslips.findIndex((s) => s.employeeId === dino && s.status !== 'Excluded');
    if (noResult < 0) {
      await insertPeriod(asTenant, tenantId, p);
      continue;
    }
    // Stored computed, its result taken away, then finalised (a finalised period's payslips cannot change).
    const { periodId, payslipIds } = await insertPeriod(asTenant, tenantId, { ...p, status: 'Computed' });
    await asTenant(async (tx) => {
      await tx.query(`UPDATE payslips SET result = NULL WHERE id = $1`, [payslipIds[noResult]]);
      await tx.query(`UPDATE payroll_periods SET status = $2 WHERE id = $1`, [periodId, p.status]);
    });
  }
});
afterAll(() => t?.close());

/** One employee's year by the rules above, in centavos, from the fixtures. */
function yearOf(employeeId: string) {
  const y = { basic: 0, thirteenth: 0, gross: 0, taxable: 0, tax: 0, sss: 0, philhealth: 0, pagibig: 0 };
  for (const period of periods.filter((p) => p.counts))
    for (const { employeeId: id, payslip: p, status } of period.payslips) {
      if (id !== employeeId || status === 'Excluded') continue;
      const earnings = p.lines.filter((l) => l.kind === 'earning');
      if (period.kind === 'ThirteenthMonth')
        y.thirteenth += earnings.reduce((s, l) => s + cents(l.amount), 0);
      else {
        const thisPeriod = (p as { thisPeriod?: { basicSalaryEarned: string } }).thisPeriod;
        y.basic += thisPeriod ? cents(thisPeriod.basicSalaryEarned) : 0;
        y.thirteenth += earnings
          .filter((l) => /^(13TH|THIRTEENTH)/i.test(l.code))
          .reduce((s, l) => s + cents(l.amount), 0);
      }
      y.gross += cents(p.gross);
      y.taxable += cents(p.taxableBase);
      y.tax += cents(p.withholdingTax);
      y.sss += cents(p.employeeShares.sss);
      y.philhealth += cents(p.employeeShares.philhealth);
      y.pagibig += cents(p.employeeShares.pagibig);
    }
  return y;
}

describe('year-to-date and 13th month reports, added up by the database', () => {
  it('writes each employee’s year-to-date sums to the centavo, by name, with the TOTAL', async () => {
    const { header, rows } = await csvOf(`${BASE}/year-to-date?Year=2025&Format=csv`);
    expect(header).toEqual([
      'Employee no.',
      'Name',
      'Department',
      'Gross pay',
      'Taxable compensation',
      'Tax withheld',
      'SSS EE',
      'PhilHealth EE',
      'Pag-IBIG EE',
      'Total contributions',
    ]);
    const line = (p: Person) => {
      const y = yearOf(p.id);
      return [
        p.number,
        p.name,
        p.department,
        ...[y.gross, y.taxable, y.tax, y.sss, y.philhealth, y.pagibig, y.sss + y.philhealth + y.pagibig].map(
          money,
        ),
      ];
    };
    const [a, b] = [line(ben), line(ana)];
    const total = a.slice(3).map((v, i) => money(cents(v) + cents(b[3 + i]!)));
    // Dino (an Excluded payslip and one without a result) is not in it; Abad comes before Zamora.
    expect(rows).toEqual([a, b, ['TOTAL', '', '', ...total]]);
    // The fixtures' figures, spelled out for Ben: 45,000 a month, four cut-offs' pay (one without thisPeriod).
    const slips = periods.flatMap((p) => (p.counts ? p.payslips : [])).filter((s) => s.employeeId === ben.id);
    expect(slips).toHaveLength(4);
    expect(cents(a[3]!)).toBe(slips.reduce((s, x) => s + cents(x.payslip.gross), 0));
    expect(cents(a[3]!)).toBeGreaterThan(0);
  });

  it('writes the basic salary earned and the 13th month paid to the centavo', async () => {
    const { header, rows } = await csvOf(`${BASE}/thirteenth-month?Year=2025&Format=csv`);
    expect(header).toEqual(['Employee no.', 'Name', 'Department', 'Basic pay earned', '13th month pay paid']);
    const yAna = yearOf(ana.id);
    const yBen = yearOf(ben.id);
    // Ana: three regular cut-offs of 15,000.00 basic; 13th month paid = the advance 2,500.00 + the lower-case
    // adjustment 123.45 + every earning of her 13th month run payslip (its 15,000.00 basic, 1,000.00 rice and the
    // 7,500.00 13TH).
    expect(yAna.basic).toBe(4_500_000);
    const anaRun = periods[3]!.payslips[0]!.payslip.lines.filter((l) => l.kind === 'earning');
    expect(anaRun.map((l) => l.code).sort()).toEqual(['13TH', 'BASIC', 'RICE']);
    expect(yAna.thirteenth).toBe(250_000 + 12_345 + 1_500_000 + 100_000 + 750_000);
    // Ben: two cut-offs with thisPeriod (22,500.00 each), one without (0); his run's earnings only (BONUS13TH is
    // not 13th month pay, the 13TH-RECOVERY deduction takes nothing off).
    expect(yBen.basic).toBe(4_500_000);
    expect(yBen.thirteenth).toBe(2_250_000 + 100_000 + 99_999);
    expect(rows).toEqual([
      [ben.number, ben.name, ben.department, money(yBen.basic), money(yBen.thirteenth)],
      [ana.number, ana.name, ana.department, money(yAna.basic), money(yAna.thirteenth)],
      ['TOTAL', '', '', money(yAna.basic + yBen.basic), money(yAna.thirteenth + yBen.thirteenth)],
    ]);
  });

  it("keeps to the caller's company and answers 404 for a year without payslips", async () => {
    const theirs = await csvOf(`${BASE}/year-to-date?Year=2025&Format=csv`, 'logisticsPayroll');
    expect(theirs.rows).toHaveLength(2);
    expect(theirs.rows[0]!.slice(0, 1)).toEqual([logistics.number]);
    expect(theirs.rows[0]![3]).toBe(logistics.slip.gross);
    expect((await call('payroll', 'GET', `${BASE}/year-to-date?Year=2021&Format=csv`)).statusCode).toBe(404);
    expect((await call('payroll', 'GET', `${BASE}/thirteenth-month?Year=2021&Format=csv`)).statusCode).toBe(
      404,
    );
  });
});
