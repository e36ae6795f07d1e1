/**
 * A payroll period says which years of its cut-off have no holidays on file: the payroll package loads the
 * proclaimed years (2025, 2026), and a cut-off of a later year whose calendar HR has not added would pay New
 * Year's Day as an ordinary day without a word.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { PERIODS, payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let hr: Session;
const call = caller(() => t.app);
const api = payrollApi(
  () => t,
  () => payroll,
);

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  hr = await signIn(t.app, demo.hr);
});
afterAll(() => t?.close());

const period = async (body: object) => {
  const res = await call(payroll, 'POST', PERIODS, { Kind: 'Regular', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().Id as string;
};

describe('holiday years of a cut-off', () => {
  it('names a year without a regular holiday on file until HR adds one, not a loaded year', async () => {
    const november = await period({
      Name: 'November 2026 test cut-off',
      CutoffStart: '2026-11-16',
      CutoffEnd: '2026-11-30',
      PayDate: '2026-12-05',
    });
    expect((await api.get(november)).HolidayYearsMissing).toEqual([]);

    const newYear = await period({
      Name: 'Year-end 2026 test cut-off',
      CutoffStart: '2026-12-26',
      CutoffEnd: '2027-01-10',
      PayDate: '2027-01-15',
    });
    expect((await api.get(newYear)).HolidayYearsMissing).toEqual([2027]);

    // A local holiday, or a special day, does not make a calendar: a regular holiday for the whole company does.
    const special = await call(hr, 'POST', '/api/v1/holidays', {
      Date: '2027-01-02',
      Name: 'Special Day 2027',
      Type: 'SpecialNonWorking',
    });
    expect(special.statusCode, special.body).toBe(201);
    expect((await api.get(newYear)).HolidayYearsMissing).toEqual([2027]);
    const regular = await call(hr, 'POST', '/api/v1/holidays', {
      Date: '2027-01-01',
      Name: "New Year's Day 2027",
      Type: 'Regular',
    });
    expect(regular.statusCode, regular.body).toBe(201);
    expect((await api.get(newYear)).HolidayYearsMissing).toEqual([]);
  });
});
