import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PayslipLines } from './payslip-lines';

const line = (Description: string, Quantity: number, Unit: string) => ({
  Code: Description.toUpperCase(),
  Description,
  Kind: 'earning' as const,
  Quantity,
  Unit,
  Rate: '100.00',
  Amount: (Quantity * 100).toFixed(2),
});

describe('PayslipLines', () => {
  it('writes one unit in the singular and several in the plural', () => {
    render(
      <PayslipLines
        lines={[
          line('Sick leave', 1, 'day'),
          line('Basic', 9.5, 'day'),
          line('Overtime', 1, 'hour'),
          line('Night differential', 7.5, 'hour'),
        ]}
        gross="1900.00"
        deductions="0.00"
        netPay="1900.00"
      />,
    );
    for (const text of ['1 day', '9.5 days', '1 hr', '7.5 hrs']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getAllByText('₱100.00/day')).toHaveLength(2);
    expect(screen.getAllByText('₱100.00/hr')).toHaveLength(2);
    expect(screen.queryByText('1 days')).toBeNull();
  });

  it('keeps lateness in minutes at a positive rate, and shows no rate for a flat amount', () => {
    render(
      <PayslipLines
        lines={[
          { ...line('Basic salary', 1, 'period'), Rate: '8000.00', Amount: '8000.00' },
          { ...line('Tardiness', 0.2, 'hour'), Code: 'LATE', Rate: '-172.41', Amount: '-34.48' },
          { ...line('Undertime', 1 / 60, 'hour'), Code: 'UNDERTIME', Rate: '-172.41', Amount: '-2.87' },
          { ...line('SSS', 1, 'period'), Kind: 'deduction', Rate: '762.50', Amount: '762.50' },
        ]}
        gross="7962.65"
        deductions="762.50"
        netPay="7200.15"
      />,
    );
    const cells = (name: string) =>
      Array.from(screen.getByText(name).closest('tr')!.querySelectorAll('td'), (td) => td.textContent);
    // Walkthrough: "24 mins × ₱172.41" did not say the rate is by the hour.
    expect(cells('Tardiness')).toEqual(['Tardiness', '12 mins', '₱172.41/hr', '-₱34.48']);
    expect(cells('Undertime')).toEqual(['Undertime', '1 min', '₱172.41/hr', '-₱2.87']);
    expect(cells('SSS')).toEqual(['SSS', '', '', '₱762.50']);
    expect(cells('Basic salary')).toEqual(['Basic salary', '', '', '₱8,000.00']);
  });

  it('leaves out the Quantity and Rate columns when every line is a flat amount', () => {
    render(
      <PayslipLines
        lines={[
          { ...line('Basic salary', 1, 'period'), Rate: '13250.00', Amount: '13250.00' },
          { ...line('Rice subsidy', 1, 'item'), Rate: '1000.00', Amount: '1000.00' },
          { ...line('SSS', 1, 'period'), Kind: 'deduction', Rate: '662.50', Amount: '662.50' },
        ]}
        gross="14250.00"
        deductions="662.50"
        netPay="13587.50"
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Item', 'Amount']);
    const cells = (name: string) =>
      Array.from(screen.getByText(name).closest('tr')!.querySelectorAll('td, th'), (td) => td.textContent);
    expect(cells('Basic salary')).toEqual(['Basic salary', '₱13,250.00']);
    expect(cells('Gross pay')).toEqual(['Gross pay', '₱14,250.00']);
  });
});
