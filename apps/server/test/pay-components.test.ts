/** Issue 10 §2: pay components, the company's earning and deduction codes (payroll settings tab), through HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type PayComponent, type PayComponentOption } from '@hrpay/contracts';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let otherAdmin: Session;
let hr: Session;
let companyId: string;
let employeeId: string;
const call = caller(() => t.app);
const BASE = '/api/v1/pay-components';

async function auditRows(entityId: string) {
  return t.db.withTenant(payroll.tenantId, (tx) =>
    tx.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'pay-component' AND entity_id::text = $1 ORDER BY at`,
      [entityId],
    ),
  );
}
const list = async (s: Session, body: object = {}) => {
  const res = await call(s, 'POST', `${BASE}/list`, { PageSize: 500, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { Items: PayComponent[]; TotalCount: number };
};

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  otherAdmin = await signIn(t.app, demo.otherAdmin);
  hr = await signIn(t.app, demo.hr);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [row] = await tx.query<{ company_id: string; employee_id: string }>(
      `SELECT u.company_id, e.id AS employee_id FROM users u
         JOIN employees e ON e.tenant_id = u.tenant_id AND e.company_id = u.company_id
        WHERE u.email = $1 ORDER BY e.employee_number LIMIT 1`,
      [demo.payroll.email],
    );
    companyId = row!.company_id;
    employeeId = row!.employee_id;
  });
});
afterAll(() => t?.close());

describe('pay components', () => {
  it('seeds the usual Philippine earnings and deductions for every company', async () => {
    const { Items } = await list(payroll, { SortBy: 'Code' });
    const byCode = new Map(Items.map((c) => [c.Code, c]));
    expect(byCode.get('RICE')).toMatchObject({ Kind: 'Earning', Taxable: false, DeMinimis: 'riceSubsidy' });
    expect(byCode.get('TRANSPO')).toMatchObject({ Kind: 'Earning', Taxable: true, DeMinimis: null });
    expect(byCode.get('LAUNDRY')).toMatchObject({ DeMinimis: 'laundryAllowance', Taxable: false });
    expect(byCode.get('UNION')).toMatchObject({ Kind: 'Deduction', Taxable: false });
    expect(Items.map((c) => c.Code)).toEqual([...Items.map((c) => c.Code)].sort());
    // Another company of the same tenant and another tenant have their own seeded set.
    const logistics = await list(logisticsPayroll);
    expect(logistics.TotalCount).toBe(Items.length);
    expect(logistics.Items.map((c) => c.PayComponentId)).not.toContain(Items[0]!.PayComponentId);
    // A company created later is seeded by the trigger.
    const created = await t.db.withTenant(otherAdmin.tenantId, async (tx) => {
      const [c] = await tx.query<{ id: string }>(
        `INSERT INTO companies (tenant_id, name) VALUES ($1, 'Seeded Later Corp.') RETURNING id`,
        [otherAdmin.tenantId],
      );
      return tx.query(`SELECT code FROM pay_components WHERE company_id = $1`, [c!.id]);
    });
    expect(created).toHaveLength(Items.length);
    // Filters and search.
    expect((await list(payroll, { Kind: 'Deduction' })).Items.every((c) => c.Kind === 'Deduction')).toBe(
      true,
    );
    expect((await list(payroll, { Search: 'laundry' })).Items.map((c) => c.Code)).toEqual(['LAUNDRY']);
  });

  it('creates, reads, updates with row versions and deletes a component, audited', async () => {
    const dup = await call(payroll, 'POST', BASE, { Code: 'rice', Name: 'Rice again', Kind: 'Earning' });
    expect(dup.statusCode).toBe(400);
    expect(errorCodes(dup)).toEqual(['Code']);
    const bad = await call(payroll, 'POST', BASE, {
      Code: 'X Y',
      Name: '',
      Kind: 'Deduction',
      DeMinimis: 'riceSubsidy',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad).sort()).toEqual(['Code', 'DeMinimis', 'Name']);

    const created = await call(payroll, 'POST', BASE, {
      Code: 'gas',
      Name: 'Gasoline allowance',
      Kind: 'Earning',
      Taxable: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const gas = created.json() as PayComponent;
    expect(gas).toMatchObject({ Code: 'GAS', Taxable: true, DeMinimis: null, IsActive: true, UsageCount: 0 });

    const one = await call(payroll, 'GET', `${BASE}/${gas.PayComponentId}`);
    expect(one.json()).toEqual(gas);
    expect((await call(logisticsPayroll, 'GET', `${BASE}/${gas.PayComponentId}`)).statusCode).toBe(404);
    expect((await call(hr, 'GET', `${BASE}/${gas.PayComponentId}`)).statusCode).toBe(403);

    // De minimis makes it non-taxable whatever the request says.
    const edited = await call(payroll, 'PUT', `${BASE}/${gas.PayComponentId}`, {
      ...gas,
      Name: 'Uniform top-up',
      DeMinimis: 'uniformAllowance',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ Taxable: false, DeMinimis: 'uniformAllowance', RowVersion: 2 });
    const stale = await call(payroll, 'PUT', `${BASE}/${gas.PayComponentId}`, gas);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);

    // Only active components are offered to the pickers.
    const deactivated = await call(payroll, 'PUT', `${BASE}/${gas.PayComponentId}`, {
      ...edited.json(),
      IsActive: false,
    });
    expect(deactivated.statusCode).toBe(200);
    const options = (await call(payroll, 'GET', `${BASE}/options`)).json() as PayComponentOption[];
    expect(options.map((o) => o.Code)).not.toContain('GAS');
    expect(options.find((o) => o.Code === 'RICE')).toMatchObject({
      Taxable: false,
      DeMinimis: 'riceSubsidy',
    });

    const del = await call(payroll, 'DELETE', `${BASE}/${gas.PayComponentId}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call(payroll, 'GET', `${BASE}/${gas.PayComponentId}`)).statusCode).toBe(404);
    expect((await auditRows(gas.PayComponentId)).map((r) => r.action)).toEqual([
      'create',
      'update',
      'update',
      'delete',
    ]);
  });

  it('refuses to delete a component (or change its code) while a recurring item or an adjustment uses it', async () => {
    const comm = (await list(payroll, { Search: 'COMMISSION' })).Items[0]!;
    const item = await call(payroll, 'POST', `/api/v1/employee-payroll-details/${employeeId}/items`, {
      Kind: 'Earning',
      Code: 'commission',
      Description: 'Sales commission',
      Amount: '2500.00',
      EffectiveFrom: '2026-01-01',
    });
    expect(item.statusCode, item.body).toBe(201);
    await t.db.withTenant(payroll.tenantId, async (tx) => {
      const [p] = await tx.query<{ id: string }>(
        `INSERT INTO payroll_periods (tenant_id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date)
         VALUES ($1, $2, 'Usage probe', 'Regular', 'SemiMonthly', DATE '2025-02-01', DATE '2025-02-15',
                 DATE '2025-02-20') RETURNING id`,
        [payroll.tenantId, companyId],
      );
      await tx.query(
        `INSERT INTO payroll_adjustments (tenant_id, payroll_period_id, employee_id, kind, code, description, amount,
                                          reason)
         VALUES ($1, $2, $3, 'Earning', 'COMMISSION', 'Commission', 100, 'Late sale')`,
        [payroll.tenantId, p!.id, employeeId],
      );
    });
    const used = (await call(payroll, 'GET', `${BASE}/${comm.PayComponentId}`)).json() as PayComponent;
    expect(used.UsageCount).toBe(2);

    const del = await call(payroll, 'DELETE', `${BASE}/${comm.PayComponentId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().type).toBe(ProblemTypes.stillReferenced);
    expect(del.json().detail).toBe(
      'Sales commission cannot be deleted: 1 recurring item and 1 payroll adjustment use it. Deactivate it instead.',
    );
    const recode = await call(payroll, 'PUT', `${BASE}/${comm.PayComponentId}`, { ...used, Code: 'COMM' });
    expect(recode.statusCode).toBe(409);
    expect(recode.json().type).toBe(ProblemTypes.stillReferenced);
    // Deactivating is what it suggests, and it works.
    const off = await call(payroll, 'PUT', `${BASE}/${comm.PayComponentId}`, { ...used, IsActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(payroll, 'GET', `${BASE}/${comm.PayComponentId}`)).json().IsActive).toBe(false);
  });

  it("answers 404 for another tenant's component and 403 to other user types", async () => {
    const [foreign] = await t.db.withTenant(otherAdmin.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM pay_components LIMIT 1`),
    );
    expect((await call(payroll, 'GET', `${BASE}/${foreign!.id}`)).statusCode).toBe(404);
    expect((await call(payroll, 'DELETE', `${BASE}/${foreign!.id}`)).statusCode).toBe(404);
    expect((await call(hr, 'POST', `${BASE}/list`, {})).statusCode).toBe(403);
  });
});
