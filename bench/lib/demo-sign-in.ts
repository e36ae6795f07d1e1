/** The password every demo user is seeded with (SEED_DEMO). */
const DEMO_PASSWORD = 'demo1234';

/** The tokens of a demo user signed in on the server at `base`; a refused sign-in fails the run. */
export async function signInDemo(
  base: string,
  email: string,
  userType: string,
): Promise<{ AccessToken: string; RefreshToken: string }> {
  const res = await fetch(`${base}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, userType }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { AccessToken: string; RefreshToken: string };
}
