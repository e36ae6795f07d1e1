/**
 * Issue 10 §2: a company adds a future edition of a BIR table (withholding, annual income tax, benefits ceiling)
 * or of the de minimis ceilings; the server checks the brackets (order, continuity) and runs the engine before it
 * stores it, the settings page lists it, and compute withholds with it from its date. Through HTTP (PGlite by
 * default, PostgreSQL on request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayrollPeriodDetail, PayslipDetail, PayslipListItem, StatutoryTables } from '@hrpay/contracts';
import { manilaToday } from '../src/lib/manila.js';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';
import { insertWorkdays } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let companyId: string;
let worker: string;
const call = caller(() => t.app);
const BASE = '/api/v1/payroll/settings/statutory-tables';

/** 1 January of next year: always in the future. */
const nextYear = `${Number(manilaToday().slice(0, 4)) + 1}-01-01`;
const flat = (group: string, brackets: [string, string, string][]) =>
  Object.fromEntries(
    brackets.flatMap(([over, fixed, rate], i) => [
      [`${group}.${i}.over`, over],
      [`${group}.${i}.fixed`, fixed],
      [`${group}.${i}.rate`, rate],
    ]),
  );
// Continuous: 0.15 × (400,000 − 250,000) = 22,500; 22,500 + 0.20 × 400,000 = 102,500.
const annual: [string, string, string][] = [
  ['0.00', '0.00', '0'],
  ['250000.00', '0.00', '0.15'],
  ['400000.00', '22500.00', '0.20'],
  ['800000.00', '102500.00', '0.25'],
];
// Semi-monthly: 10% above 10,000, then 20% above 20,000 (fixed 0.10 × 10,000 = 1,000).
const semiMonthly: [string, string, string][] = [
  ['0.00', '0.00', '0'],
  ['10000.00', '0.00', '0.10'],
  ['20000.00', '1000.00', '0.20'],
];
const withholding = {
  ...flat('daily', [
    ['0.00', '0.00', '0'],
    ['700.00', '0.00', '0.15'],
  ]),
  ...flat('weekly', [
    ['0.00', '0.00', '0'],
    ['5000.00', '0.00', '0.15'],
  ]),
  ...flat('semi-monthly', semiMonthly),
  ...flat('monthly', [
    ['0.00', '0.00', '0'],
    ['20000.00', '0.00', '0.10'],
    ['40000.00', '2000.00', '0.20'],
  ]),
};
const add = (body: object) =>
  call(payroll, 'POST', BASE, { Kind: 'AnnualTax', EffectiveFrom: nextYear, Source: 'Test RR', ...body });
const tables = async () => {
  const res = await call(payroll, 'GET', BASE);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StatutoryTables;
};

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    const [c] = await tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = $1`, [
      demo.payroll.email,
    ]);
    companyId = c!.company_id;
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
              basic_rate, tin, sss_number, philhealth_number, pagibig_number, bank_name, bank_account_number)
       VALUES ($1, $2, 'BT-0001', 'Bea', 'Tax', DATE '2025-01-02', 'Monthly', 30000, '123-456-789-001',
               '34-1234567-9', '12-345678901-3', '1234-5678-9013', 'BDO Unibank', '001299990002') RETURNING id`,
      [payroll.tenantId, companyId],
    );
    worker = e!.id;
    await insertWorkdays(tx, payroll.tenantId, companyId, worker, '2026-03-02', '2026-03-13');
  });
});
afterAll(() => t?.close());

describe('BIR and de minimis tables added by the company', () => {
  it('accepts an annual tax edition for next year and lists it with the engine tables', async () => {
    const before = await tables();
    const res = await add({ Values: flat('brackets', annual) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ Kind: 'AnnualTax', EffectiveFrom: nextYear, CanDelete: true });
    expect(res.json().Values).toEqual(flat('brackets', annual));

    const after = await tables();
    expect(after.AnnualTax[0]).toEqual({
      effectiveFrom: nextYear,
      source: 'Test RR',
      brackets: annual.map(([over, fixed, rate]) => ({ over, fixed, rate })),
    });
    expect(after.AnnualTax.slice(1)).toEqual(before.AnnualTax);
  });

  it('accepts a benefits ceiling and de minimis edition, keeping each benefit’s period', async () => {
    const ceiling = await add({ Kind: 'BenefitsCeiling', Values: { ceiling: '150000.00' } });
    expect(ceiling.statusCode, ceiling.body).toBe(201);
    const before = await tables();
    const inForce = before.DeMinimis[0] as { ceilings: Record<string, { amount: string; per: string }> };
    const values = {
      ...Object.fromEntries(Object.entries(inForce.ceilings).map(([k, c]) => [k, c.amount])),
      riceSubsidy: '3000.00',
      overtimeMealShareOfMinimumWage: '0.35',
    };
    const res = await add({ Kind: 'DeMinimis', Values: values });
    expect(res.statusCode, res.body).toBe(201);
    const after = await tables();
    expect(after.BenefitsCeiling[0]).toMatchObject({ effectiveFrom: nextYear, ceiling: '150000.00' });
    expect(after.DeMinimis[0]).toMatchObject({
      effectiveFrom: nextYear,
      overtimeMealShareOfMinimumWage: '0.35',
      ceilings: { ...inForce.ceilings, riceSubsidy: { amount: '3000.00', per: 'month' } },
    });
  });

  it('refuses unsorted, non-continuous or malformed brackets, naming the field', async () => {
    const on = '2099-01-01';
    const swap = annual.map((b) => [...b] as [string, string, string]);
    swap[2]![0] = '200000.00'; // below the bracket before
    const cases: [object, string[]][] = [
      // Out of order; the bracket after it is then measured from the lower floor, so it is not continuous.
      [{ Values: flat('brackets', swap) }, ['Values.brackets.2.over', 'Values.brackets.3.fixed']],
      [
        { Values: { ...flat('brackets', annual), 'brackets.3.fixed': '102000.00' } },
        ['Values.brackets.3.fixed'],
      ],
      [{ Values: { ...flat('brackets', annual), 'brackets.0.over': '1.00' } }, ['Values.brackets.0.over']],
      [{ Values: { ...flat('brackets', annual), 'brackets.1.rate': '1.5' } }, ['Values.brackets.1.rate']],
      // The engine's own parse, mapped back to the bracket's figure.
      [
        { Values: { ...flat('brackets', annual), 'brackets.2.fixed': '22,500' } },
        ['Values.brackets.2.fixed'],
      ],
      // Shape: a gap in the brackets, a figure that is not one.
      [
        { Values: { ...flat('brackets', annual), 'brackets.5.over': '9000000.00' } },
        [
          'Values.brackets.4.over',
          'Values.brackets.4.fixed',
          'Values.brackets.4.rate',
          'Values.brackets.5.fixed',
          'Values.brackets.5.rate',
        ],
      ],
      [{ Values: { ...flat('brackets', annual), 'brackets.1.cap': '1' } }, ['Values.brackets.1.cap']],
      [
        { Kind: 'Withholding', Values: { ...withholding, 'semi-monthly.2.fixed': '999.99' } },
        ['Values.semi-monthly.2.fixed'],
      ],
      [{ Kind: 'BenefitsCeiling', Values: { ceiling: '-1.00' } }, ['Values.ceiling']],
      // An edition already on that date.
      [{ Values: flat('brackets', annual), EffectiveFrom: nextYear }, ['EffectiveFrom']],
    ];
    for (const [body, codes] of cases) {
      const res = await add({ EffectiveFrom: on, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCodes(res), JSON.stringify(body)).toEqual(codes);
    }
    const gap = await add({
      EffectiveFrom: on,
      Kind: 'Withholding',
      Values: { ...withholding, 'semi-monthly.2.fixed': '999.99' },
    });
    expect(gap.json().errors[0].Description).toMatch(/1,?000\.00/);
    expect((await tables()).Added).toHaveLength(3);
  });

  it('withholds with a withholding edition in a period after its date', async () => {
    const res = await add({ Kind: 'Withholding', Values: withholding });
    expect(res.statusCode, res.body).toBe(201);
    // Time passes: in force from March 2026 (moved back in the database; the API only takes future dates).
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(`UPDATE company_statutory_tables SET effective_from = DATE '2026-03-01' WHERE id = $1`, [
        res.json().StatutoryRowId,
      ]),
    );
    const created = await call(payroll, 'POST', '/api/v1/payroll-periods', {
      Kind: 'Regular',
      Name: 'March 2026 1st cut-off',
      CutoffStart: '2026-03-01',
      CutoffEnd: '2026-03-15',
      PayDate: '2026-03-20',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().Id as string;
    const computed = await call(payroll, 'POST', `/api/v1/payroll-periods/${id}/compute`, {
      RowVersion: created.json().RowVersion,
    });
    expect(computed.statusCode, computed.body).toBe(202);
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
    const result = slip.Result as Record<string, unknown>;
    const ee = result.employeeShares as Record<string, string>;
    /*
     * Semi-monthly basic 15,000 less the employee's SSS 750.00, PhilHealth 375.00 and Pag-IBIG 100.00
     * = 13,775.00 taxable, in the edition's second bracket: 10% × (13,775 − 10,000) = 377.50
     * (the engine's own table: 15% × (13,775 − 10,417) = 503.70).
     */
    expect([ee.sss, ee.philhealth, ee.pagibig]).toEqual(['750.00', '375.00', '100.00']);
    expect(result.taxableBase).toBe('13775.00');
    expect(result.withholdingTax).toBe('377.50');
  });
});
