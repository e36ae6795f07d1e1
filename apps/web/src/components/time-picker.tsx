import { useEffect, useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker as MuiTimePicker } from '@mui/x-date-pickers/TimePicker';

dayjs.extend(customParseFormat);

/** Spec §9: minute and second steps of 5, change debounce 750 ms. */
export const TIME_STEP = 5;
export const TIME_CHANGE_DEBOUNCE_MS = 750;

export interface TimePickerProps {
  label: string;
  /** `HH:mm` or `HH:mm:ss` (24-hour), or null. */
  value: string | null;
  /** Called 750 ms after the last change, with `HH:mm` (or `HH:mm:ss` with seconds), or null when cleared. */
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
          timer.current = setTimeout(() => {
            const text = next && next.isValid() ? next.format(format) : null;
            lastSent.current = text;
            latestOnChange.current(text);
          }, TIME_CHANGE_DEBOUNCE_MS);
        }}
        slotProps={{
          textField: {
            name: field.name,
            required: field.required,
            error: field.error,
            helperText: field.helperText,
            fullWidth: true,
          },
        }}
      />
    </LocalizationProvider>
  );
}
