import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CreateTimeLogRequest, ProblemTypes, type TimeLog } from '@hrpay/contracts';
import { EmployeePicker } from '@/components/employee-picker';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import type { EmployeeMatch } from '@/lib/employee-search';
import { useCreateTimeLog, useUpdateTimeLog } from '../api/timelogs';
import { DIRECTION_OPTIONS } from './labels';

type Values = z.input<typeof CreateTimeLogRequest>;
type Output = z.output<typeof CreateTimeLogRequest>;
const FIELDS = ['EmployeeId', 'PunchedAt', 'Direction', 'Reason'] as const;

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
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(CreateTimeLogRequest),
    defaultValues: {
      EmployeeId: punch?.EmployeeId ?? '',
      // datetime-local shows minutes; seconds of an imported punch are kept unless the time is changed.
      PunchedAt: punch ? punch.PunchedAt.slice(0, punch.PunchedAt.endsWith(':00') ? 16 : 19) : '',
      Direction: punch?.Direction ?? 'In',
      Reason: '',
    },
  });

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
        setError('PunchedAt', { type: 'server', message: 'This employee already has a punch at that time' });
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
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
          <TextInput
            {...field}
            name="PunchedAt"
            label="Date and time"
            type="datetime-local"
            required
            helperText="Philippine time"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
          />
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
