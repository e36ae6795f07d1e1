import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import {
  normalizePagIbigNumber,
  normalizePhilHealthNumber,
  normalizeSssNumber,
  normalizeTin,
  ProblemTypes,
  type CreateEmployeeRequest,
} from '@hrpay/contracts';
import { EmployeePicker } from '@/components/employee-picker';
import {
  applyServerErrors,
  FORM_MAX_WIDTH,
  FormActions,
  FormErrorsAlert,
  FormSection,
  SelectInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { visuallyHidden } from '@/lib/visually-hidden';
import type { EmployeeMatch } from '@/lib/employee-search';
import { useEmployeeFormOptions, type Choice } from '../api/employees';
import {
  CIVIL_STATUS_OPTIONS,
  EMPLOYEE_FORM_FIELDS,
  EMPLOYEE_SECTIONS,
  employeeFormSchema,
  EMPLOYMENT_TYPE_OPTIONS,
  GENDER_OPTIONS,
  toEmployeeRequest,
  WEEKDAYS,
  type EmployeeFormOutput,
  type EmployeeFormValues,
} from './employee-values';

export const EMPLOYEE_SAVE_FAILED = 'The employee could not be saved.';

export interface EmployeeFormProps {
  initialValues: EmployeeFormValues;
  /** The record being edited: its id (a supervisor cannot be the employee) and current supervisor's name. */
  editing?: { employeeId: string; supervisorName: string | null; companyId: string };
  onSubmit: (request: CreateEmployeeRequest) => Promise<unknown>;
  onCancel: () => void;
  onConflict?: () => void;
  notice?: ReactNode;
  saveLabel?: string;
}

/** Active choices plus the one the record holds (an inactive department stays visible on old records). */
function choices(list: Choice[] | undefined, current: string | null | undefined, none = 'None') {
  return [
    { value: '', label: none },
    ...(list ?? [])
      .filter((c) => c.active || c.value === current)
      .map((c) => ({ value: c.value, label: c.active ? c.label : `${c.label} (inactive)` })),
  ];
}

/** Add and edit an employee's 201 file: tabs on wide screens, the sections one under another on phones. */
export function EmployeeForm({
  initialValues,
  editing,
  onSubmit,
  onCancel,
  onConflict,
  notice,
  saveLabel,
}: EmployeeFormProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [tab, setTab] = useState(0);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const options = useEmployeeFormOptions();
  const [supervisor, setSupervisor] = useState<EmployeeMatch | null>(
    editing && initialValues.SupervisorId
      ? {
          EmployeeId: initialValues.SupervisorId,
          FullName: editing.supervisorName ?? '',
          EmployeeNumber: '',
          CompanyId: editing.companyId,
        }
      : null,
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting, errors },
  } = useForm<EmployeeFormValues, unknown, EmployeeFormOutput>({
    resolver: zodResolver(employeeFormSchema),
    defaultValues: initialValues,
  });
  const [shiftId, restDays] = useWatch({ control, name: ['ShiftId', 'RestDays'] });

  /** Opens the first section holding an error, so a message on a hidden tab is seen. */
  const showFirstError = (fields: string[]) => {
    const index = EMPLOYEE_SECTIONS.findIndex((s) => s.fields.some((f) => fields.includes(f)));
    if (index >= 0) setTab(index);
  };
  const submit = handleSubmit(
    async (values) => {
      setFormErrors([]);
      try {
        await onSubmit(toEmployeeRequest(values));
      } catch (error) {
        if (isProblem(error, ProblemTypes.staleRowVersion) && onConflict) return onConflict();
        const leftovers = applyServerErrors(error, EMPLOYEE_FORM_FIELDS, setError);
        setFormErrors(leftovers);
        if (isApiError(error)) showFirstError(error.validationErrors.map((e) => e.Code ?? ''));
        if (!isApiError(error) || error.validationErrors.length === 0)
          handleError(error, EMPLOYEE_SAVE_FAILED);
      }
    },
    (errors: FieldErrors<EmployeeFormValues>) => showFirstError(Object.keys(errors)),
  );

  const field = { control, disabled: isSubmitting };
  const data = options.data;
  const shift = data?.shifts.find((s) => s.value === shiftId);
  const date = { type: 'date', slotProps: { inputLabel: { shrink: true } } } as const;

  const sections: Record<(typeof EMPLOYEE_SECTIONS)[number]['id'], ReactNode> = {
    personal: (
      <>
        {/* A new record starts at its number; an edit does not put the cursor in the id (UI review). */}
        <TextInput {...field} name="EmployeeNumber" label="Employee number" required autoFocus={!editing} />
        <TextInput {...field} name="LastName" label="Last name" required />
        <TextInput {...field} name="FirstName" label="First name" required />
        <TextInput {...field} name="MiddleName" label="Middle name" />
        <TextInput {...field} name="Suffix" label="Suffix" helperText="Jr., Sr., III" />
        <TextInput {...field} name="Nickname" label="Nickname" />
        <TextInput {...field} {...date} name="BirthDate" label="Birth date" />
        <TextInput {...field} name="BirthPlace" label="Birth place" />
        <SelectInput {...field} name="Gender" label="Sex" options={GENDER_OPTIONS} />
        <SelectInput {...field} name="CivilStatus" label="Civil status" options={CIVIL_STATUS_OPTIONS} />
        <TextInput {...field} name="Nationality" label="Nationality" />
        <TextInput {...field} name="Religion" label="Religion" helperText="Optional" />
      </>
    ),
    contact: (
      <>
        <TextInput {...field} name="Email" label="E-mail" type="email" />
        <TextInput {...field} name="MobileNumber" label="Mobile number" type="tel" helperText="09XXXXXXXXX" />
        <TextInput {...field} name="PresentAddress" label="Present address" multiline minRows={2} />
        <TextInput {...field} name="PermanentAddress" label="Permanent address" multiline minRows={2} />
        <TextInput {...field} name="EmergencyContactName" label="Emergency contact" />
        <TextInput
          {...field}
          name="EmergencyContactRelationship"
          label="Relationship"
          helperText="Spouse, parent, sibling…"
        />
        <TextInput {...field} name="EmergencyContactPhone" label="Emergency contact phone" type="tel" />
      </>
    ),
    ids: (
      <>
        <TextInput
          {...field}
          name="TIN"
          label="TIN"
          helperText="000-000-000 or 000-000-000-000"
          normalizeOnBlur={normalizeTin}
        />
        <TextInput
          {...field}
          name="SSSNumber"
          label="SSS number"
          helperText="00-0000000-0"
          normalizeOnBlur={normalizeSssNumber}
        />
        <TextInput
          {...field}
          name="PhilHealthNumber"
          label="PhilHealth number"
          helperText="00-000000000-0"
          normalizeOnBlur={normalizePhilHealthNumber}
        />
        <TextInput
          {...field}
          name="PagIbigNumber"
          label="Pag-IBIG MID number"
          helperText="0000-0000-0000"
          normalizeOnBlur={normalizePagIbigNumber}
        />
      </>
    ),
    employment: (
      <>
        <SelectInput
          {...field}
          name="DepartmentId"
          label="Department"
          options={choices(data?.departments, initialValues.DepartmentId)}
        />
        <SelectInput
          {...field}
          name="PositionId"
          label="Position"
          options={choices(data?.positions, initialValues.PositionId)}
        />
        <SelectInput
          {...field}
          name="EmploymentStatusId"
          label="Employment status"
          required
          options={choices(data?.employmentStatuses, initialValues.EmploymentStatusId, 'Choose…')}
        />
        <SelectInput
          {...field}
          name="EmploymentType"
          label="Employment type"
          options={EMPLOYMENT_TYPE_OPTIONS}
        />
        <TextInput {...field} {...date} name="HireDate" label="Hire date" required />
        <TextInput {...field} {...date} name="RegularizationDate" label="Regularization date" />
        <Controller
          control={control}
          name="SupervisorId"
          render={({ field: f, fieldState }) => (
            // The picker's text field takes the theme's 'normal' margin like the selects beside it: a margin of
            // the wrapper's own on top of it set the Supervisor 16 px lower than Work location.
            <Box>
              <EmployeePicker
                companyId="own"
                label="Supervisor"
                value={supervisor}
                onChange={(picked) => {
                  setSupervisor(picked);
                  f.onChange(picked?.EmployeeId ?? null);
                }}
                onBlur={f.onBlur}
                inputRef={f.ref}
                disabled={isSubmitting}
                error={fieldState.error?.message}
                helperText="Approves this employee's requests"
              />
            </Box>
          )}
        />
        <SelectInput
          {...field}
          name="WorkLocationId"
          label="Work location"
          options={choices(data?.workLocations, initialValues.WorkLocationId)}
        />
      </>
    ),
    schedule: (
      <>
        <SelectInput
          {...field}
          name="ShiftId"
          label="Shift"
          options={[
            { value: '', label: 'None' },
            ...(data?.shifts ?? [])
              .filter((s) => s.active || s.value === initialValues.ShiftId)
              .map((s) => ({ value: s.value, label: `${s.label} (${s.hours})` })),
          ]}
        />
        <TextInput
          {...field}
          {...date}
          name="ScheduleEffectiveDate"
          label="Schedule effective from"
          helperText={
            editing
              ? 'A change of shift or rest days starts on this date (default today)'
              : 'Default: the hire date'
          }
        />
        <TextInput
          {...field}
          name="DeviceUserId"
          label="Terminal user ID"
          helperText="The employee's ID on the biometric terminal, when its punch files do not carry the employee number"
        />
        <Controller
          control={control}
          name="RestDays"
          render={({ field: f, fieldState }) => (
            <Box sx={{ gridColumn: '1 / -1', mt: 2 }}>
              <FormControlLabel
                label="Own rest days (instead of the shift's)"
                disabled={isSubmitting}
                control={
                  <Switch
                    checked={f.value != null}
                    onChange={(event) => f.onChange(event.target.checked ? (shift?.restDays ?? [0]) : null)}
                  />
                }
              />
              <FormGroup row aria-label="Rest days">
                {WEEKDAYS.map((day, index) => {
                  const days = restDays ?? shift?.restDays ?? [];
                  return (
                    <FormControlLabel
                      key={day}
                      label={day}
                      disabled={isSubmitting || restDays == null}
                      control={
                        <Checkbox
                          checked={days.includes(index)}
                          onChange={(event) =>
                            f.onChange(
                              event.target.checked
                                ? [...days, index].sort((a, b) => a - b)
                                : days.filter((d) => d !== index),
                            )
                          }
                        />
                      }
                    />
                  );
                })}
              </FormGroup>
              <FormHelperText error={!!fieldState.error}>
                {fieldState.error?.message ??
                  (restDays == null
                    ? shift
                      ? `The shift's rest days apply.`
                      : 'Choose a shift, or set the employee’s own rest days.'
                    : 'These rest days apply whatever the shift.')}
              </FormHelperText>
            </Box>
          )}
        />
      </>
    ),
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Employee"
      sx={{ maxWidth: FORM_MAX_WIDTH }}
    >
      {notice}
      <FormErrorsAlert messages={formErrors} />
      {options.isError && (
        <Typography color="error" sx={{ mb: 2 }}>
          The company’s departments, positions and shifts could not be loaded; reload the page to choose them.
        </Typography>
      )}
      {wide ? (
        <Card sx={{ mb: 2 }}>
          <Tabs
            value={tab}
            onChange={(_e, next: number) => setTab(next)}
            aria-label="Employee record sections"
            sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
          >
            {EMPLOYEE_SECTIONS.map((s, i) => {
              // A section holding an error says so on its tab (an icon, and in its name), so one not shown
              // is not missed.
              const invalid = s.fields.some((f) => f in errors);
              return (
                <Tab
                  key={s.id}
                  label={
                    <span>
                      {s.title}
                      {invalid && (
                        <Box component="span" sx={visuallyHidden}>
                          {' '}
                          (has errors)
                        </Box>
                      )}
                    </span>
                  }
                  icon={
                    invalid ? <ErrorOutlineOutlined color="error" fontSize="small" aria-hidden /> : undefined
                  }
                  iconPosition="end"
                  id={`employee-tab-${s.id}`}
                  aria-controls={`employee-panel-${i}`}
                />
              );
            })}
          </Tabs>
          {EMPLOYEE_SECTIONS.map((s, i) => (
            <Box
              key={s.id}
              role="tabpanel"
              id={`employee-panel-${i}`}
              aria-labelledby={`employee-tab-${s.id}`}
              hidden={tab !== i}
            >
              <FormSection title={s.title} flat>
                {sections[s.id]}
              </FormSection>
            </Box>
          ))}
        </Card>
      ) : (
        EMPLOYEE_SECTIONS.map((s) => (
          <FormSection key={s.id} title={s.title}>
            {sections[s.id]}
          </FormSection>
        ))
      )}
      <FormActions busy={isSubmitting} onCancel={onCancel} saveLabel={saveLabel} />
    </Box>
  );
}
