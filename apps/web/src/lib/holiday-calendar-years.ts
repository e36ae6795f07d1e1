import { useQuery } from '@tanstack/react-query';
import type { HolidayCalendarYears } from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';

/**
 * The years whose holiday calendar is on file for the company: the leave form warns of a leave reaching another
 * year (its holidays count as leave days), the HR dashboard of next year's before it begins.
 */
export const useHolidayCalendarYears = (enabled = true) =>
  useQuery({
    queryKey: ['holidays', 'calendar-years'],
    queryFn: ({ signal }) =>
      apiClient.get<HolidayCalendarYears>('/api/v1/holidays/calendar-years', { signal }),
    enabled,
    staleTime: 60_000,
  });

/** The years from `from` to `to` (YYYY-MM-DD, either may be empty) whose calendar is not on file. */
export function yearsWithoutCalendar(years: number[] | undefined, from: string, to: string): number[] {
  if (!years || !/^\d{4}-/.test(from)) return [];
  const first = Number(from.slice(0, 4));
  const last = /^\d{4}-/.test(to) && to >= from ? Number(to.slice(0, 4)) : first;
  const missing: number[] = [];
  for (let y = first; y <= last && y <= first + 5; y++) if (!years.includes(y)) missing.push(y);
  return missing;
}
