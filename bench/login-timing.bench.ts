/**
 * Sign-in must not reveal whether an account exists (issue 2 §4): an unknown e-mail, a wrong password and a
 * wrong user type must answer the same 401 in similar time. This measures the three through HTTP, interleaved,
 * against a successful sign-in as the baseline, and checks each median is within 15% of the wrong-password one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserTypeId } from '@hrpay/contracts';
import { main } from '../apps/server/src/server.js';
import { writeResult } from './lib/results.js';

const rounds = Number(process.env.BENCH_LOGIN_ROUNDS ?? 60);
const dataDir = mkdtempSync(join(tmpdir(), 'hrpay-bench-login-'));
const app = await main({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  SEED_DEMO: 'always',
  LOG_LEVEL: 'warn',
  LOGIN_MAX_FAILURES_PER_EMAIL: '1000000',
  LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
});
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const cases = {
  success: { email: 'employee@demo.hrpay.test', password: 'demo1234', userType: UserTypeId.PortalUser },
  wrongPassword: {
    email: 'employee@demo.hrpay.test',
    password: 'wrong-pass',
    userType: UserTypeId.PortalUser,
  },
  unknownEmail: { email: 'nobody@demo.hrpay.test', password: 'demo1234', userType: UserTypeId.PortalUser },
  wrongType: { email: 'employee@demo.hrpay.test', password: 'demo1234', userType: UserTypeId.Admin },
};
type Case = keyof typeof cases;
const samples: Record<Case, number[]> = { success: [], wrongPassword: [], unknownEmail: [], wrongType: [] };
const bodies = new Set<string>();

async function attempt(name: Case) {
  const started = process.hrtime.bigint();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cases[name]),
  });
  const text = await response.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (name !== 'success') {
    if (response.status !== 401) throw new Error(`${name}: expected 401, got ${response.status}`);
    bodies.add(text);
  }
  return ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

try {
  for (const name of Object.keys(cases) as Case[]) await attempt(name); // warm-up
  for (let i = 0; i < rounds; i++) {
    for (const name of Object.keys(cases) as Case[]) samples[name].push(await attempt(name));
  }
  const medians = Object.fromEntries(
    (Object.keys(samples) as Case[]).map((name) => [name, median(samples[name])]),
  ) as Record<Case, number>;
  const reference = medians.wrongPassword;
  const spread = Math.max(
    Math.abs(medians.unknownEmail - reference) / reference,
    Math.abs(medians.wrongType - reference) / reference,
  );
  const pass = bodies.size === 1 && spread <= 0.15;
  for (const [name, ms] of Object.entries(medians))
    console.log(`${name.padEnd(14)} median ${ms.toFixed(1)} ms`);
  console.log(
    `failure answers: ${bodies.size} distinct body; largest median gap ${(spread * 100).toFixed(1)}% of wrong-password (target <= 15%): ${pass ? 'PASS' : 'FAIL'}`,
  );
  writeResult('login-timing', {
    rounds,
    medianMs: medians,
    distinctFailureBodies: bodies.size,
    spread,
    pass,
  });
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
