import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { UserTypeId } from '@hrpay/contracts';
import { LOGIN_FAILED } from '../src/modules/auth/service.js';
import pg from 'pg';
import { createTestApp, decodeClaims, demo, onPostgres, signIn, type TestApp } from './helpers.js';
import { databaseUrl } from './db-templates.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: payload as object, headers });
const basicInfo = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/portal/employees/basic-info', headers });

describe('POST /api/v1/users/login', () => {
  it('answers an access token with the spec claims and an opaque refresh token', async () => {
    const res = await login({
      email: 'Approver@Demo.hrpay.test ',
      password: 'demo1234',
      userType: UserTypeId.PortalUser,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['AccessToken', 'RefreshToken']);
    const claims = decodeClaims(body.AccessToken);
    expect(claims).toMatchObject({
      user_type: 'PortalUser',
      company: 'Demo Manufacturing Inc.',
      name: 'Ana Cruz',
      is_approver: 'True',
    });
    expect(claims.tenant_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    expect(body.RefreshToken.split('.')).toHaveLength(3); // not a JWT: no JSON header part
    expect(() => decodeClaims(body.RefreshToken)).toThrow();
  });

  it('sets is_approver to the text False for a non-approver', async () => {
    const s = await signIn(t.app, demo.employee);
    expect(s.claims.is_approver).toBe('False');
  });

  it('gives one generic 401 for unknown e-mail, wrong password and wrong user type', async () => {
    const answers = await Promise.all([
      login({ email: 'nobody@demo.hrpay.test', password: 'demo1234', userType: UserTypeId.Admin }),
      login({ email: 'admin@demo.hrpay.test', password: 'wrong-password', userType: UserTypeId.Admin }),
      login({ email: 'admin@demo.hrpay.test', password: 'demo1234', userType: UserTypeId.HRUser }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: LOGIN_FAILED,
      });
    }
  });

  it('refuses a disabled user with the same 401', async () => {
    const s = await signIn(t.app, demo.otherHr);
    await t.db.withTenant(s.tenantId, (tx) =>
      tx.query(`UPDATE users SET is_active = false WHERE tenant_id = $1 AND id = $2`, [
        s.tenantId,
        s.claims.sub,
      ]),
    );
    const res = await login({ email: demo.otherHr.email, password: 'demo1234', userType: UserTypeId.HRUser });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe(LOGIN_FAILED);
    // Disabling ends the sessions the user already had, at once.
    expect((await basicInfo(s.headers)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it.each([
    ['missing fields', {}],
    ['wrong types', { email: 42, password: true, userType: [] }],
    [
      'unknown user type',
      { email: 'a@b.c', password: 'x', userType: '00000000-0000-0000-0000-000000000000' },
    ],
    ['an extra property', { email: 'a@b.c', password: 'x', userType: UserTypeId.Admin, tenant_id: 'x' }],
  ])('answers 400 problem details listing every bad field for %s', async (_name, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(body.errors.length).toBeGreaterThan(0);
    for (const e of body.errors)
      expect(e).toEqual({ Code: expect.any(String), Description: expect.any(String) });
  });

  it('lists every failing field, and names an unknown property', async () => {
    const res = await login({ email: 1, tenant_id: 'x' });
    const codes = res.json().errors.map((e: { Code: string }) => e.Code);
    expect(codes).toEqual(expect.arrayContaining(['email', 'password', 'userType', 'tenant_id']));
  });

  it('says an empty e-mail or password is required, in the spec words', async () => {
    const res = await login({ email: '', password: '', userType: UserTypeId.Admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { Code: 'email', Description: 'email: This field is required' },
      { Code: 'password', Description: 'password: This field is required' },
    ]);
  });

  it('answers 400 for malformed JSON and 413 for a 1 MB body, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().title).toBe('Bad Request');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(1024 * 1024), password: 'x', userType: UserTypeId.Admin }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 413 });
    expect(huge.body).not.toContain('at ');
  });
});

describe('bearer tokens on protected routes', () => {
  it('refuses a missing, tampered, wrongly signed, unsigned, expired, or refresh token with 401', async () => {
    const s = await signIn(t.app, demo.employee);
    const [header, payload, signature] = s.accessToken.split('.') as [string, string, string];
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...decodeClaims(s.accessToken), user_type: 'Admin' }),
    ).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const claims = decodeClaims(s.accessToken);
    const wrongKey = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    const expired = await new SignJWT({
      ...claims,
      iat: Math.floor(Date.now() / 1000) - 3600,
      exp: Math.floor(Date.now() / 1000) - 60,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    const bad = [
      undefined,
      `${header}.${tamperedPayload}.${signature}`,
      none,
      wrongKey,
      expired,
      s.refreshToken,
      'not-a-token',
    ];
    for (const token of bad) {
      const headers: Record<string, string> = { 'x-tenant-id': s.tenantId };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await basicInfo(headers);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().status).toBe(401);
    }
    expect((await basicInfo(s.headers)).statusCode).toBe(200);
  });

  it('answers 403 when X-Tenant-ID is missing or names another tenant', async () => {
    const s = await signIn(t.app, demo.employee);
    const other = await signIn(t.app, demo.otherEmployee);
    expect((await basicInfo({ authorization: s.headers.authorization })).statusCode).toBe(403);
    const res = await basicInfo({ ...s.headers, 'x-tenant-id': other.tenantId });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Pedro');
  });
});

describe('POST /api/v1/users/refresh-token', () => {
  it('answers the new access token as a JSON string', async () => {
    const s = await signIn(t.app, demo.hr);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: s.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const token = res.json();
    expect(typeof token).toBe('string');
    expect(decodeClaims(token)).toMatchObject({
      sid: s.claims.sid,
      tenant_id: s.tenantId,
      user_type: 'HRUser',
    });
    const info = await basicInfo({ authorization: `Bearer ${token}`, 'x-tenant-id': s.tenantId });
    expect(info.statusCode).toBe(200);
  });

  it('refuses garbage, a forged secret and bad bodies', async () => {
    const s = await signIn(t.app, demo.hr);
    const forged = s.refreshToken.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`);
    for (const refreshToken of ['nope', forged, s.accessToken]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { token: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/v1/users/logout', () => {
  it('revokes the session: its access token and refresh token stop working at once', async () => {
    const s = await signIn(t.app, demo.payroll);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: s.headers });
    expect(res.statusCode).toBe(204);
    expect((await basicInfo(s.headers)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('POST /api/v1/users/change-password', () => {
  const change = (s: { headers: Record<string, string> }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/change-password', headers: s.headers, payload });

  it('answers 400 with Code and Description for a wrong current password, a short one, and the same one', async () => {
    const s = await signIn(t.app, demo.approver);
    const wrong = await change(s, { CurrentPassword: 'nope-nope', NewPassword: 'brand-new-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { Code: 'PasswordMismatch', Description: 'Current password is incorrect.' },
    ]);
    const short = await change(s, { CurrentPassword: 'demo1234', NewPassword: 'abc' });
    expect(short.json().errors).toEqual([
      { Code: 'PasswordTooShort', Description: 'Password must be at least 6 characters' },
    ]);
    const same = await change(s, { CurrentPassword: 'demo1234', NewPassword: 'demo1234' });
    expect(same.json().errors.map((e: { Code: string }) => e.Code)).toEqual(['PasswordUnchanged']);
    const extra = await change(s, {
      CurrentPassword: 'demo1234',
      NewPassword: 'brand-new-1',
      UserType: 'Admin',
    });
    expect(extra.statusCode).toBe(400);
    // Nothing changed: the old password still signs in.
    await signIn(t.app, demo.approver);
  });

  it('changes the password and ends every session of the user', async () => {
    const first = await signIn(t.app, demo.employee);
    const second = await signIn(t.app, demo.employee);
    const res = await change(first, { CurrentPassword: 'demo1234', NewPassword: 'new-secret-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: 'Password changed successfully' });
    for (const s of [first, second]) {
      expect((await basicInfo(s.headers)).statusCode).toBe(401);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken: s.refreshToken },
      });
      expect(r.statusCode).toBe(401);
    }
    const old = await login({
      email: demo.employee.email,
      password: 'demo1234',
      userType: UserTypeId.PortalUser,
    });
    expect(old.statusCode).toBe(401);
    const again = await signIn(t.app, demo.employee, 'new-secret-1');
    await change(again, { CurrentPassword: 'new-secret-1', NewPassword: 'demo1234' });
  });
});

describe('authorization reads the database, not only the token', () => {
  it('a token minted before the user was disabled stops working', async () => {
    const s = await signIn(t.app, demo.otherEmployee);
    expect((await basicInfo(s.headers)).statusCode).toBe(200);
    await t.db.withTenant(s.tenantId, (tx) =>
      tx.query(`UPDATE users SET is_active = false WHERE tenant_id = $1 AND id = $2`, [
        s.tenantId,
        s.claims.sub,
      ]),
    );
    expect((await basicInfo(s.headers)).statusCode).toBe(401);
  });

  // A read starts on the user its session last found, before its own re-read answers (issue 8); the answer
  // must still be the one for the user the re-read finds.
  it('a read answers for the user as found now: another company, another type', async () => {
    const s = await signIn(t.app, demo.logisticsHr);
    const options = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/employees/options', headers: s.headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as { EmployeeId: string }[]).map((e) => e.EmployeeId).sort();
    };
    const setUser = (set: string, ...params: unknown[]) =>
      t.db.withTenant(s.tenantId, (tx) =>
        tx.query(`UPDATE users SET ${set} WHERE tenant_id = $1 AND id = $2`, [
          s.tenantId,
          s.claims.sub,
          ...params,
        ]),
      );
    const one = async (sql: string, ...params: unknown[]) =>
      (await t.db.withTenant(s.tenantId, (tx) => tx.query<{ id: string }>(sql, [s.tenantId, ...params])))[0]!
        .id;
    const logistics = await one(
      `SELECT company_id AS id FROM users WHERE tenant_id = $1 AND id = $2`,
      s.claims.sub,
    );
    const manufacturing = await one(
      `SELECT id FROM companies WHERE tenant_id = $1 AND name = 'Demo Manufacturing Inc.'`,
    );
    const own = await options();
    try {
      expect(own.length).toBeGreaterThan(0);
      await setUser('company_id = $3', manufacturing);
      const moved = await options();
      expect(moved.length).toBeGreaterThan(0);
      expect(moved.some((id) => own.includes(id))).toBe(false);

      await setUser(`user_type = 'PayrollUser'`);
      const dashboard = await t.app.inject({
        method: 'GET',
        url: '/api/v1/hr/dashboard',
        headers: s.headers,
      });
      expect(dashboard.statusCode).toBe(403);
    } finally {
      await setUser(`company_id = $3, user_type = 'HRUser'`, logistics);
    }
    expect(await options()).toEqual(own);
  });
});

describe('tenant transactions', () => {
  // A transaction that only read does not wait for COMMIT's answer (decision 0013); one that wrote must.
  it('a write fails when its COMMIT fails', async () => {
    const s = await signIn(t.app, demo.otherAdmin);
    await expect(
      t.db.withTenant(s.tenantId, async (tx) => {
        await tx.query(
          `CREATE TEMP TABLE deferred_check (n int UNIQUE DEFERRABLE INITIALLY DEFERRED) ON COMMIT DROP`,
        );
        await tx.query(`INSERT INTO deferred_check VALUES (1), (1)`);
        return 'answered';
      }),
    ).rejects.toThrow(/duplicate key/);
  });

  it('a failed opening fails the transaction and leaves the connection clean', async () => {
    const s = await signIn(t.app, demo.otherAdmin);
    await expect(
      t.db.withTenant(s.tenantId, (tx) => tx.query('SELECT 1'), { sql: 'SELECT no_such_column', uuids: [] }),
    ).rejects.toThrow(/no_such_column/);
    const rows = await t.db.withTenant(s.tenantId, (tx) =>
      tx.query<{ t: string }>(`SELECT current_setting('app.tenant_id') AS t`),
    );
    expect(rows).toEqual([{ t: s.tenantId }]);
  });
});

describe.skipIf(!onPostgres)('tenant transactions on a PostgreSQL server (decision 0016)', () => {
  const read = (tenantId: string) =>
    t.db.withTenant(tenantId, async (tx) => {
      const [row] = await tx.query<{ pid: number; started: string; db: string }>(
        `SELECT pg_backend_pid() AS pid, now()::text AS started, current_database() AS db`,
      );
      return row!;
    });

  it('the COMMIT a read held is written before the next opening on that connection', async () => {
    const s = await signIn(t.app, demo.otherAdmin);
    const first = await read(s.tenantId);
    const second = await read(s.tenantId);
    // The same connection, taken again while the first read's COMMIT was still held: a new transaction.
    expect(second.pid).toBe(first.pid);
    expect(second.started).not.toBe(first.started);
    const other = await signIn(t.app, demo.admin);
    const rows = await t.db.withTenant(other.tenantId, (tx) =>
      tx.query<{ t: string }>(`SELECT current_setting('app.tenant_id') AS t`),
    );
    expect(rows).toEqual([{ t: other.tenantId }]);
  });

  it('a read left alone still commits: its connection does not stay idle in a transaction', async () => {
    const s = await signIn(t.app, demo.otherAdmin);
    const { pid, db } = await read(s.tenantId);
    const owner = new pg.Client({ connectionString: databaseUrl(db) });
    await owner.connect();
    try {
      const stateOf = async () =>
        (await owner.query<{ state: string }>(`SELECT state FROM pg_stat_activity WHERE pid = $1`, [pid]))
          .rows[0]?.state;
      let state = await stateOf();
      for (let tries = 0; state !== 'idle' && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        state = await stateOf();
      }
      expect(state).toBe('idle');
    } finally {
      await owner.end();
    }
  });
});

describe('GET /api/v1/portal/employees/basic-info', () => {
  it("answers exactly the caller's own employee fields", async () => {
    const s = await signIn(t.app, demo.employee);
    const res = await basicInfo(s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      FullName: 'Juan Dela Cruz',
      EmployeeNumber: 'DM-0004',
      DepartmentName: 'Production',
      PositionName: 'Machine Operator',
      Shift: { Name: 'Day Shift', TimeIn: '08:00:00', TimeOut: '17:00:00' },
    });
  });

  it('answers Shift null when the employee has no shift', async () => {
    const s = await signIn(t.app, demo.approver);
    await t.db.withTenant(s.tenantId, (tx) =>
      tx.query(`UPDATE employees SET shift_id = NULL WHERE tenant_id = $1 AND employee_number = 'DM-0003'`, [
        s.tenantId,
      ]),
    );
    const res = await basicInfo(s.headers);
    expect(res.json()).toMatchObject({ FullName: 'Ana Cruz', Shift: null });
  });

  it('answers the user with every employee field null when no employee record is linked (an Admin)', async () => {
    const s = await signIn(t.app, demo.admin);
    const res = await basicInfo(s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      FullName: s.claims.name,
      EmployeeNumber: null,
      DepartmentName: null,
      PositionName: null,
      Shift: null,
    });
  });
});
