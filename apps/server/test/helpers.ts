import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UserTypeId, type UserTypeName } from '@hrpay/contracts';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { openPglite } from '../src/db/pglite.js';
import { DEMO_PASSWORD } from '../src/tenants/demo-seed.js';
import { asOwner, copyDatabase, databaseUrl, onPostgres, onServer, openOnServer } from './db-templates.js';

export { onPostgres } from './db-templates.js';

export interface TestDatabase {
  db: Database;
  /** Runs DDL as the owner (superuser): for tests that break the schema on purpose. */
  ownerExec(sql: string): Promise<void>;
  drop(): Promise<void>;
}

const templateFiles = new Map<string, ArrayBuffer>();
/** A template's tarball, read once per worker: PGlite only copies files out of it. */
function templateBytes(path: string) {
  let bytes = templateFiles.get(path);
  if (!bytes) {
    const file = readFileSync(path);
    bytes = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    templateFiles.set(path, bytes);
  }
  return bytes;
}

/**
 * A fresh, migrated database (`seeded`: with the demo tenants too): in-memory PGlite, or a new database on the
 * PostgreSQL server. Either starts as a copy of the template the suite's global setup migrated (and seeded) once
 * (`test/db-templates.ts`).
 */
export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const templates = inject('dbTemplates');
  const template = options.seeded ? templates.seeded : templates.migrated;
  if (!onPostgres) {
    const { db, owner } = await openPglite('memory', {
      tarball: templateBytes(template),
      sharedBuffers: '16MB',
    });
    return { db, ownerExec: async (sql) => void (await owner.exec(sql)), drop: () => db.close() };
  }
  const name = `hrpay_test_${randomBytes(6).toString('hex')}`;
  await copyDatabase(template, name);
  const { db } = await openOnServer(name, 4);
  return {
    db,
    ownerExec: (sql) => asOwner(databaseUrl(name), sql),
    drop: async () => {
      await db.close();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh database with the demo tenants; `extend` may register extra routes before ready. */
export async function createTestApp(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => Promise<void> | void,
): Promise<TestApp> {
  const testDb = await createTestDatabase({ seeded: true });
  const config: Config = loadConfig({
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await buildApp({
    config,
    db: testDb.db,
    jwtSecret: 'test-secret-test-secret-test-secret-0123',
    // TEST_LOG=1 prints the errors behind 500 answers.
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
  });
  try {
    await extend?.(app);
    await app.ready();
  } catch (error) {
    await testDb.drop();
    throw error;
  }
  return {
    app,
    db: testDb.db,
    testDb,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

export const demo = {
  admin: { email: 'admin@demo.hrpay.test', type: 'Admin' },
  hr: { email: 'hr@demo.hrpay.test', type: 'HRUser' },
  payroll: { email: 'payroll@demo.hrpay.test', type: 'PayrollUser' },
  approver: { email: 'approver@demo.hrpay.test', type: 'PortalUser' },
  employee: { email: 'employee@demo.hrpay.test', type: 'PortalUser' },
  /** HR of Demo Logistics Corp., the demo tenant's second company. */
  logisticsHr: { email: 'hr@logistics.demo.hrpay.test', type: 'HRUser' },
  logisticsPayroll: { email: 'payroll@logistics.demo.hrpay.test', type: 'PayrollUser' },
  otherAdmin: { email: 'admin@other.hrpay.test', type: 'Admin' },
  otherHr: { email: 'hr@other.hrpay.test', type: 'HRUser' },
  otherEmployee: { email: 'employee@other.hrpay.test', type: 'PortalUser' },
} as const satisfies Record<string, { email: string; type: UserTypeName }>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type DemoUser = keyof typeof demo;
/** Who makes a call: a demo user by name (signed in once per app), a session, or null for anonymous. */
export type Who = DemoUser | Pick<Session, 'headers'> | null;

const demoSessions = new WeakMap<FastifyInstance, Map<DemoUser, Promise<Session>>>();

/**
 * The demo user's session on this app: signed in on first use, then reused. A test that signs the user out,
 * locks them or changes their password uses its own `signIn` instead, so the shared token stays good.
 */
export function sessionOf(app: FastifyInstance, user: DemoUser): Promise<Session> {
  let byUser = demoSessions.get(app);
  if (!byUser) demoSessions.set(app, (byUser = new Map()));
  let session = byUser.get(user);
  if (!session) byUser.set(user, (session = signIn(app, demo[user])));
  return session;
}

/** The tenant of a demo user, for `t.db.withTenant(...)` checks behind the API. */
export const tenantOf = async (app: FastifyInstance, user: DemoUser) => (await sessionOf(app, user)).tenantId;

/** An API call through HTTP as `who`: `injectAs(app, 'hr', 'POST', '/api/v1/departments', body)`. */
export async function injectAs(
  app: FastifyInstance,
  who: Who,
  method: Method,
  url: string,
  payload?: object,
) {
  const session = typeof who === 'string' ? await sessionOf(app, who) : who;
  return app.inject({ method, url, headers: session?.headers ?? {}, payload });
}

/**
 * `injectAs` bound to one test file's app (created in `beforeAll`):
 * `const call = caller(() => t.app)`, then `call('hr', 'POST', '/api/v1/departments', body)`.
 */
export function caller(app: () => FastifyInstance) {
  return (who: Who, method: Method, url: string, payload?: object) =>
    injectAs(app(), who, method, url, payload);
}

/** The field codes of a 400 answer's `errors`, in order. */
export const errorCodes = (res: { json(): { errors?: { Code: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.Code);

export interface Session {
  accessToken: string;
  refreshToken: string;
  tenantId: string;
  claims: Record<string, unknown>;
  headers: { authorization: string; 'x-tenant-id': string };
}

export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

export async function signIn(
  app: FastifyInstance,
  who: { email: string; type: UserTypeName },
  password = DEMO_PASSWORD,
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: who.email, password, userType: UserTypeId[who.type] },
  });
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${who.email} failed: ${res.statusCode} ${res.body}`);
  const { AccessToken, RefreshToken } = res.json();
  const claims = decodeClaims(AccessToken);
  const tenantId = String(claims.tenant_id);
  return {
    accessToken: AccessToken,
    refreshToken: RefreshToken,
    tenantId,
    claims,
    headers: { authorization: `Bearer ${AccessToken}`, 'x-tenant-id': tenantId },
  };
}
