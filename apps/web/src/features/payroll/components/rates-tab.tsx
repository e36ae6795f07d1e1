import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { CreatePayRateRequest, type PayRate } from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError } from '@/lib/api-error';
import { formatIsoDate } from '@/lib/dates';
import { errorDetail, handleError } from '@/lib/error-handler';
import { useAddRate, useDeleteRate, usePayRates } from '../api/pay-profiles';
import { bodyResolver } from './body-resolver';
import { MoneyField } from './money-field';
import { dateLabelProps, EmptyState, peso, TabState } from './pay-form-bits';
import { SmallTable, type SmallColumn } from './small-table';

const RATE_COLUMNS: SmallColumn<PayRate>[] = [
  {
    key: 'EffectiveFrom',
    header: 'Effective',
    cell: (r) => (
      <>
        {r.EffectiveFrom ? formatIsoDate(r.EffectiveFrom) : 'Hire date'}{' '}
        {r.IsCurrent && <Chip size="small" color="success" label="In force" />}
        {r.IsFuture && <Chip size="small" variant="outlined" label="Upcoming" />}
      </>
    ),
  },
  { key: 'RateType', header: 'Type', cell: (r) => r.RateType },
  { key: 'Rate', header: 'Rate', align: 'right', cell: (r) => peso(r.Rate) },
  { key: 'HoursPerDay', header: 'Hours/day', align: 'right', cell: (r) => r.HoursPerDay },
  { key: 'ColaPerDay', header: 'COLA/day', align: 'right', cell: (r) => peso(r.ColaPerDay) },
  { key: 'Reason', header: 'Reason', cell: (r) => r.Reason ?? '' },
];

/** Rates tab: the effective-dated history (a raise is a new row); only a rate not yet in force can be deleted. */
export function RatesTab({ employeeId }: { employeeId: string }) {
  const rates = usePayRates(employeeId);
  const [adding, setAdding] = useState(false);
  const confirm = useConfirm();
  const { mutateAsync: remove } = useDeleteRate(employeeId);
  if (rates.isPending || rates.isError) return <TabState query={rates} what="rates" />;

  const removeRate = async (rate: PayRate) => {
    const agreed = await confirm({
      title: 'Delete rate',
      message: `Delete the ${peso(rate.Rate)} rate effective ${rate.EffectiveFrom ? formatIsoDate(rate.EffectiveFrom) : 'from the hire date'}? This cannot be undone.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!agreed) return;
    try {
      await remove(rate.PayRateId!);
      toast.success('Rate deleted');
    } catch (error) {
      handleError(error, 'The rate could not be deleted.');
    }
  };

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
      Add Rate
    </Button>
  );
  return (
    <>
      {rates.data.length === 0 ? (
        <EmptyState action={add}>
          No rate on file yet. Payroll cannot pay this employee without one.
        </EmptyState>
      ) : (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{add}</Box>
          <SmallTable
            label="Rate history"
            rows={rates.data}
            columns={RATE_COLUMNS}
            rowKey={(r) => r.PayRateId ?? 'starting'}
            selected={(r) => r.IsCurrent}
            actions={(r, phone) => {
              if (!r.IsFuture || !r.PayRateId) return null;
              const name = `Delete the rate effective ${r.EffectiveFrom ? formatIsoDate(r.EffectiveFrom) : ''}`;
              return phone ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  aria-label={name}
                  onClick={() => void removeRate(r)}
                >
                  Delete
                </Button>
              ) : (
                <IconButton aria-label={name} onClick={() => void removeRate(r)}>
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              );
            }}
          />
        </>
      )}
      {adding && <RateDialog employeeId={employeeId} onClose={() => setAdding(false)} />}
    </>
  );
}

interface Values {
  EffectiveFrom: string;
  RateType: 'Monthly' | 'Daily';
  Rate: string;
  HoursPerDay: string;
  ColaPerDay: string;
  Reason: string;
}
const FIELDS = ['EffectiveFrom', 'RateType', 'Rate', 'HoursPerDay', 'ColaPerDay', 'Reason'] as const;
const toBody = (v: Values) => ({
  ...v,
  HoursPerDay: v.HoursPerDay.trim() === '' ? 8 : Number(v.HoursPerDay),
  ColaPerDay: v.ColaPerDay.trim() || '0',
  Reason: v.Reason.trim() || null,
});

function RateDialog({ employeeId, onClose }: { employeeId: string; onClose: () => void }) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: add } = useAddRate(employeeId);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: bodyResolver<Values>(CreatePayRateRequest, toBody),
    defaultValues: {
      EffectiveFrom: '',
      RateType: 'Monthly',
      Rate: '',
      HoursPerDay: '8',
      ColaPerDay: '0',
      Reason: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await add(toBody(values) as never);
      toast.success('Rate added');
      onClose();
    } catch (error) {
      const left = applyServerErrors(error, FIELDS, setError);
      const detail = isApiError(error) && error.validationErrors.length === 0 ? errorDetail(error) : null;
      setFormErrors(detail ? [...left, detail] : left);
      if (!isApiError(error)) handleError(error, 'The rate could not be added.');
    }
  });
  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="rate-title"
    >
      <DialogTitle id="rate-title">Add Rate</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Rate">
          <FormErrorsAlert messages={formErrors} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput
              {...field}
              {...dateLabelProps}
              name="EffectiveFrom"
              label="Effective from"
              type="date"
              required
              margin="normal"
              autoFocus
            />
            <SelectInput
              {...field}
              name="RateType"
              label="Rate type"
              margin="normal"
              options={[
                { value: 'Monthly', label: 'Monthly salary' },
                { value: 'Daily', label: 'Daily rate' },
              ]}
            />
            <MoneyField
              control={control}
              disabled={isSubmitting}
              name="Rate"
              label="Rate (₱)"
              required
              margin="normal"
            />
            <TextInput
              {...field}
              name="HoursPerDay"
              label="Hours per day"
              margin="normal"
              inputMode="decimal"
            />
            <MoneyField
              control={control}
              disabled={isSubmitting}
              name="ColaPerDay"
              label="COLA per day (₱)"
              margin="normal"
            />
            <TextInput
              {...field}
              name="Reason"
              label="Reason"
              margin="normal"
              helperText="e.g. Wage order, merit increase"
            />
          </Box>
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel="Add" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
