import { useFieldArray, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { MAX_TAX_BRACKETS } from '@hrpay/contracts';
import { TextInput } from '@/components/form-fields';
import { label } from './statutory-labels';

/** One tax bracket: tax = fixed + rate × (pay − over). */
export type Bracket = { over: string; fixed: string; rate: string };
/** The form's Values of a tax table: its brackets per group (pay frequency, or "brackets" for the annual table). */
export type BracketValues = { Values: Record<string, Bracket[]> };
const FIGURES = [
  ['over', 'Over'],
  ['fixed', 'Fixed tax'],
  ['rate', 'Rate'],
] as const;

/** The newest edition's brackets per group (withholding keeps them under `periods`), to start from. */
export function bracketsFrom(latest: Record<string, unknown> | undefined, groups: readonly string[]) {
  const periods = latest?.periods as Record<string, Bracket[]> | undefined;
  return Object.fromEntries(
    groups.map((g) => {
      const list = periods?.[g] ?? (latest?.[g] as Bracket[] | undefined) ?? [];
      return [g, list.map(({ over, fixed, rate }) => ({ over, fixed, rate }))];
    }),
  );
}

/**
 * Brackets as the API takes them: `semi-monthly.2.rate` -> "0.20". Figures already flat stay as they are: the
 * form's resolver hands submit the body it built, which is flattened again.
 */
export const flattenBrackets = (values: Record<string, Bracket[] | string>) =>
  Object.fromEntries(
    Object.entries(values).flatMap(([g, list]) =>
      Array.isArray(list)
        ? list.flatMap((b, i) => FIGURES.map(([f]) => [`${g}.${i}.${f}`, b[f]]))
        : [[g, list]],
    ),
  );

/** The figures the server may name (`brackets.0.over`), for its errors. */
export const bracketFieldNames = (values: Record<string, Bracket[] | string>) =>
  Object.keys(flattenBrackets(values));

/** Over / Fixed tax / Rate rows of one group, with rows added at the end or removed. */
function BracketGroup({
  control,
  group,
  title,
  disabled,
}: {
  control: Control<BracketValues>;
  group: string;
  title: string;
  disabled: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: `Values.${group}` });
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Table size="small" aria-label={`${title} brackets`}>
        <TableHead>
          <TableRow>
            {FIGURES.map(([f, name]) => (
              <TableCell key={f}>{name}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((row, i) => (
            <TableRow key={row.id}>
              {FIGURES.map(([f, name]) => (
                <TableCell key={f} sx={{ verticalAlign: 'top' }}>
                  <TextInput
                    control={control}
                    disabled={disabled}
                    name={`Values.${group}.${i}.${f}`}
                    size="small"
                    required
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'aria-label': `${title} ${i + 1}: ${name}` },
                    }}
                  />
                </TableCell>
              ))}
              <TableCell sx={{ verticalAlign: 'top' }}>
                <IconButton
                  aria-label={`Remove bracket ${i + 1} of ${title}`}
                  disabled={disabled || fields.length <= 1}
                  onClick={() => remove(i)}
                >
                  <DeleteOutlined />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={disabled || fields.length >= MAX_TAX_BRACKETS}
        onClick={() => append({ over: '', fixed: '', rate: '' })}
      >
        Add bracket
      </Button>
    </Box>
  );
}

/**
 * A tax table's brackets, one section per group (each pay frequency of the withholding table). The server checks
 * the order and continuity and names the figure it refuses.
 */
export function BracketsEditor({
  control,
  groups,
  disabled,
}: {
  control: Control<BracketValues>;
  groups: readonly string[];
  disabled: boolean;
}) {
  return (
    <>
      {groups.map((g) => (
        <BracketGroup
          key={g}
          control={control}
          group={g}
          title={g === 'brackets' ? 'Brackets' : label(g)}
          disabled={disabled}
        />
      ))}
    </>
  );
}
