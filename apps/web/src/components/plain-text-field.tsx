import { forwardRef, useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface PlainTextFieldProps extends Omit<
  OutlinedInputProps,
  'label' | 'error' | 'fullWidth' | 'inputRef'
> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
}

/**
 * A one-line outlined text field that looks like the theme's TextField (full width, normal margin), built from
 * its parts: TextField also carries the select menu (Popover, Modal), which the sign-in pages never use and
 * which would more than double their JavaScript (issue 11's budget).
 */
export const PlainTextField = forwardRef<HTMLInputElement, PlainTextFieldProps>(function PlainTextField(
  { label, error, helperText, id, required, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl fullWidth margin="normal" error={error} required={required} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        inputRef={ref}
        label={required ? `${label} *` : label}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
