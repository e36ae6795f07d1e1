import { parseArgs } from 'node:util';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { resolveJwtSecret } from '../secrets.js';
import { provisionTenant } from '../tenants/provision.js';

/**
 * `npm run tenant:create -- --tenant "Acme Holdings" --company "Acme Inc." --admin-email a@acme.ph --admin-name "Ana Reyes"`
 * Provisions a tenant, its first company and its first Admin, and mails the Admin an account-setup link.
 */
const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    company: { type: 'string' },
    'company-tin': { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-name': { type: 'string' },
    'base-url': { type: 'string' },
  },
});
const missing = ['tenant', 'company', 'admin-email', 'admin-name'].filter(
  (k) => !values[k as keyof typeof values],
);
if (missing.length) {
  console.error(`Missing: ${missing.map((m) => `--${m}`).join(', ')}`);
  console.error(
    'Usage: npm run tenant:create -- --tenant NAME --company NAME --admin-email EMAIL --admin-name NAME [--company-tin TIN] [--base-url URL]',
  );
  process.exit(2);
}

const config = loadConfig();
const { db } = await openDatabase(config);
try {
  const app = await buildApp({ config, db, jwtSecret: resolveJwtSecret(config), logger: false });
  const email = values['admin-email']!;
  const fullName = values['admin-name']!;
  let link = '';
  let outboxId = '';
  const tenant = await provisionTenant(
    db,
    {
      tenantName: values.tenant!,
      companyName: values.company!,
      companyTin: values['company-tin'],
      admin: { email, fullName },
    },
    async (tx, t) => {
      ({ link, outboxId } = await app.services.auth.invite(
        tx,
        t.tenantId,
        { id: t.adminUserId, email, full_name: fullName },
        values['base-url'],
      ));
    },
  );
  await app.services.mailer.deliver(tenant.tenantId, [outboxId]);
  console.log(`Tenant ${values.tenant} created (${tenant.tenantId}).`);
  console.log(`Admin ${email} sets a password here: ${link}`);
  await app.close();
} catch (error) {
  console.error(`Could not create the tenant: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
