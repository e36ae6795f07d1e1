/**
 * Issue 11: the portal dashboard's one call. Each part answers what the portal's own endpoint answers for the
 * caller, the caller's own records only, never another tenant's; a portal user without an employee record gets
 * an answer that says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveType, PortalDashboard, TimeRequest } from '@hrpay/contracts';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

let t: TestApp;
let hr: Session;
let employee: Session;
let approver: Session;
let other: Session;
let filed: TimeRequest;
const payslipOf: Record<string, string> = {};

const call = caller(() => t.app);

async function dashboard(s: Session): Promise<PortalDashboard> {
  const res = await call(s, 'GET', '/api/v1/portal/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The portal user's employee and company, read behind the API. */
async function employeeOf(s: Session, email: string) {
  const [row] = await t.db.withTenant(s.tenantId, (tx: Tx) =>
    tx.query<{ employee_id: string; company_id: string }>(
      `SELECT employee_id, company_id FROM users WHERE lower(email) = $1`,
      [email],
    ),
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  employee = await signIn(t.app, demo.employee);
  approver = await signIn(t.app, demo.approver);
  other = await signIn(t.app, demo.otherEmployee);
  const types = (await call(hr, 'POST', '/api/v1/leave-types/list', { PageSize: 100 })).json()
    .Items as LeaveType[];
  const res = await call(employee, 'POST', '/api/v1/leave-requests', {
    LeaveTypeId: types.find((x) => x.Code === 'LWOP')!.LeaveTypeId,
    DateFrom: '2027-04-06',
    DateTo: '2027-04-06',
    Reason: 'Dashboard',
  });
  expect(res.statusCode, res.body).toBe(201);
  filed = res.json();
  // A released payslip of each tenant's portal employee.
  for (const [s, email] of [
    [employee, demo.employee.email],
    [other, demo.otherEmployee.email],
  ] as const) {
    const who = await employeeOf(s, email);
    const { payslipIds } = await insertPeriod((work) => t.db.withTenant(s.tenantId, work), s.tenantId, {
      companyId: who.company_id,
      name: 'Dashboard period',
      start: '2026-02-01',
      end: '2026-02-15',
      status: 'Finalised',
      payslips: [{ employeeId: who.employee_id, payslip: semiMonthlySlip('2026-02-01', '2026-02-15') }],
    });
    payslipOf[email] = payslipIds[0]!;
  }
});
afterAll(() => t?.close());

describe('GET /api/v1/portal/dashboard', () => {
  it("answers what the portal's own endpoints answer, in one call", async () => {
    const d = await dashboard(employee);
    expect(d.LinkedToEmployee).toBe(true);
    expect(d.Today).toEqual((await call(employee, 'GET', '/api/v1/portal/today')).json());
    const credits = (await call(employee, 'GET', '/api/v1/portal/leave-credits')).json();
    expect(d.LeaveBalances).toEqual(
      credits.Balances.filter((b: { NeedsBalance: boolean }) => b.NeedsBalance),
    );
    expect(d.LeaveBalances.length).toBeGreaterThan(0);
    const lists = await Promise.all(
      ['leave-requests', 'ot-requests', 'ut-requests'].map(async (segment) =>
        (
          await call(employee, 'POST', `/api/v1/${segment}/list`, {
            Scope: 'Mine',
            Status: 'Pending',
            PageSize: 5,
            SortBy: 'DateFrom',
          })
        ).json(),
      ),
    );
    expect(d.MyPending.map((r) => r.RequestId).sort()).toEqual(
      lists.flatMap((l) => l.Items.map((r: TimeRequest) => r.RequestId)).sort(),
    );
    expect(d.MyPending.map((r) => r.RequestId)).toContain(filed.RequestId);
    expect(d.MyPending.map((r) => r.DateFrom)).toEqual(d.MyPending.map((r) => r.DateFrom).sort());
    expect(d.LatestPayslip).toEqual((await call(employee, 'GET', '/api/v1/portal/payslips')).json().Items[0]);
    expect(d.LatestPayslip!.Id).toBe(payslipOf[demo.employee.email]);
    // Not an approver: no review queue.
    expect(d.WaitingForReview).toBeNull();
  });

  it("gives an approver their review queue, and never someone else's requests as their own", async () => {
    const d = await dashboard(approver);
    expect(d.WaitingForReview).toEqual(
      (await call(approver, 'GET', '/api/v1/requests/pending-counts')).json(),
    );
    expect(d.WaitingForReview!.Leave).toBeGreaterThan(0);
    const own = (await employeeOf(approver, demo.approver.email)).employee_id;
    expect(d.MyPending.every((r) => r.EmployeeId === own)).toBe(true);
    expect(d.MyPending.map((r) => r.RequestId)).not.toContain(filed.RequestId);
    expect(d.LatestPayslip?.Id).not.toBe(payslipOf[demo.employee.email]);
  });

  it("never shows another tenant's records", async () => {
    const d = await dashboard(other);
    const mine = await employeeOf(other, demo.otherEmployee.email);
    expect(d.LatestPayslip!.Id).toBe(payslipOf[demo.otherEmployee.email]);
    expect(d.MyPending.every((r) => r.EmployeeId === mine.employee_id)).toBe(true);
    const text = JSON.stringify(d);
    expect(text).not.toContain(filed.RequestId);
    expect(text).not.toContain(filed.EmployeeId);
    expect(text).not.toContain(payslipOf[demo.employee.email]);
    expect(JSON.stringify(await dashboard(employee))).not.toContain(mine.employee_id);
  });

  it('is for portal users only', async () => {
    expect((await call(hr, 'GET', '/api/v1/portal/dashboard')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/v1/portal/dashboard')).statusCode).toBe(401);
  });

  it('tells a portal user without an employee record so, instead of failing', async () => {
    // The approver's account loses its employee link (the session re-reads it on every request).
    await t.db.withTenant(approver.tenantId, (tx: Tx) =>
      tx.query(`UPDATE users SET employee_id = NULL WHERE lower(email) = $1`, [demo.approver.email]),
    );
    const d = await dashboard(approver);
    expect(d.LinkedToEmployee).toBe(false);
    expect(d.LeaveBalances).toEqual([]);
    expect(d.MyPending).toEqual([]);
    expect(d.LatestPayslip).toBeNull();
    expect(d.Today.Schedule).toBeNull();
    expect(d.Today.Punches).toEqual([]);
    // Still an approver: the queue routed to them stays.
    expect(d.WaitingForReview!.Leave).toBeGreaterThan(0);
  });
});
