import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { PayrollPeriodTotals } from '@hrpay/contracts';
import { PeriodTotals } from './period-totals';

const shares = { Sss: '0.00', PhilHealth: '0.00', PagIbig: '0.00', Total: '0.00' };
const totals = (WithholdingTax: string): PayrollPeriodTotals => ({
  Employees: 1,
  Included: 1,
  Held: 0,
  Excluded: 0,
  WithWarnings: 0,
  Gross: '15000.00',
  Deductions: '0.00',
  NetPay: '18804.89',
  NetPayIncluded: '18804.89',
  TaxableBase: '15000.00',
  WithholdingTax,
  EmployeeShares: { ...shares, SssMpf: '0.00' },
  EmployerShares: { ...shares, SssEc: '0.00' },
});

describe('period totals', () => {
  it('shows tax withheld', () => {
    render(<PeriodTotals totals={totals('1245.90')} />);
    expect(screen.getByRole('article', { name: 'Tax withheld' }).textContent).toContain('₱1,245.90');
  });

  it('calls a negative withholding a refund, without a minus sign', () => {
    render(<PeriodTotals totals={totals('-3804.89')} />);
    const card = screen.getByRole('article', { name: 'Tax refunded' });
    expect(card.textContent).toContain('₱3,804.89');
    expect(card.textContent).not.toContain('-');
    expect(screen.queryByRole('article', { name: 'Tax withheld' })).toBeNull();
  });
});
