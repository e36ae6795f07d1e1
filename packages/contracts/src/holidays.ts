import { z } from 'zod';
import { calendarDate, dateBetween, optionalQueryId, requiredText } from './field-rules.js';
import { exportRequest, listRequest, listResponse, outputOnly, RowVersion } from './lists.js';

/** DOLE's three kinds of holiday (Labor Code Art. 94; the yearly proclamation). */
export const HolidayType = z.enum(['Regular', 'SpecialNonWorking', 'SpecialWorking']);
export type HolidayType = z.infer<typeof HolidayType>;
export const HOLIDAY_TYPE_LABELS: Record<HolidayType, string> = {
  Regular: 'Regular holiday',
  SpecialNonWorking: 'Special non-working day',
  SpecialWorking: 'Special working day',
};

/**
 * The day type the payroll engine pays a date at (`dayPay` of the payroll package): two regular holidays on
 * one date are a double holiday, two special days a double special day.
 */
export const HolidayDayType = z.enum([
  'ordinary',
  'special_non_working',
  'special_working',
  'regular_holiday',
  'double_regular_holiday',
  'double_special_non_working',
]);
export type HolidayDayType = z.infer<typeof HolidayDayType>;

const isoDate = calendarDate;
/** The years the list's Year filter can show: a holiday outside them could never be found again. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;
const holidayDate = dateBetween(FIRST_YEAR, LAST_YEAR);

/** The editable fields of a holiday (issue 8 §4). National ones are loaded from the proclamation. */
export const HolidayFields = {
  Date: holidayDate,
  Name: requiredText(100),
  Type: HolidayType,
  /** A local holiday of one work location (a city's charter day); none = the whole company. */
  WorkLocationId: z.uuid().nullable().optional(),
  /** A draft (copied forward from last year) is not paid until HR confirms it. */
  IsDraft: z.boolean().default(false),
};

export const Holiday = z.object({
  HolidayId: z.uuid(),
  CompanyId: z.uuid(),
  Date: z.string(),
  Name: z.string(),
  Type: HolidayType,
  /** Loaded from the national proclamation (cannot be deleted, only moved). */
  IsNational: z.boolean(),
  /** The proclaimed date of a national holiday that was moved; null when it was not. */
  ProclaimedDate: z.string().nullable(),
  WorkLocationId: z.uuid().nullable(),
  WorkLocationName: z.string().nullable(),
  IsDraft: z.boolean(),
  /** Part of a double holiday as payroll pays it: two regular holidays, or two special days and no regular one. */
  IsDouble: z.boolean(),
  RowVersion: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Holiday = z.infer<typeof Holiday>;

export const CreateHolidayRequest = z.strictObject(HolidayFields);
export type CreateHolidayRequest = z.input<typeof CreateHolidayRequest>;
export const UpdateHolidayRequest = z.strictObject({
  ...HolidayFields,
  RowVersion,
  ...outputOnly({
    HolidayId: z.uuid(),
    CompanyId: z.uuid(),
    IsNational: z.boolean(),
    ProclaimedDate: z.string().nullable(),
    WorkLocationName: z.string().nullable(),
    IsDouble: z.boolean(),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  }),
});
export type UpdateHolidayRequest = z.input<typeof UpdateHolidayRequest>;
/**
 * `DELETE /api/v1/holidays/:id` may carry the RowVersion read (as a time log's delete does), so a holiday a
 * colleague changed meanwhile is not deleted unseen; without a body the delete is not checked.
 */
export const DeleteHolidayRequest = z.strictObject({ RowVersion: RowVersion.optional() });
export type DeleteHolidayRequest = z.input<typeof DeleteHolidayRequest>;

export const HOLIDAY_SORTABLE = ['Date', 'Name', 'Type'] as const;
const HOLIDAY_FILTERS = {
  Year: z.number().int().min(FIRST_YEAR).max(LAST_YEAR).optional(),
  Type: HolidayType.optional(),
};
export const HolidayListRequest = listRequest(HOLIDAY_SORTABLE, HOLIDAY_FILTERS);
export const HolidayExportRequest = exportRequest(HOLIDAY_SORTABLE, HOLIDAY_FILTERS);
export type HolidayListRequest = z.input<typeof HolidayListRequest>;
export const HolidayListResponse = listResponse(Holiday);

/** `POST /api/v1/holidays/copy-year`: the company's own holidays of `FromYear` into the next year, as drafts. */
export const CopyHolidayYearRequest = z.strictObject({
  FromYear: z
    .number()
    .int()
    .min(FIRST_YEAR)
    .max(LAST_YEAR - 1),
});
export const CopyHolidayYearResponse = z.object({ Copied: z.number().int(), Skipped: z.number().int() });

/**
 * `GET /api/v1/holidays/calendar-years`: the years whose holiday calendar is on file for the company (at least one
 * confirmed, company-wide regular holiday; drafts copied forward do not count). A leave counted in another year
 * counts its holidays as working days, and payroll pays them as ordinary days.
 */
export const HolidayCalendarYears = z.object({ Years: z.array(z.number().int()) });
export type HolidayCalendarYears = z.infer<typeof HolidayCalendarYears>;

/** `GET /api/v1/holidays/day-types?From=&To=&WorkLocationId=`: what payroll and attendance read. */
export const HolidayDayTypesQuery = z.object({
  From: isoDate,
  To: isoDate,
  WorkLocationId: optionalQueryId(),
});
export const HolidayDay = z.object({
  Date: z.string(),
  DayType: HolidayDayType,
  Holidays: z.array(z.object({ Name: z.string(), Type: HolidayType })),
});
export const HolidayDayTypesResponse = z.array(HolidayDay);
export type HolidayDay = z.infer<typeof HolidayDay>;
