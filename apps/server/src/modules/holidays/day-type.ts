import type { HolidayDayType, HolidayType } from '@hrpay/contracts';

/**
 * How the payroll engine pays a date with these holidays on it: two regular holidays are a double holiday, two
 * special non-working days a double special day; a regular holiday outranks a special day; a special working
 * day is paid as an ordinary day.
 */
export function dayTypeOf(types: HolidayType[]): HolidayDayType {
  const regular = types.filter((t) => t === 'Regular').length;
  const special = types.filter((t) => t === 'SpecialNonWorking').length;
  if (regular >= 2) return 'double_regular_holiday';
  if (regular === 1) return 'regular_holiday';
  if (special >= 2) return 'double_special_non_working';
  if (special === 1) return 'special_non_working';
  return types.length ? 'special_working' : 'ordinary';
}

const DOUBLE_OF: Partial<Record<HolidayType, HolidayDayType>> = {
  Regular: 'double_regular_holiday',
  SpecialNonWorking: 'double_special_non_working',
};

/**
 * Whether a confirmed holiday is part of a double holiday, by the same rule payroll pays with (`dayTypeOf`):
 * its date, with the other confirmed holidays there, is a double of its own type at some place it applies to.
 * A company-wide holiday applies at every work location (and where there is none); a local one at its own,
 * together with the company-wide ones. So a special day on a regular holiday is not a double.
 */
export function isDoubleHoliday(
  holiday: { type: HolidayType; workLocationId: string | null },
  others: { type: HolidayType; workLocationId: string | null }[],
): boolean {
  const double = DOUBLE_OF[holiday.type];
  if (!double) return false;
  const places = holiday.workLocationId
    ? [holiday.workLocationId]
    : [null, ...new Set(others.map((o) => o.workLocationId).filter((id) => id !== null))];
  return places.some(
    (place) =>
      dayTypeOf([
        holiday.type,
        ...others.filter((o) => o.workLocationId === null || o.workLocationId === place).map((o) => o.type),
      ]) === double,
  );
}
