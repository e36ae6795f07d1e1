import { useState } from 'react';
import { Controller, useForm, type FieldPath, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ProblemTypes, TimeLogFields, ValidationMessages, workDate, type TimeLog } from '@hrpay/contracts';
import { EmployeePicker } from '@/components/employee-picker';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  TextInput,
} from '@/components/form-fields';
import { TimeInput } from '@/components/time-picker';
import { isApiError, isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import type { EmployeeMatch } from '@/lib/employee-search';
import { useCreateTimeLog, useUpdateTimeLog } from '../api/timelogs';
import { DIRECTION_OPTIONS } from './labels';

/**
 * The punch's date and time in two fields: the date box and the app's time picker (spec §9, on the clock
 * Application Settings chose, as the requests and shifts take times). One browser date-and-time box had asked
 * for seconds and an AM/PM (`mm/dd/yyyy, --:--:-- --`) beside a list that reads 24-hour times. The two make the
 * API's `PunchedAt`.
 */
const PunchForm = z
  .strictObject(TimeLogFields)
  .omit({ PunchedAt: true })
  .extend({
    Date: workDate,
    Time: z
      .string()
      .min(1, ValidationMessages.required)
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Enter a time as HH:mm'),
  })
  .transform(({ Date, Time, ...rest }) => ({ ...rest, PunchedAt: `${Date}T${Time}` }));
type Values = z.input<typeof PunchForm>;
type Output = z.output<typeof PunchForm>;
/** The API's fields; its PunchedAt errors land on the time. */
const SERVER_FIELDS = ['EmployeeId', 'PunchedAt', 'Direction', 'Reason'] as const;
type ServerValues = Record<(typeof SERVER_FIELDS)[number], unknown>;

/** Add a punch (no `punch`) or correct one; either way HR says why. Closes itself when saved. */
export function TimeLogDialog({ punch, onClose }: { punch: TimeLog | null; onClose: () => void }) {
  const editing = punch !== null;
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [employee, setEmployee] = useState<EmployeeMatch | null>(
    punch
      ? {
          EmployeeId: punch.EmployeeId,
          FullName: punch.EmployeeName,
          EmployeeNumber: punch.EmployeeNumber,
          CompanyId: punch.CompanyId,
        }
      : null,
  );
  const { mutateAsync: create } = useCreateTimeLog();
  const { mutateAsync: update } = useUpdateTimeLog();
  // A terminal's punch may carry seconds: then the time shows (and keeps) them; one entered by hand has none.
  const withSeconds = !!punch && !punch.PunchedAt.endsWith(':00');
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(PunchForm),
    defaultValues: {
      EmployeeId: punch?.EmployeeId ?? '',
      Date: punch ? punch.PunchedAt.slice(0, 10) : '',
      Time: punch ? punch.PunchedAt.slice(11, withSeconds ? 19 : 16) : '',
      Direction: punch?.Direction ?? 'In',
      Reason: '',
    },
  });
  const setServerError: UseFormSetError<ServerValues> = (name, error, options) =>
    setError(name === 'PunchedAt' ? 'Time' : (name as FieldPath<Values>), error, options);

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      if (editing) {
        await update({ id: punch.TimeLogId, body: { ...values, RowVersion: punch.RowVersion } });
        toast.success('Punch corrected');
      } else {
        await create(values);
        toast.success('Punch added');
      }
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        toast.warning('This punch was changed by someone else; the list now shows the latest version.');
        onClose();
        return;
      }
      if (isProblem(error, ProblemTypes.duplicate)) {
        setError('Time', { type: 'server', message: 'This employee already has a punch at that time' });
        return;
      }
      setFormErrors(applyServerErrors(error, SERVER_FIELDS, setServerError));
      if (!isApiError(error) || error.validationErrors.length === 0) {
        handleError(error, 'The punch could not be saved.');
      }
    }
  });

  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="time-log-dialog-title"
    >
      <DialogTitle id="time-log-dialog-title">{editing ? 'Correct Punch' : 'Add Punch'}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Punch">
          <FormErrorsAlert messages={formErrors} />
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
                    employeeField.onChange(next?.EmployeeId ?? '');
                  }}
                  onBlur={employeeField.onBlur}
                  inputRef={employeeField.ref}
                  disabled={isSubmitting}
                  error={fieldState.error?.message}
                />
              </Box>
            )}
          />
          {/* Side by side from 600 px, stacked on a phone (as the overtime request's times). */}
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}>
            <TextInput
              {...field}
              name="Date"
              label="Date"
              type="date"
              required
              fullWidth
              margin="normal"
              sx={{ flex: 1 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TimeInput
              control={control}
              name="Time"
              label="Time"
              required
              withSeconds={withSeconds}
              disabled={isSubmitting}
              helperText="Philippine time"
              sx={{ flex: 1 }}
            />
          </Box>
          <SelectInput {...field} name="Direction" label="Direction" options={DIRECTION_OPTIONS} />
          <TextInput
            {...field}
            name="Reason"
            label="Reason"
            required
            multiline
            minRows={2}
            helperText={
              editing
                ? 'Why the punch is corrected (kept in the audit trail)'
                : 'Why the punch is entered by hand'
            }
          />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={editing ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
