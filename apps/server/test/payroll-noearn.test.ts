/**
 * Through HTTP, on payslips the compute job made (PGlite by default, PostgreSQL on request):
 * - a month without compensation has no contribution (RA 11199; the payroll engine's README "Contributions"):
 *   the payslips carry 0.00 shares and defer nothing, and the month's SSS list (CSV and R-3), PhilHealth RF-1 and
 *   Pag-IBIG MCRF list the employee with 0.00 amounts and the "no earnings" remark (SSS 3, PhilHealth NE, MCRF
 *   NO EARNINGS: OUTPUTS-research §4.2, §5.3); a month with a little pay still takes the table's minimum and
 *   defers what the pay cannot cover, warned of on the payslip;
 * - under the "first-cutoff" split a first cut-off without pay takes nothing, so the second takes the month's;
 * - a monthly salary pays no day outside employment, whatever its day type: a special non-working day before a
 *   mid-cut-off hire, a double regular holiday after a separation (one day each, at the daily rate).
 * Expected figures are worked by hand in the comments.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayslipDetail } from '@hrpay/contracts';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
let companyId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const REPORTS = '/api/v1/payroll/reports';

const { computedPeriod, payslipOf, finalise } = payrollApi(
  () => t,
  () => payroll,
);

/** Employees by number. */
const ids: Record<string, string> = {};

async function employee(
  number: string,
  first: string,
  last: string,
  hire: string,
  rateType: 'Monthly' | 'Daily',
  rate: number,
  separation: string | null = null,
) {
  const n = number.slice(-1);
  const [e] = await asTenant((tx) =>
    tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, separation_date,
              separation_reason, is_active, rate_type, basic_rate, sss_number, philhealth_number, pagibig_number,
              birth_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7::date IS NULL THEN NULL ELSE 'Resigned' END,
               $7::date IS NULL, $8, $9, $10, $11, $12, DATE '1990-05-01') RETURNING id`,
      [
        tenantId,
        companyId,
        number,
        first,
        last,
        hire,
        separation,
        rateType,
        rate,
        `34-765432${n}-1`,
        `12-76543210${n}-1`,
        `1234-7654-320${n}`,
      ],
    ),
  );
  ids[number] = e!.id;
  return e!.id;
}

/** Stores attendance days: worked minutes, or absent (without pay) when `absent`. */
async function days(employeeId: string, dates: string[], worked: number, absent = false) {
  await asTenant((tx) =>
    tx.query(
      `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
              late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
              overtime_night_minutes, absent, on_leave)
       SELECT $1, $2, $3, d::date, 'ordinary', false, $5, 0, 0, 0, 0, 0, 0, $6, false FROM unnest($4::date[]) d`,
      [tenantId, companyId, employeeId, dates, worked, absent],
    ),
  );
}

/** The Monday-to-Friday dates of a month. */
const workdaysOf = (month: string) => {
  const out: string[] = [];
  for (let d = 1; d <= 31; d++) {
    const date = `${month}-${String(d).padStart(2, '0')}`;
    const at = new Date(`${date}T00:00:00Z`);
    if (at.getUTCMonth() + 1 !== Number(month.slice(5))) break;
    if (at.getUTCDay() !== 0 && at.getUTCDay() !== 6) out.push(date);
  }
  return out;
};

async function download(url: string) {
  const res = await call(payroll, 'GET', url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.body;
}

/** A CSV report as records by header, keyed by the value of `key`. */
async function csvBy(url: string, key: string) {
  const [header, ...rows] = Papa.parse<string[]>((await download(url)).replace(/^\ufeff/, ''), {
    skipEmptyLines: true,
  }).data;
  return new Map(
    rows.map((r) => {
      const record = Object.fromEntries(header!.map((h, i) => [h, r[i]!]));
      return [record[key]!, record];
    }),
  );
}

const sharesOf = (slip: PayslipDetail) => ({
  employee: slip.Result!.employeeShares,
  employer: slip.Result!.employerShares,
  deferred: slip.Result!.deferred,
});

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  const [c] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`),
  );
  companyId = c!.company_id;
});
afterAll(() => t?.close());

describe('a month without compensation', () => {
  const october = workdaysOf('2026-10');
  let first: string;
  let second: string;

  beforeAll(async () => {
    // Lena: monthly 30,000, on leave without pay every workday of October 2026 (stored as unpaid absences).
    await employee('NE-0001', 'Lena', 'Leave', '2025-01-06', 'Monthly', 30000);
    await days(ids['NE-0001']!, october, 0, true);
    // Dino: daily 700, no day worked in October.
    await employee('NE-0002', 'Dino', 'Daily', '2025-01-06', 'Daily', 700);
    // Sam: daily 700, 2 hours on Thursday 1 October and nothing else: a little pay.
    await employee('NE-0003', 'Sam', 'Small', '2025-01-06', 'Daily', 700);
    await days(ids['NE-0003']!, ['2026-10-01'], 120);
    first = await computedPeriod({
      Name: 'October 2026 1st cut-off',
      CutoffStart: '2026-10-01',
      CutoffEnd: '2026-10-15',
      PayDate: '2026-10-20',
    });
    await finalise(first, 'noearn-oct-1');
    second = await computedPeriod({
      Name: 'October 2026 2nd cut-off',
      CutoffStart: '2026-10-16',
      CutoffEnd: '2026-10-31',
      PayDate: '2026-11-05',
    });
    await finalise(second, 'noearn-oct-2');
  });

  it('gives the payslips 0.00 shares and defers nothing', async () => {
    const zero = {
      employee: { sss: '0.00', sssMpf: '0.00', philhealth: '0.00', pagibig: '0.00', total: '0.00' },
      employer: { sss: '0.00', sssEC: '0.00', philhealth: '0.00', pagibig: '0.00', total: '0.00' },
      deferred: [],
    };
    for (const period of [first, second]) {
      for (const number of ['NE-0001', 'NE-0002']) {
        const slip = await payslipOf(period, ids[number]!);
        /*
         * Lena, monthly 30,000 (divisor 261: 30,000 × 12 / 261 = 1,379.31 a day): 11 workdays absent in each
         * cut-off (1-15 October: 1, 2, 5-9, 12-15; 16-31: 16, 19-23, 26-30), 11 × 1,379.31 = 15,172.41, capped
         * at the half-month 15,000.00: gross 0.00. Dino: no day worked, gross 0.00. Under the "equal" split the
         * first cut-off projects a month of 0.00; the second (after a finalised first: "month-to-date") sees the
         * month's 0.00 + 0.00. A month without compensation: no contribution, nothing deferred.
         */
        expect(slip.Gross, number).toBe('0.00');
        expect(slip.EmployeeShares, number).toBe('0.00');
        expect(slip.EmployerShares, number).toBe('0.00');
        expect(sharesOf(slip), number).toEqual(zero);
        expect(
          slip.Lines.filter((l) => l.Kind === 'deduction'),
          number,
        ).toEqual([]);
        expect(
          slip.Warnings.filter((w) => w.startsWith('Deduction')),
          number,
        ).toEqual([]);
        expect(slip.NetPay, number).toBe('0.00');
      }
    }
  });

  it("still takes the table's minimum on a little pay and defers what does not fit", async () => {
    const one = await payslipOf(first, ids['NE-0003']!);
    /*
     * Sam, 1st cut-off: 2 h × 700 / 8 = 175.00. "equal" split, the month projected as 175.00 × 2 = 350.00:
     *   SSS minimum MSC 5,000: EE 250.00 / 2 = 125.00, ER 500.00 / 2 = 250.00, EC 10.00 / 2 = 5.00
     *   PhilHealth on the EEMR 700 × 261 / 12 = 15,225.00 × 5% = 761.25: EE 380.62 / 2 = 190.31,
     *     ER 380.63 / 2 = 190.32 (half-up of 190.315, the odd centavo on the first cut-off)
     *   Pag-IBIG on 15,225.00, capped at 10,000: 200.00 / 2 = 100.00 each
     *   Taken: SSS 125.00 (50.00 left); PhilHealth 190.31 and Pag-IBIG 100.00 do not fit: deferred.
     */
    expect(one.Gross).toBe('175.00');
    expect(sharesOf(one).employee).toMatchObject({ sss: '125.00', philhealth: '190.31', pagibig: '100.00' });
    expect(one.Deductions).toBe('125.00');
    expect(one.Warnings).toEqual(
      expect.arrayContaining([
        'Deduction PHIC deferred: ₱190.31 of ₱190.31 not deducted',
        'Deduction HDMF deferred: ₱100.00 of ₱100.00 not deducted',
      ]),
    );
    const two = await payslipOf(second, ids['NE-0003']!);
    /*
     * Sam, 2nd cut-off, no pay, but the month had 175.00: the month's amounts on it less the first's —
     *   SSS EE 250.00 - 125.00 = 125.00, ER 500.00 - 250.00 = 250.00, EC 10.00 - 5.00 = 5.00;
     *   PhilHealth EE 380.62 - 190.31 = 190.31, ER 380.63 - 190.32 = 190.31; Pag-IBIG 200.00 - 100.00 = 100.00 —
     *   all deferred for want of pay.
     */
    expect(two.Gross).toBe('0.00');
    expect(sharesOf(two).employee).toMatchObject({ sss: '125.00', philhealth: '190.31', pagibig: '100.00' });
    expect(two.Warnings).toEqual(
      expect.arrayContaining([
        'Deduction SSS deferred: ₱125.00 of ₱125.00 not deducted',
        'Deduction PHIC deferred: ₱190.31 of ₱190.31 not deducted',
        'Deduction HDMF deferred: ₱100.00 of ₱100.00 not deducted',
      ]),
    );
  });

  it('lists the employee in the SSS, PhilHealth and Pag-IBIG files with 0.00 and the no-earnings remark', async () => {
    const sss = await csvBy(`${REPORTS}/sss?Year=2026&Month=10&Format=csv`, 'SS Number');
    expect(sss.get('34-7654321-1')).toMatchObject({
      'Last Name': 'Leave',
      'Monthly Compensation': '0.00',
      'EE Share (incl. MPF)': '0.00',
      'EE MPF': '0.00',
      'ER Share': '0.00',
      EC: '0.00',
      Total: '0.00',
      Remark: '3',
    });
    expect(sss.get('34-7654322-1')).toMatchObject({ 'Last Name': 'Daily', Total: '0.00', Remark: '3' });
    // Sam's month: 175.00 of compensation → the minimum MSC: EE 250.00, ER 500.00, EC 10.00 (760.00), remark N.
    expect(sss.get('34-7654323-1')).toMatchObject({
      'Monthly Compensation': '175.00',
      'EE Share (incl. MPF)': '250.00',
      'ER Share': '500.00',
      EC: '10.00',
      Total: '760.00',
      Remark: 'N',
    });

    // R-3 "to disk": October is the first month of its quarter, so column 1 holds the month; the SS column is
    // ER + EE (8 characters from position 44), EC 6 from position 86, the remark at position 110.
    const r3 = (await download(`${REPORTS}/sss?Year=2026&Month=10`)).split('\r\n');
    const lena = r3.find((l) => l.startsWith('20') && l.slice(33, 43) === '3476543211')!;
    expect(lena).toBeDefined();
    expect(lena.slice(43, 51)).toBe('    0.00');
    expect(lena.slice(85, 91)).toBe('  0.00');
    expect(lena.charAt(109)).toBe('3');
    const sam = r3.find((l) => l.startsWith('20') && l.slice(33, 43) === '3476543231')!;
    expect(sam.slice(43, 51)).toBe('  750.00');
    expect(sam.slice(85, 91)).toBe(' 10.00');
    expect(sam.charAt(109)).toBe('N');

    const phic = await csvBy(`${REPORTS}/philhealth?Year=2026&Month=10`, 'PhilHealth Number');
    for (const pin of ['12-765432101-1', '12-765432102-1']) {
      expect(phic.get(pin), pin).toMatchObject({
        'Monthly Basic Salary': '0.00',
        'Personal Share': '0.00',
        'Employer Share': '0.00',
        Total: '0.00',
        Status: 'NE',
      });
    }
    // Sam: the EEMR 15,225.00; EE 380.62, ER 380.63 (190.31 + 190.31 and 190.32 + 190.31).
    expect(phic.get('12-765432103-1')).toMatchObject({
      'Monthly Basic Salary': '15225.00',
      'Personal Share': '380.62',
      'Employer Share': '380.63',
      Status: '',
    });

    const hdmf = await csvBy(`${REPORTS}/pagibig?Year=2026&Month=10`, 'Pag-IBIG MID No.');
    for (const mid of ['1234-7654-3201', '1234-7654-3202']) {
      expect(hdmf.get(mid), mid).toMatchObject({
        'Monthly Compensation': '0.00',
        'EE Share': '0.00',
        'ER Share': '0.00',
        Total: '0.00',
        Remarks: 'NO EARNINGS',
      });
    }
    expect(hdmf.get('1234-7654-3203')).toMatchObject({ 'EE Share': '200.00', 'ER Share': '200.00' });
  });
});

describe('the "first-cutoff" split after a first cut-off without pay', () => {
  it("takes the month's contributions on the second cut-off", async () => {
    // Flo: daily 700, nothing in 1-15 July 2026, 8 hours on the ten workdays of 16-29 July.
    await employee('NE-0004', 'Flo', 'Firstcut', '2025-01-06', 'Daily', 700);
    await days(
      ids['NE-0004']!,
      ['16', '17', '20', '21', '22', '23', '24', '27', '28', '29'].map((d) => `2026-07-${d}`),
      480,
    );
    await asTenant((tx) =>
      tx.query(`UPDATE payroll_settings SET contribution_split = 'first-cutoff' WHERE company_id = $1`, [
        companyId,
      ]),
    );
    try {
      const first = await computedPeriod({
        Name: 'July 2026 1st cut-off',
        CutoffStart: '2026-07-01',
        CutoffEnd: '2026-07-15',
        PayDate: '2026-07-20',
      });
      // No pay in the first cut-off: the month projected from it is 0.00, so it takes nothing.
      const one = await payslipOf(first, ids['NE-0004']!);
      expect(one.Gross).toBe('0.00');
      expect(one.EmployeeShares).toBe('0.00');
      await finalise(first, 'noearn-jul-1');
      const second = await computedPeriod({
        Name: 'July 2026 2nd cut-off',
        CutoffStart: '2026-07-16',
        CutoffEnd: '2026-07-31',
        PayDate: '2026-08-05',
      });
      const two = await payslipOf(second, ids['NE-0004']!);
      /*
       * The month paid 10 × 700 = 7,000.00, all in this cut-off, and the first took nothing: this one takes the
       * month's whole amount ("first-cutoff" would give the second cut-off none).
       *   SSS: MSC 7,000: EE 5% = 350.00, ER 10% = 700.00, EC 10.00
       *   PhilHealth: EEMR 15,225.00 × 5% = 761.25: EE 380.62, ER 380.63
       *   Pag-IBIG: 10,000 cap × 2% = 200.00 each
       */
      expect(two.Gross).toBe('7000.00');
      expect(sharesOf(two).employee).toMatchObject({
        sss: '350.00',
        philhealth: '380.62',
        pagibig: '200.00',
        total: '930.62',
      });
      expect(sharesOf(two).employer).toMatchObject({
        sss: '700.00',
        sssEC: '10.00',
        philhealth: '380.63',
        pagibig: '200.00',
      });
    } finally {
      await asTenant((tx) =>
        tx.query(`UPDATE payroll_settings SET contribution_split = 'equal' WHERE company_id = $1`, [
          companyId,
        ]),
      );
    }
  });
});

describe('a monthly salary outside employment', () => {
  it('does not pay a special non-working day before a mid-cut-off hire', async () => {
    await employee('NE-0005', 'Hana', 'Hire', '2026-08-24', 'Monthly', 30000);
    const id = await computedPeriod({
      Name: 'August 2026 2nd cut-off',
      CutoffStart: '2026-08-16',
      CutoffEnd: '2026-08-31',
      PayDate: '2026-09-04',
    });
    const slip = await payslipOf(id, ids['NE-0005']!);
    /*
     * Monthly 30,000, divisor 261 (the company's default): daily rate 30,000 × 12 / 261 = 1,379.3103…;
     * half-month 15,000.00. Hired Monday 24 August 2026: the workdays before it in the cut-off are Monday 17 to
     * Friday 21 August, and Friday 21 is Ninoy Aquino Day, a special non-working day. The salary would pay it to
     * an employee; before the hire it pays no day, whatever its type: 5 days unpaid, not 4.
     *   5 × 1,379.3103… = 6,896.55 (rounded once)
     *   15,000.00 − 6,896.55                                              =  8,103.45
     *   Floor (compute.ts basicPayFloor): the 6 workdays of employment, 24 to 28 and 31 August, at the daily
     *   rate, 6 × 1,379.3103… = 8,275.86: gross                            =  8,275.86
     * (Monday 31 August, National Heroes Day, is a regular holiday inside employment: the salary pays it.)
     */
    expect(slip.Lines.find((l) => l.Code === 'ABSENT')?.Amount).toBe('-6896.55');
    expect(slip.Gross).toBe('8275.86');
    expect(slip.Warnings).toContain(
      'Hired on 2026-08-24, inside the cut-off: 5 workday(s) outside employment unpaid',
    );
  });

  it('does not pay a double regular holiday after a separation twice over', async () => {
    // The company adds a regular holiday of its own on Bonifacio Day, Monday 30 November 2026: a double holiday.
    await asTenant((tx) =>
      tx.query(
        `INSERT INTO holidays (tenant_id, company_id, date, name, type)
         VALUES ($1, $2, DATE '2026-11-30', 'Company Foundation Day', 'Regular')`,
        [tenantId, companyId],
      ),
    );
    await employee('NE-0006', 'Sid', 'Separated', '2025-01-06', 'Monthly', 30000, '2026-11-27');
    await days(
      ids['NE-0006']!,
      workdaysOf('2026-11').filter((d) => d >= '2026-11-16' && d <= '2026-11-27'),
      480,
    );
    const id = await computedPeriod({
      Name: 'November 2026 2nd cut-off',
      CutoffStart: '2026-11-16',
      CutoffEnd: '2026-11-30',
      PayDate: '2026-12-04',
    });
    const slip = await payslipOf(id, ids['NE-0006']!);
    /*
     * Monthly 30,000 (1,379.3103… a day), separated Friday 27 November: Monday 30 November, after it, is one
     * workday of the pay period, unpaid at one day's rate — not the 200% a forfeited double holiday would take
     * off (the salary only ever paid it as one day).
     *   15,000.00 − 1,379.31                                              = 13,620.69
     *   Floor (basicPayFloor): the 10 workdays of employment, 16 to 27 November, at the daily rate,
     *   10 × 1,379.3103… = 13,793.10: gross                                = 13,793.10
     */
    expect(slip.Lines.filter((l) => l.Code.startsWith('HOLX'))).toEqual([]);
    expect(slip.Lines.find((l) => l.Code === 'ABSENT')?.Amount).toBe('-1379.31');
    expect(slip.Gross).toBe('13793.10');
    expect(slip.Warnings).toContain(
      'Separated on 2026-11-27, inside the cut-off: 1 workday(s) outside employment unpaid',
    );
  });
});
