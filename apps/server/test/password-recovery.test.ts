import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserTypeId } from '@hrpay/contracts';
import { FORGOT_PASSWORD_ANSWER } from '../src/modules/auth/service.js';
import { createTestApp, demo, signIn, type TestApp } from './helpers.js';
import { linkIn, startMailReceiver } from './mail-receiver.js';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailReceiver>>;

beforeAll(async () => {
  mail = await startMailReceiver();
  t = await createTestApp({ SMTP_URL: mail.url, APP_BASE_URL: 'https://hrpay.example.ph' });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const forgot = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/forgot-password', payload });
const reset = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/reset-password', payload });
const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);

describe('forgot and reset password', () => {
  it('mails a single-use link through SMTP and the new password signs in', async () => {
    const res = await forgot({ Email: 'HR@demo.hrpay.test', UserType: UserTypeId.HRUser });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: FORGOT_PASSWORD_ANSWER });

    const message = await mail.next(demo.hr.email);
    expect(message.raw).toContain('Subject: Reset your HRPAY password');
    const link = linkIn(message, '/reset-password');
    expect(link.startsWith('https://hrpay.example.ph/reset-password?token=')).toBe(true);
    const session = await signIn(t.app, demo.hr);

    const done = await reset({ Token: tokenOf(link), NewPassword: 'fresh-pass-1' });
    expect(done.statusCode).toBe(200);
    await signIn(t.app, demo.hr, 'fresh-pass-1');
    // The reset ended the sessions that existed before it.
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v1/portal/employees/basic-info',
      headers: session.headers,
    });
    expect(info.statusCode).toBe(401);

    const again = await reset({ Token: tokenOf(link), NewPassword: 'another-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].Code).toBe('InvalidToken');
    await signIn(t.app, demo.hr, 'fresh-pass-1');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await forgot({ Email: 'nobody@nowhere.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: FORGOT_PASSWORD_ANSWER });
    await expect(mail.next('nobody@nowhere.test', 500)).rejects.toThrow(/no mail/);
  });

  it('refuses an expired link, a forged one and a short password, changing nothing', async () => {
    await forgot({ Email: demo.payroll.email });
    const token = tokenOf(linkIn(await mail.next(demo.payroll.email), '/reset-password'));

    const short = await reset({ Token: token, NewPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { Code: 'PasswordTooShort', Description: 'Password must be at least 6 characters' },
    ]);

    const forged = token.replace(/\.[^.]+$/, `.${'B'.repeat(43)}`);
    expect((await reset({ Token: forged, NewPassword: 'valid-pass-1' })).statusCode).toBe(400);
    expect((await reset({ Token: 'garbage', NewPassword: 'valid-pass-1' })).statusCode).toBe(400);

    const [tenantId] = token.split('.');
    await t.db.withTenant(tenantId!, (tx) =>
      tx.query(`UPDATE user_tokens SET expires_at = now() - interval '1 minute'`),
    );
    const expired = await reset({ Token: token, NewPassword: 'valid-pass-1' });
    expect(expired.statusCode).toBe(400);
    await signIn(t.app, demo.payroll); // the old password still works
  });

  it('keeps the message in the outbox and records that it was sent', async () => {
    await forgot({ Email: demo.approver.email });
    await mail.next(demo.approver.email);
    const s = await signIn(t.app, demo.approver);
    await new Promise((r) => setTimeout(r, 200));
    const rows = await t.db.withTenant(s.tenantId, (tx) =>
      tx.query<{ recipient: string; sent_at: Date | null }>(
        `SELECT recipient, sent_at FROM mail_outbox WHERE recipient = $1`,
        [demo.approver.email],
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sent_at).not.toBeNull();
  });
});

describe('account setup from an invitation link', () => {
  it('sets the password of an invited user, once', async () => {
    const admin = await signIn(t.app, demo.admin);
    const { link } = await t.db.withTenant(admin.tenantId, async (tx) => {
      const [company] = await tx.query<{ id: string }>(`SELECT id FROM companies LIMIT 1`);
      const { insertUser } = await import('../src/tenants/provision.js');
      const id = await insertUser(tx, admin.tenantId, {
        email: 'new.hire@demo.hrpay.test',
        fullName: 'New Hire',
        userType: 'HRUser',
        companyId: company!.id,
      });
      return t.app.services.auth.invite(
        tx,
        admin.tenantId,
        { id, email: 'new.hire@demo.hrpay.test', full_name: 'New Hire' },
        'http://localhost',
      );
    });
    // No password yet: sign-in is refused like any other failure.
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'new.hire@demo.hrpay.test', password: 'whatever1', userType: UserTypeId.HRUser },
    });
    expect(before.statusCode).toBe(401);

    const setup = (NewPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/users/account-setup',
        payload: { Token: tokenOf(link), NewPassword },
      });
    // A reset link cannot be used as an invitation and vice versa: purposes are checked.
    expect((await reset({ Token: tokenOf(link), NewPassword: 'welcome-1' })).statusCode).toBe(400);
    expect((await setup('welcome-1')).statusCode).toBe(200);
    await signIn(t.app, { email: 'new.hire@demo.hrpay.test', type: 'HRUser' }, 'welcome-1');
    expect((await setup('welcome-2')).statusCode).toBe(400);
  });
});
