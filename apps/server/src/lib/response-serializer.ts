import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The response serializer: every answer is checked against its route's zod schema and written with only the
 * schema's properties (fastify-type-provider-zod's `serializerCompiler`: `z.safeEncode`, then `JSON.stringify`).
 * For the common shapes (objects, arrays, strings with a pattern format, numbers, booleans, enums, literals,
 * nullable and optional) the same check and the same JSON are made by closures built once per route, which
 * skip zod's generic per-value machinery: a list of 100 rows is written in a fraction of the time (issue 8,
 * bench/employees.bench.ts). Anything else inside a schema (transforms, codecs, unions, defaults, refinements,
 * string formats not known here) is encoded by zod for that part alone. A value the fast path does not accept
 * is handed to zod whole, so an invalid answer fails exactly as before (ResponseSerializationError, a 500).
 *
 * Where a whole schema is of those shapes, an answer that is valid and already holds exactly the schema's
 * properties, in the schema's order, of plain objects, is first checked without writing anything and then written
 * by JSON.stringify, which makes the same text in native code (`exactly` below). Building the JSON in JavaScript
 * allocated some 70 kB for a page of 25 employees (a third of all the server allocated per request).
 */
type Write = (value: unknown) => string | typeof FAIL;
const FAIL = Symbol('fail');

/** Characters JSON.stringify escapes in a string (quotes, backslash, controls, lone surrogates). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const quote = (s: string) => (NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : `"${s}"`);

/** String formats whose zod check is only `pattern.test(value)`. */
const PATTERN_FORMATS = new Set(['uuid', 'guid', 'regex', 'email', 'date']);

interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  coerce?: boolean;
  format?: string;
  pattern?: RegExp;
  check?: string;
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Zod's own encoding of one part of a value: the answer zod would give for it inside the whole. */
function viaZod(schema: z.ZodType): Write {
  return (value) => {
    const result = z.safeEncode(schema, value);
    if (!result.success) return FAIL;
    const json = JSON.stringify(result.data) as string | undefined;
    return json === undefined ? FAIL : json;
  };
}

/** A pattern's test of a whole string, from its start even for a global pattern (as zod tests it). */
const matches = (pattern: RegExp) => (s: string) => {
  pattern.lastIndex = 0;
  return pattern.test(s);
};

function stringChecks(def: Def): ((s: string) => boolean) | null {
  const tests: ((s: string) => boolean)[] = [];
  if (def.format !== undefined) {
    // z.uuid(), z.email(): the schema is itself the format check.
    if (!PATTERN_FORMATS.has(def.format) || !(def.pattern instanceof RegExp)) return null;
    tests.push(matches(def.pattern));
  }
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (
      c.check === 'string_format' &&
      PATTERN_FORMATS.has(c.format as string) &&
      c.pattern instanceof RegExp
    ) {
      tests.push(matches(c.pattern));
    } else if (c.check === 'min_length' && typeof c.minimum === 'number') {
      const min = c.minimum;
      tests.push((s) => s.length >= min);
    } else if (c.check === 'max_length' && typeof c.maximum === 'number') {
      const max = c.maximum;
      tests.push((s) => s.length <= max);
    } else {
      return null;
    }
  }
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0]!;
  return (s) => tests.every((t) => t(s));
}

function numberChecks(def: Def): ((n: number) => boolean) | null {
  const tests: ((n: number) => boolean)[] = [];
  const format = (f: unknown) => {
    if (f === 'safeint') tests.push((n) => Number.isSafeInteger(n));
    else return false;
    return true;
  };
  if (def.format !== undefined && !format(def.format)) return null;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'number_format') {
      if (!format(c.format)) return null;
    } else if (c.check === 'greater_than' && typeof c.value === 'number') {
      const v = c.value;
      tests.push(c.inclusive ? (n) => n >= v : (n) => n > v);
    } else if (c.check === 'less_than' && typeof c.value === 'number') {
      const v = c.value;
      tests.push(c.inclusive ? (n) => n <= v : (n) => n < v);
    } else {
      return null;
    }
  }
  return (n) => tests.every((t) => t(n));
}

type Check = (value: unknown) => boolean;

/**
 * The check of a scalar schema (string, number, boolean, enum, literal) as zod makes it; null for a scalar with
 * something zod must do (coercion, an unknown check), undefined for any other kind of schema.
 */
function leafCheck(def: Def): Check | null | undefined {
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string': {
      const ok = def.coerce ? null : stringChecks(def);
      return ok && ((value) => typeof value === 'string' && ok(value));
    }
    case 'number': {
      const ok = def.coerce ? null : numberChecks(def);
      // Zod refuses NaN and ±Infinity.
      return ok && ((value) => typeof value === 'number' && Number.isFinite(value) && ok(value));
    }
    case 'boolean':
      return def.coerce || checks.length ? null : (value) => value === true || value === false;
    case 'enum': {
      if (checks.length) return null;
      const allowed = new Set(Object.values(def.entries ?? {}));
      if ([...allowed].some((v) => typeof v !== 'string' && typeof v !== 'number')) return null;
      return (value) => allowed.has(value) && (typeof value !== 'number' || Number.isFinite(value));
    }
    case 'literal': {
      if (checks.length) return null;
      const allowed = new Set(def.values ?? []);
      if ([...allowed].some((v) => typeof v !== 'string' && typeof v !== 'boolean' && v !== null))
        return null;
      return (value) => allowed.has(value);
    }
    default:
      return undefined;
  }
}

/** An object schema's properties: an optional one (without checks of its own) is unwrapped and may be absent. */
function fieldsOf(shape: Record<string, z.ZodType>) {
  return Object.entries(shape).map(([key, field]) => {
    const fieldDef = defOf(field);
    const optional = fieldDef.type === 'optional' && !(fieldDef.checks ?? []).length;
    return { key, optional, schema: optional ? fieldDef.innerType! : field };
  });
}

/** The fast writer of `schema`, or null where zod must do it. */
function compile(schema: z.ZodType): Write | null {
  const def = defOf(schema);
  const checks = def.checks ?? [];
  const leaf = leafCheck(def);
  if (leaf === null) return null;
  if (leaf) {
    // The same text as JSON.stringify: quoted strings (escaped where needed), String(n) for finite numbers
    // (-0 as 0).
    if (def.type === 'string') return (value) => (leaf(value) ? quote(value as string) : FAIL);
    if (def.type === 'number') return (value) => (leaf(value) ? String(value) : FAIL);
    return (value) => (leaf(value) ? JSON.stringify(value) : FAIL);
  }
  switch (def.type) {
    case 'nullable': {
      if (checks.length) return null;
      const inner = part(def.innerType!);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'array':
      return checks.length ? null : arrayWriter(part(def.element!));
    case 'object':
      // Only a plain z.object (unknown keys dropped); strict and loose objects, and refinements, go to zod.
      return checks.length || def.catchall !== undefined ? null : objectWriter(def.shape ?? {});
    default:
      return null;
  }
}

function arrayWriter(element: Write): Write {
  return (value) => {
    if (!Array.isArray(value)) return FAIL;
    if (value.length === 0) return '[]';
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item = element(value[i]);
      if (item === FAIL) return FAIL;
      out += i === 0 ? item : `,${item}`;
    }
    return `${out}]`;
  };
}

function objectWriter(shape: Record<string, z.ZodType>): Write {
  const fields = fieldsOf(shape).map(({ key, optional, schema }) => ({
    key,
    prefix: `${JSON.stringify(key)}:`,
    optional,
    write: part(schema),
  }));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return FAIL;
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const field of fields) {
      const v = record[field.key];
      // An optional property left undefined is dropped, as JSON.stringify drops it from zod's output.
      if (v === undefined && field.optional) continue;
      const json = field.write(v);
      if (json === FAIL) return FAIL;
      out += out.length === 1 ? field.prefix + json : `,${field.prefix}${json}`;
    }
    return `${out}}`;
  };
}

/** A part of a schema: fast where it can be, zod's own encoding where not. */
function part(schema: z.ZodType): Write {
  return compile(schema) ?? viaZod(schema);
}

/**
 * Whether a value is valid for `schema` and JSON.stringify would write exactly what the fast writer writes: every
 * object is plain and holds only the schema's properties in the schema's order (an optional one may be absent),
 * every value passes the same checks. Anything else answers false, and the writer (or zod) decides as before.
 * Null where any part of the schema is left to zod (its output may differ).
 */
function exactly(schema: z.ZodType): Check | null {
  const def = defOf(schema);
  const checks = def.checks ?? [];
  const leaf = leafCheck(def);
  if (leaf !== undefined) return leaf;
  switch (def.type) {
    case 'nullable': {
      const inner = checks.length ? null : exactly(def.innerType!);
      return inner && ((value) => value === null || inner(value));
    }
    case 'array': {
      const element = checks.length ? null : exactly(def.element!);
      if (!element) return null;
      return (value) => {
        if (!Array.isArray(value)) return false;
        // A loop, not every(): a hole in a sparse array must fail here as it fails the writer.
        for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
        return true;
      };
    }
    case 'object': {
      if (checks.length || def.catchall !== undefined) return null;
      const fields: { key: string; optional: boolean; exact: Check }[] = [];
      for (const { key, optional, schema: field } of fieldsOf(def.shape ?? {})) {
        const exact = exactly(field);
        if (!exact) return null;
        fields.push({ key, optional, exact });
      }
      return (value) => {
        if (typeof value !== 'object' || value === null) return false;
        // A class instance may have a toJSON, or properties JSON.stringify would not write the same way.
        const proto = Object.getPrototypeOf(value);
        if (proto !== Object.prototype && proto !== null) return false;
        const record = value as Record<string, unknown>;
        let i = 0;
        for (const key in record) {
          // Optional properties the answer leaves out are skipped; anything else out of step is not exact.
          while (i < fields.length && fields[i]!.key !== key) {
            if (!fields[i]!.optional || record[fields[i]!.key] !== undefined) return false;
            i++;
          }
          if (i === fields.length) return false; // a property the schema does not have, or out of order
          const v = record[key];
          if (!(v === undefined ? fields[i]!.optional : fields[i]!.exact(v))) return false;
          i++;
        }
        for (; i < fields.length; i++) if (!fields[i]!.optional) return false;
        return true;
      };
    }
    default:
      return null;
  }
}

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  if (
    schema &&
    typeof schema === 'object' &&
    'properties' in schema &&
    schema.properties instanceof z.ZodType
  )
    return schema.properties;
  return null;
}

/** Fastify serializer compiler: the fast writer where the schema allows it, zod's serializer otherwise. */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const viaZodWhole = zodSerializerCompiler(route);
  const schema = zodSchemaOf(route.schema);
  const fast = schema ? compile(schema) : null;
  if (!fast) return viaZodWhole;
  const exact = exactly(schema!);
  return (data) => {
    if (exact?.(data)) return JSON.stringify(data);
    const json = fast(data);
    // Not accepted (or not sure): zod decides, and throws its ResponseSerializationError for an invalid answer.
    return json === FAIL ? viaZodWhole(data) : json;
  };
};

/** For tests: whether the fast path covers a schema at its top (else the route uses zod's serializer). */
export const compilesFast = (schema: z.ZodType) => compile(schema) !== null;

/** For tests: whether an answer is written by JSON.stringify directly (valid, and exactly the schema's shape). */
export const writesNatively = (schema: z.ZodType, value: unknown) => exactly(schema)?.(value) ?? false;
