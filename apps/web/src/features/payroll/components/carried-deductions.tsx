import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { WaiveCarriedDeductionRequest, type CarriedDeduction } from '@hrpay/contracts';
import { applyServerErrors, FormActions, FormErrorsAlert, TextInput } from '@/components/form-fields';
import { isApiError } from '@/lib/api-error';
import { formatIsoDate } from '@/lib/dates';
import { handleError } from '@/lib/error-handler';
import { useCarriedDeductions, useWaiveCarriedDeduction } from '../api/pay-profiles';
import { bodyResolver } from './body-resolver';
import { peso } from './pay-form-bits';
import { SmallTable, type SmallColumn } from './small-table';

const STATUS_COLOR = { Open: 'warning', Taken: 'success', Waived: 'default' } as const;
const STATUS_LABEL = { Open: 'Open', Taken: 'Taken up', Waived: 'Waived' } as const;

const COLUMNS: SmallColumn<CarriedDeduction>[] = [
  { key: 'Description', header: 'Deduction', cell: (c) => `${c.Description} (${c.Code})` },
  {
    key: 'From',
    header: 'Not deducted in',
    cell: (c) => `${c.FromPeriodName}, paid ${formatIsoDate(c.FromPayDate)}`,
  },
  { key: 'Amount', header: 'Amount', align: 'right', cell: (c) => peso(c.Amount) },
  {
    key: 'Status',
    header: 'Status',
    cell: (c) => (
      <Box>
        <Chip size="small" label={STATUS_LABEL[c.Status]} color={STATUS_COLOR[c.Status]} />
        <Typography variant="caption" color="text.secondary" component="div">
          {c.Status === 'Open'
            ? c.FromPeriodKind === 'FinalPay'
              ? 'No payroll follows a final pay: collect it outside payroll, or waive it'
              : 'Deducted by the next payroll'
            : c.Status === 'Taken'
              ? `By ${c.TakenInPeriodName} (what did not fit is carried again)`
              : `${c.WaivedByName ?? 'Payroll'}: ${c.WaiveReason}`}
        </Typography>
      </Box>
    ),
  },
];

/**
 * Deductions earlier finalised payslips could not take for want of pay, carried to the next payroll until one
 * deducts them; payroll may waive an open one (with a reason, audited). Shown only when the employee has any.
 */
export function CarriedDeductions({ employeeId }: { employeeId: string }) {
  const carried = useCarriedDeductions(employeeId);
  const [waiving, setWaiving] = useState<CarriedDeduction | null>(null);
  if (!carried.data?.Items.length) return null;
  return (
    <Box component="section" aria-labelledby="carried-title" sx={{ mt: 4 }}>
      <Typography id="carried-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Deductions carried from earlier payrolls
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A payslip without enough pay for a deduction carries it to the next payroll, which takes what fits.
      </Typography>
      <SmallTable
        label="Deductions carried from earlier payrolls"
        rows={carried.data.Items}
        columns={COLUMNS}
        rowKey={(c) => c.CarryoverId}
        cardTitle="Description"
        actions={(c) =>
          c.Status === 'Open' ? (
            <Button size="small" color="error" onClick={() => setWaiving(c)}>
              Waive
            </Button>
          ) : null
        }
      />
      {waiving && <WaiveDialog employeeId={employeeId} carried={waiving} onClose={() => setWaiving(null)} />}
    </Box>
  );
}

function WaiveDialog({
  employeeId,
  carried,
  onClose,
}: {
  employeeId: string;
  carried: CarriedDeduction;
  onClose: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: waive } = useWaiveCarriedDeduction(employeeId);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<{ Reason: string }>({
    resolver: bodyResolver<{ Reason: string }>(WaiveCarriedDeductionRequest),
    defaultValues: { Reason: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await waive({ carryoverId: carried.CarryoverId, body: values });
      toast.success('Deduction waived');
      onClose();
    } catch (error) {
      setFormErrors(applyServerErrors(error, ['Reason'] as const, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The deduction could not be waived.');
    }
  });
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="waive-title"
    >
      <DialogTitle id="waive-title">Waive {carried.Description}?</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {peso(carried.Amount)} is no longer deducted from the employee's pay. A payroll already computed
          with it must be computed again. This cannot be undone.
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label="Waive deduction">
          <FormErrorsAlert messages={formErrors} />
          <TextInput
            control={control}
            disabled={isSubmitting}
            name="Reason"
            label="Reason"
            required
            fullWidth
            margin="normal"
            multiline
            minRows={2}
            autoFocus
          />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel="Waive" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
