/**
 * The dates inside a refusal's text read as people in the Philippines read them ("Dec 14, 2026"), not as ISO
 * dates: the web shows the server's detail and each validation item's Description verbatim (spec §8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type LeaveType } from '@hrpay/contracts';
import { makeEmployee } from './factories.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

let t: TestApp;
let hr: Session;
let payroll: Session;
let lwop: string;
let dayShiftId: string;

const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  payroll = await signIn(t.app, demo.payroll);
  const types = (await call(hr, 'POST', '/api/v1/leave-types/list', { PageSize: 100 })).json().Items;
  lwop = (types as LeaveType[]).find((x) => x.Code === 'LWOP')!.LeaveTypeId;
  const [juan] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ shift_id: string }>(`SELECT shift_id FROM employees WHERE employee_number = 'DM-0004'`),
  );
  dayShiftId = juan!.shift_id; // Day Shift, 08:00-17:00, Monday to Friday
});
afterAll(() => t?.close());

/** The texts a user reads of a problem: its detail and each validation item's Description. */
const texts = (res: { json(): { detail?: string; errors?: { Description: string }[] } }) => [
  res.json().detail ?? '',
  ...(res.json().errors ?? []).map((e) => e.Description),
];

describe('dates in refusals', () => {
  it('an overlapping leave request names the other one by readable dates (409)', async () => {
    const e = await makeEmployee(t.app, hr, { ShiftId: dayShiftId });
    const leave = { EmployeeId: e.EmployeeId, LeaveTypeId: lwop, Reason: 'Family matters' };
    const first = await call(hr, 'POST', '/api/v1/leave-requests', {
      ...leave,
      DateFrom: '2026-12-14',
      DateTo: '2026-12-15',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(hr, 'POST', '/api/v1/leave-requests', {
      ...leave,
      DateFrom: '2026-12-15',
      DateTo: '2026-12-16',
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().type).toBe(ProblemTypes.overlap);
    expect(again.json().detail).toBe('This leave request overlaps a pending one (Dec 14–15, 2026).');
    for (const text of texts(again)) expect(text).not.toMatch(ISO_DATE);
  });

  it('a request dated before the hire date names both dates readably (400)', async () => {
    const e = await makeEmployee(t.app, hr, { ShiftId: dayShiftId, HireDate: '2026-12-14' });
    const early = await call(hr, 'POST', '/api/v1/leave-requests', {
      EmployeeId: e.EmployeeId,
      LeaveTypeId: lwop,
      DateFrom: '2026-12-11',
      DateTo: '2026-12-11',
      Reason: 'Errand',
    });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      {
        Code: 'DateFrom',
        Description:
          'The employee was hired on Dec 14, 2026: a request cannot be dated Dec 11, 2026, before the hire date',
      },
    ]);
    for (const text of texts(early)) expect(text).not.toMatch(ISO_DATE);
  });

  it('a holiday already on the calendar names its date readably (400)', async () => {
    const holiday = { Name: 'Readable Dates Day', Date: '2026-12-14', Type: 'SpecialWorking' };
    const first = await call(hr, 'POST', '/api/v1/holidays', holiday);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(hr, 'POST', '/api/v1/holidays', holiday);
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json().errors).toEqual([
      { Code: 'Name', Description: 'Readable Dates Day is already a holiday on Dec 14, 2026' },
    ]);
    for (const text of texts(again)) expect(text).not.toMatch(ISO_DATE);
  });

  it('a pay rate before the hire date or on a date already taken names the date readably', async () => {
    const e = await makeEmployee(t.app, hr, { HireDate: '2026-12-14' });
    const rates = `/api/v1/employee-payroll-details/${e.EmployeeId}/rates`;
    const rate = { RateType: 'Monthly', Rate: '25000' };
    const early = await call(payroll, 'POST', rates, { ...rate, EffectiveFrom: '2026-12-01' });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      {
        Code: 'EffectiveFrom',
        Description: 'The rate cannot take effect before the hire date (Dec 14, 2026)',
      },
    ]);
    for (const text of texts(early)) expect(text).not.toMatch(ISO_DATE);

    const first = await call(payroll, 'POST', rates, { ...rate, EffectiveFrom: '2026-12-15' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(payroll, 'POST', rates, { ...rate, EffectiveFrom: '2026-12-15' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().detail).toBe(
      `${e.FullName} already has a rate effective on Dec 15, 2026. Delete it first or choose another date.`,
    );
    for (const text of texts(again)) expect(text).not.toMatch(ISO_DATE);
  });
});
