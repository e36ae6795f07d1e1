import { useEffect, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  CreateLeaveRequest,
  CreateOvertimeRequest,
  CreateUndertimeRequest,
  lastRequestDate,
  type RequestKind,
} from '@hrpay/contracts';
import { EmployeePicker } from '@/components/employee-picker';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { TimeInput } from '@/components/time-picker';
import { isApiError } from '@/lib/api-error';
import { manilaToday, withReadableDates } from '@/lib/dates';
import type { EmployeeMatch } from '@/lib/employee-search';
import { handleError } from '@/lib/error-handler';
import { useHolidayCalendarYears, yearsWithoutCalendar } from '@/lib/holiday-calendar-years';
import { required } from '@/lib/rules';
import { useFileRequest, useLeaveTypeOptions, type NewRequest } from '../api/requests';
import { KIND } from '../kinds';

// The API's own schemas validate the form (same messages on both sides).
const SCHEMAS = {
  Leave: CreateLeaveRequest,
  Overtime: CreateOvertimeRequest,
  Undertime: CreateUndertimeRequest,
};
type Values = Record<string, unknown>;
const FIELDS: Record<RequestKind, string[]> = {
  Leave: ['EmployeeId', 'LeaveTypeId', 'DateFrom', 'DateTo', 'HalfDay', 'Reason'],
  Overtime: ['EmployeeId', 'Date', 'StartTime', 'EndTime', 'Reason'],
  Undertime: ['EmployeeId', 'Date', 'TimeLeaving', 'Reason'],
};
const DEFAULTS: Record<RequestKind, Values> = {
  Leave: { LeaveTypeId: '', DateFrom: '', DateTo: '', HalfDay: false, Reason: '' },
  Overtime: { Date: '', StartTime: '', EndTime: '', Reason: '' },
  Undertime: { Date: '', TimeLeaving: '', Reason: '' },
};

/**
 * The schema's resolver, and on HR's form (`forEmployee`) the Employee required as well: the API's schema leaves
 * it optional (a portal user files for themself), so without this an empty Employee was only flagged by the
 * server's 400, after the other fields had turned red.
 */
export function withEmployeeRequired(resolver: Resolver<Values>, forEmployee: boolean): Resolver<Values> {
  if (!forEmployee) return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const message = required(values.EmployeeId);
    if (!message) return result;
    // First, so the form focuses it first (it is the first field).
    const errors = { EmployeeId: { type: 'required', message }, ...result.errors } as FieldErrors<Values>;
    return { values: {}, errors };
  };
}

/**
 * Files a leave, OT or UT request. A portal user files for themself; HR (`forEmployee`) picks the employee.
 * The server checks balance, overlap, schedule and holidays; its field errors land on the fields.
 */
export function RequestDialog({
  kind,
  forEmployee,
  onClose,
}: {
  kind: RequestKind;
  forEmployee?: boolean;
  onClose: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [employee, setEmployee] = useState<EmployeeMatch | null>(null);
  const { mutateAsync: file } = useFileRequest(kind);
  const leaveTypes = useLeaveTypeOptions();
  const {
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: withEmployeeRequired(
      zodResolver(SCHEMAS[kind] as never) as unknown as Resolver<Values>,
      forEmployee ?? false,
    ),
    defaultValues: { ...DEFAULTS[kind], EmployeeId: null },
  });
  const [leaveTypeId, dateFrom, dateTo, halfDay] = useWatch({
    control,
    name: ['LeaveTypeId', 'DateFrom', 'DateTo', 'HalfDay'],
  }) as [string, string, string, boolean];
  // The browser's calendar stops where the server does (the end of next year).
  const lastDate = lastRequestDate(manilaToday());
  // A leave reaching a year whose holidays are not on file counts them as leave days: said before it is filed.
  // Not of years past the last date, which are refused anyway (a year typed wrong is the message to read).
  const calendarYears = useHolidayCalendarYears(kind === 'Leave');
  const noCalendar = yearsWithoutCalendar(calendarYears.data?.Years, dateFrom ?? '', dateTo ?? '').filter(
    (year) => year <= Number(lastDate.slice(0, 4)),
  );
  const halfDayAllowed = leaveTypes.data?.find((t) => t.LeaveTypeId === leaveTypeId)?.HalfDayAllowed ?? true;
  // The last day follows the first where it has to: a one-day leave needs only From (To was left empty and
  // flagged as required), a later From moves an earlier To along, and a half day is one date (To locked to it).
  // Only a change of From or of the half day moves it: the date being typed into To is never overwritten, nor is
  // a To before From that File is refusing (File re-ran this when it depended on the submit state, and quietly
  // filed From's day alone on the second click). The date it sets is valid, so validating it only clears an error.
  useEffect(() => {
    if (kind !== 'Leave' || !dateFrom) return;
    const current = getValues('DateTo') as string;
    if (halfDay ? current !== dateFrom : !current || current < dateFrom) {
      setValue('DateTo', dateFrom, { shouldValidate: true });
    }
  }, [kind, dateFrom, halfDay, getValues, setValue]);
  // A type without half days hides the switch: a half day chosen before must not be filed unseen.
  useEffect(() => {
    if (!halfDayAllowed && getValues('HalfDay')) setValue('HalfDay', false);
  }, [halfDayAllowed, getValues, setValue]);

  // Every attempt starts without the last one's refusal, one the form itself refuses too.
  const submit = handleSubmit(
    async (values) => {
      setFormErrors([]);
      try {
        const saved = await file(values as unknown as NewRequest);
        toast.success(
          // HR filing for an employee reviews it there itself: "HR will review it" told HR about HR.
          `${KIND[kind].short} request filed${
            saved.ReviewerName === 'HR'
              ? forEmployee
                ? '; it waits for review in this list'
                : '; HR will review it'
              : `; ${saved.ReviewerName} will review it`
          }`,
        );
        onClose();
      } catch (error) {
        setFormErrors(applyServerErrors(error, FIELDS[kind] as FieldPath<Values>[], setError));
        // A filing rule the server refused (an overlap, too few days left, a closed payroll period): said in the
        // dialog, beside the fields to change, with its dates as people read them, not in a toast gone in seconds.
        if (isApiError(error) && error.status === 409 && error.detail) {
          setFormErrors([withReadableDates(error.detail)]);
        } else if (!isApiError(error) || error.validationErrors.length === 0) {
          handleError(error, `The ${KIND[kind].noun} could not be filed.`);
        }
      }
    },
    () => setFormErrors([]),
  );

  const field = { control, disabled: isSubmitting };
  const dateProps = {
    type: 'date',
    slotProps: { inputLabel: { shrink: true }, htmlInput: { max: lastDate } },
  } as const;
  // The app's time picker (spec §9), on the clock Application Settings chose, as the Add Shift dialog does.
  const time = (name: 'StartTime' | 'EndTime' | 'TimeLeaving', label: string, helperText?: string) => (
    <TimeInput
      control={control}
      name={name}
      label={label}
      helperText={helperText}
      required
      disabled={isSubmitting}
      sx={{ flex: 1 }}
    />
  );
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="request-dialog-title"
    >
      <DialogTitle id="request-dialog-title">{KIND[kind].fileLabel}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label={KIND[kind].noun}>
          <FormErrorsAlert messages={formErrors} />
          {forEmployee && (
            <Controller
              control={control}
              name="EmployeeId"
              render={({ field: employeeField, fieldState }) => (
                <Box>
                  <EmployeePicker
                    companyId="own"
                    label="Employee"
                    required
                    value={employee}
                    onChange={(next) => {
                      setEmployee(next);
                      employeeField.onChange(next?.EmployeeId ?? null);
                    }}
                    onBlur={employeeField.onBlur}
                    inputRef={employeeField.ref}
                    disabled={isSubmitting}
                    error={fieldState.error?.message}
                  />
                </Box>
              )}
            />
          )}
          {kind === 'Leave' && (
            <>
              <SelectInput
                {...field}
                name="LeaveTypeId"
                label="Leave type"
                required
                fullWidth
                margin="normal"
                options={(leaveTypes.data ?? []).map((t) => ({
                  value: t.LeaveTypeId,
                  label: t.Name,
                  description: t.NeedsBalance ? undefined : 'Granted per case, no credits needed',
                }))}
              />
              <Box sx={{ display: 'flex', gap: 2 }}>
                <TextInput
                  {...field}
                  {...dateProps}
                  name="DateFrom"
                  label="From"
                  required
                  fullWidth
                  margin="normal"
                />
                <TextInput
                  {...field}
                  {...dateProps}
                  name="DateTo"
                  label="To"
                  required
                  fullWidth
                  margin="normal"
                  disabled={isSubmitting || (halfDay && halfDayAllowed)}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { min: dateFrom || undefined, max: lastDate },
                  }}
                />
              </Box>
              {noCalendar.length > 0 && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  No holidays are on file for {noCalendar.join(' and ')} yet, so a holiday among these dates
                  counts as a leave day. HR sets the year&apos;s holidays.
                </Alert>
              )}
              {halfDayAllowed && (
                <SwitchInput
                  {...field}
                  name="HalfDay"
                  label="Half day"
                  helperText="Half of one day: From and To are the same date."
                />
              )}
            </>
          )}
          {kind !== 'Leave' && (
            <TextInput
              {...field}
              {...dateProps}
              name="Date"
              label="Date"
              required
              fullWidth
              margin="normal"
              // The server reads a night shift's hours after midnight as the next morning of the shift's date.
              helperText={
                kind === 'Overtime'
                  ? "For a night shift, file the shift's date: hours after midnight count on the shift they follow."
                  : undefined
              }
            />
          )}
          {/* Side by side from 600 px; stacked on a phone, where two pickers do not fit (End was cut off). */}
          {kind === 'Overtime' && (
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
              {time('StartTime', 'Start')}
              {time('EndTime', 'End', 'An end before the start is the next day')}
            </Box>
          )}
          {kind === 'Undertime' &&
            time(
              'TimeLeaving',
              'Time leaving',
              // HR files for someone else: "you" was HR.
              forEmployee
                ? 'When the employee leaves, before their shift ends'
                : 'When you leave, before your shift ends',
            )}
          <TextInput
            {...field}
            name="Reason"
            label="Reason"
            required
            fullWidth
            multiline
            minRows={2}
            margin="normal"
          />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel="File" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
