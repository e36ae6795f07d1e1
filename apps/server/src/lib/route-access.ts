import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { AccessTokenClaims, UserTypeName } from '@hrpay/contracts';
import type { Database, Tx } from '../db/database.js';
import type { AccessTokens } from './access-tokens.js';
import { linkedEmployeeSeparated } from '../modules/employees/employment.js';
import { manilaToday } from './manila.js';
import { problems } from './problem.js';

/**
 * Every /api/v1 route declares who may call it (ARCHITECTURE §3, spec §6). This plugin is the one place where
 * that is enforced: it refuses to start on a route without a declaration, a non-strict body schema or no
 * response schema; verifies the bearer token and X-Tenant-ID before the body is read; and runs the handler
 * inside the tenant's transaction after re-reading the session and the user's current type from the database.
 */
export type RouteAccess =
  | { public: true }
  | {
      userTypes: readonly UserTypeName[];
      /** For routes with an :id: the table whose row the id names, so the isolation test can probe it. */
      idOf?: string;
      /**
       * The route's records belong to one company (the `idOf` table has a `company_id`). HR and Payroll users
       * see only their own company's (see `companyScope`); the route matrix proves an id of another company of
       * the same tenant answers 404 for them, exactly like another tenant's id.
       */
      companyScoped?: boolean;
    };

export interface CurrentUser {
  userId: string;
  tenantId: string;
  sessionId: string;
  companyId: string;
  userType: UserTypeName;
  isApprover: boolean;
  employeeId: string | null;
  fullName: string;
}

export interface RequestContext {
  tx: Tx;
  user: CurrentUser;
  /** Runs `work` once the request's transaction has committed (mail delivery, waking a job worker). */
  afterCommit(work: () => void): void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    claims?: AccessTokenClaims;
    context?: RequestContext;
  }
  interface FastifyInstance {
    /** Every /api/v1 route with its declared access, for the route-matrix tests. */
    apiRoutes: { method: string; url: string; access: RouteAccess; multipart: boolean; body: boolean }[];
  }
}

/**
 * The company a user is confined to: an HRUser, PayrollUser or PortalUser works inside the company of its own
 * user record; an Admin works across the companies of its tenant (null). Every HR and payroll query filters
 * on this, never on a company id the client sends.
 */
export function companyScope(user: CurrentUser): string | null {
  return user.userType === 'Admin' ? null : user.companyId;
}

/**
 * The company a request may act on: for an Admin the one it names (which must then be checked to exist in the
 * tenant), for everyone else their own. A company-confined user naming another company gets the same 404 as
 * for a record of another tenant (no existence leak).
 */
export function requireInCompany(user: CurrentUser, companyId: string | null | undefined): string | null {
  const own = companyScope(user);
  if (own === null) return companyId ?? null;
  if (companyId && companyId.toLowerCase() !== own.toLowerCase()) throw problems.notFound();
  return own;
}

/**
 * requireInCompany for a read that may span the tenant: an Admin's named company must also be one of the tenant,
 * else the same 404 as any record of another tenant (not an empty answer that reads as "no employees there").
 */
export async function companyToRead(
  tx: Tx,
  user: CurrentUser,
  companyId: string | null | undefined,
): Promise<string | null> {
  const id = requireInCompany(user, companyId);
  if (id !== null && companyScope(user) === null) {
    const found = await tx.query(`SELECT 1 FROM companies WHERE tenant_id = $1 AND id = $2`, [
      user.tenantId,
      id,
    ]);
    if (found.length === 0) throw problems.notFound('The company was not found.');
  }
  return id;
}

/** The tenant transaction and signed-in user of an authenticated route. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.context) throw new Error('contextOf() used on a public route');
  return request.context;
}

function isStrictObject(schema: unknown): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  const catchall = schema.def.catchall;
  return catchall instanceof z.ZodNever;
}

export const routeAccess = fp<{ db: Database; tokens: AccessTokens }>(
  async (app: FastifyInstance, { db, tokens }) => {
    app.decorate('apiRoutes', []);
    const sessions = sessionMemory();

    const authenticate = async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const claims = token ? await tokens.verify(token) : null;
      if (!claims) throw problems.unauthorized();
      if (request.headers['x-tenant-id'] !== claims.tenant_id) {
        throw problems.forbidden('The X-Tenant-ID header does not match your session.');
      }
      request.claims = claims;
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/v1/')) return;
      const access = route.config?.access;
      const where = `${String(route.method)} ${route.url}`;
      if (!access) throw new Error(`${where} declares no access (config.access)`);
      if (!route.schema?.response) throw new Error(`${where} has no response schema`);
      if (route.schema.body && !isStrictObject(route.schema.body)) {
        throw new Error(`${where} body schema must be a strict object (unknown properties refused)`);
      }
      for (const method of [route.method].flat()) {
        const multipart = !!route.schema?.consumes?.includes('multipart/form-data');
        if (method !== 'HEAD') {
          app.apiRoutes.push({ method, url: route.url, access, multipart, body: !!route.schema?.body });
        }
      }
      if ('public' in access) return;

      const allowed = new Set<string>(access.userTypes);
      // The token's type gives an early 403 before the body is read; the database row decides in the handler.
      const allowedByToken = (
        request: FastifyRequest,
        _reply: FastifyReply,
        done: (error?: Error) => void,
      ) => {
        done(allowed.has(request.claims!.user_type) ? undefined : problems.forbidden());
      };
      // An upload is read (and parsed) before the handler's transaction; make sure its session is still live
      // first, so a signed-out client gets 401 without the server reading 50 MB for it (issue 13, item 8).
      const sessionLive = async (request: FastifyRequest) => {
        const claims = request.claims!;
        await db.withTenant(
          claims.tenant_id,
          async (_tx, firstRows) => {
            const [row] = await firstRows;
            if (!row) throw problems.unauthorized('Your session has ended. Please sign in again.');
          },
          currentUserQuery(claims),
        );
      };
      const multipart = !!route.schema?.consumes?.includes('multipart/form-data');
      const inner = route.handler;
      route.onRequest = [
        authenticate,
        allowedByToken,
        ...(multipart ? [sessionLive] : []),
        ...[route.onRequest ?? []].flat(),
      ];
      // A read (GET, or a POST that lists) starts on the session as last verified (see `verified` below).
      const read = !multipart && (route.method === 'GET' || route.url.endsWith('/list'));
      route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const claims = request.claims!;
        const sessionKey = `${claims.tenant_id}/${claims.sid}/${claims.sub}`;
        const committed: (() => void)[] = [];
        // A handler that answers with reply.send (a 201, a file) must not answer before its transaction has
        // committed: a client acting on the answer at once would not see its own write. The send is held
        // (an own property shadows Reply#send) and made after COMMIT; a rolled-back request drops it. The
        // shadow answers undefined, not the reply: a reply is a thenable that settles only once sent.
        let held: { payload: unknown } | null = null;
        const shadow = reply as unknown as { send: (payload?: unknown) => undefined };
        shadow.send = (payload?: unknown) => {
          held = { payload };
          return undefined;
        };
        const handle = async (tx: Tx, row: CurrentUserRow) => {
          const user = currentUser(claims, row);
          if (!allowed.has(user.userType)) throw problems.forbidden();
          held = null;
          committed.length = 0;
          request.context = { tx, user, afterCommit: (work) => committed.push(work) };
          return inner.call(this, request, reply);
        };
        // Live session and user first: the handler runs only once the re-read has found them. A read whose
        // session was verified before runs at once, in the same round trip as the re-read (issue 8), and its
        // answer is used only if the re-read still finds the same user; otherwise it runs again on what was found.
        const verified = async (tx: Tx, firstRows: Promise<Record<string, unknown>[]>) => {
          const [row] = (await firstRows) as unknown as CurrentUserRow[];
          if (!row) {
            sessions.forget(sessionKey);
            throw problems.unauthorized('Your session has ended. Please sign in again.');
          }
          if (read) sessions.remember(sessionKey, row);
          return handle(tx, row);
        };
        const first = currentUserQuery(claims);
        let result: unknown;
        try {
          const known = read ? sessions.recall(sessionKey) : undefined;
          result = await db
            .withTenant(
              claims.tenant_id,
              async (tx, firstRows) => {
                if (!known) return verified(tx, firstRows);
                // Both settle before anything is decided: a transaction ends only when its handler has stopped.
                const [reread, answer] = await Promise.allSettled([firstRows, handle(tx, known)]);
                if (reread.status === 'rejected') throw reread.reason;
                const [row] = reread.value as unknown as CurrentUserRow[];
                if (!row) return verified(tx, firstRows); // answers 401
                if (!sameUser(row, known)) throw new SessionChanged();
                if (answer.status === 'rejected') throw answer.reason;
                return answer.value;
              },
              first,
            )
            .catch((error: unknown) => {
              if (!(error instanceof SessionChanged)) throw error;
              sessions.forget(sessionKey);
              return db.withTenant(claims.tenant_id, verified, first);
            });
        } finally {
          delete (shadow as { send?: unknown }).send;
        }
        for (const work of committed) work();
        const answer = held as { payload: unknown } | null;
        return answer ? reply.send(answer.payload) : result;
      };
    });
  },
);

/** The re-read found another user than the one a read started on: the read runs again on the one found. */
class SessionChanged extends Error {}

/**
 * The user each live session last re-read found, kept only to let a read start before this request's re-read
 * answers: nothing is trusted from here (every request's answer waits for its own re-read).
 */
function sessionMemory(maxSessions = 10_000) {
  const rows = new Map<string, CurrentUserRow>();
  return {
    recall: (key: string) => rows.get(key),
    remember(key: string, row: CurrentUserRow) {
      rows.delete(key);
      if (rows.size >= maxSessions) rows.delete(rows.keys().next().value!);
      rows.set(key, row);
    },
    forget: (key: string) => void rows.delete(key),
  };
}

function sameUser(a: CurrentUserRow, b: CurrentUserRow): boolean {
  return (
    a.company_id === b.company_id &&
    a.user_type === b.user_type &&
    a.is_approver === b.is_approver &&
    a.employee_id === b.employee_id &&
    a.full_name === b.full_name
  );
}

interface CurrentUserRow {
  company_id: string;
  user_type: UserTypeName;
  is_approver: boolean;
  employee_id: string | null;
  full_name: string;
}

/**
 * The session must still be live and the user active; type and approver flag come from the row, not the token.
 * Runs as the transaction's first query (with BEGIN, in one round trip on a server). A user linked to an employee
 * whose separation date has passed (`$4`, the Manila date) is refused as sign-in refuses them: a separation dated
 * in the future is scheduled, the notice worked (Labor Code Art. 300), so the session lasts through the last day
 * and ends on the first request after it, with no job at midnight (employees/employment.ts). One primary-key
 * probe, only for a linked user; it filters the row and adds no column, so the row compared is unchanged.
 */
const CURRENT_USER_SQL = `SELECT u.company_id, u.user_type, u.is_approver, u.employee_id, u.full_name
   FROM sessions s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  WHERE s.tenant_id = $1 AND s.id = $2 AND s.user_id = $3
    AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active
    AND NOT ${linkedEmployeeSeparated('u', '$4::date')}`;

/** The re-read of a session, with today's Manila date for the separation check. */
const currentUserQuery = (claims: AccessTokenClaims) => ({
  sql: CURRENT_USER_SQL,
  uuids: [claims.tenant_id, claims.sid, claims.sub, manilaToday()],
});

function currentUser(claims: AccessTokenClaims, row: CurrentUserRow): CurrentUser {
  return {
    userId: claims.sub,
    tenantId: claims.tenant_id,
    sessionId: claims.sid,
    companyId: row.company_id,
    userType: row.user_type,
    isApprover: row.is_approver,
    employeeId: row.employee_id,
    fullName: row.full_name,
  };
}
