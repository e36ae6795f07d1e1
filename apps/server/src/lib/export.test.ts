/**
 * The XLSX export's memory: exceljs writes a sheet's XML into its zip entry without waiting for the compressor,
 * so without `writeExport` waiting between batches every row read piles up in buffers until the end (about 1 KB
 * a row: 91 MB at 100,000 rows of this width). Seen from outside as the file on disk: with the wait it grows
 * as the rows are read; without it, almost nothing reaches it before the last batch.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH, listPages, sheetName, writeExport, type ExportColumn } from './export.js';

interface Row {
  n: number;
}
const ROWS = 100_000;
const columns: ExportColumn<Row>[] = Array.from({ length: 12 }, (_, c) => ({
  header: `Column ${c + 1}`,
  value: (row) => (c === 0 ? row.n : `Employee ${row.n}, field ${c + 1} of the master list`),
}));

describe('writeExport as XLSX', () => {
  it('writes the sheet to its file as the rows are read, not at the end, and the file reads back whole', async () => {
    // Export files of this process (other tests may be writing theirs) and their sizes when the last batch is read.
    const sizesAtLastBatch = new Map<string, number>();
    const path = await writeExport('xlsx', 'Master list', columns, async (offset, limit) => {
      if (offset + limit >= ROWS) {
        for (const name of readdirSync(tmpdir()).filter((f) => /^hrpay-export-.*\.xlsx$/.test(f))) {
          const size = statSync(join(tmpdir(), name), { throwIfNoEntry: false })?.size;
          if (size !== undefined) sizesAtLastBatch.set(name, size);
        }
      }
      await new Promise((resolve) => setImmediate(resolve)); // a database answers in a later turn
      const count = Math.max(0, Math.min(limit, ROWS - offset));
      return Array.from({ length: count }, (_, i) => ({ n: offset + i + 1 }));
    });
    try {
      expect(EXPORT_BATCH).toBeLessThan(ROWS / 10);
      // Seen: 98% of the file written by the last batch with the wait, 2% without it.
      const written = sizesAtLastBatch.get(basename(path)) ?? 0;
      expect(written / statSync(path).size).toBeGreaterThan(0.5);

      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(ROWS + 1);
      expect(sheet.getRow(ROWS + 1).getCell(1).value).toBe(ROWS);
      expect(sheet.getRow(2).getCell(12).value).toBe('Employee 1, field 12 of the master list');
    } finally {
      await rm(path, { force: true });
    }
    // 100,000 rows written, then read back whole: some 15 s alone, over 30 s on CI's two cores under load.
  }, 90_000);
});

describe('writeExport row cap', () => {
  /** A list endpoint over `total` numbered rows, paged as the list endpoints page (Page, PageSize). */
  const listOf = (total: number) =>
    listPages(
      async ({ Page, PageSize }: { Page: number; PageSize: number }) => ({
        Items: Array.from(
          { length: Math.max(0, Math.min(PageSize, total - (Page - 1) * PageSize)) },
          (_, i) => ({
            n: (Page - 1) * PageSize + i + 1,
          }),
        ),
      }),
      {},
    );
  const one: ExportColumn<Row>[] = [{ header: 'n', value: (row) => row.n }];

  // Review: a cap that is not a multiple of the batch (a report's 1,048,575) asked listPages for a last batch of
  // another size, which pages by its size: rows repeated or skipped.
  it('writes every row once under a cap that is not a multiple of the batch', async () => {
    const total = EXPORT_BATCH + 500;
    const path = await writeExport('csv', 'Rows', one, listOf(total), '', EXPORT_BATCH + 700);
    try {
      const rows = readFileSync(path, 'utf8')
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1);
      expect(rows).toEqual(Array.from({ length: total }, (_, i) => String(i + 1)));
    } finally {
      await rm(path, { force: true });
    }
  });

  it('refuses one row past the cap, and leaves no file', async () => {
    const cap = EXPORT_BATCH + 300;
    const before = readdirSync(tmpdir()).filter((f) => f.startsWith('hrpay-export-')).length;
    await expect(writeExport('csv', 'Rows', one, listOf(cap + 1), '', cap)).rejects.toMatchObject({
      status: 400,
    });
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('hrpay-export-')).length).toBeLessThanOrEqual(
      before,
    );
    const path = await writeExport('csv', 'Rows', one, listOf(cap), '', cap);
    await rm(path, { force: true });
  });
});

describe('sheetName', () => {
  it('keeps a title that fits, and cuts a longer one after a whole word, without a dangling "and"', () => {
    expect(sheetName('Master list (201)')).toBe('Master list (201)');
    expect(sheetName('Headcount by department and status')).toBe('Headcount by department');
    expect(sheetName('SSS and Pag-IBIG loan remittance')).toBe('SSS and Pag-IBIG loan');
    expect(sheetName('Payroll register: November 2026')).toBe('Payroll register November 2026');
    expect(sheetName('x'.repeat(40))).toBe('x'.repeat(31));
  });
});
