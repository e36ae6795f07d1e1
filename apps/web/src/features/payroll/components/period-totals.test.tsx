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

// Walkthrough: "Employer statutory ₱13,366.45" was explained by "SSS ₱10,275.00 · EC ₱115.00" alone, and the
// employees' statutory shares sat under the tax withheld.
describe('period totals, the statutory shares', () => {
  it('breaks the employer total into every share, and puts the employee shares under deductions', () => {
    const t = totals('0.00');
    t.Deductions = '8113.95';
    t.EmployeeShares = {
      Sss: '5000.00',
      SssMpf: '0.00',
      PhilHealth: '2113.95',
      PagIbig: '1000.00',
      Total: '8113.95',
    };
    t.EmployerShares = {
      Sss: '10275.00',
      SssEc: '115.00',
      PhilHealth: '2113.95',
      PagIbig: '862.50',
      Total: '13366.45',
    };
    render(<PeriodTotals totals={t} />);
    expect(screen.getByRole('article', { name: 'Employer statutory' }).textContent).toContain(
      'SSS ₱10,275.00 · EC ₱115.00 · PhilHealth ₱2,113.95 · Pag-IBIG ₱862.50',
    );
    expect(screen.getByRole('article', { name: 'Deductions' }).textContent).toContain(
      'Employee statutory ₱8,113.95',
    );
    expect(screen.getByRole('article', { name: 'Tax withheld' }).textContent).not.toContain('statutory');
  });
});
