/**
 * Pay held back from a finalised period is released later: the release is recorded once a payslip, the
 * period's own bank file does not change, and the bank file of the day's releases pays exactly the released
 * payslips on that day. Before this, a finalised period's held pay could never be paid.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIsoDate } from '@hrpay/contracts';
import type { Tx } from '../src/db/database.js';
import { manilaToday, addDays } from '../src/lib/manila.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let hr: Session;
let tenantId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const base = '/api/v1/payroll-periods';
const BANK = '/api/v1/payroll/reports/bank-file';
const REGISTER = '/api/v1/payroll/reports/register';
let staff: { id: string; number: string }[];
let finalised: { periodId: string; payslipIds: string[] };
let approved: { periodId: string; payslipIds: string[] };
const today = manilaToday();
const slips = ['30000.00', '45000.00', '25000.00'].map((rate) =>
  semiMonthlySlip('2026-10-01', '2026-10-15', rate),
);

/** A payslip of the finalised period by its employee's number order (the dashboard lists by number). */
const staffOrder = (payslipId: string) => {
  const i = finalised.payslipIds.indexOf(payslipId);
  return staff
    .map((s) => s.number)
    .sort()
    .indexOf(staff[i]!.number);
};
const rowsOf = (csv: string) =>
  Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  hr = await signIn(t.app, demo.hr);
  tenantId = payroll.tenantId;
  const [me] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE lower(email) = $1`, [
      demo.payroll.email,
    ]),
  );
  // The second (held, then released) is the demo employee, who reads the payslip in the portal.
  staff = (
    await asTenant((tx) =>
      tx.query<{ id: string; employee_number: string }>(
        `SELECT e.id, e.employee_number FROM employees e LEFT JOIN users u ON u.employee_id = e.id
          WHERE e.company_id = $1 AND e.separation_date IS NULL
          ORDER BY (lower(u.email) = $2) IS TRUE DESC, e.employee_number LIMIT 3`,
        [me!.company_id, demo.employee.email],
      ),
    )
  ).map((r) => ({ id: r.id, number: r.employee_number }));
  staff = [staff[1]!, staff[0]!, staff[2]!];
  // The first employee is paid with the period; the second and third are held back.
  finalised = await insertPeriod(asTenant, tenantId, {
    companyId: me!.company_id,
    name: 'Oct 1-15 2026',
    start: '2026-10-01',
    end: '2026-10-15',
    status: 'Finalised',
    payslips: staff.map((s, i) => ({
      employeeId: s.id,
      payslip: slips[i]!,
      status: i === 0 ? 'Included' : 'Held',
    })),
  });
  approved = await insertPeriod(asTenant, tenantId, {
    companyId: me!.company_id,
    name: 'Oct 16-31 2026',
    start: '2026-10-16',
    end: '2026-10-31',
    status: 'Approved',
    payslips: [
      { employeeId: staff[1]!.id, payslip: semiMonthlySlip('2026-10-16', '2026-10-31'), status: 'Held' },
    ],
  });
});
afterAll(() => t?.close());

describe('releasing held pay of a finalised period', () => {
  it('refuses what is not held pay of a closed period, and callers outside the company', async () => {
    const [included, held] = finalised.payslipIds as [string, string, string];
    const notHeld = await call(payroll, 'POST', `${base}/payslips/${included}/release`, {});
    expect(notHeld.statusCode, notHeld.body).toBe(409);
    expect(notHeld.json().detail).toContain('was not held back in Oct 1-15 2026');

    const open = await call(payroll, 'POST', `${base}/payslips/${approved.payslipIds[0]}/release`, {});
    expect(open.statusCode, open.body).toBe(409);
    expect(open.json().detail).toContain('released once the period is finalised');

    // Another company of the tenant answers as if the payslip did not exist; HR may not release pay.
    expect((await call(logisticsPayroll, 'POST', `${base}/payslips/${held}/release`, {})).statusCode).toBe(
      404,
    );
    expect((await call(hr, 'POST', `${base}/payslips/${held}/release`, {})).statusCode).toBe(403);
    const unknown = await call(payroll, 'POST', `${base}/payslips/${held}/release`, { ReleasedOn: today });
    expect(unknown.statusCode, unknown.body).toBe(400);

    const [{ n }] = (await asTenant((tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM payslip_releases`),
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('releases once, pays the released pay by its own bank file, and leaves the period as it was', async () => {
    const [, held, stillHeld] = finalised.payslipIds as [string, string, string];
    const before = (await call(payroll, 'GET', `${base}/${finalised.periodId}`)).json();
    const periodFile = await call(payroll, 'GET', `${BANK}?PayrollPeriodId=${finalised.periodId}`);
    expect(periodFile.statusCode, periodFile.body).toBe(200);
    // Nothing released yet: there is no file for today.
    const none = await call(
      payroll,
      'GET',
      `${BANK}?PayrollPeriodId=${finalised.periodId}&ReleasedOn=${today}`,
    );
    expect(none.statusCode, none.body).toBe(404);
    expect(none.json().detail).toBe(
      `No held pay of Oct 1-15 2026 was released on ${formatIsoDate(today)}: release it from the payslip first.`,
    );

    // The employee sees the pay on hold.
    const portalRow = async () =>
      (await call('employee', 'GET', '/api/v1/portal/payslips'))
        .json()
        .Items.find((i: { PayrollPeriodId: string }) => i.PayrollPeriodId === finalised.periodId);
    expect(await portalRow()).toMatchObject({ PayHeld: true, ReleasedOn: null });
    // The payroll dashboard lists the closed period's held pay still owed (not the approved period's hold).
    const heldPay = async () =>
      (
        (await call(payroll, 'GET', '/api/v1/payroll/dashboard')).json().HeldPay as { PayslipId: string }[]
      ).map((h) => h.PayslipId);
    expect(await heldPay()).toEqual([held, stillHeld].sort((a, b) => staffOrder(a) - staffOrder(b)));

    const res = await call(payroll, 'POST', `${base}/payslips/${held}/release`, {
      Remarks: 'Clearance signed',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Id: held,
      Status: 'Held',
      ReleasedOn: today,
      NetPay: slips[1]!.netPay,
    });
    expect(await portalRow()).toMatchObject({ Id: held, PayHeld: true, ReleasedOn: today });
    expect(await heldPay()).toEqual([stillHeld]);
    const again = await call(payroll, 'POST', `${base}/payslips/${held}/release`, {});
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toContain(`already released on ${formatIsoDate(today)}`);

    // The review list says which held payslip was released.
    const list = (await call(payroll, 'POST', `${base}/${finalised.periodId}/payslips/list`, {})).json();
    const releasedOn = Object.fromEntries(
      list.Items.map((i: { Id: string; ReleasedOn: string | null }) => [i.Id, i.ReleasedOn]),
    );
    expect(releasedOn).toEqual({ [finalised.payslipIds[0]!]: null, [held]: today, [stillHeld]: null });

    // Today's file pays the released payslip alone, its net pay, credited today.
    const file = await call(
      payroll,
      'GET',
      `${BANK}?PayrollPeriodId=${finalised.periodId}&ReleasedOn=${today}`,
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['x-bank-file-count']).toBe('1');
    expect(file.headers['x-bank-file-total']).toBe(slips[1]!.netPay);
    expect(file.headers['content-disposition']).toContain(`held-pay-released-${today}`);
    const [, ...payees] = rowsOf(file.body);
    expect(payees).toHaveLength(1);
    expect(payees[0]![2]).toBe(slips[1]!.netPay);
    expect(payees[0]![3]).toBe('Held pay Oct 1-15 2026');
    const bdo = await call(
      payroll,
      'GET',
      `${BANK}?PayrollPeriodId=${finalised.periodId}&ReleasedOn=${today}&Bank=bdo&CompanyCode=ABC&CompanyAccount=001234567890&Batch=2`,
    );
    expect(bdo.statusCode, bdo.body).toBe(200);
    expect(bdo.body).toContain(today.replace(/-/g, '').slice(2)); // the credit date is the release day
    expect(bdo.body).not.toContain('2026-10-20'.replace(/-/g, '').slice(2));
    // No other day's file, and the period's own file is unchanged (the released pay is not paid twice).
    const yesterday = await call(
      payroll,
      'GET',
      `${BANK}?PayrollPeriodId=${finalised.periodId}&ReleasedOn=${addDays(today, -1)}`,
    );
    expect(yesterday.statusCode).toBe(404);
    expect((await call(payroll, 'GET', `${BANK}?PayrollPeriodId=${finalised.periodId}`)).body).toBe(
      periodFile.body,
    );

    // The register says it; the period's figures and version stay as they were.
    const register = await call(
      payroll,
      'GET',
      `${REGISTER}?PayrollPeriodId=${finalised.periodId}&Format=csv`,
    );
    const [header, ...rows] = rowsOf(register.body);
    const status = header!.indexOf('Pay status');
    expect(rows.map((r) => [r[0], r[status]])).toEqual(
      expect.arrayContaining([
        [staff[0]!.number, 'Released'],
        [staff[1]!.number, `Held; released ${formatIsoDate(today)}`],
        [staff[2]!.number, 'Held'],
      ]),
    );
    const after = (await call(payroll, 'GET', `${base}/${finalised.periodId}`)).json();
    expect(after.Totals).toEqual(before.Totals);
    expect(after.RowVersion).toBe(before.RowVersion);

    // Who released it, when and why, in the audit trail.
    const audit = await asTenant((tx) =>
      tx.query<{ after: Record<string, unknown> }>(
        `SELECT after FROM audit_log WHERE entity = 'payslip' AND entity_id = $1`,
        [held],
      ),
    );
    expect(audit.map((a) => a.after)).toEqual([
      expect.objectContaining({ ReleasedOn: today, Remarks: 'Clearance signed', NetPay: slips[1]!.netPay }),
    ]);
  });

  it("credits pay released before the period's pay date on that pay date, not earlier", async () => {
    const [me] = await asTenant((tx) =>
      tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE lower(email) = $1`, [
        demo.payroll.email,
      ]),
    );
    // Paid on 20 January of next year (the fixture's five days after the cut-off), so always after today, and
    // released today.
    const next = Number(today.slice(0, 4)) + 1;
    const ahead = await insertPeriod(asTenant, tenantId, {
      companyId: me!.company_id,
      name: `Jan 1-15 ${next}`,
      start: `${next}-01-01`,
      end: `${next}-01-15`,
      status: 'Finalised',
      payslips: [
        {
          employeeId: staff[2]!.id,
          payslip: semiMonthlySlip(`${next}-01-01`, `${next}-01-15`),
          status: 'Held',
        },
      ],
    });
    const res = await call(payroll, 'POST', `${base}/payslips/${ahead.payslipIds[0]}/release`, {});
    expect(res.statusCode, res.body).toBe(200);
    const bdo = await call(
      payroll,
      'GET',
      `${BANK}?PayrollPeriodId=${ahead.periodId}&ReleasedOn=${today}&Bank=bdo&CompanyCode=ABC&CompanyAccount=001234567890`,
    );
    expect(bdo.statusCode, bdo.body).toBe(200);
    expect(bdo.body).toContain(`${String(next).slice(2)}0120`);
    expect(bdo.body).not.toContain(today.replace(/-/g, '').slice(2));
  });

  it('takes a bad release day as a 400 naming the field', async () => {
    const res = await call(
      payroll,
      'GET',
      `${BANK}?PayrollPeriodId=${finalised.periodId}&ReleasedOn=2026-13-01`,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('ReleasedOn');
  });
});
