/**
 * Final pay through HTTP (PGlite by default, PostgreSQL on request):
 * - a final pay settles the month's SSS, PhilHealth and Pag-IBIG on the month's actual compensation, with the
 *   finalised pays of the month before it as month to date (REFERENCE §8.5 (C)/(D): the month remits the table
 *   amount on the month's pay), not half of the table on its own pay projected to a month;
 * - a monthly salary's last pay is never less than the workdays of employment at the daily rate (monthly × 12 /
 *   divisor, REFERENCE §5.5; §8.1), and a cut-off into the next half-month pays that half-month's days too;
 * - a cut-off with no day of employment pays no salary and no recurring pay item, and says so.
 * The company's settings are the demo's: semi-monthly, first cut-off ends on the 15th, divisor 261, 'equal' split.
 * SSS from 2025 (Circular 2024-006, REFERENCE §1): EE 5%, ER 10% of the MSC; regular SS up to MSC 20,000, MPF
 * above it; EC 10.00 below MSC 15,000, 30.00 from it. PhilHealth 5% of the monthly basic salary, shared equally
 * (§2). Pag-IBIG 2% + 2% of the fund salary capped at 10,000: 200.00 + 200.00 (§3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayslipDetail } from '@hrpay/contracts';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';
import { insertWorkdays } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let companyId: string;
const ids: Record<string, string> = {};

const { compute, computedPeriod, payslipOf, finalise } = payrollApi(
  () => t,
  () => payroll,
);

const amountOf = (slip: PayslipDetail, code: string) =>
  slip.Lines.filter((l) => l.Code === code).map((l) => l.Amount);
const shares = (slip: PayslipDetail) => ({
  ee: slip.Result!.employeeShares as Record<string, string>,
  er: slip.Result!.employerShares as Record<string, string>,
});

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(
      `SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`,
    );
    companyId = c!.company_id;
    const employee = async (
      number: string,
      first: string,
      rate: number,
      separated: string,
      worked: string[],
    ) => {
      const [e] = await tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
                separation_date, separation_reason, rate_type, basic_rate, tin, sss_number, philhealth_number,
                pagibig_number, bank_name, bank_account_number)
         VALUES ($1, $2, $3, $4, 'Fixa', DATE '2024-03-01', $5, 'Resigned', 'Monthly', $6, '123-456-789-000',
                 '34-1234567-8', '12-345678901-2', '1234-5678-9012', 'BDO Unibank', '0012999901' || $3) RETURNING id`,
        [payroll.tenantId, companyId, number, first, separated, rate],
      );
      await tx.query(
        `INSERT INTO employee_pay_rates (tenant_id, company_id, employee_id, effective_from, rate_type, rate)
         VALUES ($1, $2, $3, DATE '2024-03-01', 'Monthly', $4)`,
        [payroll.tenantId, companyId, e!.id, rate],
      );
      if (worked.length) await insertWorkdays(tx, payroll.tenantId, companyId, e!.id, worked[0]!, worked[1]!);
      ids[number] = e!.id;
    };
    await employee('FA-01', 'Juan', 30000, '2026-11-20', ['2026-11-02', '2026-11-20']);
    await employee('FA-02', 'Garcia', 32500, '2026-12-16', ['2026-12-16', '2026-12-16']);
    await employee('FA-03', 'Pedro', 29500, '2026-12-16', ['2026-12-01', '2026-12-16']);
    await employee('FA-04', 'Rita', 20000, '2026-02-13', []);
    // A 1,000.00 rice subsidy every cut-off, open-ended (no end date set at the separation).
    await tx.query(
      `INSERT INTO employee_pay_items (tenant_id, company_id, employee_id, kind, code, description, amount, taxable,
              de_minimis, effective_from)
       VALUES ($1, $2, $3, 'Earning', 'RICE', 'Rice subsidy', 1000, false, 'riceSubsidy', DATE '2026-01-01')`,
      [payroll.tenantId, companyId, ids['FA-04']],
    );
  });
});
afterAll(() => t?.close());

const finalPay = (name: string, start: string, end: string, employee: string) =>
  computedPeriod({
    Kind: 'FinalPay',
    Name: name,
    CutoffStart: start,
    CutoffEnd: end,
    PayDate: end,
    EmployeeIds: [ids[employee]],
  });

describe('a final pay after a finalised first cut-off (Juan: 30,000 a month, separated Friday 20 November)', () => {
  it('pays the days worked and settles the month on the month to date', async () => {
    const first = await computedPeriod({
      Name: 'November 2026 1st cut-off',
      CutoffStart: '2026-11-01',
      CutoffEnd: '2026-11-15',
      PayDate: '2026-11-20',
    });
    /*
     * 1-15 November, the 'equal' split's first cut-off: basic 15,000.00; compensation projected to a month
     * 15,000 × 2 = 30,000 → MSC 30,000: SS EE 5% × 20,000 = 1,000, MPF EE 5% × 10,000 = 500; ER 2,000 + 1,000;
     * EC 30. Half of each: EE SS 500.00 + MPF 250.00 = 750.00, ER 1,500.00, EC 15.00. PhilHealth 5% × 30,000 =
     * 1,500 → 750 + 750, half 375.00 + 375.00. Pag-IBIG 200 + 200, half 100.00 + 100.00.
     */
    const f = shares(await payslipOf(first, ids['FA-01']!));
    expect([f.ee.sss, f.ee.sssMpf, f.er.sss, f.er.sssEC, f.ee.philhealth, f.ee.pagibig]).toEqual([
      '750.00',
      '250.00',
      '1500.00',
      '15.00',
      '375.00',
      '100.00',
    ]);
    await finalise(first, 'fixa-nov-1');

    const id = await finalPay('Final pay Juan', '2026-11-16', '2026-11-20', 'FA-01');
    const slip = await payslipOf(id, ids['FA-01']!);
    /*
     * Salary: daily rate 30,000 × 12 / 261 = 1,379.3103…; 16-30 November has 11 workdays, 5 worked (16-20) and 6
     * after the separation (23-27, 30). The half-month less 6 days: 15,000.00 − 8,275.86 = 6,724.14, less than the
     * 5 days worked at the daily rate, 5 × 1,379.3103… = 6,896.55 (rounded once): the floor adds
     * 6,896.55 − 6,724.14 = 172.41 on a basic pay line of its own.
     */
    expect(amountOf(slip, 'BASIC')).toEqual(['15000.00', '172.41']);
    expect(amountOf(slip, 'ABSENT')).toEqual(['-8275.86']);
    expect(slip.Result!.thisPeriod).toMatchObject({
      basicSalaryEarned: '6896.55',
      sssCompensation: '6896.55',
    });
    /*
     * Contributions settle November: compensation 15,000.00 + 6,896.55 = 21,896.55 → MSC 22,000 (21,750 to
     * 22,249.99). Month: EE SS 1,000.00 + MPF 5% × 2,000 = 100.00 (1,100.00), ER 2,000 + 200 = 2,200.00, EC 30.00.
     * Less the first cut-off's: EE SS 1,000 − 500 = 500.00, MPF 100 − 250 = −150.00 (EE total 350.00), ER
     * 2,200 − 1,500 = 700.00, EC 30 − 15 = 15.00. PhilHealth 750 − 375 = 375.00 each; Pag-IBIG 200 − 100 = 100.00.
     * The month then remits 1,100.00 / 2,200.00 / 30.00: the table's, not an MPF of 262.50 and an EC of 20.00.
     */
    const s = shares(slip);
    expect(s.ee).toMatchObject({ sss: '350.00', sssMpf: '-150.00', philhealth: '375.00', pagibig: '100.00' });
    expect(s.er).toMatchObject({ sss: '700.00', sssEC: '15.00', philhealth: '375.00', pagibig: '100.00' });
    expect(Number(f.ee.sss) + Number(s.ee.sss)).toBe(1100);
    expect(Number(f.ee.sssMpf) + Number(s.ee.sssMpf)).toBe(100);
    expect(Number(f.er.sssEC) + Number(s.er.sssEC)).toBe(30);
  });
});

describe('a final pay that is the last pay of December', () => {
  it('pays a day worked after 16 December, and the whole month of PhilHealth (Garcia, 32,500)', async () => {
    const id = await finalPay('Final pay Garcia', '2026-12-16', '2026-12-31', 'FA-02');
    const slip = await payslipOf(id, ids['FA-02']!);
    /*
     * Daily rate 32,500 × 12 / 261 = 1,494.2528…; 16-31 December has 12 workdays, worked Wednesday 16, 11 after
     * the separation: 11 × 1,494.2528… = 16,436.78, capped at the half-month 16,250.00 → 0.00. The floor: 1 day at
     * the daily rate, 1,494.25.
     */
    expect(amountOf(slip, 'BASIC')).toEqual(['16250.00', '1494.25']);
    expect(amountOf(slip, 'ABSENT')).toEqual(['-16250.00']);
    expect(slip.Result!.thisPeriod).toMatchObject({ basicSalaryEarned: '1494.25' });
    /*
     * No other December pay: the final pay settles the month on its own compensation, 1,494.25 → MSC 5,000
     * (the lowest row): EE 250.00, ER 500.00, EC 10.00. PhilHealth on the monthly basic salary 32,500: 5% =
     * 1,625.00 → 812.50 + 812.50 (not half of it, 406.25). Pag-IBIG 200.00 + 200.00.
     */
    const s = shares(slip);
    expect(s.ee).toMatchObject({ sss: '250.00', philhealth: '812.50', pagibig: '200.00' });
    expect(s.er).toMatchObject({ sss: '500.00', sssEC: '10.00', philhealth: '812.50', pagibig: '200.00' });
    expect(slip.Warnings).toContain(
      "No finalised earlier payroll this month: the final pay settled the month's contributions on its own pay",
    );
  });

  it('pays both half-months of a cut-off from 1 to 16 December (Pedro, 29,500)', async () => {
    const id = await finalPay('Final pay Pedro', '2026-12-01', '2026-12-16', 'FA-03');
    const slip = await payslipOf(id, ids['FA-03']!);
    /*
     * 1-15 December, all of it employed: the half-month 29,500 / 2 = 14,750.00. Wednesday 16 December is in the
     * second half-month (12 workdays, 11 of them after the separation): 14,750 − 11 × 1,356.3218… (capped) =
     * 0.00, at least 1 × 29,500 × 12 / 261 = 1,356.32. Basic 14,750.00 + 1,356.32 = 16,106.32 for 12 workdays
     * (one half-month had been paid for them).
     */
    expect(amountOf(slip, 'BASIC')).toEqual(['14750.00', '1356.32']);
    expect(amountOf(slip, 'ABSENT')).toEqual([]);
    expect(slip.Result!.thisPeriod).toMatchObject({ basicSalaryEarned: '16106.32' });
    /*
     * The month's only pay: compensation 16,106.32 → MSC 16,000: EE 800.00, ER 1,600.00, EC 30.00; PhilHealth
     * 5% × 29,500 = 1,475.00 → 737.50 + 737.50; Pag-IBIG 200.00 + 200.00.
     */
    const s = shares(slip);
    expect(s.ee).toMatchObject({ sss: '800.00', sssMpf: '0.00', philhealth: '737.50', pagibig: '200.00' });
    expect(s.er).toMatchObject({ sss: '1600.00', sssEC: '30.00', philhealth: '737.50', pagibig: '200.00' });
  });
});

describe('a final pay cut-off with no day of employment (Rita, separated 30 January)', () => {
  it('pays no salary and no recurring allowance, and warns', async () => {
    // The period is made for a separation on 13 February; HR then corrects the separation to 30 January (the
    // period's cut-off has to hold the separation date when it is made, not when it is computed).
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payroll-periods',
      headers: payroll.headers,
      payload: {
        Kind: 'FinalPay',
        Name: 'Final pay Rita',
        CutoffStart: '2026-02-01',
        CutoffEnd: '2026-02-15',
        PayDate: '2026-02-20',
        EmployeeIds: [ids['FA-04']],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().Id as string;
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`UPDATE employees SET separation_date = DATE '2026-01-30' WHERE id = $1`, [ids['FA-04']]),
    );
    expect(await compute(id)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
    const slip = await payslipOf(id, ids['FA-04']!);
    /*
     * 1-15 February lies wholly after the separation. Before: the 1,000.00 rice subsidy was paid, and the
     * half-month 10,000.00 less its 10 workdays (2-6, 9-13) × 919.5402… = 9,195.40 left 804.60 of salary for no
     * day. Now neither: no BASIC, no RICE; no February compensation, so no contribution (RA 11199: on actual
     * remuneration).
     */
    expect(amountOf(slip, 'RICE')).toEqual([]);
    expect(slip.Lines.filter((l) => l.Code === 'BASIC' && l.Amount !== '0.00')).toEqual([]);
    expect(slip.Result!.thisPeriod).toMatchObject({ basicSalaryEarned: '0.00' });
    expect(shares(slip).ee).toMatchObject({ sss: '0.00', philhealth: '0.00', pagibig: '0.00' });
    expect(slip.Warnings).toContain(
      'The cut-off Feb 1–15, 2026 has no day of employment (separated on Jan 30, 2026): no salary and no recurring pay items',
    );
  });
});
