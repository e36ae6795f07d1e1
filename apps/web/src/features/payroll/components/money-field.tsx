import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { parseMoney } from '@hrpay/contracts';

/**
 * Pesos as text, exactly (spec §9 format, no float on the way): "1234.5" -> "₱1,234.50", "-0.1" -> "-₱0.10".
 * Text that is not an amount answers ''.
 */
export function formatPesos(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const text = value.trim();
  const negative = text.startsWith('-');
  const parsed = parseMoney(negative ? text.slice(1) : text, { allowZero: true });
  if (!('value' in parsed)) return '';
  const [whole, decimals] = parsed.value.split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative && parsed.value !== '0.00' ? '-' : ''}₱${grouped}.${decimals}`;
}

type MoneyFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
} & Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A currency input bound to a form (spec §9): the formatted amount when not focused, the raw text while
 * editing. The value stays the text typed (the API turns it into an exact 2-decimal string).
 */
export function MoneyField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: MoneyFieldProps<T>) {
  const [focused, setFocused] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const raw = String(field.value ?? '');
        return (
          <TextField
            {...props}
            name={field.name}
            inputRef={field.ref}
            value={focused ? raw : formatPesos(raw) || raw}
            onFocus={() => setFocused(true)}
            onChange={field.onChange}
            onBlur={() => {
              setFocused(false);
              field.onBlur();
            }}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? helperText}
            slotProps={{ ...props.slotProps, htmlInput: { inputMode: 'decimal' } }}
          />
        );
      }}
    />
  );
}
