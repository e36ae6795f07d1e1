import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  CreateHolidayRequest,
  HOLIDAY_TYPE_LABELS,
  ProblemTypes,
  type Holiday,
  type HolidayDay,
} from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { apiClient } from '@/lib/api-client';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { errorMessage, handleError } from '@/lib/error-handler';
import { useCreateHoliday, useUpdateHoliday, useWorkLocations } from '../api/holidays';
import { formatIsoDate } from '@/lib/dates';
import { optionalSelect } from '@/lib/validators';

/**
 * The holidays already on `date` where `location` keeps them (what payroll reads); none when the check itself
 * fails (the save then goes ahead, and the server has the last word).
 */
async function holidaysOn(date: string, location: string | null) {
  const where = location ? `&WorkLocationId=${location}` : '';
  try {
    const days = await apiClient.get<HolidayDay[]>(
      `/api/v1/holidays/day-types?From=${date}&To=${date}${where}`,
    );
    return days.find((d) => d.Date === date)?.Holidays ?? [];
  } catch {
    return [];
  }
}

// The API's schema; the location select holds '' for "the whole company".
const formSchema = CreateHolidayRequest.extend({
  WorkLocationId: optionalSelect(z.uuid()),
});
type Values = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;
const FIELDS = ['Date', 'Name', 'Type', 'WorkLocationId', 'IsDraft'] as const;
const SAVE_FAILED = 'The holiday could not be saved.';
const TYPES = Object.entries(HOLIDAY_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** Add (no `holiday`; `date` suggests the day) or edit a holiday in a dialog; closes itself when saved. */
export function HolidayDialog({
  holiday,
  date,
  onClose,
}: {
  holiday: Holiday | null;
  date?: string;
  onClose: () => void;
}) {
  const editing = holiday !== null;
  const national = holiday?.IsNational ?? false;
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const locations = useWorkLocations();
  const { mutateAsync: create } = useCreateHoliday();
  const { mutateAsync: update } = useUpdateHoliday();
  const confirm = useConfirm();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      Date: holiday?.Date ?? date ?? '',
      Name: holiday?.Name ?? '',
      Type: holiday?.Type ?? 'SpecialNonWorking',
      WorkLocationId: holiday?.WorkLocationId ?? '',
      IsDraft: holiday?.IsDraft ?? false,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    const body = { ...values, WorkLocationId: values.WorkLocationId || null };
    // HR walkthrough: a second holiday on a date was taken without a word, and two special days on one date are
    // paid as a double special day (150%, two regular holidays 300%): a slip raises pay. Asked first.
    if (!editing || holiday.Date !== body.Date) {
      const there = await holidaysOn(body.Date, body.WorkLocationId);
      if (there.length) {
        const ok = await confirm({
          title: 'Two holidays on one day?',
          message: `${formatIsoDate(body.Date)} is already ${there.map((h) => `${h.Name} (${HOLIDAY_TYPE_LABELS[h.Type]})`).join(' and ')}. Two holidays on one day are paid as a double holiday: 300% of the daily rate for two regular holidays, 150% for two special days. Go on only when both fall on that day; a moved holiday is edited, not added again.`,
          confirmLabel: editing ? 'Move anyway' : 'Add anyway',
        });
        if (!ok) return;
      }
    }
    try {
      if (editing) {
        await update({ id: holiday.HolidayId, body: { ...body, RowVersion: holiday.RowVersion } });
        toast.success('Holiday updated');
      } else {
        await create(body);
        toast.success('Holiday added');
      }
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        // The mutation refetched the list (api/holidays.ts), so a retry starts from the latest version.
        toast.warning(
          'This holiday was changed by someone else; the list now shows the latest version. Open it again to make your change.',
        );
        onClose();
        return;
      }
      const leftovers = applyServerErrors(error, FIELDS, setError);
      if (isApiError(error) && error.validationErrors.length > 0) {
        setFormErrors(leftovers);
        return;
      }
      // Any other refusal (a date inside a finalised payroll period, 409) stays readable in the dialog, where
      // a screen reader hears it (the alert), besides the generic handler's toast.
      const message = errorMessage(error, SAVE_FAILED);
      setFormErrors([message]);
      if (isProblem(error, ProblemTypes.periodFinalised))
        setError(
          'Date',
          { type: 'server', message: 'Inside a finalised payroll period' },
          { shouldFocus: true },
        );
      handleError(error, SAVE_FAILED);
    }
  });

  const field = { control, disabled: isSubmitting };
  const locationOptions = [
    { value: '', label: 'Whole company' },
    ...(locations.data ?? []).map((l) => ({ value: l.Id, label: l.Name })),
  ];
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="holiday-dialog-title"
    >
      <DialogTitle id="holiday-dialog-title">{editing ? `Edit ${holiday.Name}` : 'Add Holiday'}</DialogTitle>
      <DialogContent>
        {national && (
          <Alert severity="info" sx={{ mb: 1 }}>
            A national holiday from the proclamation. Change its date only when a new proclamation moves it
            {holiday?.ProclaimedDate ? ` (proclaimed for ${formatIsoDate(holiday.ProclaimedDate)})` : ''}.
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={submit} aria-label="Holiday">
          <FormErrorsAlert messages={formErrors} />
          <TextInput
            {...field}
            name="Date"
            label="Date"
            type="date"
            required
            autoFocus
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextInput
            {...field}
            name="Name"
            label="Name"
            required
            // An example helps to name a new holiday; under "Chinese New Year" being edited it read as a correction.
            helperText={editing ? undefined : 'e.g. Taguig City Charter Day'}
          />
          {national && holiday?.Type === 'Regular' ? (
            // A regular holiday by law stays regular (the API refuses another type).
            <SelectInput
              {...field}
              disabled
              name="Type"
              label="Type"
              options={TYPES}
              helperText="A regular holiday by law (Labor Code Art. 94)"
            />
          ) : (
            <SelectInput {...field} name="Type" label="Type" required options={TYPES} />
          )}
          {!national && (
            <SelectInput
              {...field}
              name="WorkLocationId"
              label="Applies to"
              options={locationOptions}
              helperText="A local holiday may apply to one work location only"
            />
          )}
          {editing && holiday.IsDraft && (
            <SwitchInput
              {...field}
              name="IsDraft"
              label="Draft"
              helperText="Copied from last year: turn off once the date is confirmed, so payroll pays it."
            />
          )}
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={editing ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
