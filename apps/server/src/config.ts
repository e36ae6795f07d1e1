import { resolve } from 'node:path';
import { z } from 'zod';

/** Environment, parsed once at start; one error lists every bad variable (STYLE.md §10). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL server; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** The login role the app uses on a PostgreSQL server (created by the migrations, never the owner). */
  APP_DB_USER: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('hrpay_app'),
  APP_DB_PASSWORD: z.string().default('hrpay_app'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  /** HS256 key for access tokens; when absent a random one is kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Public address used in e-mailed links. */
  APP_BASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('HRPAY <no-reply@hrpay.test>'),
  /** Demo data: `auto` seeds an empty embedded database, `always` seeds when empty on any database, `never`. */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  // The demo's payroll history (punches, attendance, a finalised period); the browser tests start without it.
  SEED_DEMO_PAYROLL: z.enum(['true', 'false']).default('true'),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(300),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = z.infer<typeof EnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means relative to where npm was run.
  const base = env.INIT_CWD ?? process.cwd();
  return {
    ...result.data,
    DATA_DIR: result.data.DATA_DIR ? resolve(base, result.data.DATA_DIR) : result.data.DATA_DIR,
  };
}
