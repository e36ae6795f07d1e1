import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import { UpdateApplicationSettingsRequest, ProblemTypes, type ApplicationSettings } from '@hrpay/contracts';
import { ConflictAlert, RecordLoadError, RecordLoading } from '@/components/edit-page';
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
import { PageHeader } from '@/components/page-header';
import { isApiError, isProblem } from '@/lib/api-error';
import { useApplicationSettings, useUpdateApplicationSettings } from '@/lib/application-settings';
import { errorDetail, handleError } from '@/lib/error-handler';

type Values = UpdateApplicationSettingsRequest;
const FIELDS = [
  'TimeFormat',
  'PayslipFooter',
  'PayslipSignatoryName',
  'PayslipSignatoryTitle',
  'PayslipPasswordProtected',
  'MailSenderName',
] as const;

/** /application-settings: the company's options the rest of the app reads (issue 10 §2). */
export default function ApplicationSettingsPage() {
  const settings = useApplicationSettings();
  if (settings.isPending) return <RecordLoading what="settings" />;
  if (settings.isError) {
    return (
      <RecordLoadError
        what="settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        back="/payroll/dashboard"
        backLabel="Back to the dashboard"
      />
    );
  }
  // A new version from the server (after saving, or a reload) starts the form again.
  return (
    <SettingsForm
      key={settings.data.RowVersion}
      settings={settings.data}
      onReload={() => void settings.refetch()}
    />
  );
}

function SettingsForm({ settings, onReload }: { settings: ApplicationSettings; onReload: () => void }) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  const { mutateAsync: save } = useUpdateApplicationSettings();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(UpdateApplicationSettingsRequest) as unknown as Resolver<Values>,
    defaultValues: {
      ...settings,
      PayslipFooter: settings.PayslipFooter ?? '',
      PayslipSignatoryName: settings.PayslipSignatoryName ?? '',
      PayslipSignatoryTitle: settings.PayslipSignatoryTitle ?? '',
      MailSenderName: settings.MailSenderName ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    setConflict(null);
    try {
      await save({ ...values, RowVersion: settings.RowVersion });
      toast.success('Settings saved');
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        setConflict(errorDetail(error) ?? 'The settings were changed by someone else.');
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0) {
        handleError(error, 'The settings could not be saved.');
      }
    }
  });

  const field = { control, disabled: isSubmitting };
  return (
    <>
      <PageHeader subtitle={`Options of ${settings.CompanyName} that every screen and document reads.`} />
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Application settings"
        sx={{ maxWidth: FORM_MAX_WIDTH }}
      >
        {conflict && <ConflictAlert onReload={onReload}>{conflict}</ConflictAlert>}
        <FormErrorsAlert messages={formErrors} />
        <FormSection title="Time">
          <SelectInput
            {...field}
            name="TimeFormat"
            label="Clock"
            helperText="How every screen writes and takes times"
            options={[
              { value: '24h', label: '24-hour (17:30)' },
              { value: '12h', label: '12-hour with AM / PM (5:30 PM)' },
            ]}
          />
        </FormSection>
        <FormSection title="Payslips">
          <TextInput
            {...field}
            name="PayslipSignatoryName"
            label="Signatory"
            helperText="Who signs the payslips"
          />
          <TextInput {...field} name="PayslipSignatoryTitle" label="Signatory's position" />
          <TextInput
            {...field}
            name="PayslipFooter"
            label="Footer"
            multiline
            minRows={2}
            helperText="Printed at the foot of every payslip"
          />
          <SwitchInput
            {...field}
            name="PayslipPasswordProtected"
            label="Protect payslip PDFs with a password"
            helperText="The employee's birth date (YYYYMMDD) opens the file."
          />
        </FormSection>
        <FormSection title="Mail">
          <TextInput
            {...field}
            name="MailSenderName"
            label="Sender name"
            helperText="The name mail from HRPAY is sent under"
          />
        </FormSection>
        {/* Cancel puts back what is saved. */}
        <FormActions busy={isSubmitting} onCancel={() => reset()} />
      </Box>
    </>
  );
}
