import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  CreateLookupRequest,
  LOOKUP_KINDS,
  ProblemTypes,
  type LookupItem,
  type LookupKind,
} from '@hrpay/contracts';
import {
  applyServerErrors,
  FormActions,
  FormErrorsAlert,
  SwitchInput,
  TextInput,
} from '@/components/form-fields';
import { isApiError, isProblem } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { useSaveLookup } from '../api/lookups';

type Values = z.input<typeof CreateLookupRequest>;
type Output = z.output<typeof CreateLookupRequest>;

/** "Add Position", "Add Employment Status": the button and the dialog, as every other list says it ("Add Shift"). */
export const addLabel = (kind: LookupKind) =>
  `Add ${LOOKUP_KINDS[kind].singular.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase())}`;

/** Add (no `item`) or edit one item of a lookup list, validated by the API's own schema. */
export function LookupDialog({
  kind,
  item,
  onClose,
}: {
  kind: LookupKind;
  item: LookupItem | null;
  onClose: () => void;
}) {
  const { singular } = LOOKUP_KINDS[kind];
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: save } = useSaveLookup(kind);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(CreateLookupRequest),
    defaultValues: { Name: item?.Name ?? '', IsActive: item?.IsActive ?? true },
  });

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await save({ id: item?.Id ?? null, body: item ? { ...values, RowVersion: item.RowVersion } : values });
      // Said as every other list says it, and as this list's deletes do ("Regular deleted"): the item, then what
      // happened (it was "Saved" after an edit, "Added Regular" after an add).
      toast.success(`${values.Name} ${item ? 'updated' : 'added'}`);
      onClose();
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        toast.warning(`This ${singular} was changed by someone else; the list now shows the latest version.`);
        onClose();
        return;
      }
      setFormErrors(applyServerErrors(error, ['Name', 'IsActive'], setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, `The ${singular} could not be saved.`);
    }
  });

  const title = item ? `Edit ${item.Name}` : addLabel(kind);
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="lookup-dialog-title"
    >
      <DialogTitle id="lookup-dialog-title">{title[0]!.toUpperCase() + title.slice(1)}</DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label={singular}>
          <FormErrorsAlert messages={formErrors} />
          <TextInput control={control} disabled={isSubmitting} name="Name" label="Name" required autoFocus />
          <SwitchInput
            control={control}
            disabled={isSubmitting}
            name="IsActive"
            label="Active"
            helperText="Inactive items stay on the records that use them but are not offered for new ones."
          />
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={item ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
