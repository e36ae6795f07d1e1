/** Issue 8 §3: shifts of the HR user's company, overnight and night hours computed, through HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nightMinutes, ProblemTypes, type Shift } from '@hrpay/contracts';
import { makeEmployee } from './factories.js';
import { caller, createTestApp, errorCodes, type TestApp, type Who } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = caller(() => t.app);
const list = (s: Who, body: object = {}) => call(s, 'POST', '/api/v1/shifts/list', body);
const byName = async (name: string) =>
  ((await list('hr', { Search: name })).json().Items as Shift[]).find((s) => s.Name === name)!;
const codes = errorCodes;

describe('night minutes (Labor Code Art. 86, 22:00-06:00)', () => {
  it.each([
    ['08:00', '17:00', 0],
    ['14:00', '23:00', 60],
    ['22:00', '07:00', 480],
    ['21:00', '06:00', 480],
    ['04:00', '13:00', 120],
    ['00:00', '00:00', 480], // a 24-hour duty
  ])('%s to %s has %i night minutes', (timeIn, timeOut, expected) => {
    expect(nightMinutes(timeIn, timeOut)).toBe(expected);
  });
});

describe('shifts', () => {
  it('lists the seeded shifts with what follows from their times and who works them', async () => {
    const res = await list('hr', { PageSize: 100 });
    expect(res.statusCode).toBe(200);
    const shifts = res.json().Items as Shift[];
    expect(
      shifts.map((s) => [s.Name, s.TimeIn, s.TimeOut, s.IsOvernight, s.IsNightShift, s.EmployeeCount]),
    ).toEqual([
      ['Day Shift', '08:00', '17:00', false, false, 5],
      ['Mid Shift', '14:00', '23:00', false, true, 1],
      ['Night Shift', '22:00', '07:00', true, true, 1],
    ]);
    expect(shifts[2]).toMatchObject({ NightMinutes: 480, WorkHours: 8, BreakMinutes: 60, RestDays: [0, 6] });
  });

  it('creates a night shift that crosses midnight, with rest days and grace', async () => {
    const res = await call('hr', 'POST', '/api/v1/shifts', {
      Name: 'Graveyard',
      TimeIn: '21:00',
      TimeOut: '06:00',
      BreakMinutes: 60,
      GraceMinutes: 10,
      RestDays: [6, 0],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      Name: 'Graveyard',
      IsOvernight: true,
      IsNightShift: true,
      NightMinutes: 480,
      WorkHours: 8,
      GraceMinutes: 10,
      RestDays: [0, 6],
      RowVersion: 1,
    });
  });

  it('refuses bad times, a break as long as the shift, a flexible shift without hours, repeated rest days and a taken name', async () => {
    const bad = await call('hr', 'POST', '/api/v1/shifts', {
      Name: 'X',
      TimeIn: '25:00',
      TimeOut: '7',
      RestDays: [1, 1],
    });
    expect(bad.statusCode).toBe(400);
    expect(codes(bad).sort()).toEqual(['RestDays', 'TimeIn', 'TimeOut']);
    const flex = await call('hr', 'POST', '/api/v1/shifts', {
      Name: 'Flexi',
      TimeIn: '07:00',
      TimeOut: '19:00',
      IsFlexible: true,
    });
    expect(flex.statusCode).toBe(400);
    expect(flex.json().errors).toEqual([
      { Code: 'RequiredHours', Description: 'RequiredHours: This field is required' },
    ]);
    // An empty time (the cleared time picker) is required, not told the HH:mm format.
    const noTimes = await call('hr', 'POST', '/api/v1/shifts', { Name: 'No times', TimeIn: '', TimeOut: '' });
    expect(noTimes.statusCode).toBe(400);
    expect(noTimes.json().errors).toEqual([
      { Code: 'TimeIn', Description: 'TimeIn: This field is required' },
      { Code: 'TimeOut', Description: 'TimeOut: This field is required' },
    ]);
    const rules = await call('hr', 'POST', '/api/v1/shifts', {
      Name: 'day shift',
      TimeIn: '08:00',
      TimeOut: '09:00',
      BreakMinutes: 60,
    });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().type).toBe(ProblemTypes.validation);
    expect(codes(rules)).toEqual(['Name', 'BreakMinutes']);
    // 08:00 to 08:00 is no shift (read as 24 hours, it had been stored with 23 work hours).
    const allDay = await call('hr', 'POST', '/api/v1/shifts', {
      Name: 'Round the clock',
      TimeIn: '08:00',
      TimeOut: '08:00:00',
    });
    expect(allDay.statusCode).toBe(400);
    expect(allDay.json().errors).toEqual([
      { Code: 'TimeOut', Description: 'TimeOut: The shift cannot end at the time it starts' },
    ]);
  });

  it('refuses a flexible shift that needs more hours than its window holds, break taken out', async () => {
    const flex = { Name: 'Flex', TimeIn: '09:00', TimeOut: '13:00', BreakMinutes: 60, IsFlexible: true };
    const over = await call('hr', 'POST', '/api/v1/shifts', { ...flex, RequiredHours: 10 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([
      {
        Code: 'RequiredHours',
        Description: 'The required hours must fit between the in and out times, less the break (3 hours)',
      },
    ]);
    expect(codes(await call('hr', 'POST', '/api/v1/shifts', { ...flex, RequiredHours: 3.5 }))).toEqual([
      'RequiredHours',
    ]);
    const fits = await call('hr', 'POST', '/api/v1/shifts', { ...flex, RequiredHours: 3 });
    expect(fits.statusCode, fits.body).toBe(201);
    // Without rest days, Saturday and Sunday: the week of the default rate factor (261, Monday to Friday).
    expect(fits.json()).toMatchObject({ WorkHours: 3, RestDays: [0, 6] });
    expect((await call('hr', 'DELETE', `/api/v1/shifts/${fits.json().ShiftId}`)).statusCode).toBe(200);
  });

  it('keeps a flexible shift by its required hours', async () => {
    const res = await call('hr', 'POST', '/api/v1/shifts', {
      Name: 'Flexible Office',
      TimeIn: '07:00',
      TimeOut: '19:00',
      IsFlexible: true,
      RequiredHours: 8,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ IsFlexible: true, RequiredHours: 8, WorkHours: 8 });
  });

  it('takes back its GET body with edits; a stale version is 409', async () => {
    const read = (
      await call('hr', 'GET', `/api/v1/shifts/${(await byName('Mid Shift')).ShiftId}`)
    ).json() as Shift;
    const saved = await call('hr', 'PUT', `/api/v1/shifts/${read.ShiftId}`, { ...read, TimeOut: '22:00' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ TimeOut: '22:00', IsNightShift: false, RowVersion: 2 });
    const stale = await call('hr', 'PUT', `/api/v1/shifts/${read.ShiftId}`, { ...read, GraceMinutes: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
  });

  it('deletes an unused shift; refuses one employees work, with "Deactivate it instead"', async () => {
    const day = await byName('Day Shift');
    const refused = await call('hr', 'DELETE', `/api/v1/shifts/${day.ShiftId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      type: ProblemTypes.stillReferenced,
      detail: 'Day Shift cannot be deleted: 5 employees work it. Deactivate it instead.',
    });
    const graveyard = await byName('Graveyard');
    expect((await call('hr', 'DELETE', `/api/v1/shifts/${graveyard.ShiftId}`)).statusCode).toBe(200);
  });

  it('refuses to delete a shift in employees\' schedule history, with "Deactivate it instead"', async () => {
    const shift = await call('hr', 'POST', '/api/v1/shifts', {
      Name: 'Short Stint',
      TimeIn: '06:00',
      TimeOut: '15:00',
    });
    expect(shift.statusCode, shift.body).toBe(201);
    const e = await makeEmployee(t.app, 'hr');
    const on = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...e,
      ShiftId: shift.json().ShiftId,
      ScheduleEffectiveDate: '2026-11-01',
    });
    expect(on.statusCode, on.body).toBe(200);
    const off = await call('hr', 'PUT', `/api/v1/employees/${e.EmployeeId}`, {
      ...on.json(),
      ShiftId: (await byName('Night Shift')).ShiftId,
      ScheduleEffectiveDate: '2026-11-15',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await byName('Short Stint')).EmployeeCount).toBe(0);
    const refused = await call('hr', 'DELETE', `/api/v1/shifts/${shift.json().ShiftId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      type: ProblemTypes.stillReferenced,
      detail:
        'Short Stint cannot be deleted: it is in the schedule history of 1 employee. Deactivate it instead.',
    });
  });

  it("answers 404 for another company's shift", async () => {
    const theirs = ((await list('logisticsHr')).json().Items as Shift[])[0]!;
    expect((await call('hr', 'GET', `/api/v1/shifts/${theirs.ShiftId}`)).statusCode).toBe(404);
  });
});
