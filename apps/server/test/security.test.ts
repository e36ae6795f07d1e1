/**
 * Issue 13: defects found by probing the running app. Each block fails without its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserTypeId } from '@hrpay/contracts';
import { toCsv } from '../src/lib/csv.js';
import { newOpaqueToken } from '../src/lib/crypto.js';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { startMailReceiver } from './mail-receiver.js';

const LIMIT = 5;
let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailReceiver>>;
let admin: Session;
let companyId: string;

beforeAll(async () => {
  mail = await startMailReceiver();
  // No APP_BASE_URL: links must then come from the listen address, never from the request.
  t = await createTestApp({ SMTP_URL: mail.url, PORT: '3999', LOGIN_MAX_FAILURES_PER_EMAIL: String(LIMIT) });
  admin = await signIn(t.app, demo.admin);
  companyId = (
    await t.db.withTenant(admin.tenantId, (tx) =>
      tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = $1`, [demo.admin.email]),
    )
  )[0]!.company_id;
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    remoteAddress: ip,
    payload: { email, password, userType: UserTypeId.PayrollUser },
  });

const outbox = (tenantId: string, recipient: string) =>
  t.db.withTenant(tenantId, (tx) =>
    tx.query<{ body_text: string; sent_at: Date | null }>(
      `SELECT body_text, sent_at FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC`,
      [recipient],
    ),
  );

function multipart(fileName: string, content: string) {
  const boundary = '----hrpaysecurity';
  return {
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('item 1: the per-e-mail sign-in limit holds against parallel attempts', () => {
  it('checks at most the limit of 60 simultaneous attempts, and the one success erases no failure', async () => {
    const attempts = Array.from({ length: 60 }, (_, i) =>
      login(demo.payroll.email, i === 30 ? 'demo1234' : `wrong-${i}`, `10.60.0.${i}`),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    const checked = statuses.filter((s) => s !== 429);
    expect(checked.length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(60 - LIMIT);
    // Whatever happened in the race, the failures stay counted: the right password is now refused too.
    expect((await login(demo.payroll.email, 'demo1234', '10.60.1.1')).statusCode).toBe(429);
  });
});

describe('item 2: e-mailed links come from configuration, never from the Host header', () => {
  it('mails a reset link to the listen address when the request claims Host: evil.example', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { Email: demo.hr.email },
    });
    expect(res.statusCode).toBe(200);
    const message = await mail.next(demo.hr.email);
    expect(message.raw).not.toContain('evil.example');
    expect(message.raw).toContain('http://localhost:3999/reset-password?token=');
  });
});

describe('item 4: a NUL character is a 400 naming the field, never a 500', () => {
  it.each([
    ['/api/v1/users/login', { email: 'a\u0000@b.test', password: 'x', userType: UserTypeId.HRUser }, 'email'],
    [
      '/api/v1/users/login',
      { email: 'a@b.test', password: 'x\u0000', userType: UserTypeId.HRUser },
      'password',
    ],
    ['/api/v1/users/forgot-password', { Email: 'nul\u0000@b.test' }, 'Email'],
  ])('%s %#', async (url, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.4.0.1' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[0].Code).toBe(field);
  });

  it('answers 400 for a body nested 10,000 levels deep, signed in or not (the check had run out of stack)', async () => {
    const deep = `{"Name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    for (const [url, headers] of [
      ['/api/v1/users/login', {}],
      ['/api/v1/companies/list', admin.headers],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: deep,
        remoteAddress: '10.4.0.2',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toMatch(/nests deeper than 32 levels/);
    }
  });

  it('answers 400 for a lone surrogate (ill-formed Unicode) instead of storing a replacement character', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/list',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"Search":"zz\\ud800zz"}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Text must be valid Unicode.' });
    expect(res.json().errors[0].Code).toBe('Search');
  });

  it('answers 400 for bytes that are not UTF-8 instead of storing replacement characters', async () => {
    const body = (name: Buffer) =>
      Buffer.concat([Buffer.from('{"Name":"'), name, Buffer.from('","Tin":"111-222-333-000"}')]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: body(Buffer.from([0x41, 0xff, 0xfe, 0x42])),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ detail: 'The request body is not valid UTF-8 text.' });
    // The same body in UTF-8 (Ñ is two bytes) is taken, so the check refuses only what is not UTF-8.
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies',
      headers: { ...admin.headers, 'content-type': 'application/json; charset=utf-8' },
      payload: body(Buffer.from('Señales Corp.', 'utf8')),
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().Name).toBe('Señales Corp.');
  });

  it('refuses a NUL in an Admin write and stores nothing', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/v1/companies/${companyId}`,
      headers: admin.headers,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/companies/list',
      headers: admin.headers,
      payload: { Search: 'x\u0000y' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].Code).toBe('Search');
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/companies/${companyId}`,
      headers: admin.headers,
    });
    expect(after.json()).toEqual(before.json());
  });
});

describe('item 5: malformed requests are problem details', () => {
  it('answers 400 for a multipart body without a boundary and for one cut short', async () => {
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/employee-imports`,
      headers: { ...admin.headers, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.headers['content-type']).toContain('application/problem+json');

    const cut = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/employee-imports`,
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nEmployeeNumber,La',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('answers a badly encoded URL with problem details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/companies/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(res.json().code).toBeUndefined();
  });

  it('answers an over-long id as problem details without echoing the path', async () => {
    const id = 'a'.repeat(5000);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/companies/${id}`, headers: admin.headers });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).not.toContain(id);
  });
});

describe('item 6: CSV cells holding a separator are quoted', () => {
  it('quotes cells with ; tab or CR and neutralises formulas', () => {
    const csv = toCsv(['A', 'B', 'C', 'D'], [['x;y', 'a\tb', 'c\rd', '=1+1']]);
    expect(csv.split('\r\n')[1]).toBe(`"x;y","a\tb","c\rd",'=1+1`);
  });
});

describe('item 7: change-password, reset-password and account-setup are throttled', () => {
  it('refuses change-password after the limit of attempts', async () => {
    const session = await signIn(t.app, demo.approver);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/change-password',
        headers: session.headers,
        payload: { CurrentPassword: `wrong-${i}`, NewPassword: 'a-new-password-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 400)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });

  it.each(['reset-password', 'account-setup'])(
    'refuses %s guesses at one link after the limit',
    async (path) => {
      // A well-formed link of the tenant that was never issued (one per route, so the two counters are apart).
      const rowId = `11111111-2222-4333-8444-${String(path.length).padStart(12, '0')}`;
      const guess = newOpaqueToken(admin.tenantId, rowId).token;
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/users/${path}`,
          remoteAddress: `10.7.${path.length}.${i}`,
          payload: { Token: guess, NewPassword: 'a-new-password-1' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, LIMIT).every((s) => s === 400)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
    },
  );
});

describe('item 8: an upload is authenticated before its body is read', () => {
  it('answers 401 to a signed-out session even for a broken file', async () => {
    const session = await signIn(t.app, demo.admin);
    await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: session.headers });
    const body = multipart('broken.csv', 'not,a\u0001valid"file');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/employee-imports`,
      headers: { ...session.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('item 9: the outbox keeps no usable token after delivery', () => {
  it('removes the token from a delivered reset mail', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      remoteAddress: '10.9.0.1',
      payload: { Email: demo.employee.email },
    });
    await mail.next(demo.employee.email);
    let rows = await outbox(admin.tenantId, demo.employee.email);
    for (let i = 0; i < 50 && !rows[0]?.sent_at; i++) {
      await new Promise((r) => setTimeout(r, 20));
      rows = await outbox(admin.tenantId, demo.employee.email);
    }
    expect(rows[0]!.sent_at).not.toBeNull();
    expect(rows[0]!.body_text).toContain('/reset-password?token=(removed after delivery)');
    expect(rows[0]!.body_text).not.toMatch(/token=[0-9a-f-]{36}\./);
  });
});

describe('item 10: a long file name keeps its extension', () => {
  it('accepts a 300-character .csv name as CSV', async () => {
    const name = `${'n'.repeat(296)}.csv`;
    const body = multipart(name, 'EmployeeNumber,LastName\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${companyId}/employee-imports`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).not.toBe(415);
    expect(res.statusCode).toBeLessThan(500);
  });
});
