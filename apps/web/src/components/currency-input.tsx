import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatCurrency, parseCurrencyInput } from '@/lib/currency';

export type CurrencyInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
};

/**
 * An amount field (spec §9): shows `₱1,234.50` when not focused and the raw number while editing. The value
 * handed out is a number, or null when the field is empty.
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
        setEditing(value === null || value === undefined ? '' : String(value));
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
