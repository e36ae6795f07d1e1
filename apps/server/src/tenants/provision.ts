import { randomUUID } from 'node:crypto';
import type { UserTypeName } from '@hrpay/contracts';
import type { Database, Tx } from '../db/database.js';
import { displayEmail, normalizeEmail } from '../lib/email.js';
import { hashPassword } from '../lib/passwords.js';

export interface NewUser {
  email: string;
  fullName: string;
  userType: UserTypeName;
  companyId: string;
  /** Omitted for an invited user, who sets a password through the account-setup link. */
  password?: string;
  employeeId?: string | null;
  isApprover?: boolean;
}

/** Inserts a user and its login-directory entry in the caller's tenant transaction. */
export async function insertUser(tx: Tx, tenantId: string, user: NewUser): Promise<string> {
  const id = randomUUID();
  const email = displayEmail(user.email);
  const normalized = normalizeEmail(user.email);
  await tx.query(
    `INSERT INTO users (tenant_id, id, company_id, email, email_normalized, full_name, user_type, employee_id,
                        is_approver, password_hash, password_changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10::text IS NULL THEN NULL ELSE now() END)`,
    [
      tenantId,
      id,
      user.companyId,
      email,
      normalized,
      user.fullName,
      user.userType,
      user.employeeId ?? null,
      user.isApprover ?? false,
      user.password ? await hashPassword(user.password) : null,
    ],
  );
  await tx.query(`INSERT INTO login_directory (email_normalized, tenant_id, user_id) VALUES ($1, $2, $3)`, [
    normalized,
    tenantId,
    id,
  ]);
  return id;
}

export interface ProvisionedTenant {
  tenantId: string;
  companyId: string;
  adminUserId: string;
}

/** A tenant, its first company and its first Admin, all or nothing. */
export async function provisionTenant(
  db: Database,
  input: {
    tenantName: string;
    companyName: string;
    companyTin?: string;
    admin: Omit<NewUser, 'userType' | 'companyId'>;
  },
  extra?: (tx: Tx, tenant: ProvisionedTenant) => Promise<void>,
): Promise<ProvisionedTenant> {
  const tenantId = randomUUID();
  return db.withTenant(tenantId, async (tx) => {
    await tx.query(`INSERT INTO tenants (tenant_id, name) VALUES ($1, $2)`, [tenantId, input.tenantName]);
    const [company] = await tx.query<{ id: string }>(
      `INSERT INTO companies (tenant_id, name, registered_name, tin) VALUES ($1, $2, $2, $3) RETURNING id`,
      [tenantId, input.companyName, input.companyTin ?? null],
    );
    const adminUserId = await insertUser(tx, tenantId, {
      ...input.admin,
      userType: 'Admin',
      companyId: company!.id,
    });
    const tenant = { tenantId, companyId: company!.id, adminUserId };
    await extra?.(tx, tenant);
    return tenant;
  });
}
