import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { DEMO_USERS_TEXT, seedDemo } from '../tenants/demo-seed.js';

/** `npm run seed:demo`: the demo tenants on whatever database is configured (idempotent). */
const config = loadConfig();
const { db } = await openDatabase(config);
try {
  const { seeded } = await seedDemo(db, { payrollHistory: true });
  console.log(seeded ? DEMO_USERS_TEXT : 'The demo data is already there; nothing was changed.');
} finally {
  await db.close();
}
