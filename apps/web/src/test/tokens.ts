/** Builds an unsigned JWT-shaped token with the given claims (the client never verifies signatures). */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

export const sessionClaims = (overrides: Record<string, unknown> = {}) => ({
  sub: 'user-1',
  sid: 'session-1',
  user_type: 'HRUser',
  company: 'Demo Manufacturing Inc.',
  name: 'Maria Santos',
  tenant_id: '11111111-2222-3333-4444-555555555555',
  is_approver: 'False',
  exp: inSeconds(600),
  ...overrides,
});
