import { describe, expect, it } from 'vitest';
import type { RateImportResult } from '@hrpay/contracts';
import { centavos, importSummary, loanEditable, paidPercent, rowFlags } from './pay-details-logic';

const result = (r: Partial<RateImportResult>): RateImportResult => ({
  FileName: 'rates.csv',
  TotalRows: 3,
  NewRows: 0,
  UnchangedRows: 0,
  ErrorRows: 0,
  Errors: [],
  Rows: [],
  Committed: false,
  ...r,
});

describe('pay details logic', () => {
  it('lists the flags a row carries in API order', () => {
    expect(
      rowFlags({
        NoRate: false,
        NoBankAccount: true,
        MissingTIN: true,
        MissingSSS: false,
        MissingPhilHealth: false,
        MissingPagIbig: true,
      }),
    ).toEqual(['NoBankAccount', 'MissingTIN', 'MissingPagIbig']);
  });

  it('reads money exactly as centavos and computes the paid share without floats', () => {
    expect(centavos('20000.10')).toBe(2000010n);
    expect(centavos('-0.1')).toBe(-10n);
    expect(centavos('999999999.99')).toBe(99999999999n);
    expect(paidPercent({ Principal: '20000.00', TotalPaid: '5000.10' })).toBe(25);
    expect(paidPercent({ Principal: '3.00', TotalPaid: '3.00' })).toBe(100);
    expect(paidPercent({ Principal: '100.00', TotalPaid: '-5.00' })).toBe(0);
  });

  it('allows editing a loan only while active with an empty ledger', () => {
    expect(loanEditable({ Status: 'Active', Ledger: [] })).toBe(true);
    expect(loanEditable({ Status: 'Cancelled', Ledger: [] })).toBe(false);
    expect(
      loanEditable({
        Status: 'Active',
        Ledger: [
          {
            LoanLedgerEntryId: 'x',
            EntryDate: '2026-01-01',
            Kind: 'Adjustment',
            Amount: '1.00',
            PayrollPeriodId: null,
            Remarks: null,
            CreatedAt: '',
          },
        ],
      }),
    ).toBe(false);
  });

  it('summarises a preview and a commit', () => {
    expect(importSummary(result({ NewRows: 2, UnchangedRows: 1 }))).toBe(
      '2 new rates to add, 1 row already on file.',
    );
    expect(importSummary(result({ ErrorRows: 1 }))).toMatch(/^1 row of 3 has errors/);
    expect(importSummary(result({ Committed: true, NewRows: 1 }))).toBe('1 rate added.');
    expect(importSummary(result({ Committed: true, UnchangedRows: 3 }))).toBe(
      'Nothing to add: every rate in the file is already on file.',
    );
  });
});
