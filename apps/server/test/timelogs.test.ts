/** Issue 9 §1: time logs, punch-file import and daily attendance of the HR user's own company, through HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type AttendanceDay, type TimeLog } from '@hrpay/contracts';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { makeEmployee } from './factories.js';
import { punchImports } from './punch-imports.js';

let t: TestApp;
let hr: Session;
let logisticsHr: Session;
let otherHr: Session;
let employeeIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  logisticsHr = await signIn(t.app, demo.logisticsHr);
  otherHr = await signIn(t.app, demo.otherHr);
  const rows = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ id: string; employee_number: string }>(`SELECT id, employee_number FROM employees`),
  );
  employeeIds = Object.fromEntries(rows.map((r) => [r.employee_number, r.id]));
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (s: Session, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, payload });
const list = (s: Session, body: object = {}) => call(s, 'POST', '/api/v1/timelogs/list', body);
const codes = (res: { json(): { errors?: { Code: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.Code);

async function add(body: object, s = hr): Promise<TimeLog> {
  const res = await call(s, 'POST', '/api/v1/timelogs', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const imports = punchImports(() => t);
const attendance = (body: object, s = hr) => call(s, 'POST', '/api/v1/timelogs/attendance', body);
const auditRows = (entityId: string) =>
  t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE entity = 'time_log' AND entity_id = $1 ORDER BY at, action`,
      [entityId],
    ),
  );

describe('time logs', () => {
  it('adds a punch with a reason, in Manila time, audited', async () => {
    const punch = await add({
      EmployeeId: employeeIds['DM-0002'],
      PunchedAt: '2026-10-05 08:03',
      Direction: 'In',
      Reason: '  Forgot to punch in  ',
    });
    expect(punch).toMatchObject({
      EmployeeNumber: 'DM-0002',
      EmployeeName: 'Jose Reyes',
      PunchedAt: '2026-10-05T08:03:00',
      Direction: 'In',
      Source: 'Manual',
      Reason: 'Forgot to punch in',
      RowVersion: 1,
    });
    const stored = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ utc: string }>(
        `SELECT to_char(punched_at AT TIME ZONE 'UTC', 'HH24:MI') AS utc FROM time_logs WHERE id = $1`,
        [punch.TimeLogId],
      ),
    );
    expect(stored[0]!.utc).toBe('00:03');
    const audit = await auditRows(punch.TimeLogId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      before: null,
      after: { Reason: 'Forgot to punch in' },
    });
  });

  it('requires a reason and a valid time; refuses another company employee and a duplicate punch', async () => {
    const noReason = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: employeeIds['DM-0002'],
      PunchedAt: '2026-10-05 17:00',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().type).toBe(ProblemTypes.validation);
    expect(codes(noReason)).toContain('Reason');
    const blank = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: employeeIds['DM-0002'],
      PunchedAt: '2026-02-30 17:00',
      Reason: '   ',
    });
    expect(codes(blank).sort()).toEqual(['PunchedAt', 'Reason']);
    const logisticsEmployee = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `SELECT e.id FROM employees e JOIN companies c ON c.tenant_id = e.tenant_id AND c.id = e.company_id
          WHERE c.name <> 'Demo Manufacturing Inc.' LIMIT 1`,
      ),
    );
    const foreign = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: logisticsEmployee[0]!.id,
      PunchedAt: '2026-10-05 17:00',
      Reason: 'x',
    });
    expect(foreign.statusCode).toBe(400);
    expect(codes(foreign)).toEqual(['EmployeeId']);
    const duplicate = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: employeeIds['DM-0002'],
      PunchedAt: '2026-10-05T08:03:00',
      Reason: 'again',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().type).toBe(ProblemTypes.duplicate);
    const unknown = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: employeeIds['DM-0002'],
      PunchedAt: '2026-10-05 17:00',
      Reason: 'x',
      CompanyId: employeeIds['DM-0002'],
    });
    expect(codes(unknown)).toEqual(['CompanyId']);
    // HR walkthrough: an Out at 23:00 entered at 15:25 was taken and counted before it happened.
    const manila = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const later = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: employeeIds['DM-0002'],
      PunchedAt: manila(Date.now() + 2 * 3_600_000),
      Reason: 'Out tonight',
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().errors).toEqual([
      { Code: 'PunchedAt', Description: 'A punch cannot be later than the current time' },
    ]);
    const justNow = await call(hr, 'POST', '/api/v1/timelogs', {
      EmployeeId: employeeIds['DM-0002'],
      PunchedAt: manila(Date.now() - 60_000),
      Reason: 'In just now',
    });
    expect(justNow.statusCode, justNow.body).toBe(201);
    const removed = await call(hr, 'DELETE', `/api/v1/timelogs/${justNow.json().TimeLogId}`, {
      Reason: 'Only a check',
      RowVersion: 1,
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('corrects with a reason and RowVersion (GET body back), 409 when stale; deletes with a reason', async () => {
    const punch = await add({
      EmployeeId: employeeIds['DM-0003'],
      PunchedAt: '2026-10-06 17:10',
      Direction: 'In',
      Reason: 'Terminal down',
    });
    const url = `/api/v1/timelogs/${punch.TimeLogId}`;
    const noReason = await call(hr, 'PUT', url, { ...punch, Reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(codes(noReason)).toEqual(['Reason']);
    // A device punch's body (Reason null) sent back: the same message as an empty reason, not a type error.
    const nullReason = await call(hr, 'PUT', url, { ...punch, Reason: null });
    expect(nullReason.statusCode).toBe(400);
    const descriptions = (res: typeof nullReason) =>
      (res.json().errors as { Description: string }[]).map((e) => e.Description);
    expect(descriptions(nullReason)).toEqual(descriptions(noReason));
    expect(descriptions(nullReason)).toEqual(['Reason: This field is required']);
    const fixed = await call(hr, 'PUT', url, { ...punch, Direction: 'Out', Reason: 'It was the out punch' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ Direction: 'Out', RowVersion: 2, Reason: 'It was the out punch' });
    const stale = await call(hr, 'PUT', url, { ...punch, Direction: 'In', Reason: 'again' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const staleDelete = await call(hr, 'DELETE', url, { Reason: 'duplicate', RowVersion: 1 });
    expect(staleDelete.statusCode).toBe(409);
    const deleteWithoutReason = await call(hr, 'DELETE', url, { Reason: ' ' });
    expect(deleteWithoutReason.statusCode).toBe(400);
    const deleted = await call(hr, 'DELETE', url, { Reason: 'Entered twice', RowVersion: 2 });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const audit = await auditRows(punch.TimeLogId);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit[1]).toMatchObject({ before: { Direction: 'In' }, after: { Direction: 'Out' } });
    expect(audit[2]).toMatchObject({ before: { Direction: 'Out' }, after: { Reason: 'Entered twice' } });
    expect((await call(hr, 'DELETE', url, { Reason: 'again' })).statusCode).toBe(404);
  });

  it('lists with filters, search, sort and paging', async () => {
    await add({
      EmployeeId: employeeIds['DM-0002'],
      PunchedAt: '2026-10-05 17:05',
      Direction: 'Out',
      Reason: 'r',
    });
    await add({ EmployeeId: employeeIds['DM-0004'], PunchedAt: '2026-10-07 08:00', Reason: 'r' });
    const all = (await list(hr, { DateFrom: '2026-10-01', DateTo: '2026-10-31' })).json();
    expect(all.TotalCount).toBe(3);
    // Newest first by default.
    expect(all.Items.map((p: TimeLog) => p.PunchedAt)).toEqual([
      '2026-10-07T08:00:00',
      '2026-10-05T17:05:00',
      '2026-10-05T08:03:00',
    ]);
    const one = (await list(hr, { EmployeeId: employeeIds['DM-0002'], SortBy: 'PunchedAt' })).json();
    expect(one.Items.map((p: TimeLog) => p.PunchedAt)).toEqual([
      '2026-10-05T08:03:00',
      '2026-10-05T17:05:00',
    ]);
    expect((await list(hr, { DateFrom: '2026-10-06', DateTo: '2026-10-07' })).json().TotalCount).toBe(1);
    expect((await list(hr, { Search: 'juan' })).json().TotalCount).toBe(1);
    expect((await list(hr, { Source: 'Import' })).json().TotalCount).toBe(0);
    const page = (await list(hr, { PageSize: 1, Page: 2, SortBy: 'EmployeeNumber' })).json();
    expect(page.Items[0].EmployeeNumber).toBe('DM-0002');
    // By name: surname, then first name, each in the direction asked ("Reyes" before "Reyesa"; the surname and
    // first name run together had put "reyesaana" before "reyesjose").
    const reyesa = await makeEmployee(t.app, 'hr', {
      LastName: 'Reyesa',
      FirstName: 'Ana',
      EmployeeNumber: 'dm-0003a',
    });
    const punch = await add({ EmployeeId: reyesa.EmployeeId, PunchedAt: '2026-10-06 08:00', Reason: 'r' });
    const byName = async (SortDirection: 'asc' | 'desc') =>
      (
        await list(hr, {
          DateFrom: '2026-10-01',
          DateTo: '2026-10-31',
          SortBy: 'EmployeeName',
          SortDirection,
        })
      )
        .json()
        .Items.map((p: TimeLog) => p.EmployeeName);
    expect(await byName('asc')).toEqual(['Juan Dela Cruz', 'Jose Reyes', 'Jose Reyes', 'Ana Reyesa']);
    expect(await byName('desc')).toEqual(['Ana Reyesa', 'Jose Reyes', 'Jose Reyes', 'Juan Dela Cruz']);
    // Employee numbers sort as the employee list sorts them, whatever their case.
    const byNumber = (
      await list(hr, { DateFrom: '2026-10-01', DateTo: '2026-10-31', SortBy: 'EmployeeNumber' })
    ).json();
    expect(byNumber.Items.map((p: TimeLog) => p.EmployeeNumber)).toEqual([
      'DM-0002',
      'DM-0002',
      'dm-0003a',
      'DM-0004',
    ]);
    // Gone again, so the attendance below counts the demo company's employees only.
    expect(
      (await call(hr, 'DELETE', `/api/v1/timelogs/${punch.TimeLogId}`, { Reason: 'test' })).statusCode,
    ).toBe(200);
    const gone = await call(hr, 'DELETE', `/api/v1/employees/${reyesa.EmployeeId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await list(hr, { DateFrom: 'yesterday' })).statusCode).toBe(400);
  });

  it('stops counting at the cap and says so, with every page up to it still served', async () => {
    const range = { DateFrom: '2026-10-01', DateTo: '2026-10-31' };
    const exact = (await list(hr, range)).json();
    expect(exact.TotalCount).toBe(3);
    expect(exact).not.toHaveProperty('TotalCountCapped');
    process.env.LIST_COUNT_CAP = '2';
    try {
      const capped = (await list(hr, { ...range, PageSize: 1 })).json();
      expect(capped.TotalCount).toBe(2);
      expect(capped.TotalCountCapped).toBe(true);
      expect(capped.Items.map((p: TimeLog) => p.PunchedAt)).toEqual([exact.Items[0].PunchedAt]);
      const second = (await list(hr, { ...range, PageSize: 1, Page: 2 })).json();
      expect(second.Items.map((p: TimeLog) => p.PunchedAt)).toEqual([exact.Items[1].PunchedAt]);
      // At the cap exactly, or filtered below it: an exact count.
      process.env.LIST_COUNT_CAP = '3';
      expect((await list(hr, range)).json()).toEqual(exact);
      process.env.LIST_COUNT_CAP = '2';
      const one = (await list(hr, { DateFrom: '2026-10-06', DateTo: '2026-10-07' })).json();
      expect(one.TotalCount).toBe(1);
      expect(one).not.toHaveProperty('TotalCountCapped');
      // Joined to employees for a search: capped the same way.
      const searched = (await list(hr, { ...range, Search: 'jose' })).json();
      expect(searched.TotalCount).toBe(2);
      process.env.LIST_COUNT_CAP = '1';
      expect((await list(hr, { ...range, Search: 'jose' })).json()).toMatchObject({
        TotalCount: 1,
        TotalCountCapped: true,
      });
    } finally {
      delete process.env.LIST_COUNT_CAP;
    }
  });

  it('keeps punches inside the company: another company and another tenant get 404 and see none', async () => {
    const punch = (await list(hr, { PageSize: 1 })).json().Items[0] as TimeLog;
    const url = `/api/v1/timelogs/${punch.TimeLogId}`;
    for (const s of [logisticsHr, otherHr]) {
      expect((await list(s)).json().TotalCount).toBe(0);
      const put = await call(s, 'PUT', url, { ...punch, Reason: 'mine now' });
      expect(put.statusCode).toBe(404);
      expect((await call(s, 'DELETE', url, { Reason: 'gone' })).statusCode).toBe(404);
      expect(
        (await attendance({ DateFrom: '2026-10-05', DateTo: '2026-10-05', EmployeeId: punch.EmployeeId }, s))
          .statusCode,
      ).toBe(404);
    }
    const employee = await signIn(t.app, demo.employee);
    expect((await list(employee)).statusCode).toBe(403);
  });
});

const GOOD_CSV = [
  'EmployeeNumber,Name,DateTime,Direction',
  'DM-0004,Juan Dela Cruz,2026-11-03 08:25:00,In',
  'DM-0004,Juan Dela Cruz,2026-11-03 17:01:00,Out',
  'DM-0005,Liza Mendoza,11/03/2026 9:58 PM,C/In',
].join('\r\n');

describe('punch file import', () => {
  it('previews with per-row errors and refuses to commit a file with errors, storing nothing', async () => {
    const bad = `${GOOD_CSV}\r\nDM-9999,Nobody,2026-11-03 08:00,In\r\n=HYPERLINK("x"),Evil,2026-11-03 08:00,In\r\nDM-0004,,2026-13-03 08:00,In\r\nDM-0004,,2026-11-03 08:00,Sideways`;
    const preview = await imports.preview(hr, 'punches.csv', bad);
    expect(preview).toMatchObject({
      Status: 'Invalid',
      Format: 'Csv',
      TotalRows: 7,
      ValidRows: 3,
      NewRows: 3,
      ErrorCount: 4,
    });
    expect(preview.Errors.map((e) => [e.Row, e.Column])).toEqual([
      [5, 'EmployeeNumber'],
      [6, 'EmployeeNumber'],
      [7, 'DateTime'],
      [8, 'Direction'],
    ]);
    expect(preview.Sample[2]).toMatchObject({
      EmployeeNumber: 'DM-0005',
      PunchedAt: '2026-11-03T21:58:00',
      Direction: 'In',
    });
    const commit = await imports.action(hr, preview.ImportId, 'commit');
    expect(commit.statusCode).toBe(409);
    expect(commit.json().type).toBe(ProblemTypes.invalidState);
    expect((await list(hr, { Source: 'Import' })).json().TotalCount).toBe(0);
  });

  it('commits a good file all at once; re-importing it changes nothing', async () => {
    const first = await imports.importFile(hr, 'punches.csv', GOOD_CSV);
    expect(first).toMatchObject({ Status: 'Committed', Added: 3, Duplicates: 0, Progress: 100 });
    const preview = await imports.preview(hr, 'punches.csv', GOOD_CSV);
    expect(preview).toMatchObject({ Status: 'Ready', ValidRows: 3, DuplicateRows: 3, NewRows: 0 });
    const again = await imports.importFile(hr, 'punches.csv', GOOD_CSV);
    expect(again).toMatchObject({ Added: 0, Duplicates: 3 });
    const imported = (await list(hr, { Source: 'Import' })).json();
    expect(imported.TotalCount).toBe(3);
    expect(imported.Items[0].Reason).toBe('Imported from punches.csv');
    const audit = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`SELECT after FROM audit_log WHERE entity = 'time_log_import' ORDER BY at`),
    );
    expect(audit).toHaveLength(2);
  });

  it('reads ZKTeco attendance logs by terminal user id or employee number', async () => {
    // HR keys the terminal user id on the employee's 201 file; it is unique in the company.
    const grace = (await call(hr, 'GET', `/api/v1/employees/${employeeIds['DM-0007']}`)).json();
    const saved = await call(hr, 'PUT', `/api/v1/employees/${employeeIds['DM-0007']}`, {
      ...grace,
      DeviceUserId: ' 7 ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().DeviceUserId).toBe('7');
    const jose = (await call(hr, 'GET', `/api/v1/employees/${employeeIds['DM-0002']}`)).json();
    const taken = await call(hr, 'PUT', `/api/v1/employees/${employeeIds['DM-0002']}`, {
      ...jose,
      DeviceUserId: '7',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([
      { Code: 'DeviceUserId', Description: 'Terminal user ID already belongs to employee DM-0007' },
    ]);
    const log = [
      '     7\t2026-11-04 07:58:12\t1\t0\t1\t0',
      '     7\t2026-11-04 17:03:40\t1\t1\t1\t0',
      '  DM-0006\t2026-11-04 14:00:00\t1\t0\t1\t0',
      '99\t2026-11-04 08:00:00\t1\t0\t1\t0',
    ].join('\r\n');
    const preview = await imports.preview(hr, '1_attlog.dat', log);
    expect(preview).toMatchObject({ Format: 'ZkTeco', TotalRows: 4, ValidRows: 3, ErrorCount: 1 });
    expect(preview.Errors[0]).toMatchObject({ Row: 4, Column: 'UserId', Value: '99' });
    expect(preview.Sample.map((s) => s.Direction)).toEqual(['In', 'Out', 'In']);
    const fixed = log.split('\r\n').slice(0, 3).join('\n');
    expect(await imports.importFile(hr, 'attlog.txt', fixed)).toMatchObject({ Added: 3 });
  });

  it('refuses hostile files with a clear 4xx and stores nothing', async () => {
    const before = (await list(hr)).json().TotalCount;
    const jobs = () => t.db.withTenant(hr.tenantId, (tx) => tx.query(`SELECT id FROM punch_imports`));
    const jobsBefore = (await jobs()).length;
    const cases: [string, Buffer | string, number, RegExp][] = [
      ['punches.exe', 'MZ', 415, /\.csv, \.txt and \.dat/],
      ['punches.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 415, /not text/],
      ['punches.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), 415, /not text/],
      ['punches.csv', Buffer.from('\ufeffEmployeeNumber,DateTime\n', 'utf16le'), 415, /UTF-16/],
      ['punches.csv', '  \r\n ', 400, /empty/],
      ['punches.csv', 'EmployeeNumber,DateTime,Direction\r\n', 400, /a header row but no punches under it/],
      ['punches.csv', 'Name,Department\nJuan,Production', 400, /header row must name/],
      ['punches.csv', 'EmployeeNumber,DateTime\n"DM-0004,2026-11-05 08:00\n', 400, /never closed/],
    ];
    for (const [name, content, status, message] of cases) {
      const res = await imports.upload(hr, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().detail).toMatch(message);
    }
    // Windows-1252 text (Excel's plain CSV) is read, not refused.
    const ansi = Buffer.from('EmployeeNumber,Name,DateTime\nDM-0003,Peña,2026-11-05 08:00\n', 'latin1');
    expect(await imports.preview(hr, 'ansi.csv', ansi)).toMatchObject({ ValidRows: 1, ErrorCount: 0 });
    const notMultipart = await call(hr, 'POST', '/api/v1/timelogs/imports', { file: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect((await list(hr)).json().TotalCount).toBe(before);
    expect((await jobs()).length).toBe(jobsBefore + 1);
    expect(
      (await imports.upload(await signIn(t.app, demo.payroll), 'punches.csv', GOOD_CSV)).statusCode,
    ).toBe(403);
  });
});

describe('daily attendance', () => {
  it('computes the imported day: late minutes, night shift, absence, rest day and holiday', async () => {
    const res = await attendance({
      DateFrom: '2026-11-02',
      DateTo: '2026-11-08',
      EmployeeId: employeeIds['DM-0004'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().Items as AttendanceDay[];
    expect(days.map((d) => d.Date)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ]);
    // All Souls' Day (special non-working): not absent. Sunday: rest day.
    expect(days[0]).toMatchObject({
      DayType: 'special_non_working',
      HolidayNames: ["All Souls' Day"],
      Absent: false,
    });
    expect(days[1]).toMatchObject({
      ShiftName: 'Day Shift',
      DayType: 'ordinary',
      FirstIn: '2026-11-03T08:25',
      LastOut: '2026-11-03T17:01',
      LateMinutes: 25,
      WorkedMinutes: 455,
      WorkedHours: 7.58,
      OvertimeMinutes: 1,
      PayableOvertimeMinutes: 0,
      Absent: false,
      Anomalies: [],
    });
    expect(days[2]).toMatchObject({ Absent: true, PunchCount: 0 });
    expect(days[6]).toMatchObject({ RestDay: true, Absent: false });

    const night = (
      await attendance({ DateFrom: '2026-11-03', DateTo: '2026-11-03', EmployeeId: employeeIds['DM-0005'] })
    ).json().Items[0] as AttendanceDay;
    expect(night).toMatchObject({
      ShiftName: 'Night Shift',
      FirstIn: '2026-11-03T21:58',
      Anomalies: ['SinglePunch', 'MissingOut'],
    });
  });

  it('filters anomalies and department, pages, and refuses more than 31 days', async () => {
    const anomalies = (
      await attendance({ DateFrom: '2026-11-03', DateTo: '2026-11-04', OnlyAnomalies: true })
    ).json();
    expect(anomalies.Items.map((d: AttendanceDay) => d.EmployeeNumber)).toEqual(['DM-0006', 'DM-0005']);
    const paged = (
      await attendance({ DateFrom: '2026-11-03', DateTo: '2026-11-04', PageSize: 3, Page: 2 })
    ).json();
    expect(paged.TotalCount).toBe(14);
    expect(paged.Items).toHaveLength(3);
    const byDate = (
      await attendance({ DateFrom: '2026-11-03', DateTo: '2026-11-04', OrderBy: 'Date' })
    ).json();
    expect(byDate.Items.slice(6, 8).map((d: AttendanceDay) => [d.Date, d.EmployeeNumber])).toEqual([
      ['2026-11-03', 'DM-0001'],
      ['2026-11-04', 'DM-0006'],
    ]);
    const production = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ id: string }>(`SELECT department_id AS id FROM employees WHERE employee_number = 'DM-0005'`),
    );
    const department = (
      await attendance({ DateFrom: '2026-11-03', DateTo: '2026-11-03', DepartmentId: production[0]!.id })
    ).json();
    expect(department.Items.map((d: AttendanceDay) => d.EmployeeNumber)).toContain('DM-0005');
    expect(department.Items.length).toBeLessThan(7);
    const tooLong = await attendance({ DateFrom: '2026-11-01', DateTo: '2026-12-02' });
    expect(tooLong.statusCode).toBe(400);
    expect(codes(tooLong)).toEqual(['DateTo']);
    expect((await attendance({ DateFrom: '2026-11-05', DateTo: '2026-11-01' })).statusCode).toBe(400);
    // Year 0 was a database error (500); a date of a year no punch can have is a field error.
    const yearZero = await attendance({ DateFrom: '0000-01-03', DateTo: '0000-01-03' });
    expect(yearZero.statusCode).toBe(400);
    expect(codes(yearZero)).toEqual(['DateFrom', 'DateTo']);
  });
});

describe('stored attendance', () => {
  const store = (body: object, s = hr) => call(s, 'POST', '/api/v1/timelogs/attendance/store', body);
  const range = { DateFrom: '2026-11-02', DateTo: '2026-11-08' };
  interface StoredRow {
    company_id: string;
    employee_id: string;
    date: string;
    shift_name: string | null;
    day_type: string;
    rest_day: boolean;
    worked_minutes: number;
    late_minutes: number;
    undertime_minutes: number;
    night_diff_minutes: number;
    overtime_minutes: number;
    payable_overtime_minutes: number;
    absent: boolean;
    on_leave: boolean;
    anomalies: string[];
  }
  const stored = (tenantId = hr.tenantId) =>
    t.db.withTenant(tenantId, (tx) =>
      tx.query<StoredRow>(
        `SELECT company_id, employee_id, date::text AS date, shift_name, day_type, rest_day, worked_minutes,
                late_minutes, undertime_minutes, night_diff_minutes, overtime_minutes, payable_overtime_minutes,
                absent, on_leave, anomalies
           FROM attendance_days ORDER BY company_id, employee_id, date`,
      ),
    );
  const asDay = (r: StoredRow) => ({
    EmployeeId: r.employee_id,
    Date: r.date,
    ShiftName: r.shift_name,
    DayType: r.day_type,
    RestDay: r.rest_day,
    WorkedMinutes: r.worked_minutes,
    LateMinutes: r.late_minutes,
    UndertimeMinutes: r.undertime_minutes,
    NightDiffMinutes: r.night_diff_minutes,
    OvertimeMinutes: r.overtime_minutes,
    PayableOvertimeMinutes: r.payable_overtime_minutes,
    Absent: r.absent,
    OnLeave: r.on_leave,
    Anomalies: r.anomalies,
  });
  const onRead = async () =>
    ((await attendance({ ...range, PageSize: 500 })).json().Items as AttendanceDay[])
      .map((d) => ({
        EmployeeId: d.EmployeeId,
        Date: d.Date,
        ShiftName: d.ShiftName,
        DayType: d.DayType,
        RestDay: d.RestDay,
        WorkedMinutes: d.WorkedMinutes,
        LateMinutes: d.LateMinutes,
        UndertimeMinutes: d.UndertimeMinutes,
        NightDiffMinutes: d.NightDiffMinutes,
        OvertimeMinutes: d.OvertimeMinutes,
        PayableOvertimeMinutes: d.PayableOvertimeMinutes,
        Absent: d.Absent,
        OnLeave: d.OnLeave,
        Anomalies: d.Anomalies,
      }))
      .sort((a, b) => (a.EmployeeId + a.Date < b.EmployeeId + b.Date ? -1 : 1));
  let companyId: string;
  let activeCount: number;

  beforeAll(async () => {
    const [row] = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ company_id: string; n: number }>(
        `SELECT company_id, (SELECT count(*)::int FROM employees x WHERE x.company_id = e.company_id AND x.is_active) AS n
           FROM employees e WHERE employee_number = 'DM-0004'`,
      ),
    );
    companyId = row!.company_id;
    activeCount = row!.n;
  });

  it("stores every active employee's days, equal to the days computed on read", async () => {
    const res = await store(range);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...range, Employees: activeCount, Days: activeCount * 7 });
    expect(res.json().Anomalies).toBeGreaterThan(0);
    const rows = (await stored()).filter((r) => r.company_id === companyId);
    expect(rows).toHaveLength(activeCount * 7);
    expect(rows.map(asDay)).toEqual(await onRead());
    const dm4 = rows.find((r) => r.employee_id === employeeIds['DM-0004'] && r.date === '2026-11-03');
    expect(dm4).toMatchObject({ late_minutes: 25, worked_minutes: 455, day_type: 'ordinary', absent: false });
  });

  it('stores again without duplicates, with a changed punch reflected', async () => {
    const before = (await stored()).find(
      (r) => r.employee_id === employeeIds['DM-0004'] && r.date === '2026-11-04',
    );
    expect(before).toMatchObject({ absent: true, worked_minutes: 0 });
    for (const [at, direction] of [
      ['2026-11-04 08:00', 'In'],
      ['2026-11-04 17:00', 'Out'],
    ]) {
      await add({
        EmployeeId: employeeIds['DM-0004'],
        PunchedAt: at,
        Direction: direction,
        Reason: 'Forgot',
      });
    }
    const again = await store(range);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ Employees: activeCount, Days: activeCount * 7 });
    const rows = (await stored()).filter((r) => r.company_id === companyId);
    expect(rows).toHaveLength(activeCount * 7);
    expect(new Set(rows.map((r) => `${r.employee_id}|${r.date}`)).size).toBe(rows.length);
    const after = rows.find((r) => r.employee_id === employeeIds['DM-0004'] && r.date === '2026-11-04');
    expect(after).toMatchObject({ absent: false, worked_minutes: 480, late_minutes: 0 });
    expect(rows.map(asDay)).toEqual(await onRead());
    // A shorter range replaces only its own days.
    expect((await store({ DateFrom: '2026-11-04', DateTo: '2026-11-04' })).json().Days).toBe(activeCount);
    expect((await stored()).filter((r) => r.company_id === companyId)).toHaveLength(activeCount * 7);
  });

  it("is confined to the user's company and tenant; checks the range and the user type", async () => {
    const ours = (await stored()).filter((r) => r.company_id === companyId);
    const logistics = await store(range, logisticsHr);
    expect(logistics.statusCode, logistics.body).toBe(200);
    const all = await stored();
    // The other company's store wrote its own employees' days only and left ours as they were.
    expect(all.filter((r) => r.company_id === companyId)).toEqual(ours);
    const theirs = all.filter((r) => r.company_id !== companyId);
    expect(theirs).toHaveLength(logistics.json().Days);
    expect(theirs.some((r) => ours.some((o) => o.employee_id === r.employee_id))).toBe(false);
    // Another tenant sees none of it.
    expect(await stored(otherHr.tenantId)).toEqual([]);
    expect((await store(range, otherHr)).statusCode).toBe(200);
    expect((await stored()).length).toBe(all.length);

    const tooLong = await store({ DateFrom: '2026-11-01', DateTo: '2026-12-02' });
    expect(tooLong.statusCode).toBe(400);
    expect(codes(tooLong)).toEqual(['DateTo']);
    expect((await store({ DateFrom: '2026-11-05', DateTo: '2026-11-01' })).statusCode).toBe(400);
    expect((await store({ ...range, CompanyId: companyId })).statusCode).toBe(400);
    expect((await store(range, await signIn(t.app, demo.payroll))).statusCode).toBe(403);
  });
});

// Last: the employee it adds would change the counts of the attendance tests above.
describe('punches inside the employment', () => {
  it('refuses a punch before the hire date or after the morning that follows the separation date', async () => {
    const e = await makeEmployee(t.app, 'hr', { HireDate: '2026-03-02' });
    const punch = (at: string) =>
      call(hr, 'POST', '/api/v1/timelogs', {
        EmployeeId: e.EmployeeId,
        PunchedAt: at,
        Reason: 'Manual entry',
      });
    const early = await punch('2026-03-01T21:00');
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      {
        Code: 'PunchedAt',
        Description: 'The employee was hired on Mar 2, 2026: a punch cannot be before it',
      },
    ]);
    expect((await punch('2026-03-02T08:00')).statusCode).toBe(201);
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(
        `UPDATE employees SET separation_date = DATE '2026-03-20', separation_reason = 'Resigned' WHERE id = $1`,
        [e.EmployeeId],
      ),
    );
    // A night shift's Out on the morning after the last day is part of it; a day later is not.
    expect((await punch('2026-03-21T06:00')).statusCode).toBe(201);
    const late = await punch('2026-03-22T08:00');
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().errors).toEqual([
      {
        Code: 'PunchedAt',
        Description: 'The employee separated on Mar 20, 2026: a punch cannot be after their last shift',
      },
    ]);
  });
});
