import { randomUUID } from 'node:crypto';
import { PASSWORD_MIN_LENGTH, userTypeNameFromId, type ValidationError } from '@hrpay/contracts';
import { normalizeEmail } from '../../lib/email.js';
import type { Database, Tx } from '../../db/database.js';
import type { AccessTokens } from '../../lib/access-tokens.js';
import { newOpaqueToken, parseOpaqueToken, safeEqualHex } from '../../lib/crypto.js';
import type { Mailer } from '../../lib/mailer.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import type { Throttle } from '../../lib/throttle.js';
import { authRepository as repo, type LoginUserRow } from './repository.js';

export const REFRESH_TOKEN_DAYS = 7;
export const RESET_LINK_HOURS = 1;
export const INVITE_LINK_HOURS = 72;

/** One message for every failed sign-in, whatever the cause (no account enumeration). */
/** A well-formed id no tenant or user has. */
const NO_TENANT = '00000000-0000-4000-8000-000000000000';

export const LOGIN_FAILED = 'The e-mail, password or user type is incorrect.';
export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that e-mail, we have sent a link to reset its password. The link expires in 1 hour.';
const INVALID_LINK: ValidationError = {
  Code: 'InvalidToken',
  Description: 'This link is invalid, has expired or has already been used. Please request a new one.',
};

export interface AuthDeps {
  db: Database;
  tokens: AccessTokens;
  throttle: Throttle;
  mailer: Mailer;
  limits: { failuresPerEmail: number; attemptsPerIp: number };
  /**
   * Public address for e-mailed links, from configuration only: a link built from the request's Host header
   * would let anyone have a victim mailed a live token pointing at their own site (issue 13, item 2).
   */
  appBaseUrl: string;
}

export function authService(deps: AuthDeps) {
  const { db, tokens, throttle, mailer, limits } = deps;

  const issueAccessToken = (user: LoginUserRow, sessionId: string) =>
    tokens.sign({
      sub: user.id,
      sid: sessionId,
      user_type: user.user_type,
      company: user.company_name,
      name: user.full_name,
      tenant_id: user.tenant_id,
      is_approver: user.is_approver ? 'True' : 'False',
    });

  function passwordRuleErrors(password: string): ValidationError[] {
    return password.length < PASSWORD_MIN_LENGTH
      ? [
          {
            Code: 'PasswordTooShort',
            Description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
          },
        ]
      : [];
  }

  return {
    async login(input: { email: string; password: string; userType: string }, clientIp: string) {
      const email = normalizeEmail(input.email);
      // Throttle before any password work: per address (all attempts) and per e-mail (failures: the attempt is
      // reserved now and given back only when it succeeds, so parallel guesses are counted before any is checked).
      const entry = await db.withoutTenant(async (tx) => {
        await throttle.reserve(tx, 'login-ip', clientIp, limits.attemptsPerIp);
        await throttle.reserve(tx, 'login-email', email, limits.failuresPerEmail);
        return repo.lookupLogin(tx, email);
      });

      // An unknown e-mail still runs the same tenant lookup (for ids that match nothing), so the database work
      // and its time are the same as for a known one.
      const probe = entry ?? { tenant_id: NO_TENANT, user_id: NO_TENANT };
      const user = await db.withTenant(probe.tenant_id, (tx) =>
        repo.userForLogin(tx, probe.tenant_id, probe.user_id),
      );
      // Always one argon2 verification, so unknown e-mail, wrong password and wrong type take the same time.
      const passwordOk = await verifyPassword(
        user?.password_hash ?? (await dummyPasswordHash()),
        input.password,
      );
      const wanted = userTypeNameFromId(input.userType);
      if (!user || !passwordOk || !user.is_active || !user.password_hash || user.user_type !== wanted) {
        throw problems.unauthorized(LOGIN_FAILED);
      }

      const sessionId = randomUUID();
      const refresh = newOpaqueToken(user.tenant_id, sessionId);
      await db.withTenant(user.tenant_id, (tx) =>
        repo.insertSession(tx, user.tenant_id, sessionId, user.id, refresh.secretHash, REFRESH_TOKEN_DAYS),
      );
      await db.withoutTenant((tx) => throttle.release(tx, 'login-email', email));
      return { AccessToken: await issueAccessToken(user, sessionId), RefreshToken: refresh.token };
    },

    /** A new access token for a live session; the user's current name, type and flags go into it. */
    async refresh(refreshToken: string, clientIp: string): Promise<string> {
      await db.withoutTenant(async (tx) => {
        await throttle.reserve(tx, 'refresh-ip', clientIp, limits.attemptsPerIp);
      });
      const parsed = parseOpaqueToken(refreshToken);
      if (!parsed) throw problems.unauthorized('The refresh token is invalid or has expired.');
      const user = await db.withTenant(parsed.tenantId, async (tx) => {
        const session = await repo.liveSession(tx, parsed.tenantId, parsed.rowId);
        if (!session || !safeEqualHex(session.refresh_token_hash, parsed.secretHash)) return undefined;
        const row = await repo.userForLogin(tx, parsed.tenantId, session.user_id);
        if (!row?.is_active) return undefined;
        await repo.touchSession(tx, parsed.tenantId, parsed.rowId);
        return row;
      });
      if (!user) throw problems.unauthorized('The refresh token is invalid or has expired.');
      return issueAccessToken(user, parsed.rowId);
    },

    logout: (tx: Tx, user: CurrentUser) => repo.revokeSession(tx, user.tenantId, user.sessionId),

    async changePassword(tx: Tx, user: CurrentUser, input: { CurrentPassword: string; NewPassword: string }) {
      const currentHash = await repo.passwordHash(tx, user.tenantId, user.userId);
      const errors: ValidationError[] = [];
      if (!currentHash || !(await verifyPassword(currentHash, input.CurrentPassword))) {
        errors.push({ Code: 'PasswordMismatch', Description: 'Current password is incorrect.' });
      }
      errors.push(...passwordRuleErrors(input.NewPassword));
      if (input.NewPassword === input.CurrentPassword) {
        errors.push({
          Code: 'PasswordUnchanged',
          Description: 'New password must be different from the current password.',
        });
      }
      if (errors.length) throw problems.badRequest('The password was not changed.', errors);
      await repo.setPassword(tx, user.tenantId, user.userId, await hashPassword(input.NewPassword));
      // Every session ends, this one included: the web app signs out after a password change.
      await repo.revokeUserSessions(tx, user.tenantId, user.userId);
      return { Message: 'Password changed successfully' };
    },

    /** Always the same answer; a link is mailed only when the e-mail belongs to an active user. */
    async forgotPassword(input: { Email: string; UserType?: string }, clientIp: string) {
      const email = normalizeEmail(input.Email);
      const entry = await db.withoutTenant(async (tx) => {
        await throttle.reserve(tx, 'forgot-ip', clientIp, limits.attemptsPerIp);
        await throttle.reserve(tx, 'forgot-email', email, limits.failuresPerEmail);
        return repo.lookupLogin(tx, email);
      });
      if (entry) {
        const outboxId = await db.withTenant(entry.tenant_id, async (tx) => {
          const user = await repo.userForLogin(tx, entry.tenant_id, entry.user_id);
          if (!user?.is_active) return null;
          if (input.UserType && userTypeNameFromId(input.UserType) !== user.user_type) return null;
          const tokenId = randomUUID();
          const link = newOpaqueToken(entry.tenant_id, tokenId);
          await repo.insertUserToken(
            tx,
            entry.tenant_id,
            tokenId,
            user.id,
            'reset',
            link.secretHash,
            RESET_LINK_HOURS,
          );
          const url = `${deps.appBaseUrl}/reset-password?token=${encodeURIComponent(link.token)}`;
          return mailer.queue(tx, entry.tenant_id, {
            to: user.email,
            subject: 'Reset your HRPAY password',
            text:
              `Hello ${user.full_name},\n\nSomeone asked to reset the password of your HRPAY account.\n` +
              `Open this link within ${RESET_LINK_HOURS} hour to choose a new password:\n\n${url}\n\n` +
              `If you did not ask for this, ignore this message; your password stays as it is.\n`,
          });
        });
        // Delivery happens after the answer, so a slow mail server neither delays nor reveals anything.
        if (outboxId) void mailer.deliver(entry.tenant_id, [outboxId]);
      }
      return { Message: FORGOT_PASSWORD_ANSWER };
    },

    /** Counts a change-password attempt of a signed-in user before the current password is checked. */
    reserveChangePassword: (userId: string) =>
      db.withoutTenant((tx) => throttle.reserve(tx, 'change-password', userId, limits.failuresPerEmail)),

    /**
     * Redeems a reset or invitation link: sets the password and ends every existing session. Throttled per
     * address and per link like sign-in, and the link is looked up before the (deliberately slow) new password
     * hash is computed, so a made-up token costs the server one indexed read, not an argon2 run.
     */
    async setPasswordWithLink(
      purpose: 'reset' | 'invite',
      input: { Token: string; NewPassword: string },
      clientIp: string,
    ) {
      const ruleErrors = passwordRuleErrors(input.NewPassword);
      if (ruleErrors.length) throw problems.badRequest('The password was not set.', ruleErrors);
      await db.withoutTenant((tx) => throttle.reserve(tx, 'link-ip', clientIp, limits.attemptsPerIp));
      const parsed = parseOpaqueToken(input.Token);
      if (!parsed) throw problems.badRequest('The password was not set.', [INVALID_LINK]);
      await db.withoutTenant((tx) =>
        throttle.reserve(tx, 'link-token', parsed.rowId, limits.failuresPerEmail),
      );
      const live = await db.withTenant(parsed.tenantId, (tx) =>
        repo.liveUserToken(tx, parsed.tenantId, parsed.rowId, purpose, parsed.secretHash),
      );
      if (!live) throw problems.badRequest('The password was not set.', [INVALID_LINK]);
      const passwordHash = await hashPassword(input.NewPassword);
      const done = await db.withTenant(parsed.tenantId, async (tx) => {
        const redeemed = await repo.redeemUserToken(
          tx,
          parsed.tenantId,
          parsed.rowId,
          purpose,
          parsed.secretHash,
        );
        if (!redeemed) return false;
        await repo.setPassword(tx, parsed.tenantId, redeemed.user_id, passwordHash);
        await repo.revokeUserSessions(tx, parsed.tenantId, redeemed.user_id);
        return true;
      });
      if (!done) throw problems.badRequest('The password was not set.', [INVALID_LINK]);
      return {
        Message:
          purpose === 'reset'
            ? 'Your password has been reset. You can now sign in.'
            : 'Your account is ready. You can now sign in.',
      };
    },

    /** Ends every session of a user at once (disabled by an Admin): its refresh tokens stop working. */
    revokeAllSessions: (tx: Tx, tenantId: string, userId: string) =>
      repo.revokeUserSessions(tx, tenantId, userId),

    /** Creates and mails an invitation link (used by user administration and the tenant CLI). */
    async invite(
      tx: Tx,
      tenantId: string,
      user: { id: string; email: string; full_name: string },
      baseUrl = deps.appBaseUrl,
    ) {
      const tokenId = randomUUID();
      const link = newOpaqueToken(tenantId, tokenId);
      await repo.insertUserToken(
        tx,
        tenantId,
        tokenId,
        user.id,
        'invite',
        link.secretHash,
        INVITE_LINK_HOURS,
      );
      const url = `${baseUrl.replace(/\/$/, '')}/account-setup?token=${encodeURIComponent(link.token)}`;
      const outboxId = await mailer.queue(tx, tenantId, {
        to: user.email,
        subject: 'Your HRPAY account is ready',
        text:
          `Hello ${user.full_name},\n\nAn HRPAY account has been created for you.\n` +
          `Open this link within ${INVITE_LINK_HOURS} hours to set your password:\n\n${url}\n`,
      });
      return { outboxId, link: url };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
