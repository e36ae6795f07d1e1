import type { TimeRequest } from '@hrpay/contracts';

/**
 * A request as the API answers it, for the tests: Juan Dela Cruz's pending two-day vacation leave, reviewed by
 * Ana Cruz, with what the test is about given in `overrides` (an overtime or undertime gives its kind, times
 * and minutes; the leave fields then read null where the API writes them so).
 */
export const timeRequest = (overrides: Partial<TimeRequest> = {}): TimeRequest => ({
  RequestId: '00000000-0000-4000-8000-000000000001',
  Kind: 'Leave',
  EmployeeId: '00000000-0000-4000-8000-000000000002',
  EmployeeNumber: 'DM-0004',
  EmployeeName: 'Juan Dela Cruz',
  DepartmentName: 'Production',
  Status: 'Pending',
  Reason: 'Family matter',
  Remarks: null,
  DateFrom: '2026-12-14',
  DateTo: '2026-12-15',
  LeaveTypeId: '00000000-0000-4000-8000-000000000003',
  LeaveTypeName: 'Vacation Leave',
  HalfDay: false,
  Days: 2,
  StartTime: null,
  EndTime: null,
  Minutes: null,
  ReviewerName: 'Ana Cruz',
  FiledByName: 'Juan Dela Cruz',
  FiledAt: '2026-11-30T22:24:00Z',
  DecidedByName: null,
  DecidedAt: null,
  CancelledByName: null,
  CancelledAt: null,
  CancelRemarks: null,
  CanReview: false,
  CanCancel: true,
  RowVersion: 1,
  ...overrides,
});
