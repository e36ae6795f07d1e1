import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import {
  CreatePayComponentRequest,
  DE_MINIMIS_KINDS,
  DE_MINIMIS_LABELS,
  PAY_COMPONENT_SORTABLE,
  ProblemTypes,
  type DeMinimisKind,
  type PayComponent,
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
  fetchPayComponents,
  payComponentKeys,
  useCreatePayComponent,
  useDeletePayComponent,
  useUpdatePayComponent,
} from '../api/payroll-settings';
import { bodyResolver } from './body-resolver';

/** How a component is taxed, in words (the grid's Tax column). */
export const taxLabel = (c: Pick<PayComponent, 'Kind' | 'Taxable' | 'DeMinimis'>) =>
  c.Kind === 'Deduction'
    ? '—'
    : c.DeMinimis
      ? `De minimis: ${DE_MINIMIS_LABELS[c.DeMinimis]}`
      : c.Taxable
        ? 'Taxable'
        : 'Other benefits (₱90,000 exclusion)';

/** Payroll settings, "Pay components" tab: the company's earning and deduction codes, add, edit, delete. */
export function PayComponentsTable() {
  const [editing, setEditing] = useState<PayComponent | 'new' | null>(null);
  const { mutateAsync: remove } = useDeletePayComponent();
  const { mutateAsync: update } = useUpdatePayComponent();
  const list = useListQuery({
    queryKey: payComponentKeys.lists(),
    queryFn: fetchPayComponents,
    sortable: PAY_COMPONENT_SORTABLE,
    defaultSort: { SortBy: 'Name', SortDirection: 'asc' },
  });

  const removeComponent = useDeleteRow<PayComponent>('pay component', 'PayComponentId', remove, update);

  const columns = useMemo<GridColDef<PayComponent>[]>(
    () => [
      // The name and the tax treatment get the room (at 1366 px "Medical cash allowance to dependents" in full,
      // a long tax treatment nearly); code, kind and count are short.
      nameColumn<PayComponent>(setEditing, { flex: 1, minWidth: 180 }),
      { field: 'Code', headerName: 'Code', width: 115 },
      { field: 'Kind', headerName: 'Kind', width: 92 },
      {
        field: 'Taxable',
        headerName: 'Tax',
        flex: 1.11,
        minWidth: 160,
        sortable: false,
        valueGetter: (_v, row) => taxLabel(row),
      },
      { field: 'UsageCount', headerName: 'Used by', width: 75, sortable: false },
      statusColumn<PayComponent>(),
      editDeleteColumn<PayComponent>(setEditing, (row) => void removeComponent(row)),
    ],
    [removeComponent],
  );

  return (
    <>
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search name or code" />
        }
      >
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Add Pay Component
        </Button>
      </ListToolbar>
      <DataTable
        label="Pay components"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.PayComponentId}
        emptyMessage={list.request.Search ? 'No pay components match.' : 'No pay components yet.'}
      />
      {editing && (
        <PayComponentDialog component={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

type Values = {
  Code: string;
  Name: string;
  Kind: PayComponent['Kind'];
  Taxable: boolean;
  DeMinimis: string;
  IsActive: boolean;
};
const NONE = 'none';
const FIELDS = ['Code', 'Name', 'Kind', 'DeMinimis'] as const;
const toBody = (v: Values) => ({
  ...v,
  DeMinimis: v.Kind === 'Earning' && v.DeMinimis !== NONE ? (v.DeMinimis as DeMinimisKind) : null,
  Taxable: v.Kind === 'Earning' && v.Taxable,
});

function PayComponentDialog({ component, onClose }: { component: PayComponent | null; onClose: () => void }) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: create } = useCreatePayComponent();
  const { mutateAsync: update } = useUpdatePayComponent();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: bodyResolver<Values>(CreatePayComponentRequest, toBody),
    defaultValues: {
      Code: component?.Code ?? '',
      Name: component?.Name ?? '',
      Kind: component?.Kind ?? 'Earning',
      Taxable: component?.Taxable ?? true,
      DeMinimis: component?.DeMinimis ?? NONE,
      IsActive: component?.IsActive ?? true,
    },
  });
  const earning = useWatch({ control, name: 'Kind' }) === 'Earning';
  const deMinimis = useWatch({ control, name: 'DeMinimis' }) !== NONE;
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const body = toBody(values);
      if (component) {
        await update({ id: component.PayComponentId, body: { ...body, RowVersion: component.RowVersion } });
        toast.success('Pay component updated');
      } else {
        await create(body);
        toast.success('Pay component added');
      }
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        toast.warning(
          'This pay component was changed by someone else; the list now shows the latest version.',
        );
        onClose();
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The pay component could not be saved.');
    }
  });
  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="pay-component-title"
    >
      <DialogTitle id="pay-component-title">
        {component ? `Edit ${component.Name}` : 'Add Pay Component'}
      </DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Pay component">
          <FormErrorsAlert messages={formErrors} />
          <TextInput {...field} name="Name" label="Name" required fullWidth margin="normal" autoFocus />
          <TextInput
            {...field}
            name="Code"
            label="Code"
            required
            fullWidth
            margin="normal"
            helperText="Capital letters, digits, - or _ (e.g. RICE); recurring items and adjustments use it"
          />
          <SelectInput
            {...field}
            name="Kind"
            label="Kind"
            fullWidth
            margin="normal"
            options={[
              { value: 'Earning', label: 'Earning (allowance, bonus)' },
              { value: 'Deduction', label: 'Deduction' },
            ]}
          />
          {earning && (
            <>
              <SelectInput
                {...field}
                name="DeMinimis"
                label="De minimis benefit"
                fullWidth
                margin="normal"
                options={[
                  { value: NONE, label: 'Not de minimis' },
                  ...DE_MINIMIS_KINDS.map((k) => ({ value: k, label: DE_MINIMIS_LABELS[k] })),
                ]}
                helperText="Exempt from tax up to its ceiling (RR 29-2025 from Jan 6, 2026: Payroll Settings › Statutory tables)"
              />
              {!deMinimis && (
                <SwitchInput
                  {...field}
                  name="Taxable"
                  label="Taxable"
                  helperText="Off: 13th month and other benefits, exempt up to ₱90,000 a year with the 13th month (the excess is taxable); not SSS compensation"
                />
              )}
            </>
          )}
          <SwitchInput {...field} name="IsActive" label="Active" />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={component ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
