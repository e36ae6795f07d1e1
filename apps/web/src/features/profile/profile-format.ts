import type { EmployeeBasicInfo } from '@hrpay/contracts';

export const NOT_AVAILABLE = 'N/A';
export const PROFILE_LOAD_FAILED = 'Failed to load profile information';

/** `08:00:00` -> `08:00`; anything that does not start with hours:minutes is shown as it came. */
export const toHoursMinutes = (time: string) => /^\d{1,2}:\d{2}/.exec(time)?.[0].padStart(5, '0') ?? time;

/** Shift name, or N/A without a shift. */
export const shiftName = (info: Pick<EmployeeBasicInfo, 'Shift'>) => info.Shift?.Name || NOT_AVAILABLE;

/** `08:00 to 17:00`, or N/A when the shift or either time is missing. */
export function schedule(info: Pick<EmployeeBasicInfo, 'Shift'>): string {
  const timeIn = info.Shift?.TimeIn;
  const timeOut = info.Shift?.TimeOut;
  return timeIn && timeOut ? `${toHoursMinutes(timeIn)} to ${toHoursMinutes(timeOut)}` : NOT_AVAILABLE;
}
