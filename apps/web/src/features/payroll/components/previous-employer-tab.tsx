import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PREVIOUS_EMPLOYER_AMOUNTS,
  SavePreviousEmployerRequest,
  type PreviousEmployerAmount,
  type PreviousEmployerCompensation,
} from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { applyServerErrors, FormErrorsAlert, TextInput } from '@/components/form-fields';
import { isApiError } from '@/lib/api-error';
import { manilaToday } from '@/lib/dates';
import { handleError } from '@/lib/error-handler';
import {
  useDeletePreviousEmployer,
  usePreviousEmployers,
  useSavePreviousEmployer,
} from '../api/pay-profiles';
import { bodyResolver } from './body-resolver';
import { MoneyField } from './money-field';
import { peso, TabState } from './pay-form-bits';

/** RowVersion: the version the form holds (as loaded or saved); it goes with the next save (a 409 if stale). */
type Values = {
  EmployerName: string;
  EmployerTIN: string;
  EmployerAddress: string;
  RowVersion: number;
} & Record<PreviousEmployerAmount, string>;
const FIELDS = [
  'EmployerName',
  'EmployerTIN',
  'EmployerAddress',
  ...PREVIOUS_EMPLOYER_AMOUNTS.map(([k]) => k),
] as const;
const TAXABLE_FROM = PREVIOUS_EMPLOYER_AMOUNTS.findIndex(([k]) => k === 'TaxableBasic');

const valuesOf = (r: PreviousEmployerCompensation | undefined): Values => ({
  EmployerName: r?.EmployerName ?? '',
  EmployerTIN: r?.EmployerTIN ?? '',
  EmployerAddress: r?.EmployerAddress ?? '',
  RowVersion: r?.RowVersion ?? 0,
  // Blank for nothing (the API takes it as 0.00): a figure is typed into an empty field, not after "0.00".
  ...(Object.fromEntries(
    PREVIOUS_EMPLOYER_AMOUNTS.map(([k]) => [k, !r || r[k] === '0.00' ? '' : r[k]]),
  ) as Record<PreviousEmployerAmount, string>),
});

/**
 * The year's compensation from a previous employer, copied from the BIR 2316 the employee brought: this employer's
 * year-end adjustment annualises it with its own, and its 2316 shows it in Part III.
 */
export function PreviousEmployerTab({ employeeId }: { employeeId: string }) {
  const thisYear = Number(manilaToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [dirty, setDirty] = useState(false);
  const confirm = useConfirm();
  const records = usePreviousEmployers(employeeId);
  const chooseYear = async (next: number) => {
    if (
      dirty &&
      !(await confirm({
        title: 'Discard your changes?',
        message: `The changes to the previous employer of ${year} are not saved.`,
        confirmLabel: 'Discard',
        destructive: true,
      }))
    )
      return;
    setDirty(false);
    setYear(next);
  };
  if (records.isPending || records.isError) return <TabState query={records} what="previous employers" />;
  const record = records.data.Items.find((r) => r.Year === year);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        For an employee hired during the year: the figures of the previous employer's BIR Form 2316. The
        year-end adjustment taxes the whole year's compensation, and this employer's 2316 shows them in Part
        III.
      </Typography>
      <TextField
        select
        size="small"
        label="Year"
        value={year}
        onChange={(event) => void chooseYear(Number(event.target.value))}
        sx={{ width: 140, mb: 2 }}
      >
        {[thisYear, thisYear - 1].map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <PreviousEmployerForm
        key={year}
        employeeId={employeeId}
        year={year}
        record={record}
        onDirtyChange={setDirty}
      />
    </>
  );
}

function PreviousEmployerForm({
  employeeId,
  year,
  record,
  onDirtyChange,
}: {
  employeeId: string;
  year: number;
  record: PreviousEmployerCompensation | undefined;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const confirm = useConfirm();
  const { mutateAsync: save } = useSavePreviousEmployer(employeeId);
  const { mutateAsync: remove, isPending: removing } = useDeletePreviousEmployer(employeeId);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { isSubmitting, isDirty },
  } = useForm<Values>({
    resolver: bodyResolver<Values>(SavePreviousEmployerRequest),
    defaultValues: valuesOf(record),
  });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    // A newer version read from the server replaces the form only when nothing is being edited.
    if (isDirty || (record?.RowVersion ?? 0) === getValues('RowVersion')) return;
    reset(valuesOf(record));
  }, [record, isDirty, reset, getValues]);
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      reset(valuesOf(await save({ year, body: values })));
      toast.success(`Previous employer of ${year} saved`);
    } catch (error) {
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The previous employer could not be saved.');
    }
  });
  const removeRecord = async () => {
    const ok = await confirm({
      title: `Remove the previous employer of ${year}?`,
      message: 'The year-end adjustment and the 2316 then leave its compensation out.',
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove(year);
      toast.success('Previous employer removed');
    } catch (error) {
      handleError(error, 'The previous employer could not be removed.');
    }
  };
  const field = { control, disabled: isSubmitting, size: 'small' as const, fullWidth: true };
  const money = (from: number, to?: number) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      {PREVIOUS_EMPLOYER_AMOUNTS.slice(from, to).map(([key, label]) => (
        <MoneyField key={key} {...field} name={key} label={label} margin="dense" placeholder="0.00" />
      ))}
    </Box>
  );
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={`Previous employer ${year}`}>
      {record ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Gross {peso(record.Gross)} · non-taxable {peso(record.NonTaxableTotal)} · taxable{' '}
          {peso(record.TaxableTotal)} · tax withheld {peso(record.TaxWithheld)}
        </Alert>
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          No previous employer recorded for {year}.
        </Typography>
      )}
      <FormErrorsAlert messages={formErrors} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, columnGap: 2 }}>
        <TextInput {...field} name="EmployerName" label="Employer name" required margin="dense" />
        <TextInput
          {...field}
          name="EmployerTIN"
          label="Employer TIN"
          margin="dense"
          placeholder="000-000-000-000"
        />
      </Box>
      <TextInput {...field} name="EmployerAddress" label="Employer address" margin="dense" />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Non-taxable compensation
      </Typography>
      {money(0, TAXABLE_FROM)}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        Taxable compensation and tax withheld
      </Typography>
      {money(TAXABLE_FROM)}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        {record && (
          <Button color="error" onClick={() => void removeRecord()} disabled={removing || isSubmitting}>
            Remove
          </Button>
        )}
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty && !!record}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
