import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  CreateLoanRequest,
  LoanAdjustmentRequest,
  ProblemTypes,
  type Loan,
  type LoanLedgerEntry,
} from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { useAdjustLoan, useCancelLoan, useLoans, useLoanTypeOptions, useSaveLoan } from '../api/pay-profiles';
import { bodyResolver } from './body-resolver';
import { MoneyField } from './money-field';
import { loanEditable, paidPercent } from './pay-details-logic';
import { dateLabelProps, EmptyState, peso, TabState } from './pay-form-bits';
import { SmallTable, type SmallColumn } from './small-table';
import { formatIsoDate } from '@/lib/dates';

const STATUS_COLOR = { Active: 'primary', Paid: 'success', Cancelled: 'default' } as const;

const LOAN_COLUMNS: SmallColumn<Loan>[] = [
  {
    key: 'Loan',
    header: 'Loan',
    cell: (l) => (
      <>
        {l.LoanTypeName}
        <Typography variant="caption" component="div" color="text.secondary">
          {l.ReferenceNumber ? `Ref. ${l.ReferenceNumber} · ` : ''}from {formatIsoDate(l.StartDate)}
        </Typography>
      </>
    ),
  },
  { key: 'Principal', header: 'Principal', align: 'right', cell: (l) => peso(l.Principal) },
  { key: 'Amortization', header: 'Per period', align: 'right', cell: (l) => peso(l.Amortization) },
  {
    key: 'Balance',
    header: 'Balance',
    align: 'right',
    cell: (l) => (
      <>
        {peso(l.Balance)}
        <LinearProgress
          variant="determinate"
          value={paidPercent(l)}
          aria-label={`${paidPercent(l)}% paid`}
          sx={{ mt: 0.5 }}
        />
      </>
    ),
  },
  {
    key: 'Status',
    header: 'Status',
    cell: (l) => <Chip size="small" variant="outlined" color={STATUS_COLOR[l.Status]} label={l.Status} />,
  },
];

/** A ledger on a phone: an entry a line of date, kind and amount, its remarks under them. */
const LEDGER_LIST = {
  listStyle: 'none',
  m: 0,
  p: 0,
  '& li': {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    columnGap: 2,
    py: 0.75,
    '& + li': { borderTop: 1, borderColor: 'divider' },
  },
  '& .amount': { textAlign: 'right', whiteSpace: 'nowrap' },
  '& .remarks': { gridColumn: '1 / -1', color: 'text.secondary' },
} as const;

/** Loans tab: each loan with its balance (principal less the ledger), ledger, edit, adjust and cancel. */
export function LoansTab({ employeeId }: { employeeId: string }) {
  const loans = useLoans(employeeId);
  const [editing, setEditing] = useState<Loan | 'new' | null>(null);
  const [adjusting, setAdjusting] = useState<Loan | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const confirm = useConfirm();
  const { mutateAsync: cancel } = useCancelLoan(employeeId);
  if (loans.isPending || loans.isError) return <TabState query={loans} what="loans" />;

  const cancelLoan = async (loan: Loan) => {
    const agreed = await confirm({
      title: 'Cancel loan',
      message: `Cancel the ${loan.LoanTypeName} of ${peso(loan.Principal)}? Payroll stops deducting it; its ledger stays.`,
      confirmLabel: 'Cancel loan',
      cancelLabel: 'Keep',
      destructive: true,
    });
    if (!agreed) return;
    try {
      await cancel({ loanId: loan.LoanId, body: { RowVersion: loan.RowVersion } });
      toast.success('Loan cancelled');
    } catch (error) {
      handleError(error, 'The loan could not be cancelled.');
    }
  };

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      Add Loan
    </Button>
  );
  return (
    <>
      {loans.data.length === 0 ? (
        <EmptyState action={add}>No loans.</EmptyState>
      ) : (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{add}</Box>
          <SmallTable
            label="Loans"
            rows={loans.data}
            columns={LOAN_COLUMNS}
            rowKey={(l) => l.LoanId}
            actionsPadding="normal"
            actions={(l, phone) => {
              // On a card the buttons are outlined, as the other tabs' cards' buttons are.
              const variant = phone ? 'outlined' : 'text';
              return (
                <>
                  <Button
                    size="small"
                    variant={variant}
                    aria-expanded={open === l.LoanId}
                    onClick={() => setOpen(open === l.LoanId ? null : l.LoanId)}
                  >
                    Ledger ({l.Ledger.length})
                  </Button>
                  {loanEditable(l) && (
                    <Button size="small" variant={variant} onClick={() => setEditing(l)}>
                      Edit
                    </Button>
                  )}
                  {l.Status !== 'Cancelled' && (
                    <Button size="small" variant={variant} onClick={() => setAdjusting(l)}>
                      Adjust
                    </Button>
                  )}
                  {l.Status === 'Active' && (
                    <Button size="small" variant={variant} color="error" onClick={() => void cancelLoan(l)}>
                      Cancel
                    </Button>
                  )}
                </>
              );
            }}
            detail={{
              open: (l) => open === l.LoanId,
              content: (l, phone) => <Ledger loan={l} phone={phone} />,
            }}
          />
        </>
      )}
      {editing && (
        <LoanDialog
          employeeId={employeeId}
          loan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {adjusting && (
        <AdjustDialog employeeId={employeeId} loan={adjusting} onClose={() => setAdjusting(null)} />
      )}
    </>
  );
}

/** A loan's ledger: a small table under its row; on a phone, inside its card, a list (no sideways scroll). */
function Ledger({ loan, phone }: { loan: Loan; phone: boolean }) {
  if (loan.Ledger.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
        No payments yet. Finalised payrolls add one each period.
      </Typography>
    );
  }
  const kindOf = (e: LoanLedgerEntry) => (e.PayrollPeriodId ? 'Payroll' : e.Kind);
  if (phone) {
    return (
      // role="list": WebKit drops a list's role when its bullets are styled away.
      <Box component="ul" role="list" aria-label={`Ledger of the ${loan.LoanTypeName}`} sx={LEDGER_LIST}>
        {loan.Ledger.map((e) => (
          <li key={e.LoanLedgerEntryId}>
            <span>
              {formatIsoDate(e.EntryDate)} · {kindOf(e)}
            </span>
            <span className="amount">{peso(e.Amount)}</span>
            {e.Remarks && <span className="remarks">{e.Remarks}</span>}
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label={`Ledger of the ${loan.LoanTypeName}`} sx={{ my: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Kind</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Remarks</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {loan.Ledger.map((e) => (
          <TableRow key={e.LoanLedgerEntryId}>
            <TableCell>{formatIsoDate(e.EntryDate)}</TableCell>
            <TableCell>{kindOf(e)}</TableCell>
            <TableCell align="right">{peso(e.Amount)}</TableCell>
            <TableCell>{e.Remarks ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface LoanValues {
  LoanTypeId: string;
  ReferenceNumber: string;
  Principal: string;
  Amortization: string;
  StartDate: string;
  Remarks: string;
}
const LOAN_FIELDS = [
  'LoanTypeId',
  'ReferenceNumber',
  'Principal',
  'Amortization',
  'StartDate',
  'Remarks',
] as const;
const loanBody = (v: LoanValues) => ({
  ...v,
  ReferenceNumber: v.ReferenceNumber.trim() || null,
  Remarks: v.Remarks.trim() || null,
});

function LoanDialog({
  employeeId,
  loan,
  onClose,
}: {
  employeeId: string;
  loan: Loan | null;
  onClose: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const types = useLoanTypeOptions();
  const { mutateAsync: save } = useSaveLoan(employeeId);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<LoanValues>({
    resolver: bodyResolver<LoanValues>(CreateLoanRequest, loanBody),
    defaultValues: {
      LoanTypeId: loan?.LoanTypeId ?? '',
      ReferenceNumber: loan?.ReferenceNumber ?? '',
      Principal: loan?.Principal ?? '',
      Amortization: loan?.Amortization ?? '',
      StartDate: loan?.StartDate ?? '',
      Remarks: loan?.Remarks ?? '',
    },
  });
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const body = loanBody(values);
      await save({
        loanId: loan?.LoanId,
        body: (loan ? { ...body, RowVersion: loan.RowVersion } : body) as never,
      });
      toast.success(loan ? 'Loan updated' : 'Loan added');
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion) || isProblem(error, ProblemTypes.invalidState)) {
        handleError(error, 'The loan could not be saved.');
        onClose();
        return;
      }
      setFormErrors(applyServerErrors(error, LOAN_FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The loan could not be saved.');
    }
  });
  const field = { control, disabled: isSubmitting };
  const options = (types.data ?? [])
    .filter((t) => t.IsActive || t.LoanTypeId === loan?.LoanTypeId)
    .map((t) => ({ value: t.LoanTypeId, label: t.Name }));
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="loan-title"
    >
      <DialogTitle id="loan-title">{loan ? 'Edit Loan' : 'Add Loan'}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Loan">
          <FormErrorsAlert messages={formErrors} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <SelectInput
              {...field}
              name="LoanTypeId"
              label="Loan type"
              required
              margin="normal"
              options={options}
            />
            <TextInput {...field} name="ReferenceNumber" label="Reference no." margin="normal" />
            <MoneyField
              control={control}
              disabled={isSubmitting}
              name="Principal"
              label="Principal (₱)"
              required
              margin="normal"
            />
            <MoneyField
              control={control}
              disabled={isSubmitting}
              name="Amortization"
              label="Amortisation per period (₱)"
              required
              margin="normal"
            />
            <TextInput
              {...field}
              {...dateLabelProps}
              name="StartDate"
              label="First deduction on or after"
              type="date"
              required
              margin="normal"
            />
            <TextInput {...field} name="Remarks" label="Remarks" margin="normal" />
          </Box>
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={loan ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

interface AdjustValues {
  EntryDate: string;
  Amount: string;
  Remarks: string;
}

function AdjustDialog({
  employeeId,
  loan,
  onClose,
}: {
  employeeId: string;
  loan: Loan;
  onClose: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: adjust } = useAdjustLoan(employeeId);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<AdjustValues>({
    resolver: bodyResolver<AdjustValues>(LoanAdjustmentRequest),
    defaultValues: { EntryDate: '', Amount: '', Remarks: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await adjust({ loanId: loan.LoanId, body: values });
      toast.success('Adjustment recorded');
      onClose();
    } catch (error) {
      setFormErrors(applyServerErrors(error, ['EntryDate', 'Amount', 'Remarks'] as const, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The adjustment could not be recorded.');
    }
  });
  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="adjust-title"
    >
      <DialogTitle id="adjust-title">Adjust {loan.LoanTypeName}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          Balance {peso(loan.Balance)}. A positive amount lowers it (a payment made outside payroll); a
          negative amount raises it. Entries cannot be edited or removed afterwards.
        </Typography>
        <Box component="form" noValidate onSubmit={submit} aria-label="Loan adjustment">
          <FormErrorsAlert messages={formErrors} />
          <TextInput
            {...field}
            {...dateLabelProps}
            name="EntryDate"
            label="Date"
            type="date"
            required
            fullWidth
            margin="normal"
            autoFocus
          />
          <MoneyField
            control={control}
            disabled={isSubmitting}
            name="Amount"
            label="Amount (₱)"
            required
            fullWidth
            margin="normal"
          />
          <TextInput
            {...field}
            name="Remarks"
            label="Remarks"
            required
            fullWidth
            margin="normal"
            multiline
            minRows={2}
          />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel="Record" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
