import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  normalizePagIbigNumber,
  normalizePhilHealthNumber,
  normalizeSssEmployerNumber,
  normalizeTin,
  type CreateCompanyRequest,
  ProblemTypes,
} from '@hrpay/contracts';
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
import { isApiError, isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import {
  COMPANY_FORM_FIELDS,
  companyFormSchema,
  PAY_FREQUENCY_LABELS,
  toCompanyRequest,
  type CompanyFormOutput,
  type CompanyFormValues,
} from './company-values';

export const COMPANY_SAVE_FAILED = 'The company could not be saved.';

const payFrequencyOptions = Object.entries(PAY_FREQUENCY_LABELS).map(([value, label]) => ({ value, label }));

export interface CompanyFormProps {
  initialValues: CompanyFormValues;
  /** Sends the body; a thrown 400 is shown on the fields, a stale-version 409 goes to `onConflict` when given. */
  onSubmit: (request: CreateCompanyRequest) => Promise<unknown>;
  onCancel: () => void;
  onConflict?: () => void;
  /** Above the first section (the edit page's "changed by someone else" alert). */
  notice?: ReactNode;
  saveLabel?: string;
}

/** Add and edit company: Company, Government registrations, Contact. */
export function CompanyForm({
  initialValues,
  onSubmit,
  onCancel,
  onConflict,
  notice,
  saveLabel,
}: CompanyFormProps) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: initialValues,
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await onSubmit(toCompanyRequest(values));
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion) && onConflict) return onConflict();
      const leftovers = applyServerErrors(error, COMPANY_FORM_FIELDS, setError);
      setFormErrors(leftovers);
      if (!isApiError(error) || error.validationErrors.length === 0) handleError(error, COMPANY_SAVE_FAILED);
    }
  });

  const field = { control, disabled: isSubmitting };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Company" sx={{ maxWidth: FORM_MAX_WIDTH }}>
      {notice}
      <FormErrorsAlert messages={formErrors} />
      <FormSection title="Company">
        <TextInput {...field} name="Name" label="Name" required autoFocus />
        <TextInput
          {...field}
          name="RegisteredName"
          label="Registered name"
          helperText="As registered with SEC or DTI, if different"
        />
        <TextInput
          {...field}
          name="Tin"
          label="TIN"
          required
          helperText="000-000-000-000"
          normalizeOnBlur={normalizeTin}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextInput
          {...field}
          name="RdoCode"
          label="RDO code"
          helperText="3 digits"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
        />
        <SelectInput {...field} name="PayFrequency" label="Pay frequency" options={payFrequencyOptions} />
        <SwitchInput
          {...field}
          name="IsActive"
          label="Active"
          helperText="Inactive companies stay on record but are left out of new work."
        />
      </FormSection>
      <FormSection title="Government registrations">
        <TextInput
          {...field}
          name="SssEmployerNumber"
          label="SSS employer number"
          helperText="00-0000000-0"
          normalizeOnBlur={normalizeSssEmployerNumber}
        />
        <TextInput
          {...field}
          name="PhilHealthEmployerNumber"
          label="PhilHealth employer number"
          helperText="00-000000000-0"
          normalizeOnBlur={normalizePhilHealthNumber}
        />
        <TextInput
          {...field}
          name="PagIbigEmployerNumber"
          label="Pag-IBIG employer number"
          helperText="0000-0000-0000"
          normalizeOnBlur={normalizePagIbigNumber}
        />
      </FormSection>
      <FormSection title="Contact">
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextInput {...field} name="Address" label="Address" multiline minRows={2} />
        </Box>
        <TextInput
          {...field}
          name="ZipCode"
          label="ZIP code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <TextInput {...field} name="Email" label="E-mail" type="email" />
        <TextInput {...field} name="Phone" label="Phone" type="tel" />
      </FormSection>
      <FormActions busy={isSubmitting} onCancel={onCancel} saveLabel={saveLabel} />
    </Box>
  );
}
