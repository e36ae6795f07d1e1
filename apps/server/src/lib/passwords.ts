import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults are argon2id m=19456 KiB, t=2, p=1: the OWASP Password Storage minimum.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified when the e-mail is unknown, so a miss costs as long as a wrong password (no enumeration by timing). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash('not-a-real-password-0000');
  return dummyHash;
}
