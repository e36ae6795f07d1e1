/**
 * The XLSX export's memory: exceljs writes a sheet's XML into its zip entry without waiting for the compressor,
 * so without `writeExport` waiting between batches every row read piles up in buffers until the end (about 1 KB
 * a row). Measured as the growth of Node's ArrayBuffer memory while the rows are read, which is where those
 * buffers live; the file must still read back whole.
 */
import { rm } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXPORT_BATCH, writeExport, type ExportColumn } from './export.js';

interface Row {
  n: number;
}
const ROWS = 100_000;
const columns: ExportColumn<Row>[] = Array.from({ length: 12 }, (_, c) => ({
  header: `Column ${c + 1}`,
  value: (row) => (c === 0 ? row.n : `Employee ${row.n}, field ${c + 1} of the master list`),
}));

describe('writeExport as XLSX', () => {
  it('holds about one batch of rows in memory, not the whole sheet, and the file reads back whole', async () => {
    const start = process.memoryUsage().arrayBuffers;
    let peak = 0;
    const path = await writeExport('xlsx', 'Master list', columns, async (offset, limit) => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers - start);
      await new Promise((resolve) => setImmediate(resolve)); // a database answers in a later turn
      const count = Math.max(0, Math.min(limit, ROWS - offset));
      return Array.from({ length: count }, (_, i) => ({ n: offset + i + 1 }));
    });
    try {
      // 100,000 such rows are about 90 MB of sheet XML (seen: 91 MB held without the wait); with it, about a
      // batch (2 MB) plus buffers the garbage collector has not freed yet (seen: 25 MB).
      expect(EXPORT_BATCH).toBeLessThan(ROWS / 10);
      expect(peak / 1e6).toBeLessThan(50);

      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(ROWS + 1);
      expect(sheet.getRow(ROWS + 1).getCell(1).value).toBe(ROWS);
      expect(sheet.getRow(2).getCell(12).value).toBe('Employee 1, field 12 of the master list');
    } finally {
      await rm(path, { force: true });
    }
  });
});
