import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  ADJUSTMENT_TAX_CLASS_LABELS,
  ADJUSTMENT_TAX_CLASSES,
  adjustmentRules,
  CreatePayrollAdjustmentFields,
  DE_MINIMIS_KINDS,
  DE_MINIMIS_LABELS,
  type PayrollAdjustment,
  type PayrollPeriodDetail,
  type PayslipDetail,
} from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { useScrollRegion } from '@/components/scroll-region';
import { applyServerErrors, FormErrorsAlert, SelectInput, TextInput } from '@/components/form-fields';
import { PayslipLines } from '@/components/payslip-lines';
import { saveFile } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { formatCurrency } from '@/lib/currency';
import { formatIsoDate, manilaToday, withReadableDates } from '@/lib/dates';
import { errorMessage, handleError } from '@/lib/error-handler';
import {
  downloadFinalPayCertificate,
  useAddAdjustment,
  useDeleteAdjustment,
  usePayslip,
  useSetPayslipStatus,
} from '../api/payroll-periods';
import { PayComponentPicker } from './pay-component-picker';
import { MoneyField } from './money-field';

// The form sends the tax class, never the older Taxable flag.
const adjustmentForm = adjustmentRules(
  CreatePayrollAdjustmentFields.omit({ EmployeeId: true, Taxable: true }),
);
type AdjustmentValues = z.input<typeof adjustmentForm>;
type AdjustmentOutput = z.output<typeof adjustmentForm>;
const ADJUSTMENT_FIELDS = [
  'Kind',
  'Code',
  'Description',
  'Amount',
  'TaxClass',
  'DeMinimis',
  'Reason',
] as const;

/** The tax class select: what each class does to tax and SSS (contracts ADJUSTMENT_TAX_CLASSES). */
const TAX_CLASS_OPTIONS = ADJUSTMENT_TAX_CLASSES.map((c) => ({
  value: c,
  label: ADJUSTMENT_TAX_CLASS_LABELS[c],
  description: {
    Taxable: 'Salary correction, overtime, taxable allowance: taxed, SSS compensation',
    Benefit:
      'Bonus, incentive, cash gift: exempt up to ₱90,000 a year with the 13th month, not SSS compensation',
    DeMinimis:
      'Rice, uniform, Christmas gift, monetised leave…: exempt up to its ceiling, not SSS compensation',
  }[c],
}));
const DE_MINIMIS_OPTIONS = DE_MINIMIS_KINDS.map((k) => ({ value: k, label: DE_MINIMIS_LABELS[k] }));

/** How an adjustment is taxed, for the list. */
const taxClassText = (a: PayrollAdjustment) =>
  a.TaxClass === 'DeMinimis' && a.DeMinimis
    ? `De minimis: ${DE_MINIMIS_LABELS[a.DeMinimis]}`
    : a.TaxClass
      ? ADJUSTMENT_TAX_CLASS_LABELS[a.TaxClass]
      : null;

/** One employee's payslip in review: lines, warnings, one-off adjustments, hold / include / exclude, and the
 *  certificate of final pay of a released final-pay period. */
export function PayslipDrawer({
  periodId,
  payslipId,
  editable,
  period,
  onClose,
}: {
  periodId: string;
  payslipId: string | null;
  /** Draft or Computed: adjustments and hold / exclude are allowed. */
  editable: boolean;
  /** Its status and kind: an approved period still holds pay back; a released final pay has a certificate. */
  period: Pick<PayrollPeriodDetail, 'Status' | 'Kind'> & { running: boolean };
  onClose: () => void;
}) {
  const payslip = usePayslip(periodId, payslipId);
  const data = payslip.data;
  // The payslip scrolls below the drawer's title bar: the keyboard can scroll it too.
  const scroller = useScrollRegion('Payslip details');
  return (
    <Drawer
      anchor="right"
      open={payslipId !== null}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 560 } }, 'aria-labelledby': 'payslip-drawer-title' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 2 }}>
        <Typography id="payslip-drawer-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {data ? `${data.FullName} · ${data.EmployeeNumber}` : 'Payslip'}
        </Typography>
        <IconButton onClick={onClose} aria-label="Close">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ p: { xs: 1.5, sm: 3 }, overflowY: 'auto' }} {...scroller}>
        {payslip.isPending ? (
          <Skeleton variant="rounded" height={320} aria-label="Loading the payslip" />
        ) : payslip.isError ? (
          <Alert severity="error">{errorMessage(payslip.error, 'The payslip could not be loaded.')}</Alert>
        ) : data ? (
          <PayslipBody periodId={periodId} data={data} editable={editable} period={period} />
        ) : null}
      </Box>
    </Drawer>
  );
}

function PayslipBody({
  periodId,
  data,
  editable,
  period,
}: {
  periodId: string;
  data: PayslipDetail;
  editable: boolean;
  period: Pick<PayrollPeriodDetail, 'Status' | 'Kind'> & { running: boolean };
}) {
  // After approval pay can still be held back or released (not excluded: that needs a compute).
  const holdable =
    editable || (period.Status === 'Approved' && !period.running && data.Status !== 'Excluded');
  const closed = period.Status === 'Finalised' || period.Status === 'Paid';
  const certificate = period.Kind === 'FinalPay' && closed;
  // Pay held back from a closed period is paid later, once: released today, by the bank file of today's releases.
  const releasable = closed && data.Status === 'Held' && !data.ReleasedOn;
  const downloadCertificate = async () => {
    try {
      saveFile(
        await downloadFinalPayCertificate(periodId, data.EmployeeId),
        `final-pay-certificate-${data.EmployeeNumber}.pdf`,
      );
    } catch (error) {
      handleError(error, 'The certificate of final pay could not be downloaded.');
    }
  };
  const confirm = useConfirm();
  const { mutateAsync: setStatus, isPending: settingStatus } = useSetPayslipStatus();
  const { mutateAsync: deleteAdjustment } = useDeleteAdjustment(periodId);
  const changeStatus = async (action: 'hold' | 'include' | 'exclude' | 'release') => {
    if (action === 'release') {
      const ok = await confirm({
        title: `Release the held pay of ${data.FullName}?`,
        message: `${formatCurrency(data.NetPay)} net is released today, ${formatIsoDate(manilaToday())}, and paid by its own bank file: Payroll reports → Bank file, with “Held pay released on” set to today. The period's own bank file does not change. A release cannot be undone.`,
        confirmLabel: 'Release pay',
        irreversible: true,
      });
      if (!ok) return;
    }
    // Payroll walkthrough: Exclude took the employee off the payroll at one click.
    if (action === 'exclude') {
      const ok = await confirm({
        title: `Exclude ${data.FullName}?`,
        message: `${data.FullName} is not paid in this period: the payslip leaves the totals, the bank file and the remittances. Include brings it back until the period is approved.`,
        confirmLabel: 'Exclude',
        destructive: true,
      });
      if (!ok) return;
    }
    try {
      await setStatus({ payslipId: data.Id, action });
      toast.success(
        action === 'hold'
          ? 'Payslip held back from payment'
          : action === 'release'
            ? 'Held pay released: download the bank file of today’s releases'
            : action === 'exclude'
              ? 'Employee excluded'
              : 'Employee included',
      );
    } catch (error) {
      handleError(error, 'The payslip could not be changed.');
    }
  };
  const removeAdjustment = async (id: string, description: string) => {
    const ok = await confirm({
      title: 'Remove adjustment?',
      message: `“${description}” is removed; compute the period again to update the payslip.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!ok) return;
    try {
      await deleteAdjustment(id);
      toast.success('Adjustment removed; compute again to apply it');
    } catch (error) {
      handleError(error, 'The adjustment could not be removed.');
    }
  };
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Chip
          size="small"
          label={data.Status}
          color={data.Status === 'Included' ? 'success' : data.Status === 'Held' ? 'warning' : 'default'}
        />
        {data.ReleasedOn && (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={`Released ${formatIsoDate(data.ReleasedOn)}`}
          />
        )}
        {data.DepartmentName && <Chip size="small" variant="outlined" label={data.DepartmentName} />}
        <Box sx={{ flex: 1 }} />
        {certificate && (
          <Button
            size="small"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void downloadCertificate()}
          >
            Certificate of final pay
          </Button>
        )}
        {releasable && (
          <Button
            size="small"
            variant="contained"
            onClick={() => void changeStatus('release')}
            disabled={settingStatus}
          >
            Release pay
          </Button>
        )}
        {holdable && data.Status !== 'Included' && (
          <Button size="small" onClick={() => void changeStatus('include')} disabled={settingStatus}>
            Include
          </Button>
        )}
        {holdable && data.Status !== 'Held' && (
          <Button size="small" onClick={() => void changeStatus('hold')} disabled={settingStatus}>
            Hold
          </Button>
        )}
        {editable && data.Status !== 'Excluded' && (
          <Button
            size="small"
            color="error"
            onClick={() => void changeStatus('exclude')}
            disabled={settingStatus}
          >
            Exclude
          </Button>
        )}
      </Box>
      {data.Warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {data.Warnings.map((w) => (
              <li key={w}>{withReadableDates(w)}</li>
            ))}
          </Box>
        </Alert>
      )}
      <PayslipLines lines={data.Lines} gross={data.Gross} deductions={data.Deductions} netPay={data.NetPay} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, px: 2 }}>
        Taxable {formatCurrency(data.TaxableBase)} · tax withheld {formatCurrency(data.WithholdingTax)} ·
        employer statutory {formatCurrency(data.EmployerShares)}
      </Typography>

      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, fontWeight: 600 }}>
        Adjustments
      </Typography>
      {data.Adjustments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No one-off adjustment for this employee in this period.
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Adjustments">
          {data.Adjustments.map((a) => (
            <ListItem
              key={a.Id}
              disableGutters
              secondaryAction={
                editable && (
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${a.Description}`}
                    onClick={() => void removeAdjustment(a.Id, a.Description)}
                  >
                    <DeleteOutlined />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={`${a.Kind === 'Earning' ? '+' : '−'} ${formatCurrency(a.Amount)} · ${a.Description} (${a.Code})`}
                secondary={[taxClassText(a), `${a.Reason} — ${a.CreatedByName ?? 'unknown'}`]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editable && <AdjustmentForm periodId={periodId} employeeId={data.EmployeeId} />}
    </>
  );
}

function AdjustmentForm({ periodId, employeeId }: { periodId: string; employeeId: string }) {
  const { mutateAsync: add } = useAddAdjustment(periodId);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // Remounts the picker with the form's reset, so it does not show the last adjustment's component.
  const [addedCount, setAddedCount] = useState(0);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { isSubmitting },
  } = useForm<AdjustmentValues, unknown, AdjustmentOutput>({
    resolver: zodResolver(adjustmentForm),
    defaultValues: {
      Kind: 'Earning',
      Code: '',
      Description: '',
      Amount: '',
      TaxClass: 'Taxable',
      DeMinimis: null,
      Reason: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await add({ ...values, EmployeeId: employeeId });
      toast.success('Adjustment added; compute the period again to apply it');
      reset();
      setAddedCount((n) => n + 1);
    } catch (error) {
      setFormErrors(applyServerErrors(error, ADJUSTMENT_FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The adjustment could not be added.');
    }
  });
  const kind = useWatch({ control, name: 'Kind' });
  const taxClass = useWatch({ control, name: 'TaxClass' });
  // Only an earning has a tax class, and only a de minimis one a kind.
  const kindChanged = (value: string) =>
    setValue('TaxClass', value === 'Earning' ? 'Taxable' : null, { shouldValidate: true });
  const classChanged = (value: string) => {
    if (value !== 'DeMinimis') setValue('DeMinimis', null, { shouldValidate: true });
  };
  const field = { control, disabled: isSubmitting };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add adjustment" sx={{ mt: 2 }}>
      <FormErrorsAlert messages={formErrors} />
      <PayComponentPicker
        key={addedCount}
        margin="none"
        disabled={isSubmitting}
        // The component's treatment as a tax class: de minimis of its kind, taxable, or else a benefit.
        onPick={({ Taxable: taxable, DeMinimis: deMinimis, ...picked }) => {
          for (const [name, value] of Object.entries(picked))
            setValue(name as keyof typeof picked, value as never, { shouldValidate: true });
          const earning = picked.Kind === 'Earning';
          setValue('TaxClass', !earning ? null : deMinimis ? 'DeMinimis' : taxable ? 'Taxable' : 'Benefit', {
            shouldValidate: true,
          });
          setValue('DeMinimis', earning ? deMinimis : null, { shouldValidate: true });
        }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SelectInput
          {...field}
          name="Kind"
          label="Kind"
          onValueChange={kindChanged}
          options={[
            { value: 'Earning', label: 'Earning (added)' },
            { value: 'Deduction', label: 'Deduction (taken off)' },
          ]}
        />
        <TextInput {...field} name="Code" label="Code" required helperText="e.g. BONUS, SHORTAGE" />
      </Box>
      <TextInput {...field} name="Description" label="Description" required />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <MoneyField {...field} name="Amount" label="Amount (₱)" required />
        {kind === 'Earning' && (
          <SelectInput
            {...field}
            name="TaxClass"
            label="Tax class"
            options={TAX_CLASS_OPTIONS}
            onValueChange={classChanged}
          />
        )}
      </Box>
      {kind === 'Earning' && taxClass === 'DeMinimis' && (
        <SelectInput
          {...field}
          name="DeMinimis"
          label="De minimis benefit"
          required
          options={DE_MINIMIS_OPTIONS}
          helperText="Exempt up to this benefit's ceiling for the month or year; the excess joins the ₱90,000 exclusion"
        />
      )}
      <TextInput
        {...field}
        name="Reason"
        label="Reason"
        required
        multiline
        minRows={2}
        helperText="Kept in the audit trail"
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Add adjustment
        </Button>
      </Box>
    </Box>
  );
}
