import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatPesos } from '@/lib/currency';

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
            onFocus={(event) => {
              // The raw text in place at once, all of it selected: re-rendered later, the change of text
              // dropped the selection a Tab (or a select-all) had made, so typing added to "0.00".
              const input = event.currentTarget;
              if (input.value !== raw) {
                input.value = raw;
                input.select();
              }
              setFocused(true);
            }}
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
