/**
 * Names sort in Filipino alphabetical order: Ñ is a letter of its own right after N, where byte order put it
 * after Z. Every list's name sort (lib/lists.ts), the employee picker, and the same on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeListItem } from '@hrpay/contracts';
import { caller, createTestApp, type TestApp } from './helpers.js';
import { makeDepartment, makeEmployee } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = caller(() => t.app);

// In Filipino order; "Nunéz" (é, then z) comes before "Nuñez" (ñ after n), and the capital Ñ sorts as the small
// one. A name sent decomposed (n and a combining tilde) is stored composed (NFC) and sorts as such.
const SURNAMES = ['Nava', 'Nunez', 'Nunéz', 'Nuñez', 'Ñañez', 'ÑOÑO', 'Ocampo', 'Zamora'];
const DECOMPOSED = 'Nun\u0303o';
const ORDERED = [
  'Nava',
  'Nunez',
  'Nunéz',
  'Nuñez',
  DECOMPOSED.normalize('NFC'),
  'Ñañez',
  'ÑOÑO',
  'Ocampo',
  'Zamora',
];

describe('sorting by name puts Ñ right after N', () => {
  let departmentId: string;
  beforeAll(async () => {
    departmentId = (await makeDepartment(t.app, 'hr', { Name: 'Ñ sort check' })).DepartmentId;
    // Created out of order, so the default (creation) order proves nothing.
    for (const LastName of [...SURNAMES, DECOMPOSED].reverse()) {
      await makeEmployee(t.app, 'hr', { LastName, FirstName: 'Sortcheck', DepartmentId: departmentId });
    }
  });

  const surnames = async (body: object) => {
    const res = await call('hr', 'POST', '/api/v1/employees/list', { PageSize: 100, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().Items as EmployeeListItem[]).map((e) => e.LastName);
  };

  it('in the employee list, filtered (read in index order) and searched, both directions', async () => {
    expect(await surnames({ DepartmentId: departmentId })).toEqual(ORDERED);
    expect(await surnames({ DepartmentId: departmentId, SortBy: 'FullName', SortDirection: 'desc' })).toEqual(
      [...ORDERED].reverse(),
    );
    expect(await surnames({ Search: 'sortcheck' })).toEqual(ORDERED);
    // Paged: the page boundary falls between the N and the Ñ names.
    expect(await surnames({ Search: 'sortcheck', PageSize: 5, Page: 2 })).toEqual(ORDERED.slice(5));
  });

  it('in the employee picker', async () => {
    const res = await call('hr', 'GET', '/api/v1/employees/search?SearchText=sortcheck');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((e: { FullName: string }) => e.FullName.replace('Sortcheck ', ''))).toEqual(
      ORDERED,
    );
  });

  it('in any list sorted by a name (departments)', async () => {
    for (const Name of ['Ñ Ops', 'N Ops', 'O Ops', 'Z Ops']) await makeDepartment(t.app, 'hr', { Name });
    const res = await call('hr', 'POST', '/api/v1/departments/list', { Search: 'Ops', SortBy: 'Name' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Items.map((d: { Name: string }) => d.Name)).toEqual([
      'N Ops',
      'Ñ Ops',
      'O Ops',
      'Z Ops',
    ]);
  });

  it('in the attendance list, one employee after another', async () => {
    const res = await call('hr', 'POST', '/api/v1/timelogs/attendance', {
      DateFrom: '2026-10-05',
      DateTo: '2026-10-05',
      DepartmentId: departmentId,
      PageSize: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json().Items as { EmployeeName: string }[]).map((d) => d.EmployeeName);
    expect(names.map((n) => n.replace('Sortcheck ', ''))).toEqual(ORDERED);
  });
});
