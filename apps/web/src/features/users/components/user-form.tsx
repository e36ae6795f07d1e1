import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { CreateUserRequest } from '@hrpay/contracts';
import {
  applyServerErrors,
  FORM_MAX_WIDTH,
  FormActions,
  FormErrorsAlert,
  FormSection,
  SelectInput,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { useCompanyOptions } from '../api/company-options';
import type { EmployeeMatch } from '@/lib/employee-search';
import { EmployeePicker } from '@/components/employee-picker';
import {
  isType,
  toUserRequest,
  USER_FORM_FIELDS,
  USER_TYPE_OPTIONS,
  userFormResolver,
  type UserFormOutput,
  type UserFormValues,
} from './user-values';

export const USER_SAVE_FAILED = 'The user could not be saved.';

export interface UserFormProps {
  initialValues: UserFormValues;
  /** The linked employee as read, so the picker can show its name before any search. */
  initialEmployee?: EmployeeMatch | null;
  /** Shown for the chosen company until the company list has loaded. */
  initialCompanyName?: string;
  /** Edit only: the Active switch (a new user is always invited active). */
  editing?: boolean;
  onSubmit: (request: CreateUserRequest) => Promise<unknown>;
  onCancel: () => void;
  /** 409 answers (stale version, own account, last Admin) go here when given, else to a toast. */
  onConflict?: (error: unknown) => void;
  notice?: ReactNode;
  saveLabel?: string;
}

/** Add and edit user: type, name, e-mail, company, linked employee, approver and status. */
export function UserForm({
  initialValues,
  initialEmployee = null,
  initialCompanyName,
  editing = false,
  onSubmit,
  onCancel,
  onConflict,
  notice,
  saveLabel,
}: UserFormProps) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [employee, setEmployee] = useState<EmployeeMatch | null>(initialEmployee);
  const companies = useCompanyOptions();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { isSubmitting },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: userFormResolver,
    defaultValues: initialValues,
  });
  const [userType, companyId] = useWatch({ control, name: ['UserType', 'CompanyId'] });
  const portalUser = isType(userType, 'PortalUser');

  // Most accounts run one company: then there is nothing to choose.
  const onlyCompany = companies.data?.length === 1 ? companies.data[0]!.CompanyId : undefined;
  useEffect(() => {
    if (onlyCompany && !getValues('CompanyId')) setValue('CompanyId', onlyCompany);
  }, [onlyCompany, getValues, setValue]);

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await onSubmit(toUserRequest(values));
    } catch (error) {
      if (isApiError(error) && error.status === 409 && onConflict) return onConflict(error);
      setFormErrors(applyServerErrors(error, USER_FORM_FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0) handleError(error, USER_SAVE_FAILED);
    }
  });

  const companyOptions = companies.data
    ? companies.data.map((company) => ({
        value: company.CompanyId,
        label: company.IsActive ? company.Name : `${company.Name} (inactive)`,
      }))
    : // Until the list arrives, the chosen company stands alone so the select can show it.
      companyId
      ? [{ value: companyId, label: initialCompanyName ?? '…' }]
      : [];
  const field = { control, disabled: isSubmitting };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="User" sx={{ maxWidth: FORM_MAX_WIDTH }}>
      {notice}
      <FormErrorsAlert messages={formErrors} />
      <FormSection title="Account">
        <SelectInput {...field} name="UserType" label="User type" required options={USER_TYPE_OPTIONS} />
        <SelectInput
          {...field}
          name="CompanyId"
          label="Company"
          required
          options={companyOptions}
          helperText={companies.isError ? 'The companies could not be loaded.' : undefined}
          onValueChange={(nextCompanyId) => {
            // An employee belongs to one company: a link to another company's employee cannot stay.
            if (employee && employee.CompanyId !== nextCompanyId) {
              setEmployee(null);
              setValue('EmployeeId', null);
            }
          }}
        />
        <TextInput {...field} name="FullName" label="Full name" required autoComplete="off" />
        <TextInput {...field} name="Email" label="E-mail" type="email" required autoComplete="off" />
        {editing && (
          <SwitchInput
            {...field}
            name="IsActive"
            label="Active"
            helperText="An inactive user cannot sign in and is signed out everywhere."
          />
        )}
      </FormSection>
      {userType && !isType(userType, 'Admin') && (
        <FormSection title="Employee">
          <Controller
            control={control}
            name="EmployeeId"
            render={({ field: employeeField, fieldState }) => (
              <EmployeePicker
                companyId={companyId}
                value={employee}
                onChange={(next) => {
                  setEmployee(next);
                  employeeField.onChange(next?.EmployeeId ?? null);
                }}
                onBlur={employeeField.onBlur}
                inputRef={employeeField.ref}
                label="Linked employee"
                required={portalUser}
                disabled={isSubmitting}
                error={fieldState.error?.message}
                helperText={
                  portalUser
                    ? 'The employee whose requests and payslips this person sees in the portal.'
                    : 'Optional: the employee record of this staff member.'
                }
              />
            )}
          />
          {portalUser && (
            <SwitchInput
              {...field}
              name="IsApprover"
              label="Approver"
              helperText="Reviews leave, overtime and undertime requests in the portal."
            />
          )}
        </FormSection>
      )}
      <FormActions busy={isSubmitting} onCancel={onCancel} saveLabel={saveLabel} />
    </Box>
  );
}
