import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refineEmployee, SeparateEmployeeRequest } from './employees.js';

/** The messages of the employee's date rules, as the web shows them under each field. */
const messagesOf = (result: { success: boolean; error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const employeeDates = z
  .object({ HireDate: z.string(), BirthDate: z.string().nullable().optional() })
  .superRefine((e, ctx) => refineEmployee(e, ctx, '2026-12-14'));

describe('employee date bounds', () => {
  it('name the earliest date as people read it, not as an ISO date', () => {
    expect(messagesOf(employeeDates.safeParse({ HireDate: '1899-12-31', BirthDate: '1899-12-31' }))).toEqual({
      HireDate: 'Hire date must be between Jan 1, 1900 and one year from today',
      BirthDate: 'Birth date must be between Jan 1, 1900 and today',
    });
    const separation = SeparateEmployeeRequest.safeParse({
      SeparationDate: '1899-12-31',
      SeparationReason: 'Resigned',
      RowVersion: 1,
    });
    expect(messagesOf(separation)).toEqual({
      SeparationDate: 'Separation date must be between Jan 1, 1900 and one year from today',
    });
  });

  it('still take the earliest date itself and refuse a day after the bound', () => {
    expect(employeeDates.safeParse({ HireDate: '1900-01-01' }).success).toBe(true);
    expect(employeeDates.safeParse({ HireDate: '1920-01-01', BirthDate: '1900-01-01' }).success).toBe(true);
    expect(messagesOf(employeeDates.safeParse({ HireDate: '2027-12-15' }))).toEqual({
      HireDate: 'Hire date must be between Jan 1, 1900 and one year from today',
    });
  });
});
