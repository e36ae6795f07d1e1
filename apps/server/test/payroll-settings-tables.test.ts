/**
 * Issue 10 §2: a company adds a future edition of a statutory table (SSS, PhilHealth, Pag-IBIG); the engine
 * checks it before it is stored, the settings page lists it, and compute applies it from its date. Through HTTP
 * (PGlite by default, PostgreSQL on request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProblemTypes,
  type PayrollPeriodDetail,
  type PayslipDetail,
  type PayslipListItem,
  type StatutoryRow,
  type StatutoryTables,
} from '@hrpay/contracts';
import { manilaToday } from '../src/lib/manila.js';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';
import { insertWorkdays } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let hr: Session;
let companyId: string;
let worker: string;
const call = caller(() => t.app);
const BASE = '/api/v1/payroll/settings/statutory-tables';

/** The first day of the month after next: always in the future, whatever day the suite runs. */
const future = (() => {
  const d = new Date(`${manilaToday().slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 2);
  return d.toISOString().slice(0, 10);
})();
const philhealth = { rate: '0.06', floor: '10000.00', ceiling: '100000.00' };
const sss = {
  minMsc: '5000.00',
  maxMsc: '40000.00',
  mscStep: '500.00',
  regularSsCap: '20000.00',
  employeeRate: '0.05',
  employerRate: '0.10',
  ecThreshold: '15000.00',
  ecLow: '10.00',
  ecHigh: '30.00',
};
const pagibig = {
  lowThreshold: '1500.00',
  employeeRateLow: '0.01',
  employeeRateHigh: '0.02',
  employerRate: '0.02',
  maxFundSalary: '10000.00',
};
const add = (body: object, s = payroll) =>
  call(s, 'POST', BASE, { Kind: 'PhilHealth', EffectiveFrom: future, Source: 'Test circular', ...body });
const tables = async (s = payroll) => {
  const res = await call(s, 'GET', BASE);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StatutoryTables;
};

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  hr = await signIn(t.app, demo.hr);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = $1`, [
      demo.payroll.email,
    ]);
    companyId = c!.company_id;
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
              basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name, bank_account_number)
       VALUES ($1, $2, 'ST-0001', 'Stella', 'Tables', DATE '2025-01-02', 'Monthly', 30000, '123-456-789-000',
               '34-1234567-8', '12-345678901-2', '1234-5678-9012', 'BDO Unibank', '001299990001') RETURNING id`,
      [payroll.tenantId, companyId],
    );
    worker = e!.id;
    await insertWorkdays(tx, payroll.tenantId, companyId, worker, '2026-03-02', '2026-03-13');
  });
});
afterAll(() => t?.close());

describe('statutory tables added by the company', () => {
  let added: StatutoryRow;

  it('accepts a future PhilHealth edition, lists it with the engine tables, and only for its company', async () => {
    const before = await tables();
    expect(before.Added).toEqual([]);
    const res = await add({ Values: philhealth });
    expect(res.statusCode, res.body).toBe(201);
    added = res.json();
    expect(added).toMatchObject({
      Kind: 'PhilHealth',
      EffectiveFrom: future,
      Values: philhealth,
      CanDelete: true,
    });

    const after = await tables();
    expect(after.Added).toEqual([added]);
    // Newest first, merged into the engine's PhilHealth editions.
    expect(after.PhilHealth[0]).toEqual({ effectiveFrom: future, source: 'Test circular', ...philhealth });
    expect(after.PhilHealth.slice(1)).toEqual(before.PhilHealth);
    // Another company of the tenant does not see it; HR may not ask.
    expect((await tables(logisticsPayroll)).Added).toEqual([]);
    expect((await add({ Values: philhealth }, hr)).statusCode).toBe(403);

    const [audit] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE entity = 'statutory-table' AND entity_id = $1`,
        [added.StatutoryRowId],
      ),
    );
    expect(audit?.action).toBe('create');

    // SSS and Pag-IBIG editions are accepted too.
    expect((await add({ Kind: 'Sss', Values: sss })).statusCode).toBe(201);
    expect((await add({ Kind: 'PagIbig', Values: pagibig })).statusCode).toBe(201);
  });

  it('refuses what the engine refuses, and dates that are not in the future, naming the field', async () => {
    const cases: [object, string[]][] = [
      // The engine's own checks (its table compile): a negative rate, a malformed amount, too many decimals.
      [{ EffectiveFrom: '2099-01-01', Values: { ...philhealth, rate: '-0.05' } }, ['Values.rate']],
      [{ EffectiveFrom: '2099-01-01', Values: { ...philhealth, floor: '10,000' } }, ['Values.floor']],
      [
        { Kind: 'Sss', EffectiveFrom: '2099-01-01', Values: { ...sss, employeeRate: '0.051234' } },
        ['Values.employeeRate'],
      ],
      [
        { Kind: 'PagIbig', EffectiveFrom: '2099-01-01', Values: { ...pagibig, maxFundSalary: '-1.00' } },
        ['Values.maxFundSalary'],
      ],
      // Limits between figures and on rates.
      [{ Values: { ...philhealth, floor: '200000.00' }, EffectiveFrom: '2099-01-01' }, ['Values.floor']],
      [{ Values: { ...philhealth, rate: '5' }, EffectiveFrom: '2099-01-01' }, ['Values.rate']],
      [{ Kind: 'Sss', EffectiveFrom: '2099-02-01', Values: { ...sss, mscStep: '0.00' } }, ['Values.mscStep']],
      // Shape: a missing and an unknown figure.
      [
        { Values: { rate: '0.05', floor: '10000.00', extra: '1' }, EffectiveFrom: '2099-01-01' },
        ['Values.extra', 'Values.ceiling'],
      ],
      [{ Values: { ...philhealth, toString: '1' }, EffectiveFrom: '2099-01-01' }, ['Values.toString']],
      // Dates: today or before, not the first of a month, an edition already on that date.
      [{ EffectiveFrom: manilaToday(), Values: philhealth }, ['EffectiveFrom']],
      [{ EffectiveFrom: '2024-01-01', Values: philhealth }, ['EffectiveFrom']],
      [{ EffectiveFrom: '2099-01-15', Values: philhealth }, ['EffectiveFrom']],
      [{ Values: philhealth }, ['EffectiveFrom']], // `future` already has the company's PhilHealth edition
    ];
    for (const [body, codes] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCodes(res), JSON.stringify(body)).toEqual(codes);
    }
    const negative = await add({ EffectiveFrom: '2099-01-01', Values: { ...philhealth, rate: '-0.05' } });
    expect(negative.json().errors[0].Description).toMatch(/non-negative/);
    // A missing figure reads as every other missing field does (spec §5).
    const missing = await add({ EffectiveFrom: '2099-01-01', Values: { rate: '0.05', floor: '10000.00' } });
    expect(missing.json().errors).toEqual([
      { Code: 'Values.ceiling', Description: 'This field is required' },
    ]);
    expect((await tables()).Added).toHaveLength(3);
  });

  it('deletes an edition while it is in the future, never once it is in force', async () => {
    const pagibigRow = (await tables()).Added.find((r) => r.Kind === 'PagIbig')!;
    const del = await call(payroll, 'DELETE', `${BASE}/${pagibigRow.StatutoryRowId}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await tables()).Added.map((r) => r.Kind).sort()).toEqual(['PhilHealth', 'Sss']);
    expect((await call(payroll, 'DELETE', `${BASE}/${pagibigRow.StatutoryRowId}`)).statusCode).toBe(404);
    expect((await call(logisticsPayroll, 'DELETE', `${BASE}/${added.StatutoryRowId}`)).statusCode).toBe(404);

    // Time passes: the PhilHealth edition is now in force from March 2026 (moved back in the database, since the
    // API only takes future dates), so it can no longer be deleted.
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`UPDATE company_statutory_tables SET effective_from = DATE '2026-03-01' WHERE id = $1`, [
        added.StatutoryRowId,
      ]),
    );
    const inForce = await call(payroll, 'DELETE', `${BASE}/${added.StatutoryRowId}`);
    expect(inForce.statusCode).toBe(409);
    expect(inForce.json().type).toBe(ProblemTypes.invalidState);
    expect((await tables()).Added.find((r) => r.Kind === 'PhilHealth')?.CanDelete).toBe(false);
  });

  it('computes a period whose cut-off falls after the edition with it', async () => {
    const created = await call(payroll, 'POST', '/api/v1/payroll-periods', {
      Kind: 'Regular',
      Name: 'March 2026 1st cut-off',
      CutoffStart: '2026-03-01',
      CutoffEnd: '2026-03-15',
      PayDate: '2026-03-20',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().Id as string;
    const res = await call(payroll, 'POST', `/api/v1/payroll-periods/${id}/compute`, {
      RowVersion: created.json().RowVersion,
    });
    expect(res.statusCode, res.body).toBe(202);
    let period: PayrollPeriodDetail | undefined;
    for (let i = 0; i < 600 && period?.JobStatus !== 'Done'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      period = (await call(payroll, 'GET', `/api/v1/payroll-periods/${id}`)).json();
      expect(period!.JobStatus).not.toBe('Failed');
    }
    const list = await call(payroll, 'POST', `/api/v1/payroll-periods/${id}/payslips/list`, {
      PageSize: 500,
    });
    const item = (list.json().Items as PayslipListItem[]).find((p) => p.EmployeeId === worker)!;
    const slip = (
      await call(payroll, 'GET', `/api/v1/payroll-periods/payslips/${item.Id}`)
    ).json() as PayslipDetail;
    /*
     * The company's PhilHealth edition (6% instead of the engine's 5%), March 2026, monthly basic 30,000:
     *   premium 6% × 30,000 = 1,800, employee half 900, split equally over the two cut-offs = 450.00
     *   (the engine's own 5% table would give 375.00).
     */
    const shares = slip.Result!.employeeShares as Record<string, string>;
    expect(shares.philhealth).toBe('450.00');
    expect((slip.Result!.employerShares as Record<string, string>).philhealth).toBe('450.00');
    // SSS is unchanged: its company edition is still in the future.
    expect(shares.sss).toBe('750.00');
  });
});
