import type { Tx } from '../src/db/database.js';

/** Global tables (no tenant_id) that are allowed to exist; any other is a violation. */
// national_holidays: the proclaimed calendar, reference data the same for every tenant (read-only to the app role).
export const GLOBAL_TABLES = ['login_throttle', 'schema_migrations', 'national_holidays'];
/** Tenant tables whose primary key is not tenant-first by design: the sign-in directory is keyed by e-mail. */
const GLOBAL_KEYED_TENANT_TABLES = ['login_directory'];
const ALLOWED_SECURITY_DEFINER = ['login_lookup'];

/**
 * The schema rules of ARCHITECTURE §3, as one list of violations read from the catalogs. Runs as the
 * application role, so it also proves what that role is (and is not).
 */
export async function catalogViolations(tx: Tx): Promise<string[]> {
  const found: string[] = [];
  const add = (rows: { v: string }[]) => found.push(...rows.map((r) => r.v));

  const tenantTables = `
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
       AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)`;
  const tenantCol = (rel: string) =>
    `(SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = ${rel} AND a.attname = 'tenant_id')`;

  add(
    await tx.query(
      `SELECT 'global table not allowed: ' || c.relname AS v FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> ALL($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id')`,
      [GLOBAL_TABLES],
    ),
  );
  add(
    await tx.query(
      `SELECT 'primary key does not start with tenant_id: ' || t.relname AS v FROM (${tenantTables}) t
        WHERE t.relname <> ALL($1::text[]) AND NOT EXISTS (
          SELECT 1 FROM pg_constraint k WHERE k.conrelid = t.oid AND k.contype = 'p' AND k.conkey[1] = ${tenantCol('t.oid')})`,
      [GLOBAL_KEYED_TENANT_TABLES],
    ),
  );
  add(
    await tx.query(`SELECT 'row-level security not enabled and forced: ' || c.relname AS v FROM (${tenantTables}) t
      JOIN pg_class c ON c.oid = t.oid WHERE NOT (c.relrowsecurity AND c.relforcerowsecurity)`),
  );
  add(
    await tx.query(`SELECT 'no tenant policy with USING and WITH CHECK for all commands: ' || t.relname AS v FROM (${tenantTables}) t
      WHERE NOT EXISTS (
        SELECT 1 FROM pg_policy p WHERE p.polrelid = t.oid AND p.polcmd = '*' AND p.polpermissive
          AND pg_get_expr(p.polqual, p.polrelid) = pg_get_expr(p.polwithcheck, p.polrelid)
          AND pg_get_expr(p.polqual, p.polrelid) LIKE '%tenant_id = ( SELECT (NULLIF(current_setting(''app.tenant_id''::text, true), ''''::text))::uuid AS %')
      OR EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = t.oid AND p.polpermissive
                    AND (p.polqual IS NULL OR p.polwithcheck IS NULL))`),
  );
  add(
    await tx.query(`SELECT 'unique key or index without tenant_id: ' || t.relname || '.' || i.relname AS v
      FROM (${tenantTables}) t JOIN pg_index x ON x.indrelid = t.oid JOIN pg_class i ON i.oid = x.indexrelid
     WHERE x.indisunique AND NOT (${tenantCol('t.oid')} = ANY (x.indkey::int2[]))
       AND NOT (t.relname = 'login_directory' AND x.indisprimary)`),
  );
  add(
    await tx.query(`SELECT 'foreign key without tenant_id on both sides: ' || t.relname || '.' || k.conname AS v
      FROM (${tenantTables}) t JOIN pg_constraint k ON k.conrelid = t.oid AND k.contype = 'f'
     WHERE NOT (${tenantCol('t.oid')} = ANY (k.conkey)) OR NOT (${tenantCol('k.confrelid')} = ANY (k.confkey))
        OR k.conkey[array_position(k.conkey, ${tenantCol('t.oid')})] IS NULL
        OR k.confkey[array_position(k.conkey, ${tenantCol('t.oid')})] <> ${tenantCol('k.confrelid')}`),
  );
  add(
    await tx.query(`SELECT 'view is not security_invoker: ' || c.relname AS v FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm')
       AND NOT coalesce('security_invoker=true' = ANY (c.reloptions), false)`),
  );
  add(
    await tx.query(
      `SELECT 'SECURITY DEFINER function not allowed: ' || p.proname AS v FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND p.prosecdef AND p.proname <> ALL($1::text[])`,
      [ALLOWED_SECURITY_DEFINER],
    ),
  );
  add(
    await tx.query(`SELECT 'application role is superuser, bypasses RLS or owns tables: ' || r.rolname AS v FROM pg_roles r
     WHERE r.rolname = current_user AND (r.rolsuper OR r.rolbypassrls
       OR EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE n.nspname = 'public' AND c.relowner = r.oid))`),
  );
  return found;
}
