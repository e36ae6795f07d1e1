import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  CreatePayItemRequest,
  DE_MINIMIS_KINDS,
  DE_MINIMIS_LABELS,
  ProblemTypes,
  type PayItem,
} from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SelectInput,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { formatIsoDate } from '@/lib/dates';
import { handleError } from '@/lib/error-handler';
import { useDeleteItem, usePayItems, useSaveItem } from '../api/pay-profiles';
import { bodyResolver } from './body-resolver';
import { CarriedDeductions } from './carried-deductions';
import { MoneyField } from './money-field';
import { PayComponentPicker } from './pay-component-picker';
import { dateLabelProps, EmptyState, peso, TabState } from './pay-form-bits';
import { SmallTable, type SmallColumn } from './small-table';

const ITEM_COLUMNS: SmallColumn<PayItem>[] = [
  { key: 'Kind', header: 'Kind', cell: (i) => i.Kind },
  { key: 'Code', header: 'Code', cell: (i) => i.Code },
  { key: 'Description', header: 'Description', cell: (i) => i.Description },
  { key: 'Amount', header: 'Per period', align: 'right', cell: (i) => peso(i.Amount) },
  {
    key: 'Tax',
    header: 'Tax',
    cell: (i) =>
      i.Kind === 'Deduction'
        ? '—'
        : i.DeMinimis
          ? `De minimis: ${DE_MINIMIS_LABELS[i.DeMinimis]}`
          : i.Taxable
            ? 'Taxable'
            : 'Other benefits (₱90,000 exclusion)',
  },
  {
    key: 'InForce',
    header: 'In force',
    cell: (i) =>
      `${formatIsoDate(i.EffectiveFrom)} – ${i.EffectiveTo ? formatIsoDate(i.EffectiveTo) : 'open'}`,
  },
];

/** Recurring items tab: allowances and deductions per pay period while in force. */
export function ItemsTab({ employeeId }: { employeeId: string }) {
  const items = usePayItems(employeeId);
  const [editing, setEditing] = useState<PayItem | 'new' | null>(null);
  const confirm = useConfirm();
  const { mutateAsync: remove } = useDeleteItem(employeeId);
  if (items.isPending || items.isError) return <TabState query={items} what="recurring items" />;

  const removeItem = async (item: PayItem) => {
    const agreed = await confirm({
      title: 'Delete recurring item',
      message: `Delete ${item.Description}? Payrolls already finalised keep what they paid.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!agreed) return;
    try {
      await remove(item.PayItemId);
      toast.success('Recurring item deleted');
    } catch (error) {
      handleError(error, 'The recurring item could not be deleted.');
    }
  };

  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
      Add Item
    </Button>
  );
  return (
    <>
      {items.data.length === 0 ? (
        <EmptyState action={add}>No recurring allowances or deductions.</EmptyState>
      ) : (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>{add}</Box>
          <SmallTable
            label="Recurring items"
            rows={items.data}
            columns={ITEM_COLUMNS}
            rowKey={(i) => i.PayItemId}
            // On a phone each item's card is titled by what it is.
            cardTitle="Description"
            actions={(i, phone) =>
              phone ? (
                <>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<EditOutlined />}
                    aria-label={`Edit ${i.Description}`}
                    onClick={() => setEditing(i)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<DeleteOutlined />}
                    aria-label={`Delete ${i.Description}`}
                    onClick={() => void removeItem(i)}
                  >
                    Delete
                  </Button>
                </>
              ) : (
                <>
                  <IconButton aria-label={`Edit ${i.Description}`} onClick={() => setEditing(i)}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Delete ${i.Description}`} onClick={() => void removeItem(i)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </>
              )
            }
          />
        </>
      )}
      <CarriedDeductions employeeId={employeeId} />
      {editing && (
        <ItemDialog
          employeeId={employeeId}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

interface Values {
  Kind: 'Earning' | 'Deduction';
  Code: string;
  Description: string;
  Amount: string;
  Taxable: boolean;
  DeMinimis: string;
  EffectiveFrom: string;
  EffectiveTo: string;
}
const NONE = 'none';
const FIELDS = [
  'Kind',
  'Code',
  'Description',
  'Amount',
  'DeMinimis',
  'EffectiveFrom',
  'EffectiveTo',
] as const;
const toBody = (v: Values) => ({
  ...v,
  DeMinimis: v.Kind === 'Earning' && v.DeMinimis !== NONE ? v.DeMinimis : null,
  Taxable: v.Kind === 'Earning' ? v.Taxable : false,
  EffectiveTo: v.EffectiveTo || null,
});

function ItemDialog({
  employeeId,
  item,
  onClose,
}: {
  employeeId: string;
  item: PayItem | null;
  onClose: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: save } = useSaveItem(employeeId);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: bodyResolver<Values>(CreatePayItemRequest, toBody),
    defaultValues: {
      Kind: item?.Kind ?? 'Earning',
      Code: item?.Code ?? '',
      Description: item?.Description ?? '',
      Amount: item?.Amount ?? '',
      Taxable: item?.Taxable ?? true,
      DeMinimis: item?.DeMinimis ?? NONE,
      EffectiveFrom: item?.EffectiveFrom ?? '',
      EffectiveTo: item?.EffectiveTo ?? '',
    },
  });
  const earning = useWatch({ control, name: 'Kind' }) === 'Earning';
  const deMinimis = useWatch({ control, name: 'DeMinimis' }) !== NONE;
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      const body = toBody(values);
      await save({
        itemId: item?.PayItemId,
        body: (item ? { ...body, RowVersion: item.RowVersion } : body) as never,
      });
      toast.success(item ? 'Recurring item updated' : 'Recurring item added');
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        toast.warning('This item was changed by someone else; the list now shows the latest version.');
        onClose();
        return;
      }
      setFormErrors(applyServerErrors(error, FIELDS, setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The recurring item could not be saved.');
    }
  });
  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="item-title"
    >
      <DialogTitle id="item-title">{item ? `Edit ${item.Description}` : 'Add Recurring Item'}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Recurring item">
          <FormErrorsAlert messages={formErrors} />
          <PayComponentPicker
            margin="normal"
            disabled={isSubmitting}
            onPick={({ DeMinimis, ...picked }) => {
              for (const [name, value] of Object.entries(picked))
                setValue(name as keyof typeof picked, value as never, { shouldValidate: true });
              setValue('DeMinimis', DeMinimis ?? NONE);
            }}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <SelectInput
              {...field}
              name="Kind"
              label="Kind"
              margin="normal"
              options={[
                { value: 'Earning', label: 'Earning (allowance)' },
                { value: 'Deduction', label: 'Deduction' },
              ]}
            />
            <TextInput
              {...field}
              name="Code"
              label="Code"
              required
              margin="normal"
              helperText="e.g. RICE, UNION-DUES"
            />
            <TextInput {...field} name="Description" label="Description" required margin="normal" />
            <MoneyField
              control={control}
              disabled={isSubmitting}
              name="Amount"
              label="Amount per period (₱)"
              required
              margin="normal"
            />
            <TextInput
              {...field}
              {...dateLabelProps}
              name="EffectiveFrom"
              label="From"
              type="date"
              required
              margin="normal"
            />
            <TextInput
              {...field}
              {...dateLabelProps}
              name="EffectiveTo"
              label="Until"
              type="date"
              margin="normal"
              helperText="Empty: until changed"
            />
          </Box>
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
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={item ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
