import { z } from 'zod';
import { requiredText } from './field-rules.js';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { ValidationMessages as M } from './validation-messages.js';

/** A new shift's rest days: Saturday and Sunday (0 is Sunday). */
export const DEFAULT_REST_DAYS: readonly number[] = [0, 6];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** A time of day: empty (a cleared picker) is missing (spec §5); other text that is no HH:mm says the format. */
const time = z
  .string(M.required)
  .refine((v) => v !== '', { message: M.required, abort: true })
  .regex(HH_MM, 'Enter a time as HH:mm (24-hour)');

/** Minutes after midnight of `HH:mm[:ss]`. */
export const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

/**
 * Minutes of a shift between 22:00 and 06:00 (night differential, Labor Code Art. 86). An out time at or before
 * the in time ends the next day.
 */
export function nightMinutes(timeIn: string, timeOut: string): number {
  const start = minutesOf(timeIn);
  let end = minutesOf(timeOut);
  if (end <= start) end += 24 * 60;
  let night = 0;
  // Night windows over two days: [-2h, 6h), [22h, 30h), [46h, 54h) in minutes from the first midnight.
  for (const [from, to] of [
    [-120, 360],
    [1320, 1800],
    [2760, 3240],
  ] as const) {
    night += Math.max(0, Math.min(end, to) - Math.max(start, from));
  }
  return night;
}

/** The editable fields of a shift (issue 8 §3). Days of the week: 0 Sunday ... 6 Saturday. */
export const ShiftFields = {
  Name: requiredText(100),
  TimeIn: time,
  TimeOut: time,
  /** Unpaid break within the shift. */
  BreakMinutes: z.number().int().min(0, M.min(0)).max(480, M.max(480)).default(60),
  /** Minutes after the in time before lateness counts. */
  GraceMinutes: z.number().int().min(0, M.min(0)).max(120, M.max(120)).default(0),
  /** Flexible: the employee works RequiredHours a day, any time between TimeIn and TimeOut. */
  IsFlexible: z.boolean().default(false),
  RequiredHours: z.number().min(1, M.min(1)).max(24, M.max(24)).nullable().optional(),
  RestDays: z
    .array(z.number().int().min(0).max(6))
    .max(6, 'A shift needs at least one working day')
    .refine((days) => new Set(days).size === days.length, 'A rest day is listed twice')
    // Saturday and Sunday: the week of the payroll settings' default rate factor (261, Monday to Friday).
    .default(() => [...DEFAULT_REST_DAYS]),
  IsActive: z.boolean().default(true),
};

const refineShift = (v: {
  TimeIn: string;
  TimeOut: string;
  IsFlexible?: boolean;
  RequiredHours?: number | null;
}) => !v.IsFlexible || v.RequiredHours != null;
/** A flexible shift's required hours a day are a required field (spec §5). */
const flexibleMessage = { message: M.required, path: ['RequiredHours'] };
/** An out time equal to the in time would be a 24-hour shift (read as one, it had counted 23 work hours). */
const endsAfterStart = (v: { TimeIn: string; TimeOut: string }) =>
  !HH_MM.test(v.TimeIn) || !HH_MM.test(v.TimeOut) || minutesOf(v.TimeIn) !== minutesOf(v.TimeOut);
const sameTimesMessage = { message: 'The shift cannot end at the time it starts', path: ['TimeOut'] };

export const Shift = z.object({
  ShiftId: z.uuid(),
  Name: z.string(),
  TimeIn: z.string(),
  TimeOut: z.string(),
  BreakMinutes: z.number().int(),
  GraceMinutes: z.number().int(),
  IsFlexible: z.boolean(),
  RequiredHours: z.number().nullable(),
  RestDays: z.array(z.number().int()),
  /** Out before in: the shift ends the next day. */
  IsOvernight: z.boolean(),
  /** Any hours between 22:00 and 06:00. */
  IsNightShift: z.boolean(),
  NightMinutes: z.number().int(),
  /** Scheduled hours, break taken out (RequiredHours for a flexible shift). */
  WorkHours: z.number(),
  EmployeeCount: z.number().int(),
  IsActive: z.boolean(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Shift = z.infer<typeof Shift>;

export const CreateShiftRequest = z
  .strictObject(ShiftFields)
  .refine(refineShift, flexibleMessage)
  .refine(endsAfterStart, sameTimesMessage);
export type CreateShiftRequest = z.input<typeof CreateShiftRequest>;
export const UpdateShiftRequest = z
  .strictObject({
    ...ShiftFields,
    RowVersion,
    ...outputOnly({
      ShiftId: z.uuid(),
      IsOvernight: z.boolean(),
      IsNightShift: z.boolean(),
      NightMinutes: z.number().int(),
      WorkHours: z.number(),
      EmployeeCount: z.number().int(),
      CreatedAt: z.string(),
      UpdatedAt: z.string(),
    }),
  })
  .refine(refineShift, flexibleMessage)
  .refine(endsAfterStart, sameTimesMessage);
export type UpdateShiftRequest = z.input<typeof UpdateShiftRequest>;

export const SHIFT_SORTABLE = ['Name', 'TimeIn', 'EmployeeCount', 'IsActive'] as const;
export const ShiftListRequest = listRequest(SHIFT_SORTABLE, { IsActive: z.boolean().optional() });
export const ShiftExportRequest = exportRequest(SHIFT_SORTABLE, { IsActive: z.boolean().optional() });
export type ShiftListRequest = z.input<typeof ShiftListRequest>;
export const ShiftListResponse = listResponse(Shift);
