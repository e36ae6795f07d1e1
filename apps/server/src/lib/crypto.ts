import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../db/database.js';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Opaque bearer secrets (refresh tokens, reset and invitation links): `<tenant>.<row id>.<random>`. The two ids
 * only route the lookup to the tenant's row; the 256-bit random part is the secret, stored as a SHA-256 hash.
 */
export function newOpaqueToken(tenantId: string, rowId: string) {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${tenantId}.${rowId}.${secret}`, secretHash: sha256(secret) };
}

export function parseOpaqueToken(
  token: string,
): { tenantId: string; rowId: string; secretHash: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [tenantId, rowId, secret] = parts as [string, string, string];
  if (!isUuid(tenantId) || !isUuid(rowId) || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  return { tenantId: tenantId.toLowerCase(), rowId: rowId.toLowerCase(), secretHash: sha256(secret) };
}
