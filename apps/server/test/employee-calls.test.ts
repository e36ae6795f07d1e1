/** Issue 8 §2: the spec's employee calls for pickers and birthdays (GET options, GET upcoming-birthdays). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeOption, UpcomingBirthday } from '@hrpay/contracts';
import { birthdaySpan, employeesRepo } from '../src/modules/employees/repository.js';
import { manilaToday } from '../src/lib/manila.js';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
let admin: Session;
const today = manilaToday();

/** `today` moved by `days`, with the year replaced (a birth date `years` before). */
function shifted(days: number, yearsBack: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCFullYear(date.getUTCFullYear() - yearsBack);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  admin = await signIn(t.app, demo.admin);
  const births: [string, string | null][] = [
    ['DM-0001', shifted(0, 28)], // today, turning 28 (birth years are 1990s-2000s, never Feb 29 here)
    ['DM-0002', shifted(5, 32)],
    ['DM-0003', shifted(40, 40)], // 40 days on: next year when today is late in the year
    ['DM-0004', shifted(-1, 25)], // yesterday: almost a year away
    ['DM-0005', null],
    ['DM-0006', null],
    ['DL-0001', shifted(0, 30)], // the other company of the tenant
  ];
  await t.db.withTenant(hr.tenantId, async (tx) => {
    for (const [number, birth] of births) {
      await tx.query(`UPDATE employees SET birth_date = $2 WHERE employee_number = $1`, [number, birth]);
    }
    await tx.query(
      `UPDATE employees SET is_active = false, separation_date = DATE '2026-01-30', separation_reason = 'Resigned'
        WHERE employee_number = 'DM-0007'`,
    );
  });
});
afterAll(() => t?.close());

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.headers });

describe('GET /api/v1/employees/options', () => {
  it("answers the own company's active employees by name, for pickers", async () => {
    const res = await get(hr, '/api/v1/employees/options');
    expect(res.statusCode).toBe(200);
    const numbers = (res.json() as EmployeeOption[]).map((o) => o.EmployeeNumber);
    expect(numbers.sort()).toEqual(['DM-0001', 'DM-0002', 'DM-0003', 'DM-0004', 'DM-0005', 'DM-0006']);
    expect(Object.keys(res.json()[0]).sort()).toEqual(['EmployeeId', 'EmployeeNumber', 'FullName']);
  });

  it('lets an Admin name the company, and never shows another tenant', async () => {
    const all = (await get(admin, '/api/v1/employees/options')).json() as EmployeeOption[];
    expect(all.map((o) => o.EmployeeNumber)).toEqual(expect.arrayContaining(['DM-0001', 'DL-0001']));
    expect(all.map((o) => o.EmployeeNumber).some((n) => n.startsWith('OT-'))).toBe(false);
  });
});

describe('GET /api/v1/employees/upcoming-birthdays', () => {
  it('answers the birthdays of the next Days days, today included, soonest first, with the age turned', async () => {
    const res = await get(hr, '/api/v1/employees/upcoming-birthdays?Days=30');
    expect(res.statusCode).toBe(200);
    const found = res.json() as UpcomingBirthday[];
    expect(found.map((b) => [b.EmployeeNumber, b.DaysUntil, b.Age])).toEqual([
      ['DM-0001', 0, 28],
      ['DM-0002', 5, 32],
    ]);
    expect(found[0]).toMatchObject({
      NextBirthday: today,
      DepartmentName: 'Human Resources',
      FullName: 'Maria Santos',
    });
  });

  it('crosses the year end and reaches almost a year ahead', async () => {
    const year = (
      await get(hr, '/api/v1/employees/upcoming-birthdays?Days=366')
    ).json() as UpcomingBirthday[];
    expect(year.map((b) => b.EmployeeNumber)).toEqual(['DM-0001', 'DM-0002', 'DM-0003', 'DM-0004']);
    const last = year[3]!;
    expect(last.DaysUntil).toBeGreaterThanOrEqual(364);
    expect(last.NextBirthday > today).toBe(true);
    const forty = year[2]!;
    expect(forty.DaysUntil).toBe(40);
    expect(forty.NextBirthday).toBe(shifted(40, 0));
  });

  it('answers the soonest Limit of them (default 100, at most 1,000)', async () => {
    const two = (
      await get(hr, '/api/v1/employees/upcoming-birthdays?Days=366&Limit=2')
    ).json() as UpcomingBirthday[];
    expect(two.map((b) => b.EmployeeNumber)).toEqual(['DM-0001', 'DM-0002']);
    expect((await get(hr, '/api/v1/employees/upcoming-birthdays?Days=30&Limit=1001')).statusCode).toBe(400);
  });

  it.each(['0', '367', 'abc', ''])('refuses Days=%s with 400', async (days) => {
    const res = await get(hr, `/api/v1/employees/upcoming-birthdays?Days=${days}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].Code).toBe('Days');
  });

  it('keeps a Feb 29 birthday on Feb 28 in common years', async () => {
    const ask = (on: string) =>
      t.db.withTenant(hr.tenantId, async (tx) => {
        await tx.query(`UPDATE employees SET birth_date = '2000-02-29' WHERE employee_number = 'DM-0006'`);
        const rows = await employeesRepo.upcomingBirthdays(tx, hr.tenantId, null, on, 30);
        return rows.find((r) => r.EmployeeNumber === 'DM-0006');
      });
    expect(await ask('2027-02-20')).toMatchObject({ NextBirthday: '2027-02-28', DaysUntil: 8, Age: 27 });
    expect(await ask('2028-02-20')).toMatchObject({ NextBirthday: '2028-02-29', DaysUntil: 9, Age: 28 });
    expect(await ask('2027-12-20')).toBeUndefined();
  });
});

describe('birthdaySpan (the month-and-day ranges the birthday index is read in)', () => {
  it.each([
    ['2026-11-24', 30, { from: 1124, to: 1223, wraps: false }],
    ['2026-12-20', 30, { from: 1220, to: 118, wraps: true }],
    ['2027-02-01', 28, { from: 201, to: 229, wraps: false }], // ends Feb 28 of a common year: Feb 29 kept
    ['2028-02-01', 28, { from: 201, to: 228, wraps: false }], // a leap year: Feb 29 is its own day
    ['2026-11-24', 366, { from: 1124, to: 1124, wraps: true }],
    ['2026-01-01', 1, { from: 101, to: 101, wraps: false }],
  ] as const)('%s + %i days', (today, days, span) => {
    expect(birthdaySpan(today, days)).toEqual(span);
  });
});

// Spec §7 writes the picker's call as `search?SearchText=&CompanyId=`: a parameter sent empty is one not sent.
describe('an optional id sent empty in the query string', () => {
  it.each([
    ['/api/v1/employees/search?SearchText=santos&CompanyId=', 'search'],
    ['/api/v1/employees/options?CompanyId=', 'options'],
    ['/api/v1/employees/upcoming-birthdays?Days=30&CompanyId=', 'birthdays'],
  ])('%s answers as without it', async (url) => {
    const withEmpty = await get(hr, url);
    expect(withEmpty.statusCode).toBe(200);
    const without = await get(hr, url.replace(/[?&]CompanyId=$/, ''));
    expect(withEmpty.json()).toEqual(without.json());
    expect((withEmpty.json() as unknown[]).length).toBeGreaterThan(0);
  });

  it('still refuses an id that is not one', async () => {
    const res = await get(admin, '/api/v1/employees/options?CompanyId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].Code).toBe('CompanyId');
  });
});

// API review: an Admin naming a company of another tenant (or none at all) got 200 and an empty list from the
// pickers' calls, where every other call answers 404 for it; an HR user naming another company of the tenant had
// it ignored silently.
describe("the pickers' and birthdays' CompanyId", () => {
  const calls = [
    '/api/v1/employees/search?SearchText=a&CompanyId=',
    '/api/v1/employees/options?CompanyId=',
    '/api/v1/employees/upcoming-birthdays?Days=30&CompanyId=',
  ];
  const companyOf = async (who: Session, name: string) =>
    (
      await t.db.withTenant(who.tenantId, (tx) =>
        tx.query<{ id: string }>(`SELECT id FROM companies WHERE name = $1`, [name]),
      )
    )[0]?.id;

  it.each(calls)('%s: a company that is not the tenant’s is 404 for an Admin', async (url) => {
    const res = await get(admin, `${url}9b2f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d`);
    expect(res.statusCode, res.body).toBe(404);
  });

  it.each(calls)("%s: an Admin's own tenant's company answers", async (url) => {
    const logistics = await companyOf(admin, 'Demo Logistics Corp.');
    expect(logistics).toBeTruthy();
    expect((await get(admin, `${url}${logistics}`)).statusCode).toBe(200);
  });

  it.each(calls)('%s: another company of the tenant is 404 for HR', async (url) => {
    const logistics = await companyOf(hr, 'Demo Logistics Corp.');
    expect((await get(hr, `${url}${logistics}`)).statusCode).toBe(404);
  });
});
