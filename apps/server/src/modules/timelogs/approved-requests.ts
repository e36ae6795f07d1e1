/** The approved OT intervals and leave days daily attendance takes as parameters (attendance.ts stays pure). */
export interface ApprovedRequests {
  /** Approved overtime intervals. */
  overtime: { employeeId: string; startsAt: Date; endsAt: Date }[];
  /** Approved leave days (YYYY-MM-DD, Manila); a half day covers half the shift. */
  leave: { employeeId: string; date: string; halfDay: boolean }[];
}
