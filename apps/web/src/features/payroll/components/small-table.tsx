import { Fragment, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { cardListStyle, recordCardStyle } from '@/components/data-table-cards';

/** One column of a SmallTable: its header, and what a row shows in it. */
export interface SmallColumn<R> {
  key: string;
  header: string;
  align?: 'right';
  cell: (row: R) => ReactNode;
}

/**
 * What a row opens (a loan's ledger): while `open`, a full-width row under the row on a wide screen, the foot of
 * its card on a phone. `content` is told which, to draw itself for the width it has.
 */
export interface SmallDetail<R> {
  open: (row: R) => boolean;
  content: (row: R, phone: boolean) => ReactNode;
}

/**
 * The pay details drawer's tables are as the app's lists (DataTable, data-table-cards.tsx) on a phone, and drawn
 * with their card styles: a card per row, titled by the `cardTitle` column (the first if not given), every other
 * column a line of label and value, the row's actions at its foot. A table that scrolled sideways hid its last
 * columns (COLA/day, Reason) with nothing to say they were there.
 */
const cardsStyle = {
  ...cardListStyle,
  ...recordCardStyle,
  '& .card.selected': { borderColor: 'primary.main' },
  '& .card-detail': { mt: 1, borderTop: 1, borderColor: 'divider' },
} as const;

/**
 * A short list of records (an employee's rates, recurring items) as a small table; under `sm` (a phone) as cards.
 * `actions` draws a row's buttons (the table's last, unlabelled column, padded as a checkbox's for icon buttons
 * unless `actionsPadding` is 'normal'; the card's foot), `selected` marks a row (the rate in force), `detail` is
 * what a row opens.
 */
export function SmallTable<R>({
  label,
  rows,
  columns,
  rowKey,
  actions,
  selected,
  cardTitle,
  actionsPadding = 'checkbox',
  detail,
}: {
  label: string;
  rows: readonly R[];
  columns: readonly SmallColumn<R>[];
  rowKey: (row: R) => string;
  actions?: (row: R, phone: boolean) => ReactNode;
  selected?: (row: R) => boolean;
  cardTitle?: string;
  actionsPadding?: 'checkbox' | 'normal';
  detail?: SmallDetail<R>;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const baseId = useId();
  if (phone) {
    const title = columns.find((column) => column.key === cardTitle) ?? columns[0];
    const lines = columns.filter((column) => column !== title);
    return (
      // role="list": WebKit drops a list's role when its bullets are styled away.
      <Box component="ul" aria-label={label} role="list" sx={cardsStyle}>
        {rows.map((row, index) => {
          const buttons = actions?.(row, true);
          // Each card is named by its title, as the lists' cards are: a screen reader's list of cards says which.
          const titleId = `${baseId}-${index}`;
          return (
            <li
              key={rowKey(row)}
              className={selected?.(row) ? 'card selected' : 'card'}
              aria-labelledby={title ? titleId : undefined}
            >
              {title && (
                <div className="card-title" id={titleId}>
                  {title.cell(row)}
                </div>
              )}
              <dl>
                {lines.map((column) => {
                  const value = column.cell(row);
                  // An empty value takes no line (a rate without a reason).
                  if (value === '' || value === null || value === undefined || value === false) return null;
                  return (
                    <div key={column.key} className="line">
                      <dt>{column.header}</dt>
                      <dd>{value}</dd>
                    </div>
                  );
                })}
              </dl>
              {buttons && <div className="card-actions">{buttons}</div>}
              {detail && (
                <Collapse in={detail.open(row)} unmountOnExit>
                  <div className="card-detail">{detail.content(row, true)}</div>
                </Collapse>
              )}
            </li>
          );
        })}
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {column.header}
              </TableCell>
            ))}
            {actions && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <Fragment key={rowKey(row)}>
              <TableRow selected={selected?.(row)}>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                {actions && (
                  <TableCell padding={actionsPadding} sx={{ whiteSpace: 'nowrap' }}>
                    {actions(row, false)}
                  </TableCell>
                )}
              </TableRow>
              {detail && (
                <TableRow>
                  <TableCell
                    colSpan={columns.length + (actions ? 1 : 0)}
                    sx={{ py: 0, borderBottom: detail.open(row) ? undefined : 0 }}
                  >
                    <Collapse in={detail.open(row)} unmountOnExit>
                      {detail.content(row, false)}
                    </Collapse>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
