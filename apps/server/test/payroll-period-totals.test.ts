/**
 * The payroll period list's totals (EmployeeCount, Gross, Deductions, Net, WarningCount), which the database keeps
 * per period (payroll_period_totals, migration 0047's triggers on payslips), through HTTP (PGlite by default,
 * PostgreSQL on request): after each way payslips are written (compute in several chunks, hold, exclude, include,
 * recompute, a period's delete, one statement over several periods) the list shows exactly what the period's
 * payslips add up to, and the kept row says the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayrollPeriodListItem, PayslipListItem } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { PERIODS, payrollApi } from './payroll-api.js';
import {
  demoCompanyAndDayShift,
  hireOnDayShift,
  insertPeriod,
  insertWorkdays,
  OCTOBER_2026_1ST_CUTOFF as OCTOBER,
  semiMonthlySlip,
} from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let otherAdmin: Session;
let companyId: string;

const call = caller(() => t.app);
const { get, compute, computedPeriod } = payrollApi(
  () => t,
  () => payroll,
);

beforeAll(async () => {
  // Two employees a chunk: the compute inserts its payslips in several statements, each counted by the triggers.
  process.env.PAYROLL_COMPUTE_CHUNK = '2';
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  otherAdmin = await signIn(t.app, demo.otherAdmin);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const { companyId: company, dayShift } = await demoCompanyAndDayShift(tx);
    companyId = company;
    // Stored attendance for the whole cut-off: this one's payslip has no warning, the demo employees' have one
    // (no attendance in October), so WarningCount counts some payslips and not others.
    const worker = await hireOnDayShift(tx, payroll.tenantId, companyId, dayShift, {
      number: 'TOT-0001',
      firstName: 'Tomas',
      lastName: 'Totals',
      rateType: 'Monthly',
      rate: 26100,
    });
    await insertWorkdays(tx, payroll.tenantId, companyId, worker, OCTOBER.CutoffStart, OCTOBER.CutoffEnd);
  });
});
afterAll(async () => {
  delete process.env.PAYROLL_COMPUTE_CHUNK;
  await t?.close();
});

const cents = (amount: string) => Math.round(Number(amount) * 100);
const pesos = (c: number) => (c / 100).toFixed(2);

async function payslipsOf(periodId: string): Promise<PayslipListItem[]> {
  const res = await call(payroll, 'POST', `${PERIODS}/${periodId}/payslips/list`, { PageSize: 500 });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().TotalCount).toBeLessThanOrEqual(500);
  return res.json().Items;
}

/** What the period's payslips add up to (Excluded ones counted, not summed), worked here from each payslip. */
async function summedFromPayslips(periodId: string) {
  const slips = await payslipsOf(periodId);
  const paid = slips.filter((s) => s.Status !== 'Excluded');
  const sum = (pick: (s: PayslipListItem) => string) => pesos(paid.reduce((n, s) => n + cents(pick(s)), 0));
  return {
    EmployeeCount: slips.length,
    Gross: sum((s) => s.Gross),
    Deductions: sum((s) => s.Deductions),
    Net: sum((s) => s.NetPay),
    WarningCount: slips.filter((s) => s.Warnings.length > 0).length,
  };
}

async function listed(): Promise<PayrollPeriodListItem[]> {
  const res = await call(payroll, 'POST', `${PERIODS}/list`, { PageSize: 500 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Items;
}

/** The period's kept totals row as the app role reads it (none: undefined). */
async function keptRow(periodId: string, tenantId = payroll.tenantId) {
  const [row] = await t.db.withTenant(tenantId, (tx) =>
    tx.query<Record<string, string | number>>(
      `SELECT employee_count, gross::numeric(16, 2)::text AS gross,
              deductions::numeric(16, 2)::text AS deductions, net::numeric(16, 2)::text AS net, warning_count
         FROM payroll_period_totals WHERE payroll_period_id = $1`,
      [periodId],
    ),
  );
  return row;
}

/** The list's totals of the period, its kept row and its detail's equal the sums of its payslips. */
async function expectTotalsOfPayslips(periodId: string) {
  const expected = await summedFromPayslips(periodId);
  const item = (await listed()).find((p) => p.Id === periodId);
  expect(item, 'the period is listed').toBeDefined();
  expect({
    EmployeeCount: item!.EmployeeCount,
    Gross: item!.Gross,
    Deductions: item!.Deductions,
    Net: item!.Net,
    WarningCount: item!.WarningCount,
  }).toEqual(expected);
  const row = await keptRow(periodId);
  expect(row, 'the period has its totals row').toBeDefined();
  expect({
    EmployeeCount: Number(row!.employee_count),
    Gross: row!.gross,
    Deductions: row!.deductions,
    Net: row!.net,
    WarningCount: Number(row!.warning_count),
  }).toEqual(expected);
  // The detail's page totals still sum the payslips: the same figures.
  const detail = await get(periodId);
  expect(detail).toMatchObject(expected);
  expect(detail.Totals).toMatchObject({
    Employees: expected.EmployeeCount,
    Gross: expected.Gross,
    Deductions: expected.Deductions,
    NetPay: expected.Net,
    WithWarnings: expected.WarningCount,
  });
  return expected;
}

const setStatus = async (payslipId: string, action: 'hold' | 'include' | 'exclude') => {
  const res = await call(payroll, 'POST', `${PERIODS}/payslips/${payslipId}/${action}`, {});
  expect(res.statusCode, res.body).toBe(200);
};

describe('payroll period list totals', () => {
  let october: string;

  it('keeps them through compute, hold, exclude, include and recompute', async () => {
    october = await computedPeriod(OCTOBER);
    const computed = await expectTotalsOfPayslips(october);
    // More payslips than a chunk, some with warnings and some without.
    expect(computed.EmployeeCount).toBeGreaterThan(2);
    expect(computed.WarningCount).toBeGreaterThan(0);
    expect(computed.WarningCount).toBeLessThan(computed.EmployeeCount);
    expect(cents(computed.Gross)).toBeGreaterThan(0);

    const slips = await payslipsOf(october);
    const clean = slips.find((s) => s.Warnings.length === 0 && cents(s.Gross) > 0)!;
    const warned = slips.find((s) => s.Warnings.length > 0 && cents(s.Gross) > 0)!;
    expect(clean, 'a payslip without warnings that pays something').toBeDefined();
    expect(warned, 'a payslip with warnings that pays something').toBeDefined();

    // Held: still paid with the totals (only kept out of the bank file).
    await setStatus(clean.Id, 'hold');
    expect(await expectTotalsOfPayslips(october)).toEqual(computed);

    // Excluded: counted, not summed; its warnings still count.
    await setStatus(warned.Id, 'exclude');
    const excluded = await expectTotalsOfPayslips(october);
    expect(excluded).toEqual({
      ...computed,
      Gross: pesos(cents(computed.Gross) - cents(warned.Gross)),
      Deductions: pesos(cents(computed.Deductions) - cents(warned.Deductions)),
      Net: pesos(cents(computed.Net) - cents(warned.NetPay)),
    });

    await setStatus(warned.Id, 'include');
    expect(await expectTotalsOfPayslips(october)).toEqual(computed);
    await setStatus(warned.Id, 'exclude');

    // A recompute deletes the payslips and inserts them again by chunks, keeping the Held and Excluded choices.
    expect(await compute(october)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
    const recomputed = await payslipsOf(october);
    expect(recomputed.find((s) => s.EmployeeId === warned.EmployeeId)!.Status).toBe('Excluded');
    expect(recomputed.find((s) => s.EmployeeId === clean.EmployeeId)!.Status).toBe('Held');
    expect(await expectTotalsOfPayslips(october)).toEqual(excluded);
  });

  it('a deleted draft period takes its totals row with it; the others keep theirs', async () => {
    const employees = (await payslipsOf(october)).slice(0, 3).map((s) => s.EmployeeId);
    const slip = semiMonthlySlip('2025-01-01', '2025-01-15');
    const { periodId } = await insertPeriod((w) => t.db.withTenant(payroll.tenantId, w), payroll.tenantId, {
      companyId,
      name: 'Totals draft',
      start: '2025-01-01',
      end: '2025-01-15',
      status: 'Draft',
      payslips: [
        { employeeId: employees[0]!, payslip: slip },
        { employeeId: employees[1]!, payslip: slip, status: 'Held' },
        { employeeId: employees[2]!, payslip: slip, status: 'Excluded' },
      ],
    });
    expect(await expectTotalsOfPayslips(periodId)).toEqual({
      EmployeeCount: 3,
      Gross: pesos(2 * cents(slip.gross)),
      Deductions: pesos(2 * cents(slip.deductions)),
      Net: pesos(2 * cents(slip.netPay)),
      WarningCount: 0,
    });
    const octoberBefore = await keptRow(october);

    const removed = await call(payroll, 'DELETE', `${PERIODS}/${periodId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listed()).map((p) => p.Id)).not.toContain(periodId);
    expect(await keptRow(periodId)).toBeUndefined();
    expect(await keptRow(october)).toEqual(octoberBefore);
    await expectTotalsOfPayslips(october);

    // A computed period too (its payslips cascade in a statement of their own).
    const removedOctober = await call(payroll, 'DELETE', `${PERIODS}/${october}`);
    expect(removedOctober.statusCode, removedOctober.body).toBe(200);
    expect(await keptRow(october)).toBeUndefined();
  });

  it('one statement over payslips of two periods adds each period its own change', async () => {
    const rows = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `SELECT id FROM employees WHERE company_id = $1 AND is_active ORDER BY employee_number LIMIT 3`,
        [companyId],
      ),
    );
    const employees = rows.map((r) => r.id);
    const fixture = (name: string, start: string, end: string) =>
      insertPeriod((w) => t.db.withTenant(payroll.tenantId, w), payroll.tenantId, {
        companyId,
        name,
        start,
        end,
        status: 'Draft',
        payslips: employees.map((employeeId, i) => ({
          employeeId,
          payslip: semiMonthlySlip(start, end, `${30000 + 1000 * i}.00`),
        })),
      });
    const a = await fixture('Totals A', '2025-02-01', '2025-02-15');
    const b = await fixture('Totals B', '2025-02-16', '2025-02-28');
    await expectTotalsOfPayslips(a.periodId);
    await expectTotalsOfPayslips(b.periodId);

    await t.db.withTenant(payroll.tenantId, async (tx) => {
      // Warnings and an exclusion across both periods in one UPDATE, then one DELETE of a payslip of each.
      await tx.query(
        `UPDATE payslips SET warnings = ARRAY['Checked'],
                status = CASE WHEN id = ANY($2::uuid[]) THEN 'Excluded' ELSE status END
          WHERE id = ANY($1::uuid[])`,
        [
          [a.payslipIds[0], a.payslipIds[1], b.payslipIds[0]],
          [a.payslipIds[1], b.payslipIds[0]],
        ],
      );
      await tx.query(`DELETE FROM payslips WHERE id = ANY($1::uuid[])`, [[a.payslipIds[2], b.payslipIds[1]]]);
    });
    expect(await expectTotalsOfPayslips(a.periodId)).toMatchObject({ EmployeeCount: 2, WarningCount: 2 });
    expect(await expectTotalsOfPayslips(b.periodId)).toMatchObject({ EmployeeCount: 2, WarningCount: 1 });
  });

  it('the list reads the kept totals, which no other tenant sees', async () => {
    const [p] = (await listed()).filter((x) => x.EmployeeCount > 0);
    const row = await keptRow(p!.Id);
    // Proof that the list shows the kept row rather than summing the payslips when it is read: change the row
    // alone (as no write of the app does), read the list, put it back.
    const shift = (by: number) =>
      t.db.withTenant(payroll.tenantId, (tx) =>
        tx.query(
          `UPDATE payroll_period_totals SET employee_count = employee_count + $2, net = net + $2
            WHERE payroll_period_id = $1`,
          [p!.Id, by],
        ),
      );
    await shift(1000);
    const shown = (await listed()).find((x) => x.Id === p!.Id)!;
    expect(shown.EmployeeCount).toBe(p!.EmployeeCount + 1000);
    expect(shown.Net).toBe(pesos(cents(p!.Net) + 100_000));
    await shift(-1000);
    expect(await keptRow(p!.Id)).toEqual(row);
    await expectTotalsOfPayslips(p!.Id);

    const otherTenant = otherAdmin.tenantId;
    expect(otherTenant).not.toBe(payroll.tenantId);
    expect(await keptRow(p!.Id, otherTenant)).toBeUndefined();
  });
});
