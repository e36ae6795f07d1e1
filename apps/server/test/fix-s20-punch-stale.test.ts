/**
 * A computed period whose cut-off's punches changed after their attendance was stored (sweep S20), through HTTP
 * (PGlite by default, PostgreSQL on request): payroll pays the stored attendance, so HR adding, correcting or
 * deleting a punch of a day of the cut-off, or importing a punch file with punches of it, after that day was
 * stored makes the period stale (StaleReason 'punches': approve refuses it) until HR stores the attendance of the
 * cut-off again and it is computed again. A punch outside the cut-off, or another company's punch, does not.
 * Figures worked by hand from ../shared/ph-payroll/REFERENCE.md.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TimeLog } from '@hrpay/contracts';
import {
  demoCompanyAndDayShift,
  hireOnDayShift,
  insertDayPunches,
  OCTOBER_2026_1ST_CUTOFF as OCTOBER,
  OCTOBER_2026_1ST_CUTOFF_WORKDAYS as OCTOBER_WORKDAYS,
} from './payroll-fixtures.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { amountOf, payrollApi } from './payroll-api.js';
import { punchImports } from './punch-imports.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
let logisticsHr: Session;
let companyId: string;
let dayShift: string;
let worker: string;
let logisticsWorker: string;

const call = caller(() => t.app);
const {
  get,
  compute,
  computedPeriod,
  payslipOf,
  approve,
  refusedAsStale,
  storedAgainAndComputed,
  removeUnfinalisedPeriods,
} = payrollApi(
  () => t,
  () => payroll,
);
const imports = punchImports(() => t);

const TIMELOGS = '/api/v1/timelogs';
const PUNCHES_MESSAGE =
  'Punches of a day of this cut-off were added, changed or deleted after the attendance of that day was stored, and the stored attendance keeps them as they were: HR must store the attendance of the days of the cut-off again, then compute the period again before approving.';

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
  logisticsHr = await signIn(t.app, demo.logisticsHr);
  await t.db.withTenant(payroll.tenantId, async (tx) => {
    ({ companyId, dayShift } = await demoCompanyAndDayShift(tx));
    // Another user approves what payroll computed only when the settings say so: not here.
    await tx.query(`UPDATE payroll_settings SET approver_must_differ = false WHERE company_id = $1`, [
      companyId,
    ]);
    // Daily paid, on the Day Shift (08:00-17:00, rest Saturday and Sunday), hired before the cut-off.
    worker = await hireOnDayShift(tx, payroll.tenantId, companyId, dayShift, {
      number: 'PS-0001',
      firstName: 'Punch',
      lastName: 'Stale',
      rateType: 'Daily',
      rate: 695,
      bankAccountNumber: '001299990303',
    });
    // 08:00-17:00 on every workday of the cut-off but Friday 9 October.
    const punched = OCTOBER_WORKDAYS.filter((d) => d !== '2026-10-09');
    await insertDayPunches(tx, payroll.tenantId, companyId, worker, punched);
    // An employee of Demo Logistics Corp., the tenant's other company.
    const [l] = await tx.query<{ id: string }>(
      `SELECT e.id FROM employees e JOIN users u ON u.tenant_id = e.tenant_id AND u.company_id = e.company_id
        WHERE u.email = $1 ORDER BY e.employee_number LIMIT 1`,
      [demo.logisticsHr.email],
    );
    logisticsWorker = l!.id;
  });
});
afterAll(() => t?.close());
// Each test's period is its own.
afterEach(() => removeUnfinalisedPeriods());

/** HR stores the attendance of the whole cut-off (Time Logs › Attendance › Store for payroll). */
async function store() {
  const res = await call(hr, 'POST', `${TIMELOGS}/attendance/store`, {
    DateFrom: OCTOBER.CutoffStart,
    DateTo: OCTOBER.CutoffEnd,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The cut-off stored, then a period of it computed: not stale. */
async function storedAndComputed(): Promise<string> {
  await store();
  const id = await computedPeriod(OCTOBER);
  expect(await get(id)).toMatchObject({ StaleReason: null, NeedsRecompute: false, CanApprove: true });
  return id;
}

async function addPunch(body: object, who = hr): Promise<TimeLog> {
  const res = await call(who, 'POST', TIMELOGS, { Reason: 'Forgot to punch', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function changePunch(p: TimeLog, change: object, who = hr): Promise<TimeLog> {
  const res = await call(who, 'PUT', `${TIMELOGS}/${p.TimeLogId}`, {
    EmployeeId: p.EmployeeId,
    PunchedAt: p.PunchedAt.replace('T', ' ').slice(0, 16),
    Direction: p.Direction,
    RowVersion: p.RowVersion,
    Reason: 'Corrected from the logbook',
    ...change,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function deletePunch(p: TimeLog) {
  const res = await call(hr, 'DELETE', `${TIMELOGS}/${p.TimeLogId}`, { Reason: 'Entered twice' });
  expect(res.statusCode, res.body).toBe(200);
}

const staleOf = async (id: string) => (await get(id)).StaleReason;

const refused = (id: string) => refusedAsStale(id, 'punches', PUNCHES_MESSAGE);
const storeAndCompute = (id: string) => storedAgainAndComputed(id, store);

describe('a computed period whose cut-off gets a punch after its attendance was stored', () => {
  it('is stale for a punch added in its cut-off, not outside it, until stored again and computed', async () => {
    const id = await storedAndComputed();
    /*
     * ₱695.00 a day: ten of the eleven workdays worked (9 October has no punch: absent, not paid),
     * 10 × 695.00 = 6,950.00.
     */
    const before = await payslipOf(id, worker);
    expect(before.Gross).toBe('6950.00');

    // Punches of 20 October: not this cut-off's (nor the night before one of its days).
    const outside = await addPunch({ EmployeeId: worker, PunchedAt: '2026-10-20 08:00', Direction: 'In' });
    await changePunch(outside, { PunchedAt: '2026-10-20 08:05' });
    expect(await get(id)).toMatchObject({ StaleReason: null, NeedsRecompute: false, CanApprove: true });

    // HR enters the forgotten punches of Friday 9 October.
    await addPunch({ EmployeeId: worker, PunchedAt: '2026-10-09 08:00', Direction: 'In' });
    await refused(id);
    await addPunch({ EmployeeId: worker, PunchedAt: '2026-10-09 17:00', Direction: 'Out' });

    // Computed again without storing: the stored 9 October is still an absence, the pay the same, still stale.
    await compute(id);
    await refused(id);
    expect((await payslipOf(id, worker)).Gross).toBe('6950.00');

    /*
     * Stored again and computed: 9 October is worked too, 11 × 695.00 = 7,645.00 (BASIC), 695.00 more.
     */
    await storeAndCompute(id);
    const after = await payslipOf(id, worker);
    expect(after.Gross).toBe('7645.00');
    expect(amountOf(after, 'BASIC')).toBe('7645.00');
    await approve(id);
  });

  it('is stale for a punch corrected or deleted in its cut-off, and for a night punch of the day after it', async () => {
    const extra = await addPunch({ EmployeeId: worker, PunchedAt: '2026-10-13 12:10', Direction: 'Unknown' });
    const id = await storedAndComputed();
    // Corrected: 13 October.
    const moved = await changePunch(extra, { PunchedAt: '2026-10-13 12:20' });
    await refused(id);
    await storeAndCompute(id);
    // Corrected into another day outside the cut-off: the day it left is this cut-off's.
    const away = await changePunch(moved, { PunchedAt: '2026-10-21 12:20' });
    await refused(id);
    await storeAndCompute(id);
    // Deleted outside the cut-off: nothing of it.
    await deletePunch(away);
    expect(await staleOf(id)).toBeNull();
    // Early on 16 October: a night shift of 15 October ends then (the day the punch belongs to may be the 15th).
    const night = await addPunch({ EmployeeId: worker, PunchedAt: '2026-10-16 06:30', Direction: 'Out' });
    await refused(id);
    await storeAndCompute(id);
    // Deleted in the cut-off's reach.
    await deletePunch(night);
    await refused(id);
    await storeAndCompute(id);
    await approve(id);
  });

  it("is not stale for another company's punch, nor for one made before the store", async () => {
    await addPunch({ EmployeeId: worker, PunchedAt: '2026-10-14 12:00', Direction: 'Unknown' });
    const id = await storedAndComputed();
    // Demo Logistics Corp.'s HR punches its own employee on 7 October.
    const theirs = await addPunch(
      { EmployeeId: logisticsWorker, PunchedAt: '2026-10-07 08:00', Direction: 'In' },
      logisticsHr,
    );
    await changePunch(theirs, { PunchedAt: '2026-10-07 08:10' }, logisticsHr);
    expect(await get(id)).toMatchObject({ StaleReason: null, NeedsRecompute: false, CanApprove: true });
    await approve(id);
  });

  it('is stale for a punch file imported with punches of its cut-off, not for one without', async () => {
    const id = await storedAndComputed();
    // A file of 22 October only: not this cut-off's.
    const later = await imports.importFile(
      hr,
      's20-later.csv',
      [
        'EmployeeNumber,DateTime,Direction',
        'PS-0001,2026-10-22 08:00,In',
        'PS-0001,2026-10-22 17:00,Out',
      ].join('\n'),
    );
    expect(later).toMatchObject({ Status: 'Committed', Added: 2 });
    expect(await staleOf(id)).toBeNull();
    // A file with a punch of 12 October.
    const file = await imports.importFile(
      hr,
      's20-punches.csv',
      [
        'EmployeeNumber,DateTime,Direction',
        'PS-0001,2026-10-12 12:30,Unknown',
        'PS-0001,2026-10-23 08:00,In',
      ].join('\n'),
    );
    expect(file).toMatchObject({ Status: 'Committed', Added: 2 });
    await refused(id);
    await storeAndCompute(id);
    await approve(id);
  });
});
