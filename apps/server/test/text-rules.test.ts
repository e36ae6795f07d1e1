/**
 * A name never holds control characters: a tab, a line break, a bell, or a right-to-left override that makes a
 * department's or an employee's name read as another on every screen and report (they had been stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
});
afterAll(() => t?.close());

describe('names with control characters', () => {
  it.each([
    ['a right-to-left override', 'Payroll\u202Elortnoc'],
    ['a line break', 'Payroll\nTeam'],
    ['a tab', 'Payroll\tTeam'],
    ['a bell', 'Payroll\u0007'],
  ])('are refused with a field message: %s', async (_what, name) => {
    const res = await call(hr, 'POST', '/api/v1/departments', { Name: name });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      {
        Code: 'Name',
        Description: 'Name: Remove the control characters (tabs, line breaks, direction marks)',
      },
    ]);
  });

  it('still take accented letters, Ñ and spaces', async () => {
    const res = await call(hr, 'POST', '/api/v1/departments', { Name: 'Contabilidad y Señales' });
    expect(res.statusCode, res.body).toBe(201);
  });
});
