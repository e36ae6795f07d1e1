const countFormat = new Intl.NumberFormat('en-PH');

/** A count written the en-PH way (12,345): one formatter for the whole app, made once. */
export const formatCount = (value: number) => countFormat.format(value);

const dayFormat = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 2 });
/** Days as a number: "15", "1.25". */
export const formatDayNumber = (days: number) => dayFormat.format(days);
/** Hours as a number, as a shift's are read: "8", "8.5", "7.75". */
export const formatHourNumber = (hours: number) => dayFormat.format(hours);
/** Days with their unit: "1 day", "2 days", "0.5 days". */
export const formatDays = (days: number) =>
  `${formatDayNumber(days)} ${Math.abs(days) === 1 ? 'day' : 'days'}`;
