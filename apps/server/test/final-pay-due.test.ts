/**
 * The final pay the company owes: the proposal behind "Add Payroll Period" lists the separated employees that no
 * final pay period names yet (the dialog offers them as the final pay's employees), of the caller's company only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let leaver: string;
const call = caller(() => t.app);
const base = '/api/v1/payroll-periods';
const due = async (who: Session) => {
  const res = await call(who, 'GET', `${base}/proposal`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().FinalPayDue as {
    EmployeeId: string;
    EmployeeNumber: string;
    FullName: string;
    SeparationDate: string;
  }[];
};

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  leaver = await t.db.withTenant(payroll.tenantId, async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date,
                              separation_date, separation_reason, is_active)
       SELECT tenant_id, company_id, v.number, v.first, 'Leaver', DATE '2024-01-15', v.left_on::date, 'Resigned', false
         FROM users, (VALUES ('FPD-1', 'Early', '2026-10-09'), ('FPD-2', 'Late', '2026-11-20')) AS v(number, first, left_on)
        WHERE email = 'payroll@demo.hrpay.test'
       RETURNING id`,
    );
    return rows[0]!.id;
  });
});
afterAll(() => t?.close());

describe('final pay due', () => {
  it('lists the separated employees of the own company without a final pay, latest separation first', async () => {
    const listed = await due(payroll);
    expect(listed.map((d) => [d.EmployeeNumber, d.FullName, d.SeparationDate])).toEqual([
      ['FPD-2', 'Late Leaver', '2026-11-20'],
      ['FPD-1', 'Early Leaver', '2026-10-09'],
    ]);
    // Another company of the tenant owes them nothing.
    expect((await due(logisticsPayroll)).map((d) => d.EmployeeNumber)).not.toContain('FPD-1');
    // The payroll dashboard lists the same people.
    const dashboard = await call(payroll, 'GET', '/api/v1/payroll/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().FinalPayDue).toEqual(listed);
  });

  it('drops an employee once a final pay period names them', async () => {
    const created = await call(payroll, 'POST', base, {
      Kind: 'FinalPay',
      Name: 'Final pay Early Leaver',
      CutoffStart: '2026-10-01',
      CutoffEnd: '2026-10-09',
      PayDate: '2026-11-06',
      EmployeeIds: [leaver],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await due(payroll)).map((d) => d.EmployeeNumber)).toEqual(['FPD-2']);
  });
});
