import { computePayslip } from '@hrpay/payroll';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userTypeNames, type UserTypeName } from '@hrpay/contracts';
import { problems } from '../src/lib/problem.js';
import { companyScope, contextOf } from '../src/lib/route-access.js';
import type { Tx } from '../src/db/database.js';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

/**
 * Every registered /api/v1 route, taken from the app's own route table, against every identity:
 * no token -> 401; each user type the route does not allow -> 403; an id of the other tenant -> 404.
 * A later module gets this coverage by registering its routes; no test code to add.
 */
let t: TestApp;
const sessions = {} as Record<UserTypeName, Session>;

/** A route as a later module would write one, registered here so the matrix is proven to cover such routes. */
async function probeModule(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/probe-records/:id', {
    config: {
      access: { userTypes: ['Admin', 'HRUser', 'PayrollUser'], idOf: 'employees', companyScoped: true },
    },
    schema: {
      params: z.object({ id: z.string().uuid() }),
      response: { 200: z.object({ EmployeeNumber: z.string() }) },
    },
    handler: async (req) => {
      const { tx, user } = contextOf(req);
      const [row] = await tx.query<{ employee_number: string }>(
        `SELECT employee_number FROM employees
          WHERE tenant_id = $1 AND id = $2 AND ($3::uuid IS NULL OR company_id = $3)`,
        [user.tenantId, req.params.id, companyScope(user)],
      );
      if (!row) throw problems.notFound();
      return { EmployeeNumber: row.employee_number };
    },
  });
}

beforeAll(async () => {
  t = await createTestApp({}, probeModule);
  sessions.Admin = await signIn(t.app, demo.admin);
  sessions.HRUser = await signIn(t.app, demo.hr);
  sessions.PayrollUser = await signIn(t.app, demo.payroll);
  sessions.PortalUser = await signIn(t.app, demo.employee);
  // One finished import per tenant, so the import routes have a record of each tenant to probe.
  for (const tenantId of [sessions.Admin.tenantId, (await signIn(t.app, demo.otherAdmin)).tenantId]) {
    await t.db.withTenant(tenantId, (tx) =>
      tx.query(
        `INSERT INTO employee_imports (tenant_id, company_id, file_name, file_size, file_sha256, status)
         SELECT tenant_id, id, 'old.csv', 1, 'x', 'Discarded' FROM companies LIMIT 1`,
      ),
    );
    // A company statutory table edition per tenant (Demo Manufacturing in the demo tenant) for its DELETE route.
    await t.db.withTenant(tenantId, (tx) =>
      tx.query(
        `INSERT INTO company_statutory_tables (tenant_id, company_id, kind, effective_from, source, payload)
         SELECT tenant_id, id, 'PhilHealth', DATE '2099-01-01', 'Probe',
                '{"rate": "0.05", "floor": "10000.00", "ceiling": "100000.00"}'::jsonb
           FROM companies ORDER BY name <> 'Demo Manufacturing Inc.', name LIMIT 1`,
      ),
    );
    // And one punch import per tenant, of Demo Manufacturing in the demo tenant (company-scoped routes).
    await t.db.withTenant(tenantId, (tx) =>
      tx.query(
        `INSERT INTO punch_imports (tenant_id, company_id, file_name, file_size, file_sha256, status)
         SELECT tenant_id, id, 'old.csv', 1, 'x', 'Discarded' FROM companies
          ORDER BY name = 'Demo Manufacturing Inc.' DESC LIMIT 1`,
      ),
    );
    // A finalised payroll period per tenant (Demo Manufacturing in the demo tenant) with the portal employee's
    // payslip, so the payroll period, payslip and portal payslip routes have a record of each tenant to probe.
    await t.db.withTenant(tenantId, async (tx) => {
      const [period] = await tx.query<{ id: string; company_id: string }>(
        `INSERT INTO payroll_periods (tenant_id, company_id, name, kind, frequency, cutoff_start, cutoff_end, pay_date)
         SELECT tenant_id, id, 'Probe period', 'Regular', 'SemiMonthly', DATE '2025-01-01', DATE '2025-01-15',
                DATE '2025-01-20'
           FROM companies ORDER BY name <> 'Demo Manufacturing Inc.', name LIMIT 1 RETURNING id, company_id`,
      );
      const { lines, ...result } = computePayslip({
        period: { start: '2025-01-01', end: '2025-01-15', frequency: 'semi-monthly' },
        profile: { rateType: 'monthly', rate: '20000.00' },
      });
      const [payslip] = await tx.query<{ id: string }>(
        `INSERT INTO payslips (tenant_id, company_id, payroll_period_id, employee_id, gross, deductions, net_pay, result)
         SELECT tenant_id, company_id, $1, employee_id, $3, $4, $5, $6 FROM users
          WHERE company_id = $2 AND email LIKE 'employee@%' RETURNING id`,
        [period!.id, period!.company_id, result.gross, result.deductions, result.netPay, result],
      );
      for (const [i, l] of lines.entries())
        await tx.query(
          `INSERT INTO payslip_lines (tenant_id, payslip_id, line_no, code, description, kind, quantity, unit, rate,
                                      amount, taxable)
           SELECT tenant_id, id, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM payslips WHERE id = $1`,
          [
            payslip!.id,
            i + 1,
            l.code,
            l.description,
            l.kind,
            l.quantity,
            l.unit,
            l.rate,
            l.amount,
            l.taxable,
          ],
        );
      await tx.query(`UPDATE payroll_periods SET status = 'Finalised' WHERE id = $1`, [period!.id]);
    });
  }
  // One finalised period per tenant with a payslip of its demo employee, so the
  // payroll period and payslip routes have a record of each tenant to probe.
  for (const [tenantId, email] of [
    [sessions.Admin.tenantId, demo.employee.email],
    [(await signIn(t.app, demo.otherAdmin)).tenantId, demo.otherEmployee.email],
  ] as const) {
    const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
    const [who] = await asTenant((tx) =>
      tx.query<{ employee_id: string; company_id: string }>(
        `SELECT employee_id, company_id FROM users WHERE lower(email) = $1`,
        [email],
      ),
    );
    await insertPeriod(asTenant, tenantId, {
      companyId: who!.company_id,
      name: 'Matrix probe',
      start: '2026-01-01',
      end: '2026-01-15',
      status: 'Finalised',
      payslips: [{ employeeId: who!.employee_id, payslip: semiMonthlySlip('2026-01-01', '2026-01-15') }],
    });
  }
});
afterAll(() => t?.close());

/** Every id of the address is `id`; a year (a previous employer's) is a year. */
const fill = (url: string, id: string) =>
  url.replace(/:([A-Za-z]+)\??/g, (_, name: string) => (name === 'year' ? '2026' : id));
const someUuid = '00000000-0000-4000-8000-000000000000';

describe('route matrix', () => {
  it('knows the platform routes', () => {
    const urls = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/v1/users/login',
        'POST /api/v1/users/refresh-token',
        'POST /api/v1/users/change-password',
        'GET /api/v1/portal/employees/basic-info',
        // Issue 11: the portal dashboard's one call.
        'GET /api/v1/portal/dashboard',
        'GET /api/v1/probe-records/:id',
        // Issue 10 §1: employee payroll details and loan types, covered by every check below.
        'POST /api/v1/employee-payroll-details/list',
        'GET /api/v1/employee-payroll-details/:employeeId',
        'DELETE /api/v1/employee-payroll-details/:employeeId/rates/:rateId',
        'DELETE /api/v1/employee-payroll-details/:employeeId/items/:itemId',
        'GET /api/v1/employee-payroll-details/:employeeId/loans',
        'POST /api/v1/employee-payroll-details/rate-imports/commit',
        'DELETE /api/v1/loan-types/:id',
        // Issue 10 §2: pay components and the company's statutory table editions.
        'GET /api/v1/pay-components/:id',
        'DELETE /api/v1/pay-components/:id',
        'DELETE /api/v1/payroll/settings/statutory-tables/:id',
      ]),
    );
  });

  it('answers 401 problem details without a token on every protected route', async () => {
    for (const route of t.app.apiRoutes.filter((r) => !('public' in r.access))) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: fill(route.url, someUuid),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().status).toBe(401);
    }
  });

  it('answers 403 to every user type a route does not allow', async () => {
    let checked = 0;
    for (const route of t.app.apiRoutes) {
      if ('public' in route.access) continue;
      for (const type of userTypeNames.filter(
        (u) => !(route.access as { userTypes: readonly string[] }).userTypes.includes(u),
      )) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: fill(route.url, someUuid),
          headers: sessions[type].headers,
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${type} ${route.method} ${route.url}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("answers 404 to an allowed user asking for the other tenant's record", async () => {
    const other = await signIn(t.app, demo.otherAdmin);
    for (const { method, url, access, multipart, body } of t.app.apiRoutes) {
      // An update, an action with a body or an upload needs a valid body before it reaches the lookup; each
      // module's own tests send one to the other tenant's id (cross-tenant PUT, action and upload).
      if ('public' in access || !url.includes(':') || body || multipart) continue;
      const route = { method, url, access };
      expect(route.access.idOf, `${route.method} ${route.url} must declare idOf`).toBeTruthy();
      const [row] = await t.db.withTenant(other.tenantId, (tx) =>
        tx.query<{ id: string }>(`SELECT id FROM ${route.access.idOf} LIMIT 1`),
      );
      // A company-scoped record of the signed-in users' own company (the demo tenant has two companies).
      const mine = await t.db.withTenant(sessions.Admin.tenantId, (tx) =>
        tx.query<{ id: string }>(
          route.access.userTypes.every((type) => type === 'PortalUser')
            ? // A portal route answers only the employee's own records.
              `SELECT r.id FROM ${route.access.idOf} r JOIN users u ON u.tenant_id = r.tenant_id
                 AND u.employee_id = r.employee_id WHERE u.email = '${demo.employee.email}' LIMIT 1`
            : route.access.companyScoped
              ? `SELECT r.id FROM ${route.access.idOf} r JOIN companies c ON c.tenant_id = r.tenant_id
                   AND c.id = r.company_id WHERE c.name = 'Demo Manufacturing Inc.' LIMIT 1`
              : `SELECT id FROM ${route.access.idOf} LIMIT 1`,
        ),
      );
      for (const type of route.access.userTypes) {
        const foreign = await t.app.inject({
          method: route.method as 'GET',
          url: fill(route.url, row!.id),
          headers: sessions[type].headers,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(foreign.statusCode, `${type} ${route.method} ${route.url}`).toBe(404);
        expect(foreign.json().status).toBe(404);
        if (route.method === 'GET') {
          const own = await t.app.inject({
            method: 'GET',
            url: fill(route.url, mine[0]!.id),
            headers: sessions[type].headers,
          });
          expect(own.statusCode).toBe(200);
        }
      }
    }
  });

  it("answers 404 to an HR or Payroll user asking for another company's record of the same tenant", async () => {
    // Demo Logistics Corp. is the demo tenant's second company; its HR and Payroll users ask for records of
    // Demo Manufacturing Inc. Every route declared companyScoped is covered, new ones included.
    const logistics = {
      HRUser: await signIn(t.app, demo.logisticsHr),
      PayrollUser: await signIn(t.app, demo.logisticsPayroll),
    } as Partial<Record<UserTypeName, Session>>;
    const scoped = t.app.apiRoutes.filter(
      (r) =>
        !('public' in r.access) && r.access.companyScoped && r.url.includes(':') && !r.body && !r.multipart,
    );
    expect(scoped.map((r) => r.url)).toContain('/api/v1/probe-records/:id');
    let checked = 0;
    for (const { method, url, access } of scoped) {
      if ('public' in access) continue;
      const [row] = await t.db.withTenant(sessions.Admin.tenantId, (tx) =>
        tx.query<{ id: string }>(
          `SELECT r.id FROM ${access.idOf} r JOIN companies c ON c.tenant_id = r.tenant_id AND c.id = r.company_id
            WHERE c.name = 'Demo Manufacturing Inc.' LIMIT 1`,
        ),
      );
      expect(row, `${url}: a Demo Manufacturing record to probe`).toBeTruthy();
      for (const type of access.userTypes) {
        const asker = logistics[type];
        if (!asker) continue;
        const res = await t.app.inject({
          method: method as 'GET',
          url: fill(url, row!.id),
          headers: asker.headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${type} of another company: ${method} ${url}`).toBe(404);
        if (method === 'GET' && sessions[type]) {
          const own = await t.app.inject({
            method: 'GET',
            url: fill(url, row!.id),
            headers: sessions[type].headers,
          });
          expect(own.statusCode, `${type} of the same company: ${method} ${url}`).toBe(200);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('refuses at start a route with no access declaration, no response schema or a loose body', async () => {
    const attempts: Array<(app: FastifyInstance) => void> = [
      (app) =>
        app.get('/api/v1/undeclared', { schema: { response: { 200: z.object({}) } } }, async () => ({})),
      (app) => app.get('/api/v1/no-response', { config: { access: { public: true } } }, async () => ({})),
      (app) =>
        app.withTypeProvider<ZodTypeProvider>().post('/api/v1/loose', {
          config: { access: { public: true } },
          schema: { body: z.object({ A: z.string() }), response: { 200: z.object({}) } },
          handler: async () => ({}),
        }),
    ];
    for (const register of attempts) {
      await expect(createTestApp({}, register)).rejects.toThrow(
        /declares no access|no response schema|strict object/,
      );
    }
  });
});

describe('problem details everywhere', () => {
  it('answers 404 problem details for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ title: 'Not Found', status: 404 });
  });

  it('serves liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ Status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ Status: 'ready' });
  });

  it('publishes the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/v1/users/login');
  });
});
