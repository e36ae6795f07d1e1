/**
 * What the employee reads on the payslip, through HTTP on payslips the compute job made (PGlite by default,
 * PostgreSQL on request):
 * - the workdays of a monthly salary's pay period before a mid-cut-off hire, or after a separation, are unpaid
 *   (Labor Code Art. 88, REFERENCE §5.6) on a line that says so, "Days before hire (…)" / "Days after
 *   separation (…)", not "Unpaid absence": the employee was not absent, in the payslip or its PDF;
 * - the payslip PDF prints each line's rate as the web payslip does, to 2 decimals ("-143.68"), not the engine's
 *   unrounded text ("-143.678161").
 * Expected figures are worked by hand in the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/database.js';
import { pdfText } from '../../../e2e/tests/pdf-text.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi, PERIODS } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
let companyId: string;
const ids: Record<string, string> = {};
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const { get, action, computedPeriod, payslipOf } = payrollApi(
  () => t,
  () => payroll,
);

async function employee(number: string, first: string, hire: string, rate: number, separation?: string) {
  const n = number.slice(-1);
  const [e] = await asTenant((tx) =>
    tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, separation_date,
              separation_reason, is_active, rate_type, basic_rate, tin, sss_number, philhealth_number, pagibig_number,
              birth_date)
       VALUES ($1, $2, $3, $4, 'Lines', $5, $6, CASE WHEN $6::date IS NULL THEN NULL ELSE 'Resigned' END,
               $6::date IS NULL, 'Monthly', $7, '123-456-78${n}', '34-800000${n}-1', '12-80000000${n}-1',
               '1234-8000-000${n}', DATE '1990-05-01') RETURNING id`,
      [tenantId, companyId, number, first, hire, separation ?? null, rate],
    ),
  );
  ids[number] = e!.id;
}

let december1: string;

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  const [c] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`),
  );
  companyId = c!.company_id;
  // Jun: monthly 20,000, hired Wednesday 9 December 2026. Odette: monthly 20,000, separated Thursday 10 December.
  // Carla: monthly 25,000 since 2025, 20 minutes late on Wednesday 2 December, every other workday worked.
  await employee('LN-0001', 'Jun', '2026-12-09', 20000);
  await employee('LN-0002', 'Odette', '2025-01-06', 20000, '2026-12-10');
  await employee('LN-0003', 'Carla', '2025-01-06', 25000);
  await asTenant((tx) =>
    tx.query(
      `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
              late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
              overtime_night_minutes, absent, on_leave)
       SELECT $1, $2, $3, d::date, 'ordinary', false, CASE WHEN d = DATE '2026-12-02' THEN 460 ELSE 480 END,
              CASE WHEN d = DATE '2026-12-02' THEN 20 ELSE 0 END, 0, 0, 0, 0, 0, false, false
         FROM generate_series(DATE '2026-12-01', DATE '2026-12-15', interval '1 day') d
        WHERE extract(isodow FROM d) < 6`,
      [tenantId, companyId, ids['LN-0003']],
    ),
  );
  december1 = await computedPeriod({
    Name: 'December 2026 1st cut-off',
    CutoffStart: '2026-12-01',
    CutoffEnd: '2026-12-15',
    PayDate: '2026-12-20',
  });
});
afterAll(() => t?.close());

describe('days outside employment on the payslip', () => {
  it('are the days before the hire, not an absence', async () => {
    const slip = await payslipOf(december1, ids['LN-0001']!);
    /*
     * Monthly 20,000, divisor 261 (the company's): daily rate 20,000 × 12 / 261 = 919.540229…; half-month
     * 10,000.00. Hired Wednesday 9 December: the workdays of 1-15 December before it are Tuesday 1 to Friday 4
     * and Monday 7, Tuesday 8 December (a special day, but no day is paid before the hire): 6 days.
     *   6 × 919.540229… = 5,517.241… → −5,517.24 on the line "Days before hire (2026-12-01 to 2026-12-08)"
     *   10,000.00 − 5,517.24 = 4,482.76, less than the 5 workdays of employment (9, 10, 11, 14, 15 December)
     *   at the daily rate: 5 × 919.540229… = 4,597.70, the floor of a partial pay period (compute.ts
     *   basicPayFloor): a BASIC line of 114.94, gross 4,597.70
     */
    const absent = slip.Lines.filter((l) => l.Code === 'ABSENT');
    expect(absent.map((l) => [l.Description, l.Quantity, l.Amount])).toEqual([
      ['Days before hire (2026-12-01 to 2026-12-08)', 6, '-5517.24'],
    ]);
    expect(slip.Gross).toBe('4597.70');
    expect(slip.Lines.some((l) => l.Description === 'Unpaid absence')).toBe(false);
  });

  it('are the days after the separation', async () => {
    const slip = await payslipOf(december1, ids['LN-0002']!);
    /*
     * Separated Thursday 10 December: Friday 11, Monday 14 and Tuesday 15 December are after it: 3 days.
     *   3 × 919.540229… = 2,758.620… → −2,758.62; 10,000.00 − 2,758.62 = 7,241.38, less than the 8 workdays
     *   of employment (1-4, 7-10 December) at the daily rate: 8 × 919.540229… = 7,356.32 (basicPayFloor)
     */
    expect(slip.Lines.filter((l) => l.Code === 'ABSENT').map((l) => [l.Description, l.Amount])).toEqual([
      ['Days after separation (2026-12-11 to 2026-12-15)', '-2758.62'],
    ]);
    expect(slip.Gross).toBe('7356.32');
  });
});

describe('the payslip PDF', () => {
  it('names the days before the hire and prints rates to 2 decimals', async () => {
    const approved = await action(december1, 'approve', (await get(december1)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    const done = await action(december1, 'finalise', approved.json().RowVersion, 'fixpay-lines-dec-1');
    expect(done.statusCode, done.body).toBe(200);
    const res = await call(payroll, 'GET', `${PERIODS}/${december1}/payslips-pdf`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const text = pdfText(res.rawPayload);
    /*
     * Jun: "Days before hire (2026-12-01 to 2026-12-08)", 6 days at the daily rate 919.540229… printed −919.54.
     * Carla: monthly 25,000: hourly rate 25,000 × 12 / 261 / 8 = 143.678160… (the engine's text "143.678161");
     * 20 minutes late: 143.678160… × 20 / 60 = 47.89, the line's rate printed −143.68, not −143.678161.
     */
    expect(text).toContain('Days before hire (2026-12-01 to 2026-12-08)');
    expect(text).not.toContain('Unpaid absence');
    expect(text).toContain('-919.54');
    expect(text).not.toContain('919.540229');
    expect(text).toContain('Tardiness');
    expect(text).toContain('-143.68');
    expect(text).toContain('-47.89');
    expect(text).not.toContain('143.678161');
    // Every rate or amount the PDF prints has exactly 2 decimals.
    expect(text.match(/-?\d[\d,]*\.\d{3,}/g) ?? []).toEqual([]);
  });
});
