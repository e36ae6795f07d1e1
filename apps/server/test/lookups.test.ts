/** Issue 8 §1: positions and employment statuses of the HR user's company (/lookups), one shape for both. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type LookupItem } from '@hrpay/contracts';
import { caller, createTestApp, type TestApp, type Who } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = caller(() => t.app);

describe.each([
  ['positions', 'Machine Operator', 2, 'position'],
  ['employment-statuses', 'Regular', 7, 'employment status'],
] as const)('/api/v1/%s', (kind, seeded, seededCount, singular) => {
  const list = (s: Who, body: object = {}) => call(s, 'POST', `/api/v1/${kind}/list`, body);

  it('lists the own company items with the employees referring to each', async () => {
    const res = await list('hr', { PageSize: 100 });
    expect(res.statusCode).toBe(200);
    const item = (res.json().Items as LookupItem[]).find((i) => i.Name === seeded)!;
    expect(item.EmployeeCount).toBe(seededCount);
    const theirs = (await list('logisticsHr', { PageSize: 100 })).json().Items as LookupItem[];
    expect(theirs.map((i) => i.Id)).not.toContain(item.Id);
  });

  it('creates, refuses a name taken in any case, renames (the employees follow) and keeps versions', async () => {
    const created = await call('hr', 'POST', `/api/v1/${kind}`, { Name: ' Trainee ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      Name: 'Trainee',
      IsActive: true,
      EmployeeCount: 0,
      RowVersion: 1,
    });
    const dup = await call('hr', 'POST', `/api/v1/${kind}`, { Name: 'TRAINEE' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([
      {
        Code: 'Name',
        Description: `${singular[0]!.toUpperCase()}${singular.slice(1)} TRAINEE already exists`,
      },
    ]);

    const item = ((await list('hr', { Search: seeded })).json().Items as LookupItem[])[0]!;
    const renamed = await call('hr', 'PUT', `/api/v1/${kind}/${item.Id}`, { ...item, Name: `${seeded} II` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ Name: `${seeded} II`, EmployeeCount: seededCount, RowVersion: 2 });
    const stale = await call('hr', 'PUT', `/api/v1/${kind}/${item.Id}`, { ...item, Name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    if (kind === 'positions') {
      // Employees refer by id: the rename shows on their records at once.
      const info = await call('employee', 'GET', '/api/v1/portal/employees/basic-info');
      expect(info.json().PositionName).toBe('Machine Operator II');
    }
  });

  it('deletes an unused item and refuses one in use with stillReferenced', async () => {
    const spare = (await call('hr', 'POST', `/api/v1/${kind}`, { Name: 'Spare Item' })).json() as LookupItem;
    expect((await call('hr', 'DELETE', `/api/v1/${kind}/${spare.Id}`)).statusCode).toBe(200);
    expect((await call('hr', 'GET', `/api/v1/${kind}/${spare.Id}`)).statusCode).toBe(404);
    const used = (
      (await list('hr', { SortBy: 'EmployeeCount', SortDirection: 'desc', PageSize: 1 })).json()
        .Items as LookupItem[]
    )[0]!;
    const refused = await call('hr', 'DELETE', `/api/v1/${kind}/${used.Id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().type).toBe(ProblemTypes.stillReferenced);
    expect(refused.json().detail).toMatch(
      /cannot be deleted: \d+ employees? refers? to it\. Deactivate it instead\./,
    );
  });

  it.runIf(kind === 'employment-statuses')(
    'refuses to delete an employment status a leave type is for (its saved leave type would no longer save)',
    async () => {
      const status = (
        await call('hr', 'POST', `/api/v1/${kind}`, { Name: 'Project-based' })
      ).json() as LookupItem;
      const leave = await call('hr', 'POST', '/api/v1/leave-types', {
        Code: 'PBL',
        Name: 'Project Leave',
        GrantRule: 'Yearly',
        AnnualDays: 2,
        EmploymentStatusIds: [status.Id],
      });
      expect(leave.statusCode, leave.body).toBe(201);
      const refused = await call('hr', 'DELETE', `/api/v1/${kind}/${status.Id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().type).toBe(ProblemTypes.stillReferenced);
      expect(refused.json().detail).toBe(
        'Project-based cannot be deleted: 1 leave type refers to it. Deactivate it instead.',
      );
      // The leave type's GET body still saves.
      const read = (await call('hr', 'GET', `/api/v1/leave-types/${leave.json().LeaveTypeId}`)).json();
      expect((await call('hr', 'PUT', `/api/v1/leave-types/${read.LeaveTypeId}`, read)).statusCode).toBe(200);
    },
  );

  it("answers 404 for another company's item", async () => {
    const theirs = ((await list('logisticsHr')).json().Items as LookupItem[])[0]!;
    expect((await call('hr', 'GET', `/api/v1/${kind}/${theirs.Id}`)).statusCode).toBe(404);
    expect((await call('hr', 'DELETE', `/api/v1/${kind}/${theirs.Id}`)).statusCode).toBe(404);
  });
});

describe('/api/v1/work-locations', () => {
  it('refuses to delete a work location a local holiday is observed at, saying so', async () => {
    const site = (
      await call('hr', 'POST', '/api/v1/work-locations', { Name: 'Cebu Site' })
    ).json() as LookupItem;
    const holiday = await call('hr', 'POST', '/api/v1/holidays', {
      Date: '2026-08-06',
      Name: 'Cebu Charter Day',
      Type: 'SpecialNonWorking',
      WorkLocationId: site.Id,
    });
    expect(holiday.statusCode, holiday.body).toBe(201);
    const refused = await call('hr', 'DELETE', `/api/v1/work-locations/${site.Id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Cebu Site cannot be deleted: 1 local holiday refers to it. Deactivate it instead.',
    );
  });
});
