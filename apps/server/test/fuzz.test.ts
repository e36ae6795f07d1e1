import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

/** Random bodies, ids and headers at every registered route: never a 5xx, always problem details (G4). */
let t: TestApp;
let session: Session;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '100000', LOGIN_MAX_ATTEMPTS_PER_IP: '100000' });
  session = await signIn(t.app, demo.admin);
});
afterAll(() => t?.close());

const body = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'userType',
      'refreshToken',
      'CurrentPassword',
      'NewPassword',
      'Email',
      'Token',
      'tenant_id',
    ),
    fc.anything({ maxDepth: 1 }),
  ),
);

describe('fuzzing every route', () => {
  it('answers 4xx problem details, never 5xx, to random input', async () => {
    const routes = t.app.apiRoutes.filter(
      (r) => !r.url.endsWith('/logout') && !r.url.endsWith('/change-password'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        body,
        fc.string({ maxLength: 40 }),
        fc.boolean(),
        async (route, payload, id, authed) => {
          const url = route.url.replace(/:[A-Za-z]+\??/g, encodeURIComponent(id) || 'x');
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: authed ? session.headers : {},
            ...(route.method === 'GET'
              ? {}
              : {
                  payload: JSON.stringify(payload),
                  headers: { ...(authed ? session.headers : {}), 'content-type': 'application/json' },
                }),
          });
          expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(res.json()).toMatchObject({ status: res.statusCode, title: expect.any(String) });
        },
      ),
      { numRuns: 300 },
    );
  });
});
