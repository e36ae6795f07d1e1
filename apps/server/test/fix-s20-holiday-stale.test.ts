/**
 * A computed period whose cut-off's holidays changed after its compute (sweep S20), through HTTP (PGlite by
 * default, PostgreSQL on request): HR adding, moving, retyping or deleting a holiday on a date of the cut-off
 * makes the period stale (StaleReason 'holiday': approve refuses it) until HR stores the attendance of the
 * cut-off again (the stored days keep the day type they were stored with: computing alone pays the old day) and
 * it is computed again. A holiday outside the cut-off, a new name, a draft, or another company's holiday do not.
 * Figures worked by hand from ../shared/ph-payroll/REFERENCE.md.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Holiday } from '@hrpay/contracts';
import {
  demoCompanyAndDayShift,
  hireOnDayShift,
  insertDayPunches,
  OCTOBER_2026_1ST_CUTOFF as OCTOBER,
  OCTOBER_2026_1ST_CUTOFF_WORKDAYS as OCTOBER_WORKDAYS,
} from './payroll-fixtures.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { amountOf, payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
let logisticsHr: Session;
let companyId: string;
let dayShift: string;
let location: string;
let worker: string;

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

const HOLIDAYS = '/api/v1/holidays';
const HOLIDAY_MESSAGE =
  'A holiday on a day of this cut-off was added, moved, retyped or deleted after the period was computed or after the attendance of that day was stored, and the stored attendance keeps the day as it was: HR must store the attendance of the days of the cut-off again, then compute the period again before approving.';

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
    const [l] = await tx.query<{ id: string }>(
      `INSERT INTO work_locations (tenant_id, company_id, name) VALUES ($1, $2, 'S20 Iloilo Branch') RETURNING id`,
      [payroll.tenantId, companyId],
    );
    location = l!.id;
    // Daily paid at the branch, on the Day Shift (08:00-17:00, rest Saturday and Sunday), hired before the cut-off.
    worker = await hireOnDayShift(tx, payroll.tenantId, companyId, dayShift, {
      number: 'HS-0001',
      firstName: 'Holiday',
      lastName: 'Stale',
      rateType: 'Daily',
      rate: 695,
      workLocationId: location,
      bankAccountNumber: '001299990302',
    });
    // 08:00-17:00 on every workday of the cut-off.
    await insertDayPunches(tx, payroll.tenantId, companyId, worker, OCTOBER_WORKDAYS);
  });
  await store();
});
afterAll(() => t?.close());
// Each test's period is its own.
afterEach(() => removeUnfinalisedPeriods());

/** HR stores the attendance of the whole cut-off (Time Logs › Attendance › Store for payroll). */
async function store() {
  const res = await call(hr, 'POST', '/api/v1/timelogs/attendance/store', {
    DateFrom: OCTOBER.CutoffStart,
    DateTo: OCTOBER.CutoffEnd,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function addHoliday(body: object, who = hr): Promise<Holiday> {
  const res = await call(who, 'POST', HOLIDAYS, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function changeHoliday(h: Holiday, change: Partial<Holiday>, who = hr): Promise<Holiday> {
  const res = await call(who, 'PUT', `${HOLIDAYS}/${h.HolidayId}`, { ...h, ...change });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function deleteHoliday(h: Holiday) {
  const res = await call(hr, 'DELETE', `${HOLIDAYS}/${h.HolidayId}`);
  expect(res.statusCode, res.body).toBe(200);
}

const staleOf = async (id: string) => (await get(id)).StaleReason;

const refused = (id: string) => refusedAsStale(id, 'holiday', HOLIDAY_MESSAGE);
const storeAndCompute = (id: string) => storedAgainAndComputed(id, store);

describe('a computed period whose cut-off gets a holiday', () => {
  it('is stale for a local holiday added in its cut-off, not outside it, until stored again and computed', async () => {
    const id = await computedPeriod(OCTOBER);
    expect(await get(id)).toMatchObject({ StaleReason: null, CanApprove: true });
    /*
     * ₱695.00 a day, 8 hours: eleven ordinary workdays worked, 11 × 695.00 = 7,645.00.
     */
    const before = await payslipOf(id, worker);
    expect(before.Gross).toBe('7645.00');
    expect(amountOf(before, 'PREM_SH')).toBeUndefined();

    // The day after the cut-off: not this period's.
    await addHoliday({
      Date: '2026-10-16',
      Name: 'S20 Outside Day',
      Type: 'SpecialNonWorking',
      WorkLocationId: location,
    });
    expect(await get(id)).toMatchObject({ StaleReason: null, NeedsRecompute: false, CanApprove: true });

    // The branch's charter day on Friday 9 October, which the employee worked.
    await addHoliday({
      Date: '2026-10-09',
      Name: 'S20 Charter Day',
      Type: 'SpecialNonWorking',
      WorkLocationId: location,
    });
    await refused(id);

    // Computed again without storing: the stored 9 October is still an ordinary day, the pay the same, still stale.
    await compute(id);
    await refused(id);
    const computedOnly = await payslipOf(id, worker);
    expect(computedOnly.Gross).toBe('7645.00');
    expect(amountOf(computedOnly, 'PREM_SH')).toBeUndefined();

    /*
     * Stored again and computed: 9 October is a special non-working day worked, 8 h at 130% of the daily rate
     * (REFERENCE §5.1): 695.00 × 1.30 = 903.50 (PREM_SH), the ten ordinary days 10 × 695.00 = 6,950.00 (BASIC).
     * Gross 6,950.00 + 903.50 = 7,853.50, 208.50 more than before.
     */
    await storeAndCompute(id);
    const after = await payslipOf(id, worker);
    expect(after.Gross).toBe('7853.50');
    expect(amountOf(after, 'BASIC')).toBe('6950.00');
    expect(amountOf(after, 'PREM_SH')).toBe('903.50');
    await approve(id);
  });

  it('is stale for a holiday moved into its cut-off, and for one deleted in it; not for a new name', async () => {
    const outside = await addHoliday({
      Date: '2026-10-19',
      Name: 'S20 Moved Day',
      Type: 'SpecialNonWorking',
      WorkLocationId: location,
    });
    await store();
    const id = await computedPeriod(OCTOBER);
    expect(await staleOf(id)).toBeNull();

    // A new name of a holiday in the cut-off pays the same.
    const charter = (await call(hr, 'POST', `${HOLIDAYS}/list`, { PageSize: 500 }))
      .json()
      .Items.find((h: Holiday) => h.Name === 'S20 Charter Day') as Holiday;
    await changeHoliday(charter, { Name: 'S20 Charter Day (renamed)' });
    expect(await staleOf(id)).toBeNull();
    // Moved from 19 to 14 October: into the cut-off.
    const moved = await changeHoliday(outside, { Date: '2026-10-14' });
    await refused(id);
    await storeAndCompute(id);
    // Deleted in the cut-off.
    await deleteHoliday(moved);
    await refused(id);
    await storeAndCompute(id);
    await approve(id);
  });

  it("is not stale for another company's holiday, nor for a draft until it is confirmed", async () => {
    const id = await computedPeriod(OCTOBER);
    // Demo Logistics Corp., the tenant's other company: its own holiday on 12 October, added and moved.
    const theirs = await addHoliday(
      { Date: '2026-10-12', Name: 'S20 Logistics Day', Type: 'Regular' },
      logisticsHr,
    );
    await changeHoliday(theirs, { Date: '2026-10-13' }, logisticsHr);
    expect(await get(id)).toMatchObject({ StaleReason: null, CanApprove: true });

    // A draft is not paid; confirmed, it is.
    const draft = await addHoliday({
      Date: '2026-10-13',
      Name: 'S20 Draft Day',
      Type: 'Regular',
      IsDraft: true,
    });
    expect(await staleOf(id)).toBeNull();
    await changeHoliday(draft, { IsDraft: false });
    await refused(id);
    await storeAndCompute(id);
    await approve(id);
  });
});
