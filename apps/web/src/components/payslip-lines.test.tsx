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
    expect(screen.queryByText('1 days')).toBeNull();
  });
});
