/**
 * When an employee counts as employed: one definition for the employee lists, the pickers, the HR dashboard and
 * the departments' headcount (and for any other module that asks).
 *
 * The separation date is the employee's last day: a resignation takes effect after the 30 days' notice of the
 * Labor Code (Art. 300 [285]), which the employee serves at work, filing leave and paid as usual. So a separation
 * dated in the future is a scheduled one: the employee stays active through that date and counts as separated
 * from the day after it. A hire dated in the future has not started yet.
 *
 * Each takes the SQL alias of an `employees` row and a SQL date expression (a parameter such as `$3::date`).
 */

/** Hired on or before `day` (or no hire date on file) and not separated before it. */
export const employedOn = (e: string, day: string) =>
  `((${e}.hire_date IS NULL OR ${e}.hire_date <= ${day}) AND ${notSeparatedOn(e, day)})`;

/**
 * Not separated before `day` (a hire yet to start included): the employee lists and pickers, where HR prepares a
 * new hire's record before the first day.
 */
export const notSeparatedOn = (e: string, day: string) =>
  `(${e}.separation_date IS NULL OR ${e}.separation_date >= ${day})`;

/**
 * Employed on some day from `from` to `to`: hired by `to` and not separated before `from` (a leaver's days up to
 * the separation date count). The days the attendance store keeps, and the employees attendance lists.
 */
export const employedDuring = (e: string, from: string, to: string) =>
  `((${e}.is_active OR ${e}.separation_date >= ${from}) AND (${e}.hire_date IS NULL OR ${e}.hire_date <= ${to}))`;

/** Separated before `day`: the separation date has passed. */
export const separatedBefore = (e: string, day: string) => `(${e}.separation_date < ${day})`;

/**
 * The user row `u` is linked to an employee separated before `day`: sign-in and the per-request session re-read
 * refuse such a user (one primary-key probe).
 */
export const linkedEmployeeSeparated = (u: string, day: string) =>
  `EXISTS (SELECT 1 FROM employees se WHERE se.tenant_id = ${u}.tenant_id AND se.id = ${u}.employee_id
                  AND ${separatedBefore('se', day)})`;

/** Whether a separation on `separationDate` has taken effect on `today` (both YYYY-MM-DD). */
export const hasSeparated = (separationDate: string | null, today: string) =>
  separationDate !== null && separationDate < today;

/** A YYYY-MM-DD date as a SQL date literal, for statements that take no parameter for it. */
export function sqlDate(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a date: ${day}`);
  return `DATE '${day}'`;
}
