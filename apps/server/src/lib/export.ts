import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once, type EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../db/database.js';
import { formatIsoDate } from '@hrpay/contracts';
import { csvLine, neutralised, type CsvRaw } from './csv.js';
import { problems } from './problem.js';
import { writePdfTable } from './pdf-table.js';
import { closeQuietly, ignore, type Closable } from './streams.js';

/** What a list or report can be downloaded as: lists as CSV or XLSX, printable reports also as PDF. */
export type FileFormat = 'csv' | 'xlsx' | 'pdf';

/** A column of an exported list: its heading and how a row shows in it. */
export interface ExportColumn<R> {
  header: string;
  value: (row: R) => string | number | null | undefined;
  /** Spreadsheet width in characters. */
  width?: number;
  /** Share of the page width in a PDF (default 1); 0 leaves the column out of the PDF. */
  pdfWidth?: number;
  /**
   * An amount (the value an exact decimal text, "26500.00"): a number with two decimals in a spreadsheet, so it
   * sums and sorts; the CSV and the PDF keep the text.
   */
  money?: boolean;
  /**
   * A calendar date (the value `YYYY-MM-DD` text): a date cell in a spreadsheet, so it sorts and filters as a date;
   * "Nov 16, 2026" in a PDF; the CSV keeps the ISO text, which every spreadsheet reads as a date.
   */
  date?: boolean;
}

/** Rows are read this many at a time, so a 100,000-row export never holds the list in memory. */
export const EXPORT_BATCH = 2_000;
/** The most rows a list's export writes (issue 8 §0); a test may lower it (EXPORT_MAX_ROWS). */
export const EXPORT_MAX_ROWS = 100_000;
export const exportRowLimit = () => Number(process.env.EXPORT_MAX_ROWS) || EXPORT_MAX_ROWS;
/**
 * The most rows a report writes: one spreadsheet sheet under its header. A report is the company's whole
 * population (the master list, a payroll register, the year's figures per employee, with a TOTAL row), which a
 * company of 100,000 employees with its leavers passes; only a list's export is held to the list cap.
 */
export const REPORT_MAX_ROWS = 1_048_575;
/**
 * The style of every spreadsheet data cell: the default one (see `writeExport`). Frozen, so that styling one
 * cell fails loudly instead of restyling them all.
 */
const PLAIN_CELL = Object.freeze({});
/** The style of an amount's cell, shared the same way. */
const MONEY_CELL = Object.freeze({ numFmt: '#,##0.00' });
/** The style of a date's cell, shared the same way: the ISO order the CSV and the screens' inputs use. */
const DATE_CELL = Object.freeze({ numFmt: 'yyyy-mm-dd' });
/** The bold twin of each shared cell style (a total row's cells), made once and shared the same way. */
const BOLD_STYLES = new Map<object, object>(
  [PLAIN_CELL, MONEY_CELL, DATE_CELL].map((style) => [
    style,
    Object.freeze({ ...style, font: { bold: true } }),
  ]),
);
const bold = (style: object) => BOLD_STYLES.get(style)!;
/** Days from the spreadsheet epoch (1899-12-30, the 1900 date system) to 1970-01-01. */
const SERIAL_OF_1970 = 25_569;
/**
 * A `YYYY-MM-DD` date as a spreadsheet's day number (what exceljs writes for a Date), without a Date object per
 * cell; null for any other text (written as text).
 */
function dateSerial(value: string) {
  if (!ISO_DATE.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / 86_400_000 + SERIAL_OF_1970;
}
const ISO_DATE = /^\d{4}-\d\d-\d\d$/;

const TYPES: Record<FileFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `attachment; filename=...` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A sheet's name from the title: without the characters a sheet name cannot hold and, past the 31 characters it
 * may have, cut after a whole word, a dangling "and" or "by" dropped ("Headcount by department and status":
 * "Headcount by department", not "Headcount by department and sta").
 */
export function sheetName(title: string) {
  const name = title
    .replace(/[*?:\\/[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length <= 31) return name;
  const words = name.slice(0, 32).split(/\s+/).slice(0, -1);
  while (words.length > 1 && /^(and|or|by|of|for|the|per|to|—|-|·)$/i.test(words.at(-1)!)) words.pop();
  return words.length ? words.join(' ') : name.slice(0, 31);
}

/** A date column's value on paper: "Nov 16, 2026" (anything but an ISO date as it is). */
const readableDate = (value: string | number | null | undefined) =>
  typeof value === 'string' ? formatIsoDate(value) : value;

/** An amount as exact 2-decimal text: digits, one point, perhaps a leading minus (nothing a spreadsheet runs). */
const EXACT_AMOUNT = /^-?\d+\.\d\d$/;

/**
 * A CSV cell: an amount of a `money` column as its exact text, so "-1379.31" stays a negative number rather than
 * text neutralised against formulas; anything else as lib/csv writes it.
 */
function csvCell<R>(column: ExportColumn<R>, row: R): string | number | null | undefined | CsvRaw {
  const value = column.value(row);
  return column.money && typeof value === 'string' && EXACT_AMOUNT.test(value) ? { raw: value } : value;
}

/**
 * Writes a list to a temporary CSV or XLSX file, batch by batch (`page(offset, limit)` reads one batch inside
 * the request's transaction), and answers the file's path. The file, not memory, holds the rows: the
 * response is streamed from it after the transaction ends.
 */
export async function writeExport<R>(
  format: FileFormat,
  /** The file's heading; a sheet's name is cut from it, unless given apart (one that tells sheets apart). */
  heading: string | { title: string; sheet: string },
  columns: ExportColumn<R>[],
  page: (offset: number, limit: number) => Promise<R[]>,
  subtitle = '',
  maxRows = exportRowLimit(),
  /** A total or subtotal row: bold in the spreadsheet and on paper (the CSV has no type faces). */
  emphasis?: (row: R) => boolean,
): Promise<string> {
  const { title, sheet: sheetTitle } =
    typeof heading === 'string' ? { title: heading, sheet: heading } : heading;
  const eachBatch = (write: (rows: R[]) => Promise<void>) => batches(page, write, maxRows);
  const path = join(tmpdir(), `hrpay-export-${randomUUID()}.${format}`);
  // Closes the file's stream if the export is refused or fails: removing an open file would keep its disk
  // space until the process ends. (The PDF writer closes its own.)
  let close: (() => void) | undefined;
  try {
    if (format === 'pdf') {
      const printed = columns
        .filter((c) => c.pdfWidth !== 0)
        .map((c) => {
          if (!c.date) return c;
          const iso = c.value;
          return { ...c, value: (row: R) => readableDate(iso(row)) };
        });
      await writePdfTable(path, title, subtitle, printed, eachBatch, emphasis);
    } else if (format === 'csv') {
      const out = createWriteStream(path);
      close = () => closeQuietly(out);
      // A byte-order mark so Excel opens UTF-8 names (ñ) correctly.
      out.write(`\ufeff${csvLine(columns.map((c) => c.header))}`);
      await eachBatch(async (rows) => {
        let chunk = '';
        for (const row of rows) chunk += csvLine(columns.map((c) => csvCell(c, row)));
        if (!out.write(chunk)) await once(out, 'drain');
      });
      out.end();
      await once(out, 'finish');
    } else {
      const { default: excel } = await import('exceljs'); // loaded on demand, as for the import
      const book = new excel.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true });
      // The file stream under exceljs's zip: the zip is stopped first, its last writes dropped.
      const { stream, zip } = book as unknown as {
        stream?: Closable;
        zip?: Closable & { abort?: () => void };
      };
      close = () => {
        zip?.on?.('error', ignore);
        zip?.abort?.();
        if (stream) closeQuietly(stream);
      };
      const sheet = book.addWorksheet(sheetName(sheetTitle), {
        views: [{ state: 'frozen', ySplit: 1 }],
        // On paper the sheet says what it is (the title and the PDF's subtitle: company, cut-off, pay date), with
        // the page of pages, landscape and one page wide; the grid keeps row 1 as the column headers.
        headerFooter: printHeader(title, subtitle),
        pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
      });
      sheet.columns = columns.map((c) => ({
        header: c.header,
        width: c.width ?? Math.max(12, c.header.length + 2),
      }));
      // An amount's cells have the money format, a date's the date format, every other cell the default style
      // (see below).
      const cellStyles = columns.map((c) => (c.money ? MONEY_CELL : c.date ? DATE_CELL : PLAIN_CELL));
      const boldStyles = cellStyles.map(bold);
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      await eachBatch(async (rows) => {
        for (const row of rows) {
          const line = sheet.addRow(
            columns.map((c) => {
              const value = c.value(row) ?? null;
              if (c.money && value !== null) return Number(value);
              if (c.date && typeof value === 'string') {
                const day = dateSerial(value);
                if (day !== null) return day;
              }
              // Text as in the CSV (RELIABILITY §5.2): a spreadsheet app or a later CSV save of the sheet
              // must never take a name like "=HYPERLINK(...)" for a formula.
              return typeof value === 'string' ? neutralised(value) : value;
            }),
          );
          // exceljs gives every row and cell a style object of its own and renders it to XML to find its style
          // id: half the export's time at 100,000 rows (issue 8). Data rows and cells share one object per
          // column kind (dates are day numbers, not Date objects), whose id exceljs caches.
          (line as unknown as { style: object }).style = PLAIN_CELL;
          const styles = emphasis?.(row) ? boldStyles : cellStyles;
          line.eachCell({ includeEmpty: true }, (cell, column) => (cell.style = styles[column - 1]!));
          line.commit();
        }
        await zipped(book, sheet);
      });
      sheet.commit();
      await book.commit();
    }
    return path;
  } catch (error) {
    close?.();
    await rm(path, { force: true });
    throw error;
  }
}

/** A header field of Excel's print header: `&` starts a code there, so a literal one is doubled. */
const headerText = (text: string, max: number) =>
  (text.length > max ? `${text.slice(0, max - 1)}…` : text).replace(/&/g, '&&');

/** The print header and footer of an exported sheet: the title (bold) and subtitle, the page of pages. */
function printHeader(title: string, subtitle: string) {
  // Excel refuses a header or footer longer than 255 characters.
  const header = `&L&"-,Bold"${headerText(title, 80)}` + (subtitle ? `&R${headerText(subtitle, 150)}` : '');
  return { oddHeader: header, oddFooter: '&RPage &P of &N' };
}

/**
 * exceljs writes a sheet's XML into its zip entry without waiting for the compressor, so rows read faster than
 * they are deflated pile up in memory: about 1 KB a row, some 90 to 120 MB by the end of a 100,000-row export.
 * Between batches, wait until the entry has taken what was written, or the zip has failed (a full disk).
 * The entry and the zip are exceljs's and archiver's internals: if they stop being exposed this waits for
 * nothing, and the export still completes as before.
 */
async function zipped(book: unknown, sheet: unknown) {
  const zip = (book as { zip?: EventEmitter }).zip;
  const entry = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    (EventEmitter & { _writableState?: { needDrain?: boolean } }) | undefined;
  if (!zip || !entry?._writableState?.needDrain) return;
  const failed = new AbortController();
  try {
    const error = await Promise.race([
      once(entry, 'drain').then(() => null),
      once(zip, 'error', { signal: failed.signal }).then(([reason]: unknown[]) => reason ?? 'zip failed'),
    ]);
    if (error !== null) throw error;
  } finally {
    failed.abort(); // drops the listener left on the loser
  }
}

/**
 * A page reader over one query through a cursor of the request's transaction: each call fetches the next rows,
 * so a 100,000-row export reads the table once (OFFSET paging would sort it again for every batch).
 */
export function cursorPages<Row, R>(
  tx: Tx,
  sql: string,
  params: unknown[],
  map: (row: Row) => R,
): (offset: number, limit: number) => Promise<R[]> {
  const name = `export_${randomUUID().replaceAll('-', '')}`;
  let opened = false;
  return async (_offset, limit) => {
    if (!opened) {
      await tx.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, params);
      opened = true;
    }
    const rows = await tx.query<Row>(`FETCH FORWARD ${Math.trunc(limit)} FROM ${name}`);
    if (rows.length < limit) await tx.query(`CLOSE ${name}`);
    return rows.map(map);
  };
}

/** A page reader over a list endpoint's own query (small lists: departments, shifts, lookups, holidays). */
export function listPages<Q extends object, R>(
  list: (request: Q & { Page: number; PageSize: number }) => Promise<{ Items: R[] }>,
  request: Q,
): (offset: number, limit: number) => Promise<R[]> {
  return async (offset, limit) =>
    (await list({ ...request, Page: Math.floor(offset / limit) + 1, PageSize: limit })).Items;
}

/**
 * Reads and writes up to `maxRows` rows, a batch of EXPORT_BATCH at a time (every batch whole: `listPages` pages
 * by batch size). One row more than that is refused, not cut off: a file that silently ends at the cap reads as
 * complete (a register without its TOTAL, a master list without its last employees). The page readers' queries
 * are limited to `maxRows + 1`, which is enough to see the cap passed.
 */
async function batches<R>(
  page: (offset: number, limit: number) => Promise<R[]>,
  write: (rows: R[]) => Promise<void>,
  maxRows: number,
) {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await page(offset, EXPORT_BATCH);
    if (offset + rows.length > maxRows) throw problems.exportTooLarge(maxRows);
    await write(rows);
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Sends an export file written by `writeExport` and removes it once sent (or the client went away). */
export async function sendExport(reply: FastifyReply, path: string, format: FileFormat, fileName: string) {
  const { size } = await stat(path);
  const stream = createReadStream(path);
  stream.on('close', () => void rm(path, { force: true }));
  return reply
    .type(TYPES[format])
    .header('content-length', size)
    .header('content-disposition', attachment(`${fileName}.${format}`))
    .header('cache-control', 'no-store')
    .send(stream);
}
