import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogViolations } from './catalog.js';
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers.js';
import { seedDemo } from '../src/tenants/demo-seed.js';
import { APP_ROLE } from '../src/db/database.js';

let t: TestDatabase;
let tenantA: string;
let tenantB: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db);
  const lookup = (email: string) =>
    t.db.withoutTenant(
      async (tx) =>
        (await tx.query<{ tenant_id: string }>(`SELECT tenant_id FROM login_lookup($1)`, [email]))[0]!
          .tenant_id,
    );
  tenantA = await lookup('admin@demo.hrpay.test');
  tenantB = await lookup('admin@other.hrpay.test');
});
afterAll(() => t?.drop());

const tenantTables = [
  'tenants',
  'companies',
  'departments',
  'positions',
  'shifts',
  'employees',
  'users',
  'login_directory',
  'sessions',
  'user_tokens',
  'mail_outbox',
  'audit_log',
];

describe(`row-level security (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('runs as the application role', async () => {
    const [row] = await t.db.withTenant(tenantA, (tx) =>
      tx.query<{ current_user: string }>('SELECT current_user'),
    );
    expect(row!.current_user).toBe(APP_ROLE);
  });

  it('a query without the tenant setting sees no tenant rows at all', async () => {
    for (const table of tenantTables) {
      const [row] = await t.db.withoutTenant((tx) =>
        tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`),
      );
      expect(row!.n, table).toBe(0);
    }
  });

  it("tenant A's setting cannot read tenant B's rows, even asking for B's ids", async () => {
    const bEmployees = await t.db.withTenant(tenantB, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM employees`),
    );
    expect(bEmployees.length).toBeGreaterThan(0);
    const seen = await t.db.withTenant(tenantA, (tx) =>
      tx.query(`SELECT * FROM employees WHERE tenant_id = $1 OR id = ANY($2::uuid[])`, [
        tenantB,
        bEmployees.map((e) => e.id),
      ]),
    );
    expect(seen).toEqual([]);
  });

  it("tenant A's setting cannot update, delete or insert tenant B's rows", async () => {
    const before = await t.db.withTenant(tenantB, (tx) => tx.query(`SELECT * FROM employees ORDER BY id`));
    const changed = await t.db.withTenant(tenantA, async (tx) => {
      const updated = await tx.query(
        `UPDATE employees SET last_name = 'HACKED' WHERE tenant_id = $1 RETURNING id`,
        [tenantB],
      );
      const deleted = await tx.query(`DELETE FROM sessions WHERE tenant_id = $1 RETURNING id`, [tenantB]);
      return updated.length + deleted.length;
    });
    expect(changed).toBe(0);
    const [bCompany] = await t.db.withTenant(tenantB, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM companies`),
    );
    await expect(
      t.db.withTenant(tenantA, (tx) =>
        tx.query(
          `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name) VALUES ($1, $2, 'X-1', 'X', 'Y')`,
          [tenantB, bCompany!.id],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    const after = await t.db.withTenant(tenantB, (tx) => tx.query(`SELECT * FROM employees ORDER BY id`));
    expect(after).toEqual(before);
  });

  it("a row of A cannot point at B's rows: composite foreign keys refuse B's ids", async () => {
    const [bDepartment] = await t.db.withTenant(tenantB, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM departments LIMIT 1`),
    );
    await expect(
      t.db.withTenant(tenantA, (tx) =>
        tx.query(`UPDATE employees SET department_id = $2 WHERE tenant_id = $1`, [tenantA, bDepartment!.id]),
      ),
    ).rejects.toThrow(/foreign key/);
  });

  it('the tenant setting does not outlive its transaction', async () => {
    await t.db.withTenant(tenantA, (tx) => tx.query('SELECT 1'));
    const [row] = await t.db.withoutTenant((tx) =>
      tx.query<{ setting: string | null; n: number }>(
        `SELECT current_setting('app.tenant_id', true) AS setting, (SELECT count(*)::int FROM users) AS n`,
      ),
    );
    expect(row!.setting ?? '').toBe('');
    expect(row!.n).toBe(0);
  });
});

describe(`schema catalog rules (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('every tenant table, key, policy, view, function and the app role follow the rules', async () => {
    expect(await t.db.withoutTenant((tx) => catalogViolations(tx))).toEqual([]);
  });

  it('catches a table that breaks them', async () => {
    await t.ownerExec(`CREATE TABLE leaky (tenant_id uuid NOT NULL, id uuid PRIMARY KEY, email text UNIQUE);
      CREATE VIEW leaky_view AS SELECT * FROM leaky;
      CREATE FUNCTION leaky_fn() RETURNS int LANGUAGE sql SECURITY DEFINER AS 'SELECT 1';`);
    try {
      const violations = await t.db.withoutTenant((tx) => catalogViolations(tx));
      expect(violations).toEqual(
        expect.arrayContaining([
          'primary key does not start with tenant_id: leaky',
          'row-level security not enabled and forced: leaky',
          'no tenant policy with USING and WITH CHECK for all commands: leaky',
          'unique key or index without tenant_id: leaky.leaky_email_key',
          'view is not security_invoker: leaky_view',
          'SECURITY DEFINER function not allowed: leaky_fn',
        ]),
      );
    } finally {
      await t.ownerExec(`DROP VIEW leaky_view; DROP TABLE leaky; DROP FUNCTION leaky_fn();`);
    }
  });

  it('catches a policy whose WITH CHECK differs and a single-column foreign key', async () => {
    await t.ownerExec(`CREATE TABLE leaky2_target (id uuid PRIMARY KEY);
      CREATE TABLE leaky2 (tenant_id uuid NOT NULL, id uuid NOT NULL, target uuid REFERENCES leaky2_target (id),
                           PRIMARY KEY (tenant_id, id));
      ALTER TABLE leaky2 ENABLE ROW LEVEL SECURITY; ALTER TABLE leaky2 FORCE ROW LEVEL SECURITY;
      CREATE POLICY p ON leaky2 USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
        WITH CHECK (true);`);
    try {
      const violations = await t.db.withoutTenant((tx) => catalogViolations(tx));
      expect(violations).toContain('no tenant policy with USING and WITH CHECK for all commands: leaky2');
      expect(violations).toContain('foreign key without tenant_id on both sides: leaky2.leaky2_target_fkey');
      expect(violations).toContain('global table not allowed: leaky2_target');
    } finally {
      await t.ownerExec(`DROP TABLE leaky2; DROP TABLE leaky2_target;`);
    }
  });

  // A restrictive policy only narrows what the tenant policy lets through (leave_ledger's delete of accrual
  // entries, migration 0050); a permissive one without WITH CHECK widens it and is caught.
  it('allows a restrictive policy for one command, and catches a permissive one', async () => {
    await t.ownerExec(`CREATE TABLE narrow (tenant_id uuid NOT NULL, id uuid NOT NULL, kind text,
                           PRIMARY KEY (tenant_id, id));
      ALTER TABLE narrow ENABLE ROW LEVEL SECURITY; ALTER TABLE narrow FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON narrow
        USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
        WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
      CREATE POLICY only_drafts ON narrow AS RESTRICTIVE FOR DELETE USING (kind = 'draft');`);
    try {
      const violations = await t.db.withoutTenant((tx) => catalogViolations(tx));
      expect(violations.filter((v) => v.includes('narrow'))).toEqual([]);
      await t.ownerExec(`CREATE POLICY everyone_reads ON narrow FOR SELECT USING (true);`);
      expect(await t.db.withoutTenant((tx) => catalogViolations(tx))).toContain(
        'no tenant policy with USING and WITH CHECK for all commands: narrow',
      );
    } finally {
      await t.ownerExec(`DROP TABLE narrow;`);
    }
  });
});
