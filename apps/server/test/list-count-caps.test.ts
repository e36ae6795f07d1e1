/**
 * Lists whose rows pile up with the years count up to a cap (lib/lists.ts cappedCount, LIST_COUNT_CAP in tests)
 * and say so with TotalCountCapped, as the punches do (timelogs.test.ts): the leave, overtime and undertime
 * requests. Through HTTP (PGlite by default, PostgreSQL on request).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  REQUEST_KINDS,
  REQUEST_SEGMENTS,
  type LeaveType,
  type RequestKind,
  type TimeRequest,
} from '@hrpay/contracts';
import { makeEmployee } from './factories.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
let employeeId: string;
let employeeNumber: string;
let lwop: string;

const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  const types = await call(hr, 'POST', '/api/v1/leave-types/list', { PageSize: 100 });
  lwop = (types.json().Items as LeaveType[]).find((x) => x.Code === 'LWOP')!.LeaveTypeId;
  const [juan] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ shift_id: string }>(`SELECT shift_id FROM employees WHERE employee_number = 'DM-0004'`),
  );
  // A new Day Shift (08:00-17:00) employee: the lists below filter on them, so only their 3 requests match.
  const employee = await makeEmployee(t.app, hr, { ShiftId: juan!.shift_id });
  employeeId = employee.EmployeeId;
  employeeNumber = employee.EmployeeNumber;
});
afterAll(() => t?.close());
afterEach(() => {
  delete process.env.LIST_COUNT_CAP;
});

/** Three weekdays of each kind's own week (an overtime or undertime cannot fall on a day of leave). */
const DAYS: Record<RequestKind, string[]> = {
  Leave: ['2026-11-10', '2026-11-11', '2026-11-12'],
  Overtime: ['2026-11-17', '2026-11-18', '2026-11-19'],
  Undertime: ['2026-11-24', '2026-11-25', '2026-11-26'],
};

/** What HR files for the employee on a day, of each kind. */
const bodyOf = (kind: RequestKind, day: string) =>
  ({
    Leave: { LeaveTypeId: lwop, DateFrom: day, DateTo: day },
    Overtime: { Date: day, StartTime: '17:00', EndTime: '19:00' },
    Undertime: { Date: day, TimeLeaving: '16:00' },
  })[kind];

describe.each(REQUEST_KINDS)('the %s requests list', (kind) => {
  const url = `/api/v1/${REQUEST_SEGMENTS[kind]}`;
  const list = async (body: object) => {
    const res = await call(hr, 'POST', `${url}/list`, { Scope: 'Company', EmployeeId: employeeId, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Items: TimeRequest[]; TotalCount: number; TotalCountCapped?: boolean };
  };
  const days = DAYS[kind];
  const ids = (page: { Items: TimeRequest[] }) => page.Items.map((r) => r.RequestId);

  it('stops counting at the cap and says so, with every page still served', async () => {
    for (const day of days) {
      const res = await call(hr, 'POST', url, {
        EmployeeId: employeeId,
        Reason: 'Cap test',
        ...bodyOf(kind, day),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const exact = await list({});
    expect(exact.TotalCount).toBe(3);
    expect(exact).not.toHaveProperty('TotalCountCapped');

    process.env.LIST_COUNT_CAP = '2';
    const first = await list({ PageSize: 1 });
    expect(first.TotalCount).toBe(2);
    expect(first.TotalCountCapped).toBe(true);
    expect(ids(first)).toEqual(ids(exact).slice(0, 1));
    const second = await list({ PageSize: 1, Page: 2 });
    expect(second).toMatchObject({ TotalCount: 2, TotalCountCapped: true });
    expect(ids(second)).toEqual(ids(exact).slice(1, 2));
    // The rows past the cap are still there to page to.
    expect(ids(await list({ PageSize: 2, Page: 2 }))).toEqual(ids(exact).slice(2));
    // Joined to employees for a search: capped the same way.
    expect(await list({ Search: employeeNumber })).toMatchObject({ TotalCount: 2, TotalCountCapped: true });

    // At the cap exactly, or filtered below it: an exact count without the flag.
    process.env.LIST_COUNT_CAP = '3';
    expect(await list({})).toEqual(exact);
    process.env.LIST_COUNT_CAP = '2';
    const one = await list({ DateFrom: days[1], DateTo: days[1] });
    expect(one.TotalCount).toBe(1);
    expect(one).not.toHaveProperty('TotalCountCapped');
    const two = await list({ DateFrom: days[0], DateTo: days[1] });
    expect(two.TotalCount).toBe(2);
    expect(two).not.toHaveProperty('TotalCountCapped');
  });
});
