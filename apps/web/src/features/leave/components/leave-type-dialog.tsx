import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  CreateLeaveTypeRequest,
  LEAVE_GRANT_RULE_LABELS,
  LEAVE_GRANT_RULES,
  ProblemTypes,
  type LeaveType,
} from '@hrpay/contracts';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { useCreateLeaveType, useEmploymentStatusOptions, useUpdateLeaveType } from '../api/leave';

type Values = Record<string, unknown>;
const FIELDS = [
  'Code',
  'Name',
  'GrantRule',
  'AnnualDays',
  'MinServiceMonths',
  'CarryOverCap',
  'MaxDaysPerRequest',
  'Gender',
  'LegalBasis',
  'EmploymentStatusIds',
] as const;
const ANY = 'Any';
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Add or edit a leave type: how it is granted, how much, who may file it. */
export function LeaveTypeDialog({
  leaveType,
  onClose,
}: {
  leaveType: LeaveType | null;
  onClose: () => void;
}) {
  const editing = leaveType !== null;
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: create } = useCreateLeaveType();
  const { mutateAsync: update } = useUpdateLeaveType();
  const statuses = useEmploymentStatusOptions();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values>({
    // Numbers are typed as text; the API's schema checks them once converted.
    resolver: (async (values, context, options) =>
      zodResolver(CreateLeaveTypeRequest as never)(
        toBody(values) as never,
        context,
        options as never,
      )) as Resolver<Values>,
    defaultValues: {
      Code: leaveType?.Code ?? '',
      Name: leaveType?.Name ?? '',
      IsPaid: leaveType?.IsPaid ?? true,
      NeedsBalance: leaveType?.NeedsBalance ?? true,
      GrantRule: leaveType?.GrantRule ?? 'Yearly',
      AnnualDays: String(leaveType?.AnnualDays ?? 0),
      ProrateNewHires: leaveType?.ProrateNewHires ?? false,
      MinServiceMonths: String(leaveType?.MinServiceMonths ?? 0),
      CarryOverCap: leaveType?.CarryOverCap ?? '',
      ConvertibleToCash: leaveType?.ConvertibleToCash ?? false,
      MaxDaysPerRequest: leaveType?.MaxDaysPerRequest ?? '',
      HalfDayAllowed: leaveType?.HalfDayAllowed ?? true,
      CountsCalendarDays: leaveType?.CountsCalendarDays ?? false,
      AllowNegative: leaveType?.AllowNegative ?? false,
      Gender: leaveType?.Gender ?? ANY,
      LegalBasis: leaveType?.LegalBasis ?? '',
      EmploymentStatusIds: leaveType?.EmploymentStatusIds ?? [],
      IsActive: leaveType?.IsActive ?? true,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    const body = toBody(values) as ReturnType<typeof CreateLeaveTypeRequest.parse>;
    try {
      if (editing) {
        await update({ id: leaveType.LeaveTypeId, body: { ...body, RowVersion: leaveType.RowVersion } });
        toast.success('Leave type updated');
      } else {
        await create(body);
        toast.success('Leave type added');
      }
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        toast.warning('This leave type was changed by someone else; the list now shows the latest version.');
        onClose();
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The leave type could not be saved.');
    }
  });

  const field = { control, disabled: isSubmitting };
  const half = { display: 'flex', gap: 2, '& > *': { flex: 1 } };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="leave-type-title"
    >
      <DialogTitle id="leave-type-title">{editing ? `Edit ${leaveType.Name}` : 'Add Leave Type'}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Leave type">
          <FormErrorsAlert messages={formErrors} />
          <Box sx={half}>
            <TextInput {...field} name="Name" label="Name" required margin="normal" autoFocus />
            <TextInput {...field} name="Code" label="Code" required margin="normal" helperText="e.g. VL" />
          </Box>
          <Box sx={half}>
            <SelectInput
              {...field}
              name="GrantRule"
              label="Credits"
              margin="normal"
              options={LEAVE_GRANT_RULES.map((r) => ({ value: r, label: LEAVE_GRANT_RULE_LABELS[r] }))}
            />
            <TextInput {...field} name="AnnualDays" label="Days a year" type="number" margin="normal" />
          </Box>
          <Box sx={half}>
            <TextInput
              {...field}
              name="MinServiceMonths"
              label="Months of service before the first grant"
              type="number"
              margin="normal"
            />
            <TextInput
              {...field}
              name="CarryOverCap"
              label="Days carried into the next year"
              type="number"
              margin="normal"
              helperText="Empty: all of them"
            />
          </Box>
          <Box sx={half}>
            <TextInput
              {...field}
              name="MaxDaysPerRequest"
              label="Most days per request"
              type="number"
              margin="normal"
              helperText="Empty: no limit"
            />
            <SelectInput
              {...field}
              name="Gender"
              label="Who may file it"
              margin="normal"
              options={[
                { value: ANY, label: 'Everyone' },
                { value: 'Female', label: 'Women' },
                { value: 'Male', label: 'Men' },
              ]}
            />
          </Box>
          <Controller
            control={control}
            name="EmploymentStatusIds"
            render={({ field: f, fieldState }) => (
              <TextField
                select
                fullWidth
                margin="normal"
                label="Employment statuses"
                name={f.name}
                inputRef={f.ref}
                value={(f.value as string[]) ?? []}
                onChange={(event) => f.onChange(event.target.value)}
                onBlur={f.onBlur}
                disabled={isSubmitting}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? 'None chosen: every employment status may file it'}
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (ids) =>
                      (ids as string[])
                        .map((id) => statuses.data?.find((s) => s.Id === id)?.Name ?? '…')
                        .join(', '),
                  },
                }}
              >
                {(statuses.data ?? []).map((s) => (
                  <MenuItem key={s.Id} value={s.Id}>
                    {s.Name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextInput {...field} name="LegalBasis" label="Legal basis or policy" fullWidth margin="normal" />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <SwitchInput {...field} name="IsPaid" label="Paid" />
            <SwitchInput
              {...field}
              name="NeedsBalance"
              label="Needs credits"
              helperText="Off: granted per case"
            />
            <SwitchInput {...field} name="ProrateNewHires" label="Pro-rate a new hire's first grant" />
            <SwitchInput {...field} name="ConvertibleToCash" label="Unused days converted to cash" />
            <SwitchInput {...field} name="HalfDayAllowed" label="Half days allowed" />
            <SwitchInput
              {...field}
              name="CountsCalendarDays"
              label="Counts calendar days"
              helperText="Rest days and holidays inside the leave count too (maternity leave's 105 days)"
            />
            <SwitchInput {...field} name="AllowNegative" label="May go below zero" />
            <SwitchInput {...field} name="IsActive" label="Active" />
          </Box>
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={editing ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

function toBody(values: Values) {
  return {
    ...values,
    AnnualDays: Number(values.AnnualDays || 0),
    MinServiceMonths: Number(values.MinServiceMonths || 0),
    CarryOverCap: numberOrNull(values.CarryOverCap),
    MaxDaysPerRequest: numberOrNull(values.MaxDaysPerRequest),
    Gender: values.Gender === ANY ? null : values.Gender,
    LegalBasis:
      typeof values.LegalBasis === 'string' && values.LegalBasis.trim() ? values.LegalBasis.trim() : null,
  };
}
