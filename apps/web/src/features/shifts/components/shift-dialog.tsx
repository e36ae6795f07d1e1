import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_REST_DAYS,
  ProblemTypes,
  ShiftFields,
  ValidationMessages as M,
  type Shift,
} from '@hrpay/contracts';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { TimeInput } from '@/components/time-picker';
import { isApiError, isProblem } from '@/lib/api-error';
import { errorMessage, handleError } from '@/lib/error-handler';
import { useSaveShift } from '../api/shifts';
import { shiftSummary, WEEKDAYS } from './shift-values';

// The API's fields, with the number inputs read from their text (the server checks the same limits again).
const formSchema = z
  .object({
    ...ShiftFields,
    BreakMinutes: z.coerce.number().pipe(ShiftFields.BreakMinutes.removeDefault()),
    GraceMinutes: z.coerce.number().pipe(ShiftFields.GraceMinutes.removeDefault()),
    RequiredHours: z
      .union([z.literal(''), z.coerce.number().min(1, M.min(1)).max(24, M.max(24))])
      .nullable()
      .optional(),
  })
  // A flexible shift's required hours a day are a required field (spec §5), as the API says.
  .refine((v) => !v.IsFlexible || (v.RequiredHours !== '' && v.RequiredHours != null), {
    message: M.required,
    path: ['RequiredHours'],
  });
type Values = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;
const FIELDS = [
  'Name',
  'TimeIn',
  'TimeOut',
  'BreakMinutes',
  'GraceMinutes',
  'IsFlexible',
  'RequiredHours',
  'RestDays',
  'IsActive',
] as const;
const SAVE_FAILED = 'The shift could not be saved.';

/** Add (no `shift`) or edit a shift. Times use the spec's time picker (24-hour, 5-minute steps). */
export function ShiftDialog({ shift, onClose }: { shift: Shift | null; onClose: () => void }) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: save } = useSaveShift();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      Name: shift?.Name ?? '',
      TimeIn: shift?.TimeIn ?? '08:00',
      TimeOut: shift?.TimeOut ?? '17:00',
      BreakMinutes: shift?.BreakMinutes ?? 60,
      GraceMinutes: shift?.GraceMinutes ?? 0,
      IsFlexible: shift?.IsFlexible ?? false,
      RequiredHours: shift?.RequiredHours ?? '',
      RestDays: shift?.RestDays ?? [...DEFAULT_REST_DAYS],
      IsActive: shift?.IsActive ?? true,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    const body = {
      ...values,
      RequiredHours: values.IsFlexible && values.RequiredHours !== '' ? Number(values.RequiredHours) : null,
    };
    try {
      await save({
        id: shift?.ShiftId ?? null,
        body: shift ? { ...body, RowVersion: shift.RowVersion } : body,
      });
      toast.success(shift ? 'Shift updated' : 'Shift added');
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        // The mutation refetched the list (api/shifts.ts), so a retry starts from the latest version.
        toast.warning(
          'This shift was changed by someone else; the list now shows the latest version. Open it again to make your change.',
        );
        onClose();
        return;
      }
      const leftovers = applyServerErrors(error, FIELDS, setError);
      if (isApiError(error) && error.validationErrors.length > 0) {
        setFormErrors(leftovers);
        return;
      }
      // Any other refusal (times frozen by stored attendance, 409, with its way out) stays readable in the
      // dialog, where a screen reader hears it (the alert), besides the generic handler's toast.
      setFormErrors([errorMessage(error, SAVE_FAILED)]);
      handleError(error, SAVE_FAILED);
    }
  });

  const flexible = useWatch({ control, name: 'IsFlexible' });
  const [timeIn, timeOut, breakMinutes] = useWatch({ control, name: ['TimeIn', 'TimeOut', 'BreakMinutes'] });
  // A night shift's out time reads earlier than its in time: say that it ends the next day, and its hours.
  const summary = shiftSummary(timeIn ?? '', timeOut ?? '', breakMinutes, !!flexible);
  const field = { control, disabled: isSubmitting };
  const time = (name: 'TimeIn' | 'TimeOut', label: string) => (
    <TimeInput control={control} name={name} label={label} required disabled={isSubmitting} />
  );
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="shift-dialog-title"
    >
      <DialogTitle id="shift-dialog-title">{shift ? `Edit ${shift.Name}` : 'Add Shift'}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Shift">
          <FormErrorsAlert messages={formErrors} />
          <TextInput {...field} name="Name" label="Name" required autoFocus />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {time('TimeIn', 'Time in')}
            {time('TimeOut', 'Time out')}
            <TextInput {...field} name="BreakMinutes" label="Unpaid break (minutes)" type="number" />
            <TextInput
              {...field}
              name="GraceMinutes"
              label="Grace period (minutes)"
              type="number"
              helperText="Lateness counts after this"
            />
          </Box>
          {summary && (
            <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mt: 0.5 }}>
              {summary}
            </Typography>
          )}
          <SwitchInput
            {...field}
            name="IsFlexible"
            label="Flexible"
            helperText="Any hours between time in and time out"
          />
          {flexible && (
            <TextInput {...field} name="RequiredHours" label="Required hours a day" type="number" required />
          )}
          <Controller
            control={control}
            name="RestDays"
            render={({ field: f, fieldState }) => (
              <FormControl component="fieldset" error={!!fieldState.error} sx={{ mt: 2, display: 'block' }}>
                <FormLabel component="legend">Rest days</FormLabel>
                <FormGroup row>
                  {WEEKDAYS.map((day, index) => {
                    const days = (f.value ?? []) as number[];
                    return (
                      <FormControlLabel
                        key={day}
                        label={day}
                        control={
                          <Checkbox
                            checked={days.includes(index)}
                            disabled={isSubmitting}
                            onChange={(_e, checked) =>
                              f.onChange(checked ? [...days, index].sort() : days.filter((d) => d !== index))
                            }
                          />
                        }
                      />
                    );
                  })}
                </FormGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <SwitchInput {...field} name="IsActive" label="Active" />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={shift ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
