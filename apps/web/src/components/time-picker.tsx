import { useEffect, useRef, useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker as MuiTimePicker } from '@mui/x-date-pickers/TimePicker';
import { useTwelveHourClock } from '@/lib/application-settings';

dayjs.extend(customParseFormat);

/**
 * Spec §9: minute and second steps of 5, change debounce 750 ms. The debounce is for the updates as one types;
 * leaving the field, Enter or closing the picker's view sends the shown value at once, so a click on a submit
 * button (which takes the focus first) sends what the field shows, not the value from before the last 750 ms.
 */
export const TIME_STEP = 5;
export const TIME_CHANGE_DEBOUNCE_MS = 750;

export interface TimePickerProps {
  label: string;
  /** `HH:mm` or `HH:mm:ss` (24-hour), or null. */
  value: string | null;
  /**
   * Called 750 ms after the last change, or at once when the field loses the focus, on Enter or when the picker's
   * view closes, with `HH:mm` (or `HH:mm:ss` with seconds), or null when cleared.
   */
  onChange: (value: string | null) => void;
  /** 12-hour clock with AM/PM; the default is the 24-hour clock. */
  ampm?: boolean;
  withSeconds?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
}

export const parseTime = (value: string | null): Dayjs | null => {
  if (!value) return null;
  const parsed = dayjs(value, ['HH:mm:ss', 'HH:mm'], true);
  return parsed.isValid() ? parsed : null;
};

export function TimePicker({
  label,
  value,
  onChange,
  ampm = false,
  withSeconds = false,
  ...field
}: TimePickerProps) {
  const [shown, setShown] = useState<Dayjs | null>(() => parseTime(value));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnChange = useRef(onChange);
  const lastSent = useRef(value);

  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  // A new value from outside (form reset, loaded record) replaces what is shown.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setShown(parseTime(value));
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const format = withSeconds ? 'HH:mm:ss' : 'HH:mm';
  const toText = (next: Dayjs | null) => (next && next.isValid() ? next.format(format) : null);
  // The value typed but not sent yet (the debounce is running), if any.
  const pending = useRef<{ text: string | null } | null>(null);
  const send = (text: string | null) => {
    clearTimeout(timer.current);
    pending.current = null;
    lastSent.current = text;
    latestOnChange.current(text);
  };
  const flush = () => {
    if (pending.current) send(pending.current.text);
  };

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <MuiTimePicker
        label={label}
        value={shown}
        ampm={ampm}
        views={withSeconds ? ['hours', 'minutes', 'seconds'] : ['hours', 'minutes']}
        timeSteps={{ minutes: TIME_STEP, seconds: TIME_STEP }}
        disabled={field.disabled}
        onChange={(next) => {
          setShown(next);
          clearTimeout(timer.current);
          pending.current = { text: toText(next) };
          timer.current = setTimeout(flush, TIME_CHANGE_DEBOUNCE_MS);
        }}
        // The picker's view closed (a time chosen there, or a click outside): nothing left to type.
        onClose={flush}
        slotProps={{
          textField: {
            name: field.name,
            required: field.required,
            error: field.error,
            helperText: field.helperText,
            fullWidth: true,
            onBlur: flush,
            onKeyDown: (event: React.KeyboardEvent) => {
              if (event.key === 'Enter') flush();
            },
          },
        }}
      />
    </LocalizationProvider>
  );
}

/**
 * A form's time field (react-hook-form), on the clock Application Settings chose: the one block the shift,
 * request and punch dialogs each had. The picker's field is a row of sections, not one input, so the form is
 * given the first section to focus: a refused Save moves the focus to a wrong or empty time as it does to any
 * other field.
 */
export function TimeInput<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  required,
  disabled,
  withSeconds,
  sx,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  withSeconds?: boolean;
  sx?: SxProps<Theme>;
}) {
  const twelveHour = useTwelveHourClock();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box
          ref={(box: HTMLDivElement | null) =>
            field.ref(
              box && {
                focus: () =>
                  box.querySelector<HTMLElement>('[role="spinbutton"], input:not([type="hidden"])')?.focus(),
              },
            )
          }
          sx={[{ mt: 2, mb: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
        >
          <TimePicker
            label={label}
            name={name}
            required={required}
            ampm={twelveHour}
            withSeconds={withSeconds}
            value={typeof field.value === 'string' && field.value ? field.value : null}
            onChange={(value) => field.onChange(value ?? '')}
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? helperText}
          />
        </Box>
      )}
    />
  );
}
