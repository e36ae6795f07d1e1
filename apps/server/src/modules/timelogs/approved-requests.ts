import type { Tx } from '../../db/database.js';

export interface ApprovedRequests {
  /** Approved overtime intervals. */
  overtime: { employeeId: string; startsAt: Date; endsAt: Date }[];
  /** Approved leave days (YYYY-MM-DD, Manila); a half day covers half the shift. */
  leave: { employeeId: string; date: string; halfDay: boolean }[];
}

/**
 * The approved OT requests and leave days of some employees of a company between two dates (inclusive), which
 * daily attendance takes as parameters (attendance.ts stays pure).
 *
 * Empty for now: the requests module (issue 9 §3, leave / OT / UT requests, migration 0011) fills this in with
 * its own service call; the attendance endpoint and its tests already pass everything through.
 */
export async function loadApprovedRequests(
  _tx: Tx,
  _companyId: string,
  _employeeIds: string[],
  _from: string,
  _to: string,
): Promise<ApprovedRequests> {
  return { overtime: [], leave: [] };
}
