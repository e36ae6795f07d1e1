/**
 * A GET body may be sent back to its own address (issue 8 §0), but never saved over another record: its own ids
 * must match the address, or the PUT is a 400 naming the field and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, injectAs, signIn, type Session, type TestApp } from './helpers.js';
import { makeDepartment } from './factories.js';

let t: TestApp;
let hr: Session;
let payroll: Session;

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  payroll = await signIn(t.app, demo.payroll);
});
afterAll(() => t?.close());

const call = (s: Session, method: 'GET' | 'PUT' | 'POST', url: string, body?: object) =>
  injectAs(t.app, s, method, url, body);

/** PUTs `from`'s GET body to `to`'s address: 400 naming `field`; `to` unchanged; `from`'s body still fits `from`. */
async function refusedOver(s: Session, from: string, to: string, field: string) {
  const body = (await call(s, 'GET', from)).json();
  const before = (await call(s, 'GET', to)).json();
  const res = await call(s, 'PUT', to, { ...body, RowVersion: before.RowVersion });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json().errors[0].Code).toBe(field);
  expect((await call(s, 'GET', to)).json()).toEqual(before);
  const own = await call(s, 'PUT', from, body);
  expect(own.statusCode, own.body).toBe(200);
}

describe("a record's body sent to another record's address", () => {
  it('departments: refused, the other department unchanged', async () => {
    const a = await makeDepartment(t.app, 'hr', { Name: 'Body Check A' });
    const b = await makeDepartment(t.app, 'hr', { Name: 'Body Check B' });
    await refusedOver(
      hr,
      `/api/v1/departments/${a.DepartmentId}`,
      `/api/v1/departments/${b.DepartmentId}`,
      'DepartmentId',
    );
  });

  it('lookups: a position body to an employment status is refused', async () => {
    const position = await call(hr, 'POST', '/api/v1/positions', { Name: 'Body Check Position' });
    expect(position.statusCode, position.body).toBe(201);
    const status = await call(hr, 'POST', '/api/v1/employment-statuses', { Name: 'Body Check Status' });
    expect(status.statusCode, status.body).toBe(201);
    await refusedOver(
      hr,
      `/api/v1/positions/${position.json().Id}`,
      `/api/v1/employment-statuses/${status.json().Id}`,
      'Id',
    );
  });

  it("employee pay details: one employee's bank account is not saved onto another's", async () => {
    const list = (
      await call(payroll, 'POST', '/api/v1/employee-payroll-details/list', { PageSize: 2 })
    ).json();
    const [a, b] = list.Items.map((item: { EmployeeId: string }) => item.EmployeeId);
    await refusedOver(
      payroll,
      `/api/v1/employee-payroll-details/${a}`,
      `/api/v1/employee-payroll-details/${b}`,
      'EmployeeId',
    );
  });
});
