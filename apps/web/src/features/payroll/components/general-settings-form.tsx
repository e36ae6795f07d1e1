import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  ProblemTypes,
  UpdatePayrollGeneralSettingsRequest,
  type PayrollGeneralSettings,
} from '@hrpay/contracts';
import { ConflictAlert } from '@/components/edit-page';
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
import { errorDetail, handleError } from '@/lib/error-handler';
import { useUpdatePayrollGeneralSettings } from '../api/payroll-settings';
import { MoneyField } from './money-field';

type Values = Record<string, unknown>;
const BANK_FIELDS = ['BpiCompanyCode', 'BpiCompanyAccount', 'BdoCompanyCode', 'BdoCompanyAccount'] as const;
const FIELDS = [
  'Divisor',
  'ContributionSplit',
  'TaxMethod',
  'WeeklyContributions',
  'MinimumNetPay',
  'MinimumDailyWage',
  'FirstCutoffEndDay',
  'WeeklyCutoffEndDay',
  'PayDateLagDays',
  'ApproverMustDiffer',
  ...BANK_FIELDS,
] as const;
const NUMBERS = ['Divisor', 'FirstCutoffEndDay', 'WeeklyCutoffEndDay', 'PayDateLagDays'] as const;
const FREQUENCY: Record<string, string> = {
  SemiMonthly: 'Semi-monthly',
  Monthly: 'Monthly',
  Weekly: 'Weekly',
};
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Numbers are typed as text; the API's own schema checks the converted values. No minimum wage: null. */
const toBody = (values: Values) => ({
  ...values,
  MinimumDailyWage: values.MinimumDailyWage === '' ? null : values.MinimumDailyWage,
  ...Object.fromEntries(NUMBERS.map((n) => [n, values[n] === '' ? undefined : Number(values[n])])),
});

/** The general tab: the engine's settings and the cut-off and pay-date rules of the company. */
export function GeneralSettingsForm({
  settings,
  onReload,
}: {
  settings: PayrollGeneralSettings;
  onReload: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const { mutateAsync: save } = useUpdatePayrollGeneralSettings();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: (async (values, context, options) =>
      zodResolver(UpdatePayrollGeneralSettingsRequest as never)(
        toBody(values) as never,
        context,
        options as never,
      )) as Resolver<Values>,
    defaultValues: {
      ...settings,
      ...Object.fromEntries(NUMBERS.map((n) => [n, String(settings[n])])),
      WeeklyCutoffEndDay: String(settings.WeeklyCutoffEndDay),
      MinimumDailyWage: settings.MinimumDailyWage ?? '',
      ...Object.fromEntries(BANK_FIELDS.map((n) => [n, settings[n] ?? ''])),
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    setConflict(null);
    try {
      await save({
        ...(toBody(values) as UpdatePayrollGeneralSettingsRequest),
        RowVersion: settings.RowVersion,
      });
      toast.success('Payroll settings saved');
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        setConflict(errorDetail(error) ?? 'The settings were changed by someone else.');
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0) {
        handleError(error, 'The payroll settings could not be saved.');
      }
    }
  });

  const field = { control, disabled: isSubmitting };
  const number = { type: 'number' } as const;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="General payroll settings"
      sx={{ maxWidth: FORM_MAX_WIDTH }}
    >
      {conflict && <ConflictAlert onReload={onReload}>{conflict}</ConflictAlert>}
      <FormErrorsAlert messages={formErrors} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {settings.CompanyName} is paid {FREQUENCY[settings.PayFrequency ?? ''] ?? 'on its own schedule'}; the
        Admin sets the pay frequency on the company record.
      </Alert>
      <FormSection title="Rates and deductions">
        <TextInput
          {...field}
          {...number}
          name="Divisor"
          label="Days-per-year divisor"
          helperText="Monthly to daily rate: 261 (5 days a week), 313 (6 days), 365 (paid every day)"
        />
        <MoneyField
          {...field}
          name="MinimumNetPay"
          label="Minimum take-home pay (₱)"
          helperText="Loans and other deductions stop before pay falls below this"
        />
        <MoneyField
          {...field}
          name="MinimumDailyWage"
          label="Minimum daily wage (₱)"
          helperText="The daily minimum wage of the company's region (RTWPB wage order); payroll warns about rates below it. Leave empty for no check."
        />
        <SelectInput
          {...field}
          name="ContributionSplit"
          label="Monthly contributions on semi-monthly pay"
          options={[
            { value: 'equal', label: 'Half on each cut-off' },
            { value: 'first-cutoff', label: 'All on the first cut-off' },
            { value: 'second-cutoff', label: 'All on the second cut-off' },
            { value: 'month-to-date', label: 'Month-to-date on each cut-off' },
          ]}
        />
        <SelectInput
          {...field}
          name="WeeklyContributions"
          label="Monthly contributions on weekly pay"
          options={[
            { value: 'last-week', label: 'In the last week of the month' },
            { value: 'month-to-date', label: 'Month-to-date every week' },
          ]}
        />
        <SelectInput
          {...field}
          name="TaxMethod"
          label="Withholding tax"
          options={[
            { value: 'per-period', label: 'Per-period table (RR 11-2018), trued up in December' },
            { value: 'annualised', label: 'Annualised every period' },
          ]}
        />
      </FormSection>
      <FormSection title="Cut-offs and pay dates">
        <TextInput
          {...field}
          {...number}
          name="FirstCutoffEndDay"
          label="Semi-monthly: first cut-off ends on day"
          helperText="The second runs to the month's end"
        />
        <SelectInput
          {...field}
          name="WeeklyCutoffEndDay"
          label="Weekly: the week ends on"
          options={DAYS.map((d, i) => ({ value: String(i), label: d }))}
        />
        <TextInput
          {...field}
          {...number}
          name="PayDateLagDays"
          label="Pay date: days after the cut-off"
          helperText="A period is paid this many days after its cut-off ends"
        />
      </FormSection>
      <FormSection title="Approval">
        <SwitchInput
          {...field}
          name="ApproverMustDiffer"
          label="A second person approves each payroll"
          helperText="The Payroll user who computed a period cannot approve it; another Payroll user of the company must"
        />
      </FormSection>
      <FormSection title="Bank payroll files">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextInput
            {...field}
            name="BpiCompanyCode"
            label="BPI company code"
            helperText="From the company's payroll enrolment with BPI"
          />
          <TextInput {...field} name="BpiCompanyAccount" label="BPI funding account" helperText="10 digits" />
          <TextInput
            {...field}
            name="BdoCompanyCode"
            label="BDO company code"
            helperText="From the company's payroll enrolment with BDO"
          />
          <TextInput
            {...field}
            name="BdoCompanyAccount"
            label="BDO funding account"
            helperText="10 or 12 digits"
          />
        </Box>
      </FormSection>
      {/* Cancel puts back what is saved. */}
      <FormActions busy={isSubmitting} onCancel={() => reset()} />
    </Box>
  );
}
