/** Issue 8 §4: holidays of the HR user's own company, through HTTP, on PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nationalHolidays } from '@hrpay/payroll';
import { ProblemTypes, type Holiday } from '@hrpay/contracts';
import { caller, createTestApp, tenantOf, type TestApp, type Who } from './helpers.js';

/** The payroll engine's national calendars: the holidays module must hold the same dates. */
const CALENDARS = [2025, 2026].map((year) => nationalHolidays({ year }));

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = caller(() => t.app);
const list = async (s: Who, body: object) => {
  const res = await call(s, 'POST', '/api/v1/holidays/list', { PageSize: 500, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { Items: Holiday[]; TotalCount: number };
};
const dayTypes = (s: Who, from: string, to: string, extra = '') =>
  call(s, 'GET', `/api/v1/holidays/day-types?From=${from}&To=${to}${extra}`);
async function create(s: Who, body: object): Promise<Holiday> {
  const res = await call(s, 'POST', '/api/v1/holidays', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('national calendar', () => {
  it("is loaded for every company, date for date the payroll engine's calendar", async () => {
    for (const s of ['hr', 'logisticsHr', 'otherHr'] as const) {
      for (const cal of CALENDARS) {
        const { Items } = await list(s, { Year: cal.year });
        const national = Items.filter((h) => h.IsNational);
        const dates = (type: Holiday['Type']) =>
          national
            .filter((h) => h.Type === type)
            .map((h) => h.Date)
            .sort();
        expect(dates('Regular')).toEqual([...cal.regularHolidays].sort());
        expect(dates('SpecialNonWorking')).toEqual([...cal.specialNonWorkingDays].sort());
        expect(dates('SpecialWorking')).toEqual([...cal.specialWorkingDays].sort());
      }
    }
    const christmas = (await list('hr', { Year: 2026, Search: 'christmas day' })).Items;
    expect(christmas).toMatchObject([
      { Date: '2026-12-25', Type: 'Regular', IsNational: true, IsDouble: false },
    ]);
  });

  it('is loaded for a company an Admin creates', async () => {
    const res = await call('admin', 'POST', '/api/v1/companies', {
      Name: 'Holiday Test Co.',
      Tin: '555-444-333-000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const count = await t.db.withTenant(await tenantOf(t.app, 'admin'), (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM holidays WHERE company_id = $1`, [
        res.json().CompanyId,
      ]),
    );
    const national = CALENDARS.reduce(
      (n, c) => n + c.regularHolidays.length + c.specialNonWorkingDays.length + c.specialWorkingDays.length,
      0,
    );
    expect(count[0]!.n).toBe(national);
  });
});

describe('calendar years', () => {
  it('names the years with confirmed regular holidays, for HR and the employee filing leave', async () => {
    const years = async (s: Who) => {
      const res = await call(s, 'GET', '/api/v1/holidays/calendar-years');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Years as number[];
    };
    expect(await years('hr')).toEqual([2025, 2026]);
    expect(await years('employee')).toEqual([2025, 2026]);
    // A company's own regular holiday as a draft, or a special day, does not put a year's calendar on file.
    await create('logisticsHr', {
      Date: '2028-01-01',
      Name: 'New Year draft',
      Type: 'Regular',
      IsDraft: true,
    });
    await create('logisticsHr', { Date: '2029-02-01', Name: 'Foundation Day', Type: 'SpecialNonWorking' });
    expect(await years('logisticsHr')).toEqual([2025, 2026]);
    await create('logisticsHr', { Date: '2027-01-01', Name: "New Year's Day", Type: 'Regular' });
    expect(await years('logisticsHr')).toEqual([2025, 2026, 2027]);
    expect(await years('hr')).toEqual([2025, 2026]);
    expect((await call('payroll', 'GET', '/api/v1/holidays/calendar-years')).statusCode).toBe(403);
  });
});

describe('holidays', () => {
  it('adds a local holiday, refuses a repeat on the same date, and filters by year and type', async () => {
    const charter = await create('hr', {
      Date: '2026-09-01',
      Name: 'Taguig City Charter Day',
      Type: 'SpecialNonWorking',
    });
    expect(charter).toMatchObject({ IsNational: false, IsDraft: false, WorkLocationName: null });
    const repeat = await call('hr', 'POST', '/api/v1/holidays', {
      Date: '2026-09-01',
      Name: 'taguig city charter day',
      Type: 'SpecialNonWorking',
    });
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json().errors[0]).toMatchObject({ Code: 'Name' });
    const special = await list('hr', { Year: 2026, Type: 'SpecialNonWorking' });
    expect(special.Items.map((h) => h.Name)).toContain('Taguig City Charter Day');
    expect(special.Items.every((h) => h.Type === 'SpecialNonWorking' && h.Date.startsWith('2026-'))).toBe(
      true,
    );
    const bad = await call('hr', 'POST', '/api/v1/holidays', {
      Date: '2026-02-30',
      Name: '',
      Type: 'Fiesta',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { Code: string }) => e.Code)
        .sort(),
    ).toEqual(['Date', 'Name', 'Type']);
  });

  it('marks two holidays on one date as a double holiday, for the list and for payroll', async () => {
    await create('hr', { Date: '2026-04-09', Name: 'Company Foundation Day', Type: 'Regular' });
    const day = (await list('hr', { Year: 2026, Search: 'kagitingan' })).Items[0]!;
    expect(day.IsDouble).toBe(true);
    const res = await dayTypes('payroll', '2026-04-08', '2026-04-10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { Date: '2026-04-08', DayType: 'ordinary', Holidays: [] },
      {
        Date: '2026-04-09',
        DayType: 'double_regular_holiday',
        Holidays: expect.arrayContaining([
          { Name: 'Araw ng Kagitingan', Type: 'Regular' },
          { Name: 'Company Foundation Day', Type: 'Regular' },
        ]),
      },
      { Date: '2026-04-10', DayType: 'ordinary', Holidays: [] },
    ]);
    const special = (await dayTypes('hr', '2026-02-17', '2026-02-17')).json();
    expect(special[0].DayType).toBe('special_non_working');
    const working = (await dayTypes('hr', '2026-02-25', '2026-02-25')).json();
    expect(working[0].DayType).toBe('special_working');
  });

  it('calls a date double only when payroll pays it as one: a special day on a regular holiday is not', async () => {
    const fiesta = await create('hr', { Date: '2026-12-30', Name: 'Town Fiesta', Type: 'SpecialNonWorking' });
    expect(fiesta.IsDouble).toBe(false);
    const rizal = (await list('hr', { Year: 2026, Search: 'rizal day' })).Items[0]!;
    expect(rizal).toMatchObject({ Date: '2026-12-30', IsDouble: false });
    expect((await dayTypes('hr', '2026-12-30', '2026-12-30')).json()[0].DayType).toBe('regular_holiday');
    // Two special days are a double special day, for the list as for payroll.
    const first = await create('hr', { Date: '2026-05-20', Name: 'Founders Day', Type: 'SpecialNonWorking' });
    expect(first.IsDouble).toBe(false);
    const second = await create('hr', {
      Date: '2026-05-20',
      Name: 'Patron Saint',
      Type: 'SpecialNonWorking',
    });
    expect(second.IsDouble).toBe(true);
    expect((await call('hr', 'GET', `/api/v1/holidays/${first.HolidayId}`)).json().IsDouble).toBe(true);
    expect((await dayTypes('hr', '2026-05-20', '2026-05-20')).json()[0].DayType).toBe(
      'double_special_non_working',
    );
    for (const h of [fiesta, first, second]) {
      expect((await call('hr', 'DELETE', `/api/v1/holidays/${h.HolidayId}`)).statusCode).toBe(200);
    }
  });

  it('refuses a date the year filter cannot show; the export of every year is named without one', async () => {
    for (const date of ['0100-06-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      const res = await call('hr', 'POST', '/api/v1/holidays', {
        Date: date,
        Name: 'Far Off',
        Type: 'Regular',
      });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().errors).toEqual([
        { Code: 'Date', Description: 'Date: Enter a date from 1900 to 2200' },
      ]);
    }
    const edge = await create('hr', { Date: '2200-12-31', Name: 'Far Off', Type: 'Regular' });
    expect((await list('hr', { Year: 2200 })).Items.map((h) => h.HolidayId)).toEqual([edge.HolidayId]);
    expect((await call('hr', 'DELETE', `/api/v1/holidays/${edge.HolidayId}`)).statusCode).toBe(200);
    const every = await call('hr', 'POST', '/api/v1/holidays/export', { Format: 'csv' });
    expect(every.statusCode).toBe(200);
    expect(every.headers['content-disposition']).toContain('filename="holidays.csv"');
    const one = await call('hr', 'POST', '/api/v1/holidays/export', { Format: 'csv', Year: 2025 });
    expect(one.headers['content-disposition']).toContain('filename="holidays-2025.csv"');
  });

  it('scopes a local holiday to one work location', async () => {
    const [plant] = await t.db.withTenant(await tenantOf(t.app, 'hr'), (tx) =>
      tx.query<{ id: string }>(
        `SELECT w.id FROM work_locations w JOIN companies c ON c.id = w.company_id AND c.tenant_id = w.tenant_id
          WHERE c.name = 'Demo Manufacturing Inc.' AND w.name = 'Main Plant'`,
      ),
    );
    const fiesta = await create('hr', {
      Date: '2026-10-15',
      Name: 'Town Fiesta',
      Type: 'SpecialNonWorking',
      WorkLocationId: plant!.id,
    });
    expect(fiesta.WorkLocationName).toBe('Main Plant');
    expect(
      (await dayTypes('hr', '2026-10-15', '2026-10-15', `&WorkLocationId=${plant!.id}`)).json()[0].DayType,
    ).toBe('special_non_working');
    expect((await dayTypes('hr', '2026-10-15', '2026-10-15')).json()[0].DayType).toBe('ordinary');
  });

  it('moves a national holiday (the proclaimed date is kept) and refuses to delete it', async () => {
    const heroes = (await list('hr', { Year: 2026, Search: 'heroes' })).Items[0]!;
    const moved = await call('hr', 'PUT', `/api/v1/holidays/${heroes.HolidayId}`, {
      ...heroes,
      Date: '2026-08-28',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      Date: '2026-08-28',
      ProclaimedDate: '2026-08-31',
      IsNational: true,
    });
    const stale = await call('hr', 'PUT', `/api/v1/holidays/${heroes.HolidayId}`, {
      ...heroes,
      Date: '2026-08-30',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const refused = await call('hr', 'DELETE', `/api/v1/holidays/${heroes.HolidayId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe(ProblemTypes.invalidState);
    // The other company's copy did not move.
    const theirs = (await list('logisticsHr', { Year: 2026, Search: 'heroes' })).Items[0]!;
    expect(theirs.Date).toBe('2026-08-31');
  });

  it('keeps a regular holiday regular and a national holiday inside its year', async () => {
    const labor = (await list('hr', { Year: 2026, Search: 'labor' })).Items[0]!;
    expect(labor).toMatchObject({ Date: '2026-05-01', Type: 'Regular', IsNational: true });
    const retyped = await call('hr', 'PUT', `/api/v1/holidays/${labor.HolidayId}`, {
      ...labor,
      Name: 'Araw ng Manggagawa',
      Type: 'SpecialWorking',
      Date: '2027-05-01',
    });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().errors).toEqual([
      {
        Code: 'Type',
        Description:
          'Labor Day is a regular holiday by law and stays one; if a proclamation moves it, change its date',
      },
      { Code: 'Date', Description: 'A national holiday of 2026 moves within 2026' },
    ]);
    // Still paid as a regular holiday.
    const day = (await dayTypes('hr', '2026-05-01', '2026-05-01')).json()[0];
    expect(day.DayType).toBe('regular_holiday');
    // Renamed and moved within its year, it is taken.
    const renamed = await call('hr', 'PUT', `/api/v1/holidays/${labor.HolidayId}`, {
      ...labor,
      Name: 'Araw ng Manggagawa',
      Date: '2026-05-04',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      Type: 'Regular',
      Date: '2026-05-04',
      ProclaimedDate: '2026-05-01',
    });
    // A special day may be made a special working day by proclamation.
    const allSaints = (await list('hr', { Year: 2026, Search: 'all saints' })).Items[0]!;
    expect(allSaints.Type).toBe('SpecialNonWorking');
    const working = await call('hr', 'PUT', `/api/v1/holidays/${allSaints.HolidayId}`, {
      ...allSaints,
      Type: 'SpecialWorking',
    });
    expect(working.statusCode, working.body).toBe(200);
  });

  it('copies the own holidays of a year forward as drafts, once, and drafts are not paid until confirmed', async () => {
    const local = await create('hr', { Date: '2025-06-24', Name: 'Manila Day', Type: 'SpecialNonWorking' });
    const res = await call('hr', 'POST', '/api/v1/holidays/copy-year', { FromYear: 2025 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Copied: 1, Skipped: 0 });
    expect((await call('hr', 'POST', '/api/v1/holidays/copy-year', { FromYear: 2025 })).json()).toEqual({
      Copied: 0,
      Skipped: 1,
    });
    const draft = (await list('hr', { Year: 2026, Search: 'manila day' })).Items[0]!;
    expect(draft).toMatchObject({ Date: '2026-06-24', IsDraft: true, IsNational: false });
    expect((await dayTypes('hr', '2026-06-24', '2026-06-24')).json()[0].DayType).toBe('ordinary');
    const confirmed = await call('hr', 'PUT', `/api/v1/holidays/${draft.HolidayId}`, {
      ...draft,
      IsDraft: false,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await dayTypes('hr', '2026-06-24', '2026-06-24')).json()[0].DayType).toBe('special_non_working');
    expect((await call('hr', 'DELETE', `/api/v1/holidays/${local.HolidayId}`)).statusCode).toBe(200);
  });

  it('refuses a day-type range that is backwards or over 400 days', async () => {
    expect((await dayTypes('hr', '2026-02-01', '2026-01-01')).statusCode).toBe(400);
    expect((await dayTypes('hr', '2025-01-01', '2026-12-31')).statusCode).toBe(400);
    // 400 days exactly, then 401.
    expect((await dayTypes('hr', '2026-01-01', '2027-02-04')).json()).toHaveLength(400);
    const over = await dayTypes('hr', '2026-01-01', '2027-02-05');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([{ Code: 'To', Description: 'Ask for at most 400 days at a time' }]);
    expect((await dayTypes('hr', '2026-13-01', '2026-12-31')).statusCode).toBe(400);
  });
});

describe('company scope and access', () => {
  it('answers 404 to HR of another company or tenant, and changes nothing', async () => {
    const h = await create('hr', {
      Date: '2026-07-01',
      Name: 'Plant Anniversary',
      Type: 'SpecialNonWorking',
    });
    for (const s of ['logisticsHr', 'otherHr'] as const) {
      expect((await call(s, 'GET', `/api/v1/holidays/${h.HolidayId}`)).statusCode).toBe(404);
      expect((await call(s, 'PUT', `/api/v1/holidays/${h.HolidayId}`, { ...h, Name: 'x' })).statusCode).toBe(
        404,
      );
      expect((await call(s, 'DELETE', `/api/v1/holidays/${h.HolidayId}`)).statusCode).toBe(404);
      const theirs = await list(s, { Year: 2026, Search: 'Plant Anniversary' });
      expect(theirs.TotalCount).toBe(0);
    }
    expect((await call('hr', 'GET', `/api/v1/holidays/${h.HolidayId}`)).json().Name).toBe(
      'Plant Anniversary',
    );
  });

  it('lets Payroll read day types but not keep holidays', async () => {
    expect((await call('payroll', 'POST', '/api/v1/holidays/list', {})).statusCode).toBe(403);
    expect((await dayTypes('payroll', '2026-01-01', '2026-01-01')).json()[0].DayType).toBe('regular_holiday');
  });
});
