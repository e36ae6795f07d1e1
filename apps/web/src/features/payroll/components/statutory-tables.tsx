import { useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  STATUTORY_ROW_FIELDS,
  STATUTORY_ROW_KINDS,
  type StatutoryRow,
  type StatutoryRowKind,
  type StatutoryTables as Tables,
} from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { useScrollRegion } from '@/components/scroll-region';
import { formatCurrency } from '@/lib/currency';
import { formatIsoDate } from '@/lib/dates';
import { handleError } from '@/lib/error-handler';
import { useDeleteStatutoryRow } from '../api/payroll-settings';
import { label } from './statutory-labels';
import { StatutoryRowDialog } from './statutory-row-dialog';

type Row = Record<string, unknown>;

type TableKey = Exclude<keyof Tables, 'Added'>;
const TITLES: [TableKey, string][] = [
  ['Sss', 'SSS contributions'],
  ['PhilHealth', 'PhilHealth premiums'],
  ['PagIbig', 'Pag-IBIG contributions'],
  ['Withholding', 'BIR withholding tax (per pay period)'],
  ['AnnualTax', 'BIR annual income tax'],
  ['BenefitsCeiling', '13th month and other benefits exclusion'],
  ['DeMinimis', 'De minimis ceilings'],
];

/** The engine's fields of one kind in every table ("minMsc", "floor", a bracket's "over" and "fixed" are money). */
const fieldsOf = (kind: 'money' | 'rate') =>
  new Set(
    Object.values(STATUTORY_ROW_FIELDS).flatMap((fields) =>
      Object.entries(fields)
        .filter(([, k]) => k === kind)
        .map(([field]) => field),
    ),
  );
const MONEY_FIELDS = fieldsOf('money');
const RATE_FIELDS = fieldsOf('rate');

/** A premium's parts: multipliers of the daily rate. */
const MULTIPLIERS = new Set(['worked', 'overtime', 'unworked']);

/** A figure a table column lines up on the right (a number as the API sends it: "1.30", "20833.00", "0"). */
const isNumeric = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value));

/**
 * A rate ("0.05") as a percentage, an amount ("5000.00", a de minimis ceiling's "amount") as pesos ("₱5,000.00"),
 * a premium multiplier with two decimals at least ("0" -> "0.00", beside "1.30"); any other figure (days) as it
 * is.
 */
export function figure(key: string, value: unknown) {
  if (MULTIPLIERS.has(key) && isNumeric(value)) {
    return Number(value).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  }
  if (
    typeof value === 'string' &&
    (RATE_FIELDS.has(key) || /rate|differential/i.test(key)) &&
    /^0?\.\d+$|^0$/.test(value)
  ) {
    return `${(Number(value) * 100).toLocaleString('en-PH', { maximumFractionDigits: 3 })}%`;
  }
  // A de minimis ceiling's amount is money unless it counts days (a whole number: "10" days of leave).
  if (
    typeof value === 'string' &&
    (MONEY_FIELDS.has(key) || key === 'amount') &&
    /^-?\d+\.\d{2}$/.test(value)
  ) {
    return formatCurrency(value);
  }
  return String(value ?? '');
}

/** An edition's date ("2025-01-01") as the app shows dates ("Jan 1, 2025"). */
const dateOf = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatIsoDate(value) : String(value);

const isRows = (value: unknown): value is Row[] =>
  Array.isArray(value) && value.length > 0 && typeof value[0] === 'object';

/**
 * Where a table is wider than the card (a phone): it scrolls sideways in its own box (a Tab stop then, so the
 * keyboard scrolls it too), and a shadow on the side with more columns shows there is more (CSS-only scroll shadows: the covers scroll with the content, the shadows
 * stay, so a shadow shows only while columns are hidden on its side).
 */
const scrollCue = (paper: string) => ({
  overflowX: 'auto',
  mb: 2,
  background: `linear-gradient(to right, ${paper} 30%, transparent), linear-gradient(to left, ${paper} 30%, transparent) 100% 0, radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.2), transparent), radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.2), transparent) 100% 0`,
  backgroundRepeat: 'no-repeat',
  backgroundSize: '40px 100%, 40px 100%, 14px 100%, 14px 100%',
  backgroundAttachment: 'local, local, scroll, scroll',
});

/**
 * A list of like objects as a small table, one column per field. Rows named by their first column (a premium's
 * day, a de minimis benefit) are, on a phone, a list of small cards: the name above the row's figures.
 */
function RowsTable({ rows, caption, named = false }: { rows: Row[]; caption: string; named?: boolean }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const scroller = useScrollRegion(caption);
  const columns = Object.keys(rows[0]!);
  // Amounts, rates and multipliers line up on the right, as in every money table of the app.
  const align = Object.fromEntries(
    columns.map((c) => [c, rows.every((r) => isNumeric(r[c])) ? ('right' as const) : ('left' as const)]),
  );
  if (phone && named) {
    const [name, ...figures] = columns;
    return (
      <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
        {rows.map((r, i) => (
          <Box component="li" key={i} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
              {String(r[name!] ?? '')}
            </Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: `repeat(${figures.length}, 1fr)`, gap: 1, m: 0 }}
            >
              {figures.map((c) => (
                <Box key={c}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {label(c)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {figure(c, r[c])}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box {...scroller} sx={scrollCue(theme.palette.background.paper)}>
      <Table
        size="small"
        aria-label={caption}
        // A phone's cells keep half the padding, so a tax table's three figures fit the card.
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 }, whiteSpace: { xs: 'nowrap', sm: 'normal' } } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} align={align[c]}>
                {label(c)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              {columns.map((c) => (
                <TableCell key={c} align={align[c]}>
                  {figure(c, r[c])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** One effective-dated table: its plain figures as label / value pairs, nested lists and maps as tables. */
function Edition({
  row,
  table,
  title,
  added,
}: {
  row: Row;
  table: TableKey;
  title: string;
  added?: StatutoryRow;
}) {
  const { effectiveFrom, source, ...figures } = row;
  const plain = Object.entries(figures).filter(([, v]) => typeof v !== 'object' || v === null);
  const nested = Object.entries(figures).filter(([, v]) => typeof v === 'object' && v !== null);
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" color="primary" variant="outlined" label={`From ${dateOf(effectiveFrom)}`} />
        <Typography variant="body2" color="text.secondary">
          {String(source)}
        </Typography>
        {added && <AddedMark row={added} title={title} />}
      </Box>
      {plain.length > 0 && (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: 1,
            m: 0,
            mb: 1,
          }}
        >
          {plain.map(([k, v]) => (
            <Box key={k}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label(k, table)}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {figure(k, v)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {nested.map(([k, v]) =>
        isRows(v) ? (
          <RowsTable key={k} rows={v} caption={`${title}: ${label(k, table)}`} />
        ) : // A map of lists (withholding brackets per pay frequency) or of objects (premiums per day type).
        Object.entries(v as Record<string, unknown>).some(([, inner]) => isRows(inner)) ? (
          Object.entries(v as Record<string, Row[]>).map(([name, inner]) => (
            <Box key={name}>
              <Typography variant="subtitle2">{label(name)}</Typography>
              <RowsTable rows={inner} caption={`${title}: ${label(name)}`} />
            </Box>
          ))
        ) : (
          <RowsTable
            key={k}
            named
            caption={`${title}: ${label(k, table)}`}
            rows={Object.entries(v as Record<string, Row>).map(([name, inner]) =>
              typeof inner === 'object'
                ? { [label(k)]: label(name), ...inner }
                : { [label(k)]: label(name), value: inner },
            )}
          />
        ),
      )}
    </Box>
  );
}

const addLabel = (kind: StatutoryRowKind) => (kind === 'Premiums' ? 'Set company rates' : 'Add Future Table');

/** The engine's statutory tables, read-only: every edition with the date it takes effect and its source. */
export function StatutoryTablesView({
  tables,
  premiumsOnly = false,
}: {
  tables: Tables;
  premiumsOnly?: boolean;
}) {
  const [adding, setAdding] = useState<{ kind: StatutoryRowKind; title: string } | null>(null);
  const shown: [TableKey, string][] = premiumsOnly
    ? [['Premiums', 'Holiday, rest day and overtime premiums']]
    : TITLES;
  // Premiums are shown (and set) only on their own tab.
  const addable = (key: TableKey): key is StatutoryRowKind =>
    (STATUTORY_ROW_KINDS as readonly string[]).includes(key);
  return (
    <>
      {shown.map(([key, title]) => (
        <Card key={key} component="section" aria-labelledby={`table-${key}`} sx={{ mb: 2 }}>
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2" id={`table-${key}`} gutterBottom sx={{ flex: 1 }}>
                {title}
              </Typography>
              {addable(key) && (
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setAdding({ kind: key, title })}
                  aria-label={`${addLabel(key)}: ${title}`}
                >
                  {addLabel(key)}
                </Button>
              )}
            </Box>
            {tables[key].map((row, i) => (
              <Edition
                key={i}
                row={row}
                table={key}
                title={title}
                added={tables.Added.find((a) => a.Kind === key && a.EffectiveFrom === row.effectiveFrom)}
              />
            ))}
          </CardContent>
        </Card>
      ))}
      {adding && (
        <StatutoryRowDialog
          kind={adding.kind}
          title={adding.title}
          // Newest first: start from the newest edition's figures.
          latest={tables[adding.kind][0]}
          onClose={() => setAdding(null)}
        />
      )}
    </>
  );
}

/** "Added by your company", and Delete while the edition is still in the future. */
function AddedMark({ row, title }: { row: StatutoryRow; title: string }) {
  const confirm = useConfirm();
  const { mutateAsync: remove, isPending } = useDeleteStatutoryRow();
  const removeRow = async () => {
    const agreed = await confirm({
      title: 'Delete future table',
      message: `Delete the ${title} table from ${dateOf(row.EffectiveFrom)}? Payroll goes back to the table before it.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!agreed) return;
    try {
      await remove(row.StatutoryRowId);
      toast.success('Future table deleted');
    } catch (error) {
      handleError(error, 'The table could not be deleted.');
    }
  };
  return (
    <>
      <Chip
        size="small"
        color="secondary"
        label={
          row.Kind === 'Premiums'
            ? `Your company's rates from ${dateOf(row.EffectiveFrom)}`
            : 'Added by your company'
        }
      />
      {row.CanDelete && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlined />}
          disabled={isPending}
          onClick={() => void removeRow()}
          aria-label={`Delete the ${title} table from ${dateOf(row.EffectiveFrom)}`}
        >
          Delete
        </Button>
      )}
    </>
  );
}
