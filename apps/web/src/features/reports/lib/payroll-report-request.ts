import {
  PAYROLL_REPORTS,
  type PayrollBank,
  type PayrollReportFormat,
  type PayrollReportKey,
  ValidationMessages as M,
} from '@hrpay/contracts';

/** What a payroll report card asks for; each report reads the options of its scope. */
export interface PayrollReportOptions {
  PayrollPeriodId: string;
  Year: number;
  Month: number;
  EmployeeId: string;
  Bank: PayrollBank;
  CompanyCode: string;
  CompanyAccount: string;
  Batch: string;
  Region: string;
  Agency: 'SSS' | 'PagIbig';
  /** Bank file: the period's held pay released on this day (YYYY-MM-DD); empty for the period's own file. */
  ReleasedOn: string;
}

export type ReportRequest =
  { url: string; errors?: undefined } | { url?: undefined; errors: Record<string, string> };

const BASE = '/api/v1/payroll/reports';

/**
 * The download URL of a report in a format, or the options to fix first (checked here the way the server
 * checks them, so the card shows the message next to the field before asking).
 */
export function payrollReportRequest(
  key: PayrollReportKey,
  o: PayrollReportOptions,
  format: PayrollReportFormat,
): ReportRequest {
  const { scope } = PAYROLL_REPORTS[key];
  const errors: Record<string, string> = {};
  const params = new URLSearchParams();
  if (scope === 'period') {
    if (!o.PayrollPeriodId) errors.PayrollPeriodId = M.required;
    else params.set('PayrollPeriodId', o.PayrollPeriodId);
  }
  if (scope === 'month' || scope === 'year' || scope === 'year-employee') {
    if (!Number.isInteger(o.Year)) errors.Year = M.required;
    else if (o.Year < 2000) errors.Year = M.min(2000);
    else if (o.Year > 2100) errors.Year = M.max(2100);
    else params.set('Year', String(o.Year));
  }
  if (scope === 'month') {
    if (!Number.isInteger(o.Month) || o.Month < 1 || o.Month > 12) errors.Month = 'Choose a month.';
    else params.set('Month', String(o.Month));
  }
  if (scope === 'year-employee' && o.EmployeeId) params.set('EmployeeId', o.EmployeeId);
  if (key === 'alphalist-1604c' && o.Region) params.set('Region', o.Region);
  if (key === 'loan-remittance') params.set('Agency', o.Agency);
  if (key === 'bank-file') {
    params.set('Bank', o.Bank);
    if (o.ReleasedOn) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(o.ReleasedOn))
        errors.ReleasedOn = 'Enter the day the pay was released.';
      else params.set('ReleasedOn', o.ReleasedOn);
    }
    if (o.Bank !== 'generic') {
      if (!o.CompanyCode.trim()) errors.CompanyCode = M.required;
      else if (o.Bank === 'bpi' && !/^[A-Za-z0-9]{5}$/.test(o.CompanyCode.trim()))
        errors.CompanyCode = 'The BPI company code has 5 letters or digits.';
      else if (o.CompanyCode.trim().length > 10) errors.CompanyCode = M.maxLength(10);
      else params.set('CompanyCode', o.CompanyCode.trim());
      const account = o.CompanyAccount.replace(/[\s-]/g, '');
      if (!account) errors.CompanyAccount = M.required;
      else if (o.Bank === 'bpi' ? !/^\d{10}$/.test(account) : !/^(\d{10}|\d{12})$/.test(account))
        errors.CompanyAccount =
          o.Bank === 'bpi' ? 'BPI accounts have 10 digits.' : 'BDO accounts have 10 or 12 digits.';
      else params.set('CompanyAccount', account);
      const batch = Number(o.Batch);
      if (!o.Batch.trim()) errors.Batch = M.required;
      else if (!/^-?\d+$/.test(o.Batch)) errors.Batch = 'Batch must be a whole number';
      else if (batch < 1) errors.Batch = M.min(1);
      else if (batch > 99) errors.Batch = M.max(99);
      else params.set('Batch', String(batch));
    }
  } else params.set('Format', format);
  if (Object.keys(errors).length) return { errors };
  return { url: `${BASE}/${key}?${params.toString()}` };
}
