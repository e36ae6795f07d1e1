/**
 * SortDirection without SortBy applies to a list's default sort, on every list: the Admin lists always did
 * (companies by name), the punches and requests lists ignored it (always newest first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeLog, TimeRequest } from '@hrpay/contracts';
import { caller, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = caller(() => t.app);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SortDirection alone', () => {
  it('orders the Admin lists’ default sort (the reference)', async () => {
    const names = async (body: object) =>
      (await call('admin', 'POST', '/api/v1/companies/list', body))
        .json()
        .Items.map((c: { Name: string }) => c.Name);
    const asc = await names({});
    expect(asc.length).toBeGreaterThan(1);
    expect(await names({ SortDirection: 'desc' })).toEqual([...asc].reverse());
  });

  it('orders the punches by time: newest first by default, oldest first when asked', async () => {
    const employeeId = (await call('hr', 'POST', '/api/v1/employees/list', { PageSize: 1 })).json().Items[0]
      .EmployeeId as string;
    for (const PunchedAt of ['2026-09-07 08:00', '2026-09-07 17:00', '2026-09-08 08:00']) {
      const res = await call('hr', 'POST', '/api/v1/timelogs', {
        EmployeeId: employeeId,
        PunchedAt,
        Reason: 'r',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const times = async (body: object) => {
      const res = await call('hr', 'POST', '/api/v1/timelogs/list', {
        DateFrom: '2026-09-07',
        DateTo: '2026-09-08',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Items.map((p: TimeLog) => p.PunchedAt);
    };
    const newest = ['2026-09-08T08:00:00', '2026-09-07T17:00:00', '2026-09-07T08:00:00'];
    expect(await times({})).toEqual(newest);
    expect(await times({ SortDirection: 'desc' })).toEqual(newest);
    expect(await times({ SortDirection: 'asc' })).toEqual([...newest].reverse());
    // With SortBy as before: its direction, ascending unless asked.
    expect(await times({ SortBy: 'PunchedAt' })).toEqual([...newest].reverse());
    expect(await times({ SortBy: 'PunchedAt', SortDirection: 'desc' })).toEqual(newest);
  });

  it('orders the requests by filing time: latest first by default, earliest first when asked', async () => {
    // Juan (day shift 08:00-17:00) files overtime on three Tuesdays, a moment apart.
    const filed: string[] = [];
    for (const date of ['2027-02-02', '2027-02-09', '2027-02-16']) {
      const res = await call('employee', 'POST', '/api/v1/ot-requests', {
        Date: date,
        StartTime: '17:00',
        EndTime: '18:00',
        Reason: 'Inventory',
      });
      expect(res.statusCode, res.body).toBe(201);
      filed.push((res.json() as TimeRequest).RequestId);
      await sleep(20);
    }
    const ids = async (body: object) => {
      const res = await call('employee', 'POST', '/api/v1/ot-requests/list', { Scope: 'Mine', ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .Items.map((r: TimeRequest) => r.RequestId)
        .filter((id: string) => filed.includes(id));
    };
    const latest = [...filed].reverse();
    expect(await ids({})).toEqual(latest);
    expect(await ids({ SortDirection: 'desc' })).toEqual(latest);
    expect(await ids({ SortDirection: 'asc' })).toEqual(filed);
    expect(await ids({ SortBy: 'DateFrom' })).toEqual(filed);
  });
});
