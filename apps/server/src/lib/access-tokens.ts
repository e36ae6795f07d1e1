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

export function accessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TOKEN_TYPE,
          maxTokenAge: ACCESS_TOKEN_SECONDS + 5,
        });
        const parsed = AccessTokenClaims.safeParse(payload);
        if (!parsed.success) return null;
        const { tenant_id, sid, sub } = parsed.data;
        return isUuid(tenant_id) && isUuid(sid) && isUuid(sub) ? parsed.data : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
