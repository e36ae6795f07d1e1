/**
 * Spec §5's messages from the API, whatever rule of a schema refused the field: a missing choice reads 'This field
 * is required' (it read zod's "Invalid option: expected one of ..."), and a number, text or list out of its limits
 * reads 'Value must be at least N' / 'Minimum length is N' and so on (they read "Too small: expected number to be
 * >=1"). A message a schema words itself is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
let admin: Session;
const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  admin = await signIn(t.app, demo.admin);
});
afterAll(() => t?.close());

const errorsOf = (res: { statusCode: number; body: string; json(): { errors: unknown[] } }) => {
  expect(res.statusCode, res.body).toBe(400);
  return res.json().errors;
};

describe("spec §5's messages for a schema's own limits", () => {
  it.each([
    [{ Page: 0 }, 'Page: Value must be at least 1'],
    [{ PageSize: 0 }, 'PageSize: Value must be at least 1'],
    [{ PageSize: 100_000 }, 'PageSize: Value must be at most 500'],
  ])('a list page out of range: %j', async (body, message) => {
    const res = await call(hr, 'POST', '/api/v1/employees/list', body);
    expect(errorsOf(res)).toEqual([{ Code: message.split(':')[0], Description: message }]);
  });

  it('a limit in a query string', async () => {
    const res = await call(hr, 'GET', '/api/v1/employees/upcoming-birthdays?Days=5&Limit=0');
    expect(errorsOf(res)).toEqual([{ Code: 'Limit', Description: 'Limit: Value must be at least 1' }]);
  });

  it('days of the week in a list', async () => {
    const res = await call(hr, 'POST', '/api/v1/shifts', {
      Name: 'Odd Days',
      TimeIn: '08:00',
      TimeOut: '17:00',
      RestDays: [7, -1],
    });
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        { Code: 'RestDays.0', Description: 'RestDays.0: Value must be at most 6' },
        { Code: 'RestDays.1', Description: 'RestDays.1: Value must be at least 0' },
      ]),
    );
  });

  it('a year to copy holidays from', async () => {
    const res = await call(hr, 'POST', '/api/v1/holidays/copy-year', { FromYear: 1899, ToYear: 2027 });
    expect(errorsOf(res)).toContainEqual({
      Code: 'FromYear',
      Description: 'FromYear: Value must be at least 1900',
    });
  });
});

describe("spec §5's required message for a missing choice", () => {
  it('a holiday without its type', async () => {
    const res = await call(hr, 'POST', '/api/v1/holidays', { Name: 'Charter Day', Date: '2026-08-19' });
    expect(errorsOf(res)).toContainEqual({ Code: 'Type', Description: 'Type: This field is required' });
  });

  it('a user without its type', async () => {
    const res = await call(admin, 'POST', '/api/v1/users', {});
    expect(errorsOf(res)).toContainEqual({
      Code: 'UserType',
      Description: 'UserType: This field is required',
    });
  });

  it('a choice sent but not one of the list keeps saying which are', async () => {
    const res = await call(hr, 'POST', '/api/v1/holidays', {
      Name: 'Charter Day',
      Date: '2026-08-19',
      Type: 'Local',
    });
    const [type] = errorsOf(res).filter((e) => (e as { Code: string }).Code === 'Type') as {
      Description: string;
    }[];
    expect(type!.Description).toMatch(/^Type: Invalid option: expected one of "Regular"/);
  });
});

describe('an optional date that is not one', () => {
  it.each([
    ['1990-13-01', 'Not a valid date (use YYYY-MM-DD)'],
    ['yesterday', 'Not a valid date (use YYYY-MM-DD)'],
    ['1800-01-01', 'Enter a date from 1900 to 2199'],
  ])('BirthDate %s says what is wrong (it said "Invalid input")', async (date, message) => {
    const res = await call(hr, 'POST', '/api/v1/employees', {
      EmployeeNumber: 'MSG-0001',
      LastName: 'Magsaysay',
      FirstName: 'Andres',
      HireDate: '2025-03-01',
      BirthDate: date,
    });
    expect(errorsOf(res)).toContainEqual({ Code: 'BirthDate', Description: `BirthDate: ${message}` });
  });
});
