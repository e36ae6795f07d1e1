import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ProblemTypes, ValidationMessages, type ProblemDetails, type ProblemType } from '@hrpay/contracts';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { accessTokens, type AccessTokens } from './lib/access-tokens.js';
import { Mailer } from './lib/mailer.js';
import { HttpProblem, problems } from './lib/problem.js';
import { serializerCompiler } from './lib/response-serializer.js';
import { refuseAnotherRecordsBody } from './lib/body-ids.js';
import { routeAccess } from './lib/route-access.js';
import { Throttle } from './lib/throttle.js';
import {
  apiDelivery,
  routePreloads,
  securityHeaders,
  sendIndexHtml,
  serveWebApp,
} from './lib/web-delivery.js';
import { authRoutes } from './modules/auth/routes.js';
import { authService, type AuthService } from './modules/auth/service.js';
import { adminDashboardRoutes } from './modules/admin-dashboard/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { employeeImportRoutes } from './modules/employee-import/routes.js';
import { employeeImportService } from './modules/employee-import/service.js';
import { employeeRoutes } from './modules/employees/routes.js';
import { departmentRoutes } from './modules/departments/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { shiftRoutes } from './modules/shifts/routes.js';
import { holidayRoutes } from './modules/holidays/routes.js';
import { applicationSettingsRoutes } from './modules/application-settings/routes.js';
import { leaveRoutes } from './modules/leave/routes.js';
import { payrollSettingsRoutes } from './modules/payroll-settings/routes.js';
import { payrollPeriodRoutes } from './modules/payroll-periods/routes.js';
import { payrollPeriodsService } from './modules/payroll-periods/service.js';
import { payProfileRoutes } from './modules/pay-profiles/routes.js';
import { requestRoutes } from './modules/requests/routes.js';
import { punchImportService } from './modules/timelogs/import-job.js';
import { timeLogRoutes } from './modules/timelogs/routes.js';
import { portalRoutes } from './modules/portal/routes.js';
import { payrollOutputsRoutes } from './modules/payroll-outputs/routes.js';
import { payrollReportsRoutes } from './modules/payroll-reports/routes.js';
import { userRoutes } from './modules/users/routes.js';

export interface AppOptions {
  config: Config;
  db: Database;
  jwtSecret: string;
  logger?: boolean | object;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: { auth: AuthService; tokens: AccessTokens; mailer: Mailer };
  }
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The whole application as one Fastify instance; server.ts only boots it (fastify/demo). */
export async function buildApp({ config, db, jwtSecret, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    trustProxy: false,
    // A URL the router cannot decode is answered as problem details too, without echoing it back.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply
        .code(400)
        .type('application/problem+json')
        .send(problem(400, 'Bad Request', 'The request URL is malformed.'));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(problemHandler);
  // JSON bodies decode strictly: Fastify's own parser turns bytes that are not UTF-8 into U+FFFD, which was
  // stored as the text of a name. The default parser (prototype poisoning refused) still parses the text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(problems.badRequest('The request body is not valid UTF-8 text.'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', refuseNulCharacters);
  app.addHook('preHandler', refuseAnotherRecordsBody);

  const tokens = accessTokens(jwtSecret);
  const mailer = new Mailer(db, app.log, config.SMTP_URL, config.MAIL_FROM);
  const auth = authService({
    db,
    tokens,
    mailer,
    throttle: new Throttle(config.LOGIN_WINDOW_MINUTES * 60),
    limits: {
      failuresPerEmail: config.LOGIN_MAX_FAILURES_PER_EMAIL,
      attemptsPerIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
    },
    appBaseUrl: publicBaseUrl(config),
  });
  app.decorate('services', { auth, tokens, mailer });

  await app.register(securityHeaders);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'HRPAY API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(routeAccess, { db, tokens });

  // The API in its own context: compressed answers above 1 kB, never cached (web-delivery.ts).
  await app.register(async (api) => {
    await api.register(apiDelivery);
    api.get('/api/health', { schema: { hide: true } }, async () => ({ Status: 'ok' }));
    api.get('/api/ready', { schema: { hide: true } }, async (_req, reply) => {
      try {
        await db.ping();
        return { Status: 'ready' };
      } catch {
        return reply.code(503).send(problem(503, 'Service Unavailable', 'The database is not reachable.'));
      }
    });
    api.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());

    await api.register(authRoutes, { auth });
    await api.register(portalRoutes, { mailer });
    await api.register(companyRoutes);
    await api.register(userRoutes, { auth, mailer });
    await api.register(employeeRoutes);
    await api.register(departmentRoutes);
    await api.register(lookupRoutes);
    await api.register(shiftRoutes);
    await api.register(holidayRoutes);
    await api.register(leaveRoutes);
    await api.register(applicationSettingsRoutes);
    await api.register(payrollSettingsRoutes);
    await api.register(payrollPeriodRoutes, { periods: payrollPeriodsService(db, api.log) });
    await api.register(payProfileRoutes);
    await api.register(requestRoutes, { mailer, appBaseUrl: publicBaseUrl(config) });
    await api.register(timeLogRoutes, { imports: punchImportService(db, api.log) });
    await api.register(payrollOutputsRoutes, { mailer, appBaseUrl: publicBaseUrl(config) });
    await api.register(payrollReportsRoutes);
    const imports = employeeImportService(db, api.log);
    await api.register(employeeImportRoutes, { imports });
    await api.register(adminDashboardRoutes, { imports });
  });

  const webDist = config.WEB_DIST_DIR ?? defaultWebDist;
  const serveWeb = await serveWebApp(app, webDist);
  const preloadsOf = routePreloads(webDist);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing built file (or a withheld source map) is a 404, not the app's page.
    if (serveWeb && request.method === 'GET' && !path.startsWith('/api') && !path.startsWith('/assets/')) {
      // The single-page app owns every other path, including its own not-found page.
      return sendIndexHtml(reply, preloadsOf(path));
    }
    // The path is not echoed back (issue 13, item 5).
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('application/problem+json')
      .send(problem(404, 'Not Found', 'There is no resource at this address.'));
  });

  return app;
}

/** APP_BASE_URL, or else the address this server listens on; never anything a request says about itself. */
export function publicBaseUrl(config: Config): string {
  return (config.APP_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

function problem(
  status: number,
  title: string,
  detail?: string,
  errors?: ProblemDetails['errors'],
  type: string = status === 400 ? ProblemTypes.validation : 'about:blank',
): ProblemDetails {
  return { type, title, status, detail, ...(errors ? { errors } : {}) };
}

/** What a too-small or too-big issue of zod says of its limit. */
interface ZodIssueLimits {
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
}

/** The value the client sent at a validation error's path (`/RestDays/0`), in the part of the request it names. */
function valueAt(
  request: Partial<Record<'body' | 'query' | 'params', unknown>>,
  context: string | undefined,
  path: string,
): unknown {
  const part = context === 'querystring' ? 'query' : context === 'params' ? 'params' : 'body';
  let value: unknown = request[part];
  for (const key of path.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Spec §5's wording for what a schema refused in zod's own words: a property not sent (or an empty text where one
 * is needed, or an empty list) is required, and a number, text or list past an inclusive limit says the limit.
 * A message a schema words itself, and zod's list of the allowed choices for a value sent, are kept.
 */
function specMessage(message: string, limits: ZodIssueLimits, sent: unknown): string {
  if (sent === undefined || /received undefined|expected string to have >=1 characters/.test(message)) {
    return ValidationMessages.required;
  }
  const own = /^Too (small|big): expected/.test(message) && limits.inclusive !== false;
  if (!own) return message;
  const { origin } = limits;
  if (limits.minimum !== undefined) {
    const min = Number(limits.minimum);
    if (origin === 'number') return ValidationMessages.min(min);
    if (origin === 'string') return ValidationMessages.minLength(min);
    if (origin === 'array' && min === 1) return ValidationMessages.required;
  } else if (limits.maximum !== undefined) {
    const max = Number(limits.maximum);
    if (origin === 'number') return ValidationMessages.max(max);
    if (origin === 'string') return ValidationMessages.maxLength(max);
  }
  return message;
}

/** The one error path: typed problems keep their message, 4xx from Fastify keep theirs, 5xx say nothing inside. */
function problemHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: { log: FastifyInstance['log'] } & Partial<Record<'body' | 'query' | 'params', unknown>>,
  reply: import('fastify').FastifyReply,
) {
  reply.type('application/problem+json');
  if (error instanceof HttpProblem) {
    // A refusal caused by a library's error (a workbook exceljs could not read) keeps that error in the log.
    if (error.cause !== undefined) request.log.warn({ err: error.cause }, `${error.status}: ${error.detail}`);
    reply.headers(error.headers);
    return reply
      .code(error.status)
      .send(problem(error.status, error.title, error.detail, error.errors, error.type));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.flatMap((v) => {
      const unknownKeys =
        v.keyword === 'unrecognized_keys' ? ((v.params as { keys?: string[] }).keys ?? []) : [];
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      if (unknownKeys.length) {
        // Every unknown property is named, so a client sees `tenant_id` refused rather than ignored.
        return unknownKeys.map((key) => {
          const name = field ? `${field}.${key}` : key;
          return { Code: name, Description: `${name}: this property is not allowed` };
        });
      }
      const name = field || error.validationContext || 'body';
      const sent = valueAt(request, error.validationContext, v.instancePath);
      // A schema's own refinement (code `custom`) words its message itself, sent or not.
      const message =
        v.keyword === 'custom' ? v.message : specMessage(v.message ?? '', v.params as ZodIssueLimits, sent);
      return [{ Code: name, Description: `${name}: ${message}` }];
    });
    return reply.code(400).send(problem(400, 'Bad Request', 'One or more fields are invalid.', errors));
  }
  const code = (error as { code?: unknown }).code;
  if (code === '22021' || code === '22P05') {
    // Text the database cannot store (a NUL that slipped past the request check, an invalid byte sequence).
    return reply
      .code(400)
      .send(problem(400, 'Bad Request', 'The request contains characters that cannot be stored.'));
  }
  const dbConflict = databaseConflict(error);
  if (dbConflict)
    return reply.code(409).send(problem(409, 'Conflict', dbConflict.detail, undefined, dbConflict.type));
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.code(500).send(problem(500, 'Internal Server Error', 'Something went wrong.'));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(problem(status, titleFor(status), error.message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(problem(500, 'Internal Server Error', 'Something went wrong.'));
}

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL anywhere in a request's body, query or path is refused up
 * front, naming the field, instead of failing deep in a query (issue 13, item 4); so is a lone UTF-16 surrogate
 * ("\ud800" in JSON), which would be stored as a replacement character.
 */
async function refuseNulCharacters(request: {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}): Promise<void> {
  const found =
    unstorableText(request.body, '') ??
    unstorableText(request.query, '') ??
    unstorableText(request.params, '');
  if (found === null) return;
  const name = found.path || 'body';
  if (found.nul)
    throw problems.badRequest('Text may not contain the NUL character (U+0000).', [
      { Code: name, Description: `${name}: must not contain the NUL character (U+0000)` },
    ]);
  throw problems.badRequest('Text must be valid Unicode.', [
    { Code: name, Description: `${name}: holds a lone surrogate (not valid Unicode)` },
  ]);
}

/** No request of the API nests deeper; a body that does (JSON of 10,000 brackets) would exhaust the stack. */
const MAX_DEPTH = 32;

/** The first text (or key) that cannot be stored as it was sent: a NUL, or ill-formed UTF-16. */
function unstorableText(value: unknown, path: string, depth = 0): { path: string; nul: boolean } | null {
  if (typeof value === 'string') return textProblem(value, path);
  if (Buffer.isBuffer(value) || value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH)
    throw problems.badRequest(`The request nests deeper than ${MAX_DEPTH} levels.`, [
      { Code: path, Description: `${path}: nests deeper than ${MAX_DEPTH} levels` },
    ]);
  for (const [key, inner] of Object.entries(value)) {
    const name = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const found = textProblem(key, name) ?? unstorableText(inner, name, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function textProblem(text: string, path: string): { path: string; nul: boolean } | null {
  if (text.includes('\u0000')) return { path, nul: true };
  return (text as string & { isWellFormed(): boolean }).isWellFormed() ? null : { path, nul: false };
}

/**
 * A constraint the database enforced after the application's own checks (two requests racing): a clear 409,
 * not a 500. Serialization failures and lock timeouts are also answered as "try again".
 */
function databaseConflict(error: unknown): { detail: string; type: ProblemType } | null {
  const code = (error as { code?: unknown }).code;
  if (code === '23505')
    return {
      detail: 'This conflicts with a record that already exists (it was just created). Reload and try again.',
      type: ProblemTypes.duplicate,
    };
  if (code === '23503')
    return {
      detail: 'This record is still referred to by other records, or refers to one that no longer exists.',
      type: ProblemTypes.stillReferenced,
    };
  // Raised by the triggers of migration 0019: the database, not only the API, keeps a finalised period frozen.
  if (code === 'P0001' && (error as { hint?: unknown }).hint === 'payroll-period-finalised')
    return {
      detail: `${(error as Error).message}; correct it with an adjustment period.`,
      type: ProblemTypes.periodFinalised,
    };
  if (code === '40001' || code === '40P01' || code === '55P03')
    return { detail: 'The record is busy; try again.', type: ProblemTypes.concurrentChange };
  return null;
}

function titleFor(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    408: 'Request Timeout',
    413: 'Content Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  };
  return titles[status] ?? 'Bad Request';
}
