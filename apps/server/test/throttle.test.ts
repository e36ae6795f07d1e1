import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserTypeId } from '@hrpay/contracts';
import { createTestApp, demo, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '12' });
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    remoteAddress: ip,
    payload: { email, password, userType: UserTypeId.HRUser },
  });

describe('sign-in throttling', () => {
  it('blocks an e-mail after the configured failures, even with the right password, with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await login(demo.hr.email, 'wrong-guess', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(demo.hr.email, 'demo1234', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    // Another account is not affected.
    expect((await login(demo.otherHr.email, 'demo1234', '10.1.0.98')).statusCode).toBe(200);
  });

  it('counts failures for unknown e-mails the same way (no enumeration through the limit)', async () => {
    for (let i = 0; i < 3; i++) await login('ghost@demo.hrpay.test', 'x', `10.2.0.${i}`);
    expect((await login('ghost@demo.hrpay.test', 'x', '10.2.0.9')).statusCode).toBe(429);
  });

  it('limits all attempts from one address', async () => {
    const ip = '10.3.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await login(`user${i}@nowhere.test`, 'x', ip)).statusCode);
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});
