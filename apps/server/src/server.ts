import { pathToFileURL } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { resolveJwtSecret } from './secrets.js';
import { DEMO_USERS_TEXT, seedDemo } from './tenants/demo-seed.js';

/** Boots the app: config, database (migrated), demo data when asked, listen, graceful close. */
export async function main(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const { db, fresh } = await openDatabase(config);
  const wantsSeed =
    config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && fresh && !config.DATABASE_URL);
  if (wantsSeed && (await seedDemo(db, { payrollHistory: config.SEED_DEMO_PAYROLL === 'true' })).seeded)
    console.log(DEMO_USERS_TEXT);

  const app = await buildApp({ config, db, jwtSecret: resolveJwtSecret(config) });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const database = config.DATABASE_URL ? 'PostgreSQL server' : `embedded PostgreSQL in ${config.DATA_DIR}`;
  console.log(`HRPAY is running on http://localhost:${config.PORT} (${database})`);
  return app;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
