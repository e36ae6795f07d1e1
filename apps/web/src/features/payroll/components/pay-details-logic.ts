import {
  EMPLOYEE_PAY_FLAG_LABELS,
  EMPLOYEE_PAY_FLAGS,
  type EmployeePayFlag,
  type EmployeePayRow,
  type Loan,
  type RateImportResult,
} from '@hrpay/contracts';

/** The missing-data flags a grid row carries, in the order the API lists them. */
export const rowFlags = (row: Pick<EmployeePayRow, EmployeePayFlag>): EmployeePayFlag[] =>
  EMPLOYEE_PAY_FLAGS.filter((flag) => row[flag]);

export const flagLabel = (flag: EmployeePayFlag) => EMPLOYEE_PAY_FLAG_LABELS[flag];

/** Exact centavos of a 2-decimal money string ("-12.50" -> -1250n). */
export function centavos(money: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(money.trim());
  if (!match) return 0n;
  const value = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -value : value;
}

/** Share of the principal paid, 0..100 whole percent, exact (no float on the money). */
export function paidPercent(loan: Pick<Loan, 'Principal' | 'TotalPaid'>): number {
  const principal = centavos(loan.Principal);
  if (principal <= 0n) return 0;
  const paid = centavos(loan.TotalPaid);
  const percent = (paid * 100n) / principal;
  return Number(percent < 0n ? 0n : percent > 100n ? 100n : percent);
}

/** Whether a loan can still be edited: active and nothing in its ledger. */
export const loanEditable = (loan: Pick<Loan, 'Status' | 'Ledger'>) =>
  loan.Status === 'Active' && loan.Ledger.length === 0;

/** One line about a bulk rate file, for the import dialog. */
export function importSummary(result: RateImportResult): string {
  const n = (count: number, word: string) =>
    `${count.toLocaleString('en-PH')} ${word}${count === 1 ? '' : 's'}`;
  if (result.Committed) {
    return result.NewRows
      ? `${n(result.NewRows, 'rate')} added${result.UnchangedRows ? `; ${n(result.UnchangedRows, 'row')} already on file` : ''}.`
      : 'Nothing to add: every rate in the file is already on file.';
  }
  if (result.ErrorRows) {
    return `${n(result.ErrorRows, 'row')} of ${result.TotalRows.toLocaleString('en-PH')} ${result.ErrorRows === 1 ? 'has' : 'have'} errors. Fix the file and upload it again; nothing is saved until every row is right.`;
  }
  return `${n(result.NewRows, 'new rate')} to add${result.UnchangedRows ? `, ${n(result.UnchangedRows, 'row')} already on file` : ''}.`;
}
