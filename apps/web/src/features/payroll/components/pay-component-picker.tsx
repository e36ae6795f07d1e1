import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PayComponentOption } from '@hrpay/contracts';
import { usePayComponentOptions } from '../api/payroll-settings';

/** What picking a component fills in a recurring item or adjustment form (the user can still edit it). */
export const fromPayComponent = (c: PayComponentOption) => ({
  Kind: c.Kind,
  Code: c.Code,
  Description: c.Name,
  Taxable: c.Kind === 'Earning' && c.Taxable,
  DeMinimis: c.Kind === 'Earning' ? c.DeMinimis : null,
});

/**
 * The company's active pay components (payroll settings), as a shortcut above a recurring item or adjustment
 * form; a code typed by hand still works. Shows nothing until the components are there.
 */
export function PayComponentPicker({
  onPick,
  disabled,
  margin,
}: {
  onPick: (values: ReturnType<typeof fromPayComponent>) => void;
  disabled?: boolean;
  margin?: 'normal' | 'none';
}) {
  const options = usePayComponentOptions();
  const [picked, setPicked] = useState('');
  if (!options.data?.length) return null;
  return (
    <TextField
      select
      fullWidth
      margin={margin}
      label="Pay component"
      value={picked}
      disabled={disabled}
      onChange={(event) => {
        setPicked(event.target.value);
        const component = options.data.find((o) => o.PayComponentId === event.target.value);
        if (component) onPick(fromPayComponent(component));
      }}
      helperText="Fills the code, description and tax treatment; edit them if needed"
    >
      <MenuItem value="">
        <em>Other (type a code)</em>
      </MenuItem>
      {options.data.map((o) => (
        <MenuItem key={o.PayComponentId} value={o.PayComponentId}>
          {o.Name} ({o.Code}) · {o.Kind === 'Earning' ? 'earning' : 'deduction'}
        </MenuItem>
      ))}
    </TextField>
  );
}
