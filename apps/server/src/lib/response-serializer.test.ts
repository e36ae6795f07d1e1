import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { EmployeeListResponse, UpcomingBirthdaysResponse } from '@hrpay/contracts';
import { compilesFast, serializerCompiler, writesNatively } from './response-serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
/** The answer of both serializers for `data`: the JSON text, or the error's class name and message. */
function both(schema: z.ZodType, data: unknown) {
  const outcome = (write: (d: unknown) => string) => {
    try {
      return write(data);
    } catch (error) {
      return `${(error as Error).constructor.name}: ${(error as Error).message}`;
    }
  };
  return {
    fast: outcome(serializerCompiler(route(schema))),
    zod: outcome(zodSerializerCompiler(route(schema))),
  };
}

const id = '0aebd86b-8c5d-4827-8b95-2fdea06e4ff7';
const listRow = {
  EmployeeId: id,
  EmployeeNumber: 'BE-000001',
  FullName: 'Juan "JR" Reyes\u2028\\',
  LastName: 'Reyes',
  FirstName: 'Juan',
  Email: null,
  DepartmentId: id,
  DepartmentName: 'Production',
  PositionName: null,
  EmploymentStatusId: null,
  EmploymentStatusName: 'Regular',
  EmploymentType: 'FullTime',
  HireDate: '2010-01-02',
  SupervisorName: null,
  ShiftName: null,
  Status: 'Active',
  SeparationDate: null,
  total_count: 3, // not in the contract: dropped
};
const birthday = {
  EmployeeId: id,
  EmployeeNumber: 'BE-000002',
  FullName: 'María Cruz',
  DepartmentName: null,
  BirthDate: '1970-12-01',
  NextBirthday: '2026-12-01',
  DaysUntil: 0,
  Age: 56,
};

describe('response serializer', () => {
  it('takes the fast path for the employee list and upcoming birthdays', () => {
    expect(compilesFast(EmployeeListResponse)).toBe(true);
    expect(compilesFast(UpcomingBirthdaysResponse)).toBe(true);
  });

  it('writes the same JSON as zod for valid answers, unknown properties dropped', () => {
    for (const [schema, data] of [
      [EmployeeListResponse, { Items: [listRow, { ...listRow, Status: 'Separated' }], TotalCount: 2 }],
      [EmployeeListResponse, { Items: [], TotalCount: 0, extra: 'x' }],
      [
        EmployeeListResponse,
        {
          Items: [{ ...listRow, FullName: 'Ñoño 🎉 \ud800 tab\t nl\n\u0001 "q" \\', LastName: '' }],
          TotalCount: 1,
        },
      ],
      [UpcomingBirthdaysResponse, [birthday, { ...birthday, DaysUntil: -0, DepartmentName: 'HR' }]],
      [UpcomingBirthdaysResponse, []],
    ] as const) {
      const { fast, zod } = both(schema, data);
      expect(fast).toBe(zod);
      expect(fast).not.toContain('total_count');
    }
  });

  it("writes an answer of exactly the schema's shape with JSON.stringify, and the same JSON as zod", () => {
    const { total_count: _, ...exactRow } = listRow;
    const { Status, ...rest } = exactRow;
    const reordered = { Status, ...rest };
    class Row {
      constructor(readonly EmployeeId: string) {}
      toJSON() {
        return { EmployeeId: 'changed' };
      }
    }
    const cases: [z.ZodType, unknown, boolean][] = [
      [EmployeeListResponse, { Items: [exactRow, exactRow], TotalCount: 2 }, true],
      [UpcomingBirthdaysResponse, [birthday], true],
      [UpcomingBirthdaysResponse, [], true],
      // Not exactly the schema's shape: written property by property, as before.
      [EmployeeListResponse, { Items: [listRow], TotalCount: 1 }, false], // total_count
      [EmployeeListResponse, { Items: [reordered], TotalCount: 1 }, false], // order
      [EmployeeListResponse, { TotalCount: 1, Items: [exactRow] }, false], // order at the top
      [EmployeeListResponse, { Items: [{ ...exactRow, Email: undefined }], TotalCount: 1 }, false], // invalid
      [UpcomingBirthdaysResponse, [{ ...birthday, Age: Number.NaN }], false], // invalid
      [z.object({ EmployeeId: z.string() }), new Row(id), false], // a class: toJSON would change it
      [z.object({ A: z.string().optional(), B: z.number() }), { B: 1 }, true], // optional left out
      [z.object({ A: z.string().transform((t) => t.trim()) }), { A: ' x ' }, false], // zod's part
    ];
    for (const [schema, data, native] of cases) {
      expect(writesNatively(schema, data)).toBe(native);
      const { fast, zod } = both(schema, data);
      expect(fast).toBe(zod);
    }
  });

  it('fails an invalid answer exactly as zod does', () => {
    const invalid: [z.ZodType, unknown][] = [
      [EmployeeListResponse, { Items: [{ ...listRow, EmployeeId: 'not-a-uuid' }], TotalCount: 1 }],
      [EmployeeListResponse, { Items: [{ ...listRow, Status: 'Gone' }], TotalCount: 1 }],
      [EmployeeListResponse, { Items: [listRow], TotalCount: -1 }],
      [EmployeeListResponse, { Items: [listRow], TotalCount: 1.5 }],
      [EmployeeListResponse, { Items: [{ ...listRow, Email: undefined }], TotalCount: 1 }],
      [UpcomingBirthdaysResponse, [{ ...birthday, Age: Number.NaN }]],
      [UpcomingBirthdaysResponse, [{ ...birthday, Age: '56' }]],
      [UpcomingBirthdaysResponse, { 0: birthday }],
    ];
    for (const [schema, data] of invalid) {
      const { fast, zod } = both(schema, data);
      expect(zod).toMatch(/^ResponseSerializationError/);
      expect(fast).toBe(zod);
    }
  });

  it('leaves what it does not know to zod, for that part alone or the whole', () => {
    const schema = z.object({
      Optional: z.string().optional(),
      Nullish: z.number().int().min(1).max(9).nullish(),
      Flag: z.boolean(),
      Kind: z.literal('a'),
      Code: z.string().min(2).max(3),
      Mixed: z.union([z.string(), z.number()]),
      Text: z.string().transform((s) => s.toUpperCase()),
      Nested: z.object({ List: z.array(z.object({ A: z.email() })) }),
      Loose: z.looseObject({ B: z.string() }),
      Any: z.unknown(),
    });
    const valid = {
      Nullish: null,
      Flag: false,
      Kind: 'a',
      Code: 'ab',
      Mixed: 3,
      Text: 'x',
      Nested: { List: [{ A: 'a@b.ph', extra: 1 }] },
      Loose: { B: 'b', kept: true },
      Any: { deep: [1, 'two'] },
      dropped: 1,
    };
    for (const data of [
      valid,
      { ...valid, Optional: 'o', Nullish: 4, Any: undefined },
      { ...valid, Optional: undefined },
      { ...valid, Optional: null },
      { ...valid, Nullish: 10 },
      { ...valid, Code: 'abcd' },
      { ...valid, Nested: { List: [{ A: 'not an e-mail' }] } },
      { ...valid, Flag: 'false' },
      { ...valid, Kind: 'b' },
      null,
      [],
    ]) {
      const { fast, zod } = both(schema, data);
      expect(fast).toBe(zod);
    }
    expect(compilesFast(z.unknown())).toBe(false);
    expect(both(z.unknown(), { a: 1 }).fast).toBe('{"a":1}');
  });
});
