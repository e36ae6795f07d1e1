import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

/**
 * Near-valid input at every signed-in route, as a user the route admits: bodies and query strings made from the
 * route's own OpenAPI schema (types, formats, patterns, enums, required properties) with boundary values mixed in
 * (the schema's limits and one past them, far dates, leap days, long and odd text), and ids harvested from earlier
 * answers, so a request gets past validation and into the services and the database. fuzz.test.ts sends random
 * input as an Admin, which the HR, payroll and portal routes refuse before reading it. Never a 5xx; every refusal
 * is problem details.
 */
let t: TestApp;
const sessions = new Map<string, Session[]>();
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '100000', LOGIN_MAX_ATTEMPTS_PER_IP: '100000' });
  for (const who of [demo.admin, demo.hr, demo.payroll, demo.approver, demo.employee]) {
    const list = sessions.get(who.type) ?? [];
    list.push(await signIn(t.app, who));
    sessions.set(who.type, list);
  }
});
afterAll(() => t?.close());

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  nullable?: boolean;
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** Ids seen in answers so far (employees, periods, requests, ...): path ids and body ids that exist. */
const seenIds = new Set<string>();
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const knownId = () =>
  fc.oneof(
    { weight: 4, arbitrary: fc.nat().map((n) => [...seenIds][n % Math.max(1, seenIds.size)] ?? '') },
    { weight: 1, arbitrary: fc.uuid() },
  );

const EDGE_DATES = [
  '2024-02-29',
  '2026-02-28',
  '2026-12-31',
  '2027-01-01',
  '1900-01-01',
  '2100-12-31',
  '0001-01-01',
  '9999-12-31',
];
const ODD_TEXT = [
  '',
  ' ',
  '=SUM(A1:A9)',
  "O'Brien; DROP TABLE employees",
  'Ñiño Dela Cruz-Peña',
  '日本語',
  '\u0000',
  'a'.repeat(5000),
];
const iso = (d: Date) => d.toISOString().slice(0, 10);

function arb(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arb(s, depth)));
  if (schema.allOf) return arb(Object.assign({}, ...schema.allOf) as Schema, depth);
  const types = [schema.type ?? 'any'].flat();
  const nullable = schema.nullable || types.includes('null');
  const type = types.find((x) => x !== 'null') ?? 'any';
  const value = valueOf(type, schema, depth);
  return nullable
    ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

function valueOf(type: string, s: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': {
      if (s.format === 'uuid' || s.pattern?.includes('[0-9a-fA-F]{8}')) return knownId();
      if (s.format === 'date' || s.pattern === '^\\d{4}-\\d{2}-\\d{2}$')
        return fc.oneof(
          fc.constantFrom(...EDGE_DATES),
          fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map(iso),
        );
      if (s.format === 'date-time')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom(...ODD_TEXT));
      const max = s.maxLength ?? 60;
      const min = s.minLength ?? 0;
      const edges = [...ODD_TEXT, 'x'.repeat(max), 'x'.repeat(max + 1), 'x'.repeat(Math.max(0, min - 1))];
      if (s.pattern) {
        let pattern: RegExp | null = null;
        try {
          pattern = new RegExp(s.pattern);
        } catch {
          // a pattern JavaScript cannot read: plain text only
        }
        if (pattern)
          return fc.oneof(
            { weight: 4, arbitrary: fc.stringMatching(pattern).filter((x) => x.length <= max + 1) },
            { weight: 1, arbitrary: fc.constantFrom(...edges) },
          );
      }
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }) },
        { weight: 1, arbitrary: fc.constantFrom(...edges) },
      );
    }
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? s.exclusiveMinimum ?? -1e6;
      const hi = s.maximum ?? s.exclusiveMaximum ?? 1e6;
      const edges = [lo, hi, lo - 1, hi + 1, 0, -1, 2 ** 31, 2 ** 53, 1e15, 99_999_999_999.99];
      const inRange =
        type === 'integer'
          ? fc.integer({ min: Math.ceil(Math.max(lo, -2e9)), max: Math.floor(Math.min(hi, 2e9)) })
          : fc
              .double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true })
              .map((x) => Math.round(x * 100) / 100);
      return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(arb(s.items ?? {}, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      if (!s.properties || depth > 3) return fc.constant({});
      const props = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, arb(v, depth + 1)]));
      return fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}

/** The signed-in JSON routes (no uploads), each with the user types it admits and its OpenAPI operation. */
function fuzzableRoutes() {
  const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  // Routes that would end the fuzzer's own sessions (sign-out, password, disabling its users or companies).
  const skipped = [
    /\/users\/(logout|change-password)$/,
    /^(PUT|DELETE) \/api\/v1\/users\/:id$/,
    /^(PUT|DELETE) \/api\/v1\/companies\/:id$/,
    /^PUT \/api\/v1\/application-settings$/,
  ];
  return t.app.apiRoutes.flatMap((route) => {
    if ('public' in route.access || route.multipart) return [];
    if (skipped.some((re) => re.test(`${route.method} ${route.url}`) || re.test(route.url))) return [];
    const path = route.url.replace(/:([A-Za-z]+)\??/g, '{$1}');
    const operation = spec.paths[path]?.[route.method.toLowerCase()];
    if (!operation) return [];
    return [{ ...route, path, operation, userTypes: [...route.access.userTypes] as string[] }];
  });
}

/**
 * A PUT's body names the record its address names (`Id`, `DepartmentId`, `employeeId` of .../:employeeId):
 * half the time the body's id is made the address's, so the request gets past that check.
 */
function matchAddress(template: string, path: string, body: object) {
  const names = template.split('/');
  const values = path.split('/');
  const record = body as Record<string, unknown>;
  names.forEach((name, i) => {
    if (!name.startsWith(':')) return;
    const id = decodeURIComponent(values[i]!);
    const param = name.slice(1).replace('?', '').toLowerCase();
    const plural = (names[i - 1] ?? '').replace(/-/g, '');
    // departments -> department, employment-statuses -> employmentstatus, policies -> policy
    const singulars = [plural.replace(/ies$/, 'y'), plural.replace(/es$/, ''), plural.replace(/s$/, '')];
    for (const key of Object.keys(record)) {
      const k = key.toLowerCase();
      const named = k === 'id' || singulars.some((one) => k === `${one}id`);
      if ((param === 'id' && named) || k === param) record[key] = id;
    }
  });
}

/** FUZZ_RUNS sets the runs of each property; FUZZ_SEED repeats a failed run (fast-check prints its seed). */
const runOptions = {
  numRuns: Number(process.env.FUZZ_RUNS ?? 500),
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
};

/** Seeds the id pool from the lists and reads every user type can open. */
async function seedIds() {
  const routes = fuzzableRoutes();
  // Seed the id pool from the lists every user type can read.
  for (const route of routes.filter((r) => r.url.endsWith('/list') || r.method === 'GET')) {
    if (route.url.includes(':')) continue;
    const session = sessions.get(route.userTypes[0]!)?.[0];
    if (!session) continue;
    const res = await t.app.inject({
      method: route.method as 'GET',
      url: route.url,
      headers: session.headers,
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });
    for (const id of res.body.match(UUID) ?? []) seenIds.add(id.toLowerCase());
  }
  expect(seenIds.size).toBeGreaterThan(20);
}

describe('schema-driven fuzzing of every signed-in route', () => {
  beforeAll(seedIds);

  // First: the random requests of the next test delete and disable records this one edits.
  it(
    'takes a record as GET answers it with some fields changed to near-valid values: never 5xx',
    { timeout: 240_000 },
    async () => {
      const routes = fuzzableRoutes();
      const gets = new Map(routes.filter((r) => r.method === 'GET').map((r) => [r.url, r]));
      const pairs = routes.flatMap((put) => {
        const get = put.method === 'PUT' && gets.get(put.url);
        const userTypes = get
          ? put.userTypes.filter((u) => get.userTypes.includes(u) && sessions.has(u))
          : [];
        const schema = put.operation.requestBody?.content['application/json']?.schema;
        return get && userTypes.length && schema?.properties ? [{ put, userTypes, schema }] : [];
      });
      expect(pairs.length).toBeGreaterThan(10);
      // The records of each kind, from its list (`/departments/:id` from `/departments/list`), else any id seen.
      const idsOf = new Map<string, string[]>();
      for (const { put, userTypes } of pairs) {
        const list = `${put.url.slice(0, put.url.lastIndexOf('/'))}/list`;
        if (!routes.some((r) => r.url === list)) continue;
        const res = await t.app.inject({
          method: 'POST',
          url: list,
          headers: sessions.get(userTypes[0]!)![0]!.headers,
          payload: { PageSize: 100 },
        });
        idsOf.set(put.url, [...new Set((res.body.match(UUID) ?? []).map((id) => id.toLowerCase()))]);
      }
      const cases = fc.constantFrom(...pairs).chain((pair) => {
        const own = idsOf.get(pair.put.url) ?? [];
        const props = pair.schema.properties!;
        const editable = Object.keys(props).filter((k) => k !== 'RowVersion');
        return fc.record({
          pair: fc.constant(pair),
          userType: fc.constantFrom(...pair.userTypes),
          id: own.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...own) }, knownId()) : knownId(),
          // One or two fields changed: more, and nearly every edit is refused for one of them.
          changes: fc
            .shuffledSubarray(editable, { minLength: 1, maxLength: 2 })
            .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, arb(props[k]!)])))),
        });
      });
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(cases, async ({ pair, userType, id, changes }) => {
          const session = sessions.get(userType)![0]!;
          const url = pair.put.url.replace(/:[A-Za-z]+\??/g, () => encodeURIComponent(id || 'x'));
          const got = await t.app.inject({ method: 'GET', url, headers: session.headers });
          expect(got.statusCode, `GET ${url} -> ${got.body.slice(0, 300)}`).toBeLessThan(500);
          if (got.statusCode !== 200) return;
          const body = { ...got.json(), ...(changes as object) };
          matchAddress(pair.put.url, url, body);
          const res = await t.app.inject({
            method: 'PUT',
            url,
            headers: { ...session.headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          const what = `PUT ${url} as ${userType} ${JSON.stringify(changes).slice(0, 600)}`;
          expect(res.statusCode, `${what} -> ${res.body.slice(0, 400)}`).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(res.json(), what).toMatchObject({ status: res.statusCode, title: expect.any(String) });
          else accepted++;
        }),
        runOptions,
      );
      // Enough edits got through validation, versions and rules to have reached the database.
      expect(accepted).toBeGreaterThan(5);
    },
  );

  it(
    'answers near-valid input with 2xx or 4xx problem details, never 5xx',
    { timeout: 240_000 },
    async () => {
      const routes = fuzzableRoutes();
      expect(routes.length).toBeGreaterThan(100);

      const cases = fc.constantFrom(...routes).chain((route) =>
        fc.record({
          route: fc.constant(route),
          userType: fc.constantFrom(...route.userTypes.filter((u) => sessions.has(u))),
          pathIds: fc.array(knownId(), { minLength: 3, maxLength: 3 }),
          sameIds: fc.boolean(),
          query: arb({
            type: 'object',
            properties: Object.fromEntries(
              (route.operation.parameters ?? [])
                .filter((p) => p.in === 'query')
                .map((p) => [p.name, p.schema]),
            ),
            required: (route.operation.parameters ?? [])
              .filter((p) => p.in === 'query' && p.required)
              .map((p) => p.name),
          }),
          body: arb(route.operation.requestBody?.content['application/json']?.schema ?? { type: 'object' }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(cases, async ({ route, userType, pathIds, sameIds, query, body }) => {
          const sessionsOfType = sessions.get(userType)!;
          const session = sessionsOfType[pathIds[0]!.length % sessionsOfType.length]!;
          let n = 0;
          const path = route.url.replace(/:[A-Za-z]+\??/g, () => encodeURIComponent(pathIds[n++] || 'x'));
          const search = new URLSearchParams(
            Object.entries(query as Record<string, unknown>)
              .filter(([, v]) => v !== null && v !== undefined)
              .map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          const url = search ? `${path}?${search}` : path;
          if (route.body && body && typeof body === 'object' && sameIds) matchAddress(route.url, path, body);
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...session.headers, ...(route.body ? { 'content-type': 'application/json' } : {}) },
            ...(route.body ? { payload: JSON.stringify(body) } : {}),
          });
          const what = `${route.method} ${url} as ${userType} ${JSON.stringify(body).slice(0, 600)}`;
          expect(res.statusCode, `${what} -> ${res.body.slice(0, 400)}`).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(res.json(), what).toMatchObject({ status: res.statusCode, title: expect.any(String) });
          else for (const id of res.body.slice(0, 200_000).match(UUID) ?? []) seenIds.add(id.toLowerCase());
        }),
        runOptions,
      );
    },
  );
});
