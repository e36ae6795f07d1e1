/**
 * Inputs of the payroll document generators (issue 10 §4–§5). The integrator fills them from finalised payroll
 * data; the generators are pure (no database, no HTTP) and never change them.
 */
import type { Payslip } from '@hrpay/payroll';

export interface DocCompany {
  name: string;
  tin: string | null;
  branchCode?: string | null;
  address: string | null;
  sssEmployerNumber?: string | null;
  philhealthEmployerNumber?: string | null;
  pagibigEmployerNumber?: string | null;
}

export type PeriodKind = 'Regular' | 'ThirteenthMonth' | 'FinalPay' | 'Adjustment';

/** Dates are ISO (YYYY-MM-DD). */
export interface DocPeriod {
  id: string;
  name: string;
  kind: PeriodKind;
  start: string;
  end: string;
  payDate: string;
}

export type PaymentMethod = 'Bank' | 'Cash' | 'Check';

export interface DocEmployee {
  employeeId: string;
  employeeNumber: string;
  lastName: string;
  firstName: string;
  middleName: string | null;
  departmentName: string | null;
  positionName: string | null;
  tin: string | null;
  sssNumber: string | null;
  philhealthNumber: string | null;
  pagibigNumber: string | null;
  birthDate: string | null;
  gender: 'Male' | 'Female' | null;
  hireDate: string;
  separationDate: string | null;
  paymentMethod: PaymentMethod;
  bankName: string | null;
  bankAccountNumber: string | null;
  isMinimumWageEarner: boolean;
}

export interface DocPayslip {
  employee: DocEmployee;
  period: DocPeriod;
  payslip: Payslip;
}

/** A generated upload or remittance file. `total` is the exact sum of its amounts. */
export interface GeneratedFile {
  fileName: string;
  bytes: Buffer;
  count: number;
  total: string;
}
