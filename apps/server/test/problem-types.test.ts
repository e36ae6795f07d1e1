/**
 * Issue 12 item 4: 400 and 409 problems carry a `type` a client can switch on (packages/contracts ProblemTypes),
 * so no client matches the detail text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, UserTypeId } from '@hrpay/contracts';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demo.admin);
  companyId = (
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = $1`, [demo.admin.email]),
    )
  )[0]!.company_id;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

describe('problem types', () => {
  it('a field error is a validation problem', async () => {
    const res = await call('POST', '/api/v1/companies', { Name: 'Typed Co.', Tin: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe(ProblemTypes.validation);
    const schema = await call('POST', '/api/v1/companies', { Name: 'Typed Co.', Tin: 5, Extra: true });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().type).toBe(ProblemTypes.validation);
  });

  it('a stale row version is staleRowVersion', async () => {
    const company = (await call('GET', `/api/v1/companies/${companyId}`)).json();
    const res = await call('PUT', `/api/v1/companies/${companyId}`, {
      Name: company.Name,
      Tin: company.Tin,
      RowVersion: company.RowVersion + 5,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().type).toBe(ProblemTypes.staleRowVersion);
  });

  it('deleting a company that still has employees is stillReferenced', async () => {
    const res = await call('DELETE', `/api/v1/companies/${companyId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().type).toBe(ProblemTypes.stillReferenced);
  });

  it("deleting or disabling one's own account is selfChange", async () => {
    const me = (await call('POST', '/api/v1/users/list/all', { Search: demo.admin.email })).json().Items[0];
    const remove = await call('DELETE', `/api/v1/users/${me.UserId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().type).toBe(ProblemTypes.selfChange);
    const full = (await call('GET', `/api/v1/users/${me.UserId}`)).json();
    const disable = await call('PUT', `/api/v1/users/${me.UserId}`, {
      UserType: UserTypeId.Admin,
      FullName: full.FullName,
      Email: full.Email,
      CompanyId: full.CompanyId,
      IsApprover: full.IsApprover,
      IsActive: false,
      RowVersion: full.RowVersion,
    });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().type).toBe(ProblemTypes.selfChange);
  });

  it('a resend to a user who already has a password is invalidState', async () => {
    const hr = (await call('POST', '/api/v1/users/list/all', { Search: demo.hr.email })).json().Items[0];
    const res = await call('POST', `/api/v1/users/${hr.UserId}/resend-invitation`);
    expect(res.statusCode).toBe(409);
    expect(res.json().type).toBe(ProblemTypes.invalidState);
  });
});
