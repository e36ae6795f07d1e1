import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import {
  CreateLoanTypeRequest,
  LOAN_AGENCIES,
  LOAN_AGENCY_LABELS,
  LOAN_TYPE_SORTABLE,
  ProblemTypes,
  type LoanType,
} from '@hrpay/contracts';
import { editDeleteColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { DataTable, ListToolbar, SearchField } from '@/components/data-table';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { useDeleteRow } from '@/components/use-delete-or-deactivate';
import { isApiError, isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { useListQuery } from '@/lib/use-list-query';
import {
  fetchLoanTypes,
  loanTypeKeys,
  useCreateLoanType,
  useDeleteLoanType,
  useUpdateLoanType,
} from '../api/pay-profiles';
import { bodyResolver } from './body-resolver';

/** Payroll settings, "Loan types" tab: the company's loan types (government loans seeded), add, edit, delete. */
export function LoanTypesTable() {
  const [editing, setEditing] = useState<LoanType | 'new' | null>(null);
  const { mutateAsync: remove } = useDeleteLoanType();
  const { mutateAsync: update } = useUpdateLoanType();
  const list = useListQuery({
    queryKey: loanTypeKeys.lists(),
    queryFn: fetchLoanTypes,
    sortable: LOAN_TYPE_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
  });

  const removeType = useDeleteRow<LoanType>('loan type', 'LoanTypeId', remove, update);

  const columns = useMemo<GridColDef<LoanType>[]>(
    () => [
      nameColumn<LoanType>(setEditing, { flex: 1.4, minWidth: 200 }),
      { field: 'Code', headerName: 'Code', width: 130 },
      {
        field: 'Agency',
        headerName: 'Remitted to',
        width: 130,
        valueFormatter: (v: LoanType['Agency']) => LOAN_AGENCY_LABELS[v],
      },
      { field: 'LoanCount', headerName: 'Loans', width: 90, sortable: false },
      statusColumn<LoanType>(),
      editDeleteColumn<LoanType>(setEditing, (row) => void removeType(row)),
    ],
    [removeType],
  );

  return (
    <>
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search name or code" />
        }
      >
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add Loan Type
        </Button>
      </ListToolbar>
      <DataTable
        label="Loan types"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.LoanTypeId}
        emptyMessage={list.request.Search ? 'No loan types match.' : 'No loan types yet.'}
      />
      {editing && (
        <LoanTypeDialog loanType={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

type Values = { Code: string; Name: string; Agency: LoanType['Agency']; IsActive: boolean };
const FIELDS = ['Code', 'Name', 'Agency'] as const;

function LoanTypeDialog({ loanType, onClose }: { loanType: LoanType | null; onClose: () => void }) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: create } = useCreateLoanType();
  const { mutateAsync: update } = useUpdateLoanType();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: bodyResolver<Values>(CreateLoanTypeRequest),
    defaultValues: {
      Code: loanType?.Code ?? '',
      Name: loanType?.Name ?? '',
      Agency: loanType?.Agency ?? 'Company',
      IsActive: loanType?.IsActive ?? true,
    },
  });
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      if (loanType) {
        await update({ id: loanType.LoanTypeId, body: { ...values, RowVersion: loanType.RowVersion } });
        toast.success('Loan type updated');
      } else {
        await create(values);
        toast.success('Loan type added');
      }
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        toast.warning('This loan type was changed by someone else; the list now shows the latest version.');
        onClose();
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The loan type could not be saved.');
    }
  });
  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="loan-type-title"
    >
      <DialogTitle id="loan-type-title">{loanType ? `Edit ${loanType.Name}` : 'Add Loan Type'}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Loan type">
          <FormErrorsAlert messages={formErrors} />
          <TextInput {...field} name="Name" label="Name" required fullWidth margin="normal" autoFocus />
          <TextInput
            {...field}
            name="Code"
            label="Code"
            required
            fullWidth
            margin="normal"
            helperText="Capital letters, digits, - or _ (e.g. SSS-SAL)"
          />
          <SelectInput
            {...field}
            name="Agency"
            label="Remitted to"
            fullWidth
            margin="normal"
            options={LOAN_AGENCIES.map((a) => ({ value: a, label: LOAN_AGENCY_LABELS[a] }))}
            helperText="Which remittance report lists its payments"
          />
          <SwitchInput {...field} name="IsActive" label="Active" />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={loanType ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
