/** Every public vector from shared/ph-payroll/vectors.json (copied into fixtures) must pass to the centavo. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as payroll from '../src/index.js';

interface Vector {
  id: string;
  fn: string;
  rule: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
  tolerance?: string;
}

const { vectors } = JSON.parse(readFileSync(new URL('./fixtures/vectors.json', import.meta.url), 'utf8')) as {
  vectors: Vector[];
};

// Compare centavos as integers so the tolerance check is exact.
const cents = (s: string) => {
  const [w, f = ''] = s.replace('-', '').split('.');
  return (s.startsWith('-') ? -1 : 1) * (Number(w) * 100 + Number(f.padEnd(2, '0')));
};

describe('vectors.json', () => {
  it('has vectors', () => expect(vectors.length).toBeGreaterThan(80));
  for (const v of vectors) {
    it(`${v.id} ${v.fn}: ${v.rule}`, () => {
      const fn = (payroll as unknown as Record<string, (i: unknown) => Record<string, unknown>>)[v.fn];
      expect(fn, `export ${v.fn}`).toBeTypeOf('function');
      const out = fn!(structuredClone(v.input));
      for (const [key, want] of Object.entries(v.expected)) {
        const got = out[key];
        if (v.tolerance !== undefined && typeof want === 'string') {
          expect(typeof got, key).toBe('string');
          const diff = Math.abs(cents(got as string) - cents(want));
          expect(diff, `${key}: got ${String(got)}, want ${want} ± ${v.tolerance}`).toBeLessThanOrEqual(
            cents(v.tolerance),
          );
        } else {
          expect(got, key).toEqual(want);
        }
      }
    });
  }
});
