import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AccessTokenClaims } from '@hrpay/contracts';
import { isUuid } from '../db/database.js';

const ISSUER = 'hrpay';
const AUDIENCE = 'hrpay-api';
const TOKEN_TYPE = 'at+jwt'; // explicit typing (RFC 8725 §3.11): a refresh token can never pass as one
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export type AccessClaims = Omit<AccessTokenClaims, 'exp'>;

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The verified claims, or null for anything unverifiable (bad signature, algorithm, type, expiry, shape). */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

/** Verified tokens kept (by their exact text) so a client's repeated requests skip the HMAC check. */
const MAX_CACHED_TOKENS = 10_000;
const MAX_TOKEN_AGE = ACCESS_TOKEN_SECONDS + 5;

interface Verified {
  claims: AccessTokenClaims;
  iat: number;
  nbf: number | undefined;
  exp: number;
}

/** jose's time checks for the options below (no clock tolerance), redone on every use of a cached token. */
function timely({ iat, nbf, exp }: Verified, now: number): boolean {
  return (nbf === undefined || nbf <= now) && exp > now && now - iat <= MAX_TOKEN_AGE && now - iat >= 0;
}

export function accessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Imported once: given raw bytes, jose imports the HMAC key again on every verification.
  const verifyKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  // The signature, header and shape of a token depend only on its text and the key, so a token verified once
  // stays verified; its time claims are checked again on every request. Session revocation is not a property
  // of the token: route-access re-reads the session from the database on every request.
  const verified = new Map<string, Verified>();
  const remember = (token: string, entry: Verified) => {
    if (verified.size >= MAX_CACHED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
  };
  return {
    sign: ({ sub, ...claims }) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key),
    verify: async (token) => {
      const cached = verified.get(token);
      if (cached) {
        if (timely(cached, Math.floor(Date.now() / 1000))) return { ...cached.claims };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await verifyKey, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TOKEN_TYPE,
          maxTokenAge: MAX_TOKEN_AGE,
        });
        const parsed = AccessTokenClaims.safeParse(payload);
        if (!parsed.success) return null;
        const { tenant_id, sid, sub } = parsed.data;
        if (!(isUuid(tenant_id) && isUuid(sid) && isUuid(sub))) return null;
        remember(token, { claims: parsed.data, iat: payload.iat!, nbf: payload.nbf, exp: parsed.data.exp });
        return { ...parsed.data };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
