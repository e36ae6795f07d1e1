import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';

/** A worksheet row: its number in the sheet and its cells as text (cellText), blank where a cell is missing. */
export interface SheetRow {
  number: number;
  cells: string[];
}

/**
 * The rows of the first worksheet a user sees in an XLSX workbook (the first in the workbook's tab order that is
 * not hidden), streamed: a 100,000-row sheet is never held as a whole object model, which would take over a
 * gigabyte of memory. Cells right of `maxColumns()` (asked again for each row) are left out. Any failure (no
 * ZIP, parts missing or broken) is thrown as is for the caller to word.
 *
 * exceljs's own streaming reader (`WorkbookReader.parse`, 4.4.0) walks the ZIP in file order through unzipper
 * and, when a sheet comes before the shared strings (as in workbooks exceljs itself writes), parks the sheet in
 * a temporary file. While it waits for that file, the ZIP stream sometimes ends early: the shared strings are
 * lost and every text cell reads `{ sharedString: n }` (1 workbook in 300 here; exceljs issue 683, upstream fix
 * PR 2915 never released). The upload is already a Buffer, so the parts are read here in the order they depend
 * on each other, through yauzl's random access, with the reader's own part parsers doing the XML.
 */
export async function* visibleSheetRows(data: Buffer, maxColumns: () => number): AsyncGenerator<SheetRow> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, z) => (err || !z ? reject(err) : resolve(z))),
  );
  try {
    const entries = await directory(zip);
    const part = (name: string) => {
      const entry = entries.get(name);
      return entry ? openPart(zip, entry) : undefined;
    };
    // Loaded on the first workbook only: exceljs costs some 30 MB of memory that CSV imports never need.
    const { default: excel } = await import('exceljs');
    const reader = new excel.stream.xlsx.WorkbookReader(undefined as unknown as Readable, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as ReaderParts;
    const rels = await part('xl/_rels/workbook.xml.rels');
    if (rels) await reader._parseRels(rels);
    const book = await part('xl/workbook.xml');
    if (!book) throw new Error('The workbook has no xl/workbook.xml');
    await reader._parseWorkbook(book);
    const strings = await part('xl/sharedStrings.xml');
    if (strings) for await (const _ of reader._parseSharedStrings(strings)) void _;
    const styles = await part('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);

    const path = firstVisibleSheet(reader, entries);
    if (!path) throw new Error('The workbook has no visible worksheet');
    const sheetNo = /sheet(\d+)\.xml$/.exec(path)?.[1] ?? '0';
    for (const { value } of reader._parseWorksheet((await part(path))!, sheetNo)) {
      for await (const row of value as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        const width = maxColumns();
        row.eachCell((cell, column) => {
          if (column <= width) cells[column - 1] = cellText(cell);
        });
        for (let c = 0; c < cells.length; c++) cells[c] ??= '';
        yield { number: row.number, cells };
      }
    }
  } finally {
    zip.close();
  }
}

/** The private part parsers of exceljs's WorkbookReader (pinned by the lock file; the import tests cover them). */
interface ReaderParts {
  model?: { sheets?: { rId: string; state?: string }[] };
  workbookRels?: { Id: string; Target: string; Type?: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ value: unknown }>;
}

/**
 * The part of the first worksheet in the workbook's tab order that is not hidden (a hidden first sheet would be
 * a surprise; a chart sheet has no rows). Without a worksheet the workbook names and holds, the first
 * `xl/worksheets/sheetN.xml` by number; none when every one it names and holds is hidden.
 */
function firstVisibleSheet(reader: ReaderParts, entries: Map<string, yauzl.Entry>): string | undefined {
  const worksheets = new Map(
    (reader.workbookRels ?? [])
      .filter((rel) => rel.Type?.endsWith('/worksheet'))
      .map((rel) => [rel.Id, rel.Target]),
  );
  let hiddenOnly = false;
  for (const sheet of reader.model?.sheets ?? []) {
    const path = partOf(worksheets.get(sheet.rId), entries);
    if (!path) continue;
    if (sheet.state !== 'hidden' && sheet.state !== 'veryHidden') return path;
    hiddenOnly = true;
  }
  if (hiddenOnly) return undefined;
  const number = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? NaN);
  return [...entries.keys()]
    .filter((name) => !Number.isNaN(number(name)))
    .sort((a, b) => number(a) - number(b))[0];
}

/**
 * A relationship's target as a part of the ZIP: absolute ("/xl/worksheets/sheet1.xml") or relative to xl/
 * ("worksheets/sheet1.xml", "./worksheets/..."), and as some tools write it, already with "xl/".
 */
function partOf(target: string | undefined, entries: Map<string, yauzl.Entry>): string | undefined {
  if (!target) return undefined;
  const relative = target.replace(/^\.\//, '');
  const candidates = relative.startsWith('/') ? [relative.slice(1)] : [`xl/${relative}`, relative];
  return candidates.find((path) => entries.has(path));
}

function directory(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/**
 * A part's content as text: decoded as one stream, so a character whose bytes fall on both sides of a chunk
 * boundary stays whole (exceljs decodes each chunk apart: an ñ there became two replacement characters).
 */
function openPart(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(err) : resolve(stream.setEncoding('utf8')),
    ),
  );
}

/**
 * One spreadsheet cell as text. A formula is taken as its own text with a leading '=' (never evaluated, never
 * its cached result, which the file's author controls); a merged cell counts once, in its top-left cell.
 */
// exceljs's ValueType.Merge, as a number so this module does not load exceljs eagerly (formulas: valueText).
const MERGE_CELL = 1 as ExcelJS.ValueType;

function cellText(cell: ExcelJS.Cell): string {
  if (cell.type === MERGE_CELL) return '';
  return valueText(cell.value);
}

function valueText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      // A formula is text to us, never evaluated nor its cached result. Read as a stream, a copy of a shared
      // formula arrives without its text; it still reads as a formula, never as the value the file claims.
      const { formula } = value as { formula?: string };
      return `=${formula || '(shared formula)'}`;
    }
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('hyperlink' in value || 'text' in value) {
      return valueText((value as { text?: ExcelJS.CellValue }).text);
    }
    if ('error' in value) return String(value.error);
    // A text cell pointing into shared strings the workbook does not hold: a broken file, never "[object Object]".
    if ('sharedString' in value) throw new Error('The workbook has text cells but no shared strings part');
  }
  return String(value as unknown);
}

/** YYYY-MM-DD from the UTC parts (exceljs gives spreadsheet dates as UTC midnight). */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The shortest text that reads back as the same number, with every digit written out (no exponent). */
function numberText(n: number): string {
  const text = String(n);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, first, rest = '', exp] = match;
  const digits = `${first}${rest}`;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
