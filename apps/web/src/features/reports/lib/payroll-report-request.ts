import {
  PAYROLL_REPORTS,
  type PayrollBank,
  type PayrollReportFormat,
  type PayrollReportKey,
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
    if (!o.PayrollPeriodId) errors.PayrollPeriodId = 'Choose a finalised period.';
    else params.set('PayrollPeriodId', o.PayrollPeriodId);
  }
  if (scope === 'month' || scope === 'year' || scope === 'year-employee') {
    if (!Number.isInteger(o.Year) || o.Year < 2000 || o.Year > 2100)
      errors.Year = 'Year must be between 2000 and 2100.';
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
      const bank = o.Bank.toUpperCase();
      if (!o.CompanyCode.trim()) errors.CompanyCode = `Enter the company code ${bank} gave you.`;
      else if (o.Bank === 'bpi' && !/^[A-Za-z0-9]{5}$/.test(o.CompanyCode.trim()))
        errors.CompanyCode = 'The BPI company code has 5 letters or digits.';
      else if (o.CompanyCode.trim().length > 10) errors.CompanyCode = 'At most 10 characters.';
      else params.set('CompanyCode', o.CompanyCode.trim());
      const account = o.CompanyAccount.replace(/[\s-]/g, '');
      if (!account) errors.CompanyAccount = 'Enter the funding account number.';
      else if (o.Bank === 'bpi' ? !/^\d{10}$/.test(account) : !/^(\d{10}|\d{12})$/.test(account))
        errors.CompanyAccount =
          o.Bank === 'bpi' ? 'BPI accounts have 10 digits.' : 'BDO accounts have 10 or 12 digits.';
      else params.set('CompanyAccount', account);
      const batch = Number(o.Batch);
      if (!/^\d+$/.test(o.Batch) || batch < 1 || batch > 99) errors.Batch = 'Batch is 1 to 99.';
      else params.set('Batch', String(batch));
    }
  } else params.set('Format', format);
  if (Object.keys(errors).length) return { errors };
  return { url: `${BASE}/${key}?${params.toString()}` };
}
