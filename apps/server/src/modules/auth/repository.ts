import type { UserTypeName } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { manilaToday } from '../../lib/manila.js';
import { linkedEmployeeSeparated } from '../employees/employment.js';

/**
 * A user may sign in: enabled, and not linked to an employee whose separation date has passed (the Manila date).
 * A separation dated in the future leaves the account open through that date (the notice period is worked, Labor
 * Code Art. 300); the day after, this refuses it with no job to run. `day` is the SQL parameter holding today.
 */
const MAY_SIGN_IN = (u: string, day: string) => `(${u}.is_active AND NOT ${linkedEmployeeSeparated(u, day)})`;

export interface LoginUserRow {
  id: string;
  tenant_id: string;
  user_type: UserTypeName;
  is_approver: boolean;
  /** Enabled and not separated (MAY_SIGN_IN). */
  is_active: boolean;
  full_name: string;
  email: string;
  password_hash: string | null;
  company_name: string;
}

/** The only SQL of sign-in, sessions and one-time tokens. */
export const authRepository = {
  lookupLogin: async (tx: Tx, email: string) =>
    (
      await tx.query<{ tenant_id: string; user_id: string }>(
        `SELECT tenant_id, user_id FROM login_lookup($1)`,
        [email],
      )
    )[0],

  userForLogin: async (tx: Tx, tenantId: string, userId: string) =>
    (
      await tx.query<LoginUserRow>(
        `SELECT u.id, u.tenant_id, u.user_type, u.is_approver, ${MAY_SIGN_IN('u', '$3::date')} AS is_active,
                u.full_name, u.email, u.password_hash, c.name AS company_name
           FROM users u JOIN companies c ON c.tenant_id = u.tenant_id AND c.id = u.company_id
          WHERE u.tenant_id = $1 AND u.id = $2`,
        [tenantId, userId, manilaToday()],
      )
    )[0],

  insertSession: async (
    tx: Tx,
    tenantId: string,
    sessionId: string,
    userId: string,
    hash: string,
    days: number,
  ) => {
    await tx.query(
      `INSERT INTO sessions (tenant_id, id, user_id, refresh_token_hash, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))`,
      [tenantId, sessionId, userId, hash, days],
    );
  },

  liveSession: async (tx: Tx, tenantId: string, sessionId: string) =>
    (
      await tx.query<{ user_id: string; refresh_token_hash: string }>(
        `SELECT s.user_id, s.refresh_token_hash FROM sessions s
          WHERE s.tenant_id = $1 AND s.id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
        [tenantId, sessionId],
      )
    )[0],

  touchSession: async (tx: Tx, tenantId: string, sessionId: string) => {
    await tx.query(`UPDATE sessions SET last_used_at = now() WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      sessionId,
    ]);
  },

  revokeSession: async (tx: Tx, tenantId: string, sessionId: string) => {
    await tx.query(
      `UPDATE sessions SET revoked_at = now() WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL`,
      [tenantId, sessionId],
    );
  },

  revokeUserSessions: async (tx: Tx, tenantId: string, userId: string) => {
    await tx.query(
      `UPDATE sessions SET revoked_at = now() WHERE tenant_id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [tenantId, userId],
    );
  },

  passwordHash: async (tx: Tx, tenantId: string, userId: string) =>
    (
      await tx.query<{ password_hash: string | null }>(
        `SELECT password_hash FROM users WHERE tenant_id = $1 AND id = $2`,
        [tenantId, userId],
      )
    )[0]?.password_hash ?? null,

  setPassword: async (tx: Tx, tenantId: string, userId: string, passwordHash: string) => {
    await tx.query(
      `UPDATE users SET password_hash = $3, password_changed_at = now(), updated_at = now(),
              row_version = row_version + 1
        WHERE tenant_id = $1 AND id = $2`,
      [tenantId, userId, passwordHash],
    );
  },

  insertUserToken: async (
    tx: Tx,
    tenantId: string,
    tokenId: string,
    userId: string,
    purpose: 'reset' | 'invite',
    hash: string,
    hours: number,
  ) => {
    // A new link replaces any earlier unused one of the same purpose.
    await tx.query(
      `UPDATE user_tokens SET used_at = now()
        WHERE tenant_id = $1 AND user_id = $2 AND purpose = $3 AND used_at IS NULL`,
      [tenantId, userId, purpose],
    );
    await tx.query(
      `INSERT INTO user_tokens (tenant_id, id, user_id, purpose, token_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
      [tenantId, tokenId, userId, purpose, hash, hours],
    );
  },

  /** Whether a token is live (unused, unexpired, its user active), without redeeming it. */
  liveUserToken: async (tx: Tx, tenantId: string, tokenId: string, purpose: string, hash: string) =>
    (
      await tx.query<{ user_id: string }>(
        `SELECT t.user_id FROM user_tokens t JOIN users u ON u.tenant_id = t.tenant_id AND u.id = t.user_id
          WHERE t.tenant_id = $1 AND t.id = $2 AND t.purpose = $3 AND t.token_hash = $4
            AND t.used_at IS NULL AND t.expires_at > now() AND ${MAY_SIGN_IN('u', '$5::date')}`,
        [tenantId, tokenId, purpose, hash, manilaToday()],
      )
    )[0],

  /** Marks a live token used and answers its user, in one statement so a link can never be redeemed twice. */
  redeemUserToken: async (tx: Tx, tenantId: string, tokenId: string, purpose: string, hash: string) =>
    (
      await tx.query<{ user_id: string }>(
        `UPDATE user_tokens t SET used_at = now()
           FROM users u
          WHERE t.tenant_id = $1 AND t.id = $2 AND t.purpose = $3 AND t.token_hash = $4
            AND t.used_at IS NULL AND t.expires_at > now()
            AND u.tenant_id = t.tenant_id AND u.id = t.user_id AND ${MAY_SIGN_IN('u', '$5::date')}
        RETURNING t.user_id`,
        [tenantId, tokenId, purpose, hash, manilaToday()],
      )
    )[0],
};
