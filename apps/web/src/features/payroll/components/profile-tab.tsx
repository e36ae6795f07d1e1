import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_METHODS,
  ProblemTypes,
  UpdateEmployeePayDetailsRequest,
  type EmployeePayDetails,
} from '@hrpay/contracts';
import { ConflictAlert } from '@/components/edit-page';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  FormSection,
  SelectInput,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { formatIsoDate } from '@/lib/dates';
import { handleError } from '@/lib/error-handler';
import { usePayDetails, useUpdatePayDetails } from '../api/pay-profiles';
import { bodyResolver } from './body-resolver';
import { flagLabel } from './pay-details-logic';
import { peso, TabState } from './pay-form-bits';

interface Values {
  IsMinimumWageEarner: boolean;
  PaymentMethod: EmployeePayDetails['PaymentMethod'];
  ExemptSss: boolean;
  ExemptPhilHealth: boolean;
  ExemptPagIbig: boolean;
  ExemptWithholdingTax: boolean;
  Divisor: string;
  BankName: string;
  BankAccountNumber: string;
  RowVersion: number;
}
const FIELDS = ['PaymentMethod', 'Divisor', 'BankName', 'BankAccountNumber'] as const;

const toBody = (v: Values) => ({
  ...v,
  Divisor: v.Divisor.trim() === '' ? null : Number(v.Divisor),
  BankName: v.BankName.trim() || null,
  BankAccountNumber: v.BankAccountNumber.trim() || null,
});

/** Profile tab: minimum wage earner, payment method and bank, statutory exemptions, divisor override. */
export function ProfileTab({ employeeId, onClose }: { employeeId: string; onClose: () => void }) {
  const details = usePayDetails(employeeId);
  if (details.isPending || details.isError) return <TabState query={details} what="pay profile" />;
  return (
    <ProfileForm
      key={details.data.RowVersion}
      details={details.data}
      onReload={() => void details.refetch()}
      onClose={onClose}
    />
  );
}

function ProfileForm({
  details,
  onReload,
  onClose,
}: {
  details: EmployeePayDetails;
  onReload: () => void;
  onClose: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const { mutateAsync: save } = useUpdatePayDetails(details.EmployeeId);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: bodyResolver<Values>(UpdateEmployeePayDetailsRequest, toBody),
    defaultValues: {
      IsMinimumWageEarner: details.IsMinimumWageEarner,
      PaymentMethod: details.PaymentMethod,
      ExemptSss: details.ExemptSss,
      ExemptPhilHealth: details.ExemptPhilHealth,
      ExemptPagIbig: details.ExemptPagIbig,
      ExemptWithholdingTax: details.ExemptWithholdingTax,
      Divisor: details.Divisor === null ? '' : String(details.Divisor),
      BankName: details.BankName ?? '',
      BankAccountNumber: details.BankAccountNumber ?? '',
      RowVersion: details.RowVersion,
    },
  });
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    setConflict(null);
    try {
      await save(toBody(values));
      toast.success('Payroll details saved');
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        setConflict(
          'Someone else saved these payroll details since you opened them. Reload to see their changes.',
        );
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The payroll details could not be saved.');
    }
  });
  const field = { control, disabled: isSubmitting };
  const bank = useWatch({ control, name: 'PaymentMethod' }) === 'Bank';
  const rate = details.CurrentRate;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Pay profile">
      {conflict && <ConflictAlert onReload={onReload}>{conflict}</ConflictAlert>}
      <FormErrorsAlert messages={formErrors} />
      <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {rate
            ? `Rate in force: ${peso(rate.Rate)} ${rate.RateType === 'Monthly' ? 'a month' : 'a day'}${rate.EffectiveFrom ? ` since ${formatIsoDate(rate.EffectiveFrom)}` : ''}`
            : 'No rate on file'}
        </Typography>
        {details.Flags.map((f) => (
          <Chip key={f} size="small" color="warning" variant="outlined" label={flagLabel(f)} />
        ))}
      </Box>
      <FormSection title="Payment">
        <SelectInput
          {...field}
          name="PaymentMethod"
          label="Payment method"
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
        />
        <TextInput {...field} name="BankName" label="Bank" disabled={isSubmitting || !bank} />
        <TextInput
          {...field}
          name="BankAccountNumber"
          label="Account number"
          disabled={isSubmitting || !bank}
          helperText={bank ? 'Needed for the bank payroll file' : 'Not needed for cash or check'}
        />
      </FormSection>
      <FormSection title="Statutory">
        <SwitchInput
          {...field}
          name="IsMinimumWageEarner"
          label="Minimum wage earner (tax-exempt basic pay)"
        />
        <SwitchInput {...field} name="ExemptSss" label="Exempt from SSS" />
        <SwitchInput {...field} name="ExemptPhilHealth" label="Exempt from PhilHealth" />
        <SwitchInput {...field} name="ExemptPagIbig" label="Exempt from Pag-IBIG" />
        <SwitchInput {...field} name="ExemptWithholdingTax" label="Exempt from withholding tax" />
        <TextInput
          {...field}
          name="Divisor"
          label="Days-per-year divisor"
          inputMode="numeric"
          helperText="Leave empty to use the company's divisor"
        />
      </FormSection>
      <Typography variant="caption" color="text.secondary" component="p">
        TIN {details.TIN ?? '—'} · SSS {details.SSSNumber ?? '—'} · PhilHealth{' '}
        {details.PhilHealthNumber ?? '—'} · Pag-IBIG {details.PagIbigNumber ?? '—'} (HR keeps these on the 201
        file)
      </Typography>
      <FormActions busy={isSubmitting} onCancel={onClose} />
    </Box>
  );
}
