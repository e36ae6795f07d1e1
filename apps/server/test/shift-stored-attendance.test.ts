/**
 * A shift's times are frozen once attendance was stored under it (shifts repository `storedAttendance`): the
 * refusal names the first and last stored day on which the employee's schedule named the shift. Each stretch of
 * a schedule runs to the employee's next schedule; days stored under another shift do not count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
let companyId: string;
const shift: Record<'a' | 'b' | 'unused', string> = { a: '', b: '', unused: '' };

const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(hr.tenantId, work);

async function newShift(name: string): Promise<string> {
  const res = await call(hr, 'POST', '/api/v1/shifts', {
    Name: name,
    TimeIn: '08:00',
    TimeOut: '17:00',
    BreakMinutes: 60,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ShiftId as string;
}

/** An employee whose schedules are `stretches` (effective date, shift) and who has attendance on `days`. */
async function employee(number: string, stretches: [string, string][], days: string[]) {
  await asTenant(async (tx) => {
    const [e] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, is_active)
       VALUES ($1, $2, $3, $3, 'Stretch', '2026-01-01', true) RETURNING id`,
      [hr.tenantId, companyId, number],
    );
    for (const [from, shiftId] of stretches)
      await tx.query(
        `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id) VALUES ($1, $2, $3, $4)`,
        [hr.tenantId, e!.id, from, shiftId],
      );
    for (const day of days)
      await tx.query(
        `INSERT INTO attendance_days (tenant_id, company_id, employee_id, date, day_type, rest_day, worked_minutes,
                late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
                overtime_night_minutes, absent, on_leave)
         VALUES ($1, $2, $3, $4, 'ordinary', false, 480, 0, 0, 0, 0, 0, 0, false, false)`,
        [hr.tenantId, companyId, e!.id, day],
      );
  });
}

async function changeTimes(id: string) {
  const read = (await call(hr, 'GET', `/api/v1/shifts/${id}`)).json();
  return call(hr, 'PUT', `/api/v1/shifts/${id}`, { ...read, TimeIn: '09:00', TimeOut: '18:00' });
}

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  const [me] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE lower(email) = $1`, [demo.hr.email]),
  );
  companyId = me!.company_id;
  shift.a = await newShift('Stretch A');
  shift.b = await newShift('Stretch B');
  shift.unused = await newShift('Stretch unused');
  // One employee on A, then B from March, then A again from May; days stored in each stretch.
  await employee(
    'ST-0001',
    [
      ['2026-01-01', shift.a],
      ['2026-03-01', shift.b],
      ['2026-05-01', shift.a],
    ],
    ['2026-02-10', '2026-02-27', '2026-03-02', '2026-04-30', '2026-05-04', '2026-06-10'],
  );
  // Another on B only, with a day stored before its schedule began (under no schedule of B).
  await employee('ST-0002', [['2026-04-01', shift.b]], ['2026-03-15', '2026-07-01']);
  // One on the unused shift's schedule with no stored day: nothing freezes it.
  await employee('ST-0003', [['2026-01-01', shift.unused]], []);
});
afterAll(() => t?.close());

describe("a shift's stored attendance", () => {
  it('names the first and last day stored while a schedule named the shift, across its stretches', async () => {
    const a = await changeTimes(shift.a);
    expect(a.statusCode).toBe(409);
    expect(a.json().detail).toContain('attendance of Feb 10 – Jun 10, 2026 was stored under it');
    const b = await changeTimes(shift.b);
    expect(b.statusCode).toBe(409);
    expect(b.json().detail).toContain('attendance of Mar 2 – Jul 1, 2026 was stored under it');
  });

  it('lets the times of a shift change when no day was stored under it', async () => {
    const res = await changeTimes(shift.unused);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ TimeIn: '09:00', TimeOut: '18:00' });
  });
});
