import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatCurrency, parseCurrencyInput } from '@/lib/currency';

export type CurrencyInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** The amount as the API has it, a decimal string ("25000.00"); never a float. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
};

/**
 * An amount field (spec §9): shows `₱1,234.50` when not focused and the raw text while editing. The value
 * handed out is the exact 2-decimal string ("1234.50"), or null when the field is empty or unreadable.
 */
export function CurrencyInput({ value, onChange, onFocus, onBlur, slotProps, ...props }: CurrencyInputProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const shown = editing ?? formatCurrency(value);

  return (
    <TextField
      {...props}
      value={shown}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'decimal', ...slotProps?.htmlInput } }}
      onFocus={(event) => {
        setEditing(value ?? '');
        onFocus?.(event);
      }}
      onChange={(event) => {
        setEditing(event.target.value);
        onChange(parseCurrencyInput(event.target.value));
      }}
      onBlur={(event) => {
        setEditing(null);
        onBlur?.(event);
      }}
    />
  );
}
