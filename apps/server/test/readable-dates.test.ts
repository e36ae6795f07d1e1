/**
 * The dates in what people read, as they read them in the Philippines ("Dec 14, 2026"), not as ISO dates: a
 * refusal's detail and each validation item's Description (the web shows them verbatim, spec §8), the success
 * messages of its toasts, and the request notification e-mails (subject and body). Through HTTP and the mail
 * outbox (PGlite by default, PostgreSQL on request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, UserTypeId, type LeaveType, type TimeRequest } from '@hrpay/contracts';
import { makeEmployee } from './factories.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

let t: TestApp;
let admin: Session;
let hr: Session;
let payroll: Session;
let lwop: string;
let dayShiftId: string;

const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demo.admin);
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

/** The mails queued for one address with one subject. */
const mailsTo = (recipient: string, subject: string) =>
  t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ subject: string; body_text: string }>(
      `SELECT subject, body_text FROM mail_outbox WHERE recipient = $1 AND subject = $2`,
      [recipient, subject],
    ),
  );

/** The mails about one employee's requests that went to HR (no supervisor: every HR user hears of it). */
const filedMails = (employeeName: string) =>
  t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ subject: string; body_text: string }>(
      `SELECT DISTINCT subject, body_text FROM mail_outbox WHERE subject LIKE $1 ORDER BY subject`,
      [`${employeeName} filed %`],
    ),
  );

const firstLine = (body: string) => body.split('\n')[0]!;

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

describe('dates in success messages', () => {
  it('a deleted future pay rate is named by its readable date', async () => {
    const e = await makeEmployee(t.app, hr);
    const rates = `/api/v1/employee-payroll-details/${e.EmployeeId}/rates`;
    const added = await call(payroll, 'POST', rates, {
      RateType: 'Monthly',
      Rate: '25000',
      EffectiveFrom: '2099-12-14',
    });
    expect(added.statusCode, added.body).toBe(201);
    const deleted = await call(payroll, 'DELETE', `${rates}/${added.json().PayRateId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ Message: 'The rate effective Dec 14, 2099 was deleted.' });
  });

  it('a deleted future statutory table is named by its readable date', async () => {
    const base = '/api/v1/payroll/settings/statutory-tables';
    const added = await call(payroll, 'POST', base, {
      Kind: 'PhilHealth',
      EffectiveFrom: '2099-01-01',
      Source: 'Test circular',
      Values: { rate: '0.06', floor: '10000.00', ceiling: '100000.00' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const deleted = await call(payroll, 'DELETE', `${base}/${added.json().StatutoryRowId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ Message: 'The PhilHealth table from Jan 1, 2099 was deleted.' });
  });

  it('a deleted punch is named by its readable date and time, as the web names it', async () => {
    const e = await makeEmployee(t.app, hr, { ShiftId: dayShiftId });
    const punch = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: e.EmployeeId,
      PunchedAt: '2026-10-06 08:00',
      Reason: 'Forgot to punch',
    });
    expect(punch.statusCode, punch.body).toBe(201);
    const deleted = await call(hr, 'DELETE', `/api/v1/timelogs/${punch.json().TimeLogId}`, {
      Reason: 'Entered twice',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      Message: `The punch of ${e.FullName} at Oct 6, 2026 08:00 was deleted.`,
    });
  });

  it('an accrual run with nothing left to grant names its date readably', async () => {
    const run = () => call(hr, 'POST', '/api/v1/leave-credits/accrual-runs', { AsOf: '2026-03-31' });
    expect((await run()).statusCode).toBe(200);
    const again = await run();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().Message).toBe('Every grant and accrual due by Mar 31, 2026 is already on file.');
  });
});

describe('dates in request notification e-mails', () => {
  it('a leave request filed and approved is described by its readable dates in both mails', async () => {
    const e = await makeEmployee(t.app, hr, { ShiftId: dayShiftId, FirstName: 'Lea' });
    // The decision goes to the employee's portal account.
    const email = 'readable.dates.leave@example.test';
    const account = await call(admin, 'POST', '/api/v1/users', {
      UserType: UserTypeId.PortalUser,
      FullName: e.FullName,
      Email: email,
      CompanyId: e.CompanyId,
      EmployeeId: e.EmployeeId,
    });
    expect(account.statusCode, account.body).toBe(201);
    const filed = await call(hr, 'POST', '/api/v1/leave-requests', {
      EmployeeId: e.EmployeeId,
      LeaveTypeId: lwop,
      DateFrom: '2026-12-14',
      DateTo: '2026-12-15',
      Reason: 'Family matters',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const request = filed.json() as TimeRequest;

    const [toHr] = await filedMails(e.FullName);
    expect(toHr?.subject).toBe(`${e.FullName} filed a leave request`);
    expect(firstLine(toHr!.body_text)).toBe(
      `${e.FullName} filed a leave request (Leave Without Pay, Dec 14–15, 2026, 2 days).`,
    );
    expect(firstLine(toHr!.body_text)).not.toMatch(ISO_DATE);

    const approved = await call(hr, 'POST', `/api/v1/leave-requests/${request.RequestId}/approve`, {
      RowVersion: request.RowVersion,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [decision] = await mailsTo(email, 'Your leave request was approved');
    expect(firstLine(decision!.body_text)).toBe(
      `The leave request of ${e.FullName} (Leave Without Pay, Dec 14–15, 2026, 2 days) was approved by ${String(hr.claims.name)}.`,
    );
  });

  it('an undertime request is described by its readable date', async () => {
    const e = await makeEmployee(t.app, hr, { ShiftId: dayShiftId, FirstName: 'Uma' });
    const filed = await call(hr, 'POST', '/api/v1/ut-requests', {
      EmployeeId: e.EmployeeId,
      Date: '2026-12-16',
      TimeLeaving: '15:00',
      Reason: 'Clinic',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const [toHr] = await filedMails(e.FullName);
    expect(firstLine(toHr!.body_text)).toBe(
      `${e.FullName} filed an undertime request (Dec 16, 2026, leaving at 15:00).`,
    );
  });
});
