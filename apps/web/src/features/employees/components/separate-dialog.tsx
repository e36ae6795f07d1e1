import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  ProblemTypes,
  SEPARATION_REASON_LABELS,
  SeparateEmployeeRequest,
  type Employee,
} from '@hrpay/contracts';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { formatIsoDate } from '@/lib/dates';
import { handleError } from '@/lib/error-handler';
import { useSeparateEmployee } from '../api/employees';

// The API's schema without RowVersion (the dialog adds the one read); the reason select holds '' until chosen.
const formSchema = SeparateEmployeeRequest.omit({ RowVersion: true }).extend({
  SeparationReason: z
    .union([z.literal(''), SeparateEmployeeRequest.shape.SeparationReason])
    .refine((v) => v !== '', {
      message: 'This field is required',
    }),
});
type Values = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;
const FIELDS = ['SeparationDate', 'SeparationReason', 'SeparationRemarks'] as const;
const REASONS = Object.entries(SEPARATION_REASON_LABELS).map(([value, label]) => ({ value, label }));

/** Records that the employee has left: the record stays on file, the portal account is closed. */
export function SeparateDialog({
  employee,
  onClose,
  onStale,
}: {
  employee: Employee;
  onClose: () => void;
  onStale: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: separate } = useSeparateEmployee();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(formSchema),
    defaultValues: { SeparationDate: '', SeparationReason: '', SeparationRemarks: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const saved = await separate({
        id: employee.EmployeeId,
        body: {
          SeparationDate: values.SeparationDate,
          SeparationReason: values.SeparationReason as SeparateEmployeeRequest['SeparationReason'],
          SeparationRemarks: values.SeparationRemarks || null,
          RowVersion: employee.RowVersion,
        },
      });
      // A date still ahead only schedules the separation (the employee stays active until then): "separated"
      // would say they had already left.
      toast.success(
        saved.Status === 'Active'
          ? `Separation of ${employee.FullName} scheduled: the last day is ${formatIsoDate(values.SeparationDate)}`
          : `${employee.FullName} separated`,
      );
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) return onStale();
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0) {
        handleError(error, 'The separation could not be saved.');
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
      aria-labelledby="separate-dialog-title"
    >
      <DialogTitle id="separate-dialog-title">Separate {employee.FullName}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          The 201 file stays on record. After the separation date {employee.FullName} leaves the employee
          list, pickers and new payroll periods{employee.HasUserAccount ? ', and can no longer sign in' : ''}.
          A date in the future schedules the separation: until then they stay active (a resignation&apos;s 30
          days&apos; notice is worked).
        </DialogContentText>
        <Box component="form" noValidate onSubmit={submit} aria-label="Separation">
          <FormErrorsAlert messages={formErrors} />
          <TextInput
            {...field}
            name="SeparationDate"
            label="Separation date"
            type="date"
            required
            autoFocus
            helperText="The last day of employment"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <SelectInput {...field} name="SeparationReason" label="Reason" required options={REASONS} />
          <TextInput {...field} name="SeparationRemarks" label="Remarks" multiline minRows={2} />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel="Separate" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
