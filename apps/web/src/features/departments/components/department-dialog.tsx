import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CreateDepartmentRequest, ProblemTypes, type Department } from '@hrpay/contracts';
import { EmployeePicker } from '@/components/employee-picker';
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
import type { EmployeeMatch } from '@/lib/employee-search';
import { useCreateDepartment, useDepartmentOptions, useUpdateDepartment } from '../api/departments';
import { optionalSelect } from '@/lib/validators';

// The API's own schema validates the form, so both say the same thing (spec §5 messages); the parent select
// holds '' for "none".
const formSchema = CreateDepartmentRequest.extend({
  ParentDepartmentId: optionalSelect(z.uuid()),
});
type Values = z.input<typeof formSchema>;
type Output = z.output<typeof formSchema>;
const FIELDS = ['Name', 'Code', 'ParentDepartmentId', 'HeadEmployeeId', 'IsActive'] as const;
const NO_PARENT = '';

/** Add (no `department`) or edit a department in a dialog; closes itself when saved. */
export function DepartmentDialog({
  department,
  onClose,
}: {
  department: Department | null;
  onClose: () => void;
}) {
  const editing = department !== null;
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [head, setHead] = useState<EmployeeMatch | null>(
    department?.HeadEmployeeId
      ? {
          EmployeeId: department.HeadEmployeeId,
          FullName: department.HeadName ?? '',
          EmployeeNumber: '',
          CompanyId: department.CompanyId,
        }
      : null,
  );
  const options = useDepartmentOptions();
  const { mutateAsync: create } = useCreateDepartment();
  const { mutateAsync: update } = useUpdateDepartment();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      Name: department?.Name ?? '',
      Code: department?.Code ?? '',
      ParentDepartmentId: department?.ParentDepartmentId ?? NO_PARENT,
      HeadEmployeeId: department?.HeadEmployeeId ?? null,
      IsActive: department?.IsActive ?? true,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    const body = {
      ...values,
      Code: values.Code?.trim() || null,
      ParentDepartmentId: values.ParentDepartmentId || null,
      HeadEmployeeId: values.HeadEmployeeId || null,
    };
    try {
      if (editing) {
        await update({ id: department.DepartmentId, body: { ...body, RowVersion: department.RowVersion } });
        toast.success('Department updated');
      } else {
        await create(body);
        toast.success('Department added');
      }
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        toast.warning('This department was changed by someone else; the list now shows the latest version.');
        onClose();
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0) {
        handleError(error, 'The department could not be saved.');
      }
    }
  });

  // A department cannot sit under itself (the server also refuses its own sub-departments).
  const parentOptions = [
    { value: NO_PARENT, label: 'None (top level)' },
    ...(options.data ?? [])
      .filter(
        (o) =>
          o.DepartmentId !== department?.DepartmentId &&
          (o.IsActive || o.DepartmentId === department?.ParentDepartmentId),
      )
      .map((o) => ({ value: o.DepartmentId, label: o.Name })),
  ];
  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="department-dialog-title"
    >
      <DialogTitle id="department-dialog-title">
        {editing ? `Edit ${department.Name}` : 'Add Department'}
      </DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Department">
          <FormErrorsAlert messages={formErrors} />
          <TextInput {...field} name="Name" label="Name" required autoFocus />
          <TextInput {...field} name="Code" label="Code" helperText="Optional short code, e.g. PROD" />
          <SelectInput
            {...field}
            name="ParentDepartmentId"
            label="Parent department"
            options={parentOptions}
          />
          <Controller
            control={control}
            name="HeadEmployeeId"
            render={({ field: headField, fieldState }) => (
              <Box>
                <EmployeePicker
                  companyId="own"
                  label="Department head"
                  value={head}
                  onChange={(employee) => {
                    setHead(employee);
                    headField.onChange(employee?.EmployeeId ?? null);
                  }}
                  onBlur={headField.onBlur}
                  inputRef={headField.ref}
                  disabled={isSubmitting}
                  error={fieldState.error?.message}
                  helperText="Optional"
                />
              </Box>
            )}
          />
          <SwitchInput
            {...field}
            name="IsActive"
            label="Active"
            helperText="Inactive departments stay on file but are not offered for new assignments."
          />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={editing ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
