import { useState } from 'react';
import { useForm, type Control, type FieldPath } from 'react-hook-form';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  CreateStatutoryRowRequest,
  premiumValues,
  STATUTORY_BRACKET_GROUPS,
  STATUTORY_ROW_FIELDS,
  type PremiumFigures,
  type StatutoryRowKind,
} from '@hrpay/contracts';
import { applyServerErrors, FormActions, FormErrorsAlert, TextInput } from '@/components/form-fields';
import { isApiError } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { useAddStatutoryRow } from '../api/payroll-settings';
import { bodyResolver } from './body-resolver';
import { dateLabelProps } from './pay-form-bits';
import {
  bracketFieldNames,
  BracketsEditor,
  bracketsFrom,
  flattenBrackets,
  type Bracket,
  type BracketValues,
} from './statutory-brackets-editor';
import { label } from './statutory-labels';
import { manilaDate } from '@/lib/dates';

/** The form keeps premium figures nested by day ("regular_holiday.worked" is a path to react-hook-form). */
type Figures = Record<string, string | Record<string, string>>;
type Values = { EffectiveFrom: string; Source: string; Values: Figures };

/** The form's figures as the request's flat Values, and back. */
const flat = (figures: Figures): Record<string, string> =>
  Object.fromEntries(
    Object.entries(figures).flatMap(([k, v]) =>
      typeof v === 'string' ? [[k, v]] : Object.entries(v).map(([part, x]) => [`${k}.${part}`, x]),
    ),
  );
function nested(values: Record<string, string>): Figures {
  const out: Figures = {};
  for (const [key, value] of Object.entries(values)) {
    const [head, part] = key.split('.') as [string, string | undefined];
    if (part === undefined) out[head] = value;
    else out[head] = { ...(out[head] as Record<string, string> | undefined), [part]: value };
  }
  return out;
}

/** A tax table's figures: its brackets per group in the form (statutory-brackets-editor), flattened when sent. */
type Brackets = Record<string, Bracket[]>;

/** A flat figure of the newest edition; a de minimis amount sits in its ceilings. */
const startFigure = (latest: Record<string, unknown> | undefined, f: string) => {
  const ceiling = (latest?.ceilings as Record<string, { amount?: unknown }> | undefined)?.[f];
  return String(latest?.[f] ?? ceiling?.amount ?? '');
};

/** The first day of next month, Manila time: the earliest date a new edition can take effect. */
export function nextMonthStart(now = new Date()) {
  const today = manilaDate(now);
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * A new edition of one statutory table for a future month, started from the edition in force (`latest`). The
 * server runs it through the payroll engine before saving and names the figure it refuses.
 */
export function StatutoryRowDialog({
  kind,
  title,
  latest,
  onClose,
}: {
  kind: StatutoryRowKind;
  title: string;
  latest: Record<string, unknown> | undefined;
  onClose: () => void;
}) {
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const { mutateAsync: add } = useAddStatutoryRow();
  const premiums = kind === 'Premiums';
  const groups = STATUTORY_BRACKET_GROUPS[kind];
  const figures = groups ? [] : Object.keys(STATUTORY_ROW_FIELDS[kind]);
  const fieldsOf = (v: Values): FieldPath<Values>[] => [
    'EffectiveFrom',
    'Source',
    ...(groups ? bracketFieldNames(v.Values as unknown as Brackets) : figures).map(
      (f) => `Values.${f}` as const,
    ),
  ];
  const toBody = (v: Values) => ({
    ...v,
    Kind: kind,
    Values: groups ? flattenBrackets(v.Values as unknown as Brackets) : flat(v.Values),
  });
  // The premiums in force are nested per day like the engine's table.
  const current: Record<string, unknown> | undefined =
    premiums && latest ? premiumValues(latest as unknown as PremiumFigures) : latest;
  const {
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { isSubmitting },
  } = useForm<Values>({
    resolver: bodyResolver<Values>(CreateStatutoryRowRequest, toBody),
    defaultValues: {
      EffectiveFrom: nextMonthStart(),
      Source: '',
      Values: groups
        ? (bracketsFrom(latest, groups) as unknown as Figures)
        : nested(Object.fromEntries(figures.map((f) => [f, startFigure(current, f)]))),
    },
  });
  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await add(toBody(values));
      toast.success(premiums ? 'Company rates saved' : `${title}: the new table was added`);
      onClose();
    } catch (error) {
      setFormErrors(applyServerErrors(error, fieldsOf(getValues()), setError));
      if (!isApiError(error) || error.validationErrors.length === 0)
        handleError(error, 'The table could not be added.');
    }
  });
  const field = { control, disabled: isSubmitting };
  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth={premiums || groups ? 'md' : 'sm'}
      aria-labelledby="statutory-row-title"
    >
      <DialogTitle id="statutory-row-title">
        {premiums ? 'Set company rates' : 'Add a future table'}: {title}
      </DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} aria-label="Future statutory table">
          <Typography variant="body2" color="text.secondary">
            {premiums
              ? "Payroll applies your company's rates to every period from their date: the first day of this month or a later one, never earlier, since finalised periods used the rates in force then. Multipliers of the daily rate (2.00 for 200%), each at least DOLE's figure."
              : 'Payroll applies it to every period from its date. Money in pesos (10000.00), rates as fractions (0.05 for 5%).'}
          </Typography>
          <FormErrorsAlert messages={formErrors} />
          <Box
            sx={{
              display: 'grid',
              // Premiums: worked, overtime and unworked of a day on one row.
              gridTemplateColumns: { xs: '1fr', sm: premiums ? '1fr 1fr 1fr' : '1fr 1fr' },
              columnGap: 2,
            }}
          >
            <TextInput
              {...field}
              {...dateLabelProps}
              name="EffectiveFrom"
              label="Takes effect"
              type="date"
              required
              margin="normal"
              helperText={
                premiums ? 'The first day of this month or a later one' : 'The first day of a future month'
              }
            />
            <TextInput
              {...field}
              name="Source"
              label="Source"
              required
              margin="normal"
              helperText="The circular or advisory"
              // Premiums: the source takes the rest of the first row, so each day's three figures share a row.
              sx={premiums ? { gridColumn: { sm: 'span 2' } } : undefined}
            />
            {figures.map((f) => (
              <TextInput
                key={f}
                {...field}
                name={`Values.${f}`}
                label={label(f)}
                required
                margin="normal"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            ))}
          </Box>
          {groups && (
            <BracketsEditor
              control={control as unknown as Control<BracketValues>}
              groups={groups}
              disabled={isSubmitting}
            />
          )}
          <FormActions busy={isSubmitting} onCancel={onClose} saveLabel={premiums ? 'Save' : 'Add'} />
        </Box>
      </DialogContent>
    </Dialog>
  );
}
