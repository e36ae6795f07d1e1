import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
} from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldMessage, isApiError } from '@/lib/api-error';
import { visuallyHidden } from '@/lib/visually-hidden';
import { VALIDATION_ERROR_FALLBACK } from '@/lib/error-handler';

/**
 * Form building blocks bound to react-hook-form: labelled sections, text / select / switch inputs that show
 * their field's message, the Cancel + Save row, and the mapping of server validation errors onto fields.
 */

/** Form pages stop growing here: very long inputs are hard to read on wide screens. */
export const FORM_MAX_WIDTH = 1040;

interface Bound<T extends FieldValues, TOut> {
  // The third type parameter lets forms whose resolver transforms values (zod defaults, trimming) pass control.
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}

/**
 * A titled card; its fields sit two to a row from tablet width up. `flat` drops the card (a section already
 * inside one, e.g. a tab panel, whose tab shows the title; the heading stays for screen readers).
 */
export function FormSection({
  title,
  children,
  flat,
}: {
  title: string;
  children: ReactNode;
  flat?: boolean;
}) {
  const content = (
    <>
      <Typography variant="h6" component="h2" sx={flat ? visuallyHidden : { mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {children}
      </Box>
    </>
  );
  if (flat) return <Box sx={{ px: 2, pb: 2 }}>{content}</Box>;
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>{content}</CardContent>
    </Card>
  );
}

type TextInputProps<T extends FieldValues, TOut> = Bound<T, TOut> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
    /** Rewrites the value when the field is left (e.g. dashes into a TIN); return null to keep it as typed. */
    normalizeOnBlur?: (value: string) => string | null;
  };

/** Native inputs that always draw a mask (mm/dd/yyyy, --:-- --), which a label inside the field would cover. */
const MASKED_TYPES = new Set(['date', 'time', 'datetime-local', 'month']);

/** A text field; null and undefined show as empty. A date or time field keeps its label above the mask. */
export function TextInput<T extends FieldValues, TOut>({
  control,
  name,
  helperText,
  normalizeOnBlur,
  ...props
}: TextInputProps<T, TOut>) {
  const slotProps =
    props.type && MASKED_TYPES.has(props.type)
      ? { ...props.slotProps, inputLabel: { shrink: true, ...props.slotProps?.inputLabel } }
      : props.slotProps;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          slotProps={slotProps}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onChange={field.onChange}
          onBlur={() => {
            const normalized = normalizeOnBlur && field.value ? normalizeOnBlur(String(field.value)) : null;
            if (normalized !== null && normalized !== field.value) field.onChange(normalized);
            field.onBlur();
          }}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
  /** A second, quieter line in the open list. */
  description?: string;
}

/** A single choice from a short fixed list. */
export function SelectInput<T extends FieldValues, TOut>({
  options,
  helperText,
  control,
  name,
  onValueChange,
  ...props
}: Bound<T, TOut> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'select' | 'error'> & {
    options: readonly SelectOption[];
    /** After the form has the new value: for fields that depend on this one. */
    onValueChange?: (value: string) => void;
  }) {
  const hasEmptyOption = options.some((option) => option.value === '');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onChange={(event) => {
            field.onChange(event);
            onValueChange?.(event.target.value);
          }}
          onBlur={field.onBlur}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            ...props.slotProps,
            // An option whose value is empty ("Whole company", "None") is a choice like the others: MUI shows
            // nothing for an empty value unless told to, and its label would sit over the shown choice.
            ...(hasEmptyOption && { inputLabel: { shrink: true, ...props.slotProps?.inputLabel } }),
            select: {
              displayEmpty: hasEmptyOption,
              // The chosen item shows its label only, not the description line.
              ...(options.some((option) => option.description) && {
                renderValue: (value: unknown) =>
                  options.find((option) => option.value === value)?.label ?? '',
              }),
            },
          }}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value} sx={{ display: 'block' }}>
              {option.label}
              {option.description && (
                <Typography variant="body2" color="text.secondary">
                  {option.description}
                </Typography>
              )}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** An on/off setting with an optional line of explanation. */
export function SwitchInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  helperText,
  disabled,
}: Bound<T, TOut> & { label: string; helperText?: string; disabled?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box sx={{ mt: 2, mb: 1 }}>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                name={field.name}
                checked={!!field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            }
          />
          {helperText && <FormHelperText sx={{ mt: 0 }}>{helperText}</FormHelperText>}
        </Box>
      )}
    />
  );
}

/** The messages of a failed save that belong to no field, as one alert. */
export function FormErrorsAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** Cancel and Save at the end of a form page; Save is disabled and spins while the form is sent. */
export function FormActions({
  busy,
  onCancel,
  saveLabel = 'Save',
}: {
  busy: boolean;
  onCancel: () => void;
  saveLabel?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {saveLabel}
      </Button>
    </Box>
  );
}

/**
 * Puts each server validation item (`{Code, Description}`, Code = field name) on its field; answers the
 * messages no field took (spec §8 wording: Description, else Code, else 'Validation error').
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): string[] {
  if (!isApiError(error)) return [];
  const leftovers: string[] = [];
  let focused = false;
  for (const item of error.validationErrors) {
    const message = item.Description || item.Code || VALIDATION_ERROR_FALLBACK;
    const field = fields.find((name) => name.toLowerCase() === item.Code?.toLowerCase());
    if (field) {
      // Under its field without the field's name; a message left for the form's alert keeps it, to say which.
      setError(field, { type: 'server', message: fieldMessage(item) || message }, { shouldFocus: !focused });
      focused = true;
    } else leftovers.push(message);
  }
  return leftovers;
}
