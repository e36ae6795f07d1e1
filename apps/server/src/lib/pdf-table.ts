import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { closeQuietly } from './streams.js';
import type { ExportColumn } from './export.js';

const MARGIN = 36;
const ROW_GAP = 3;
const FONT_SIZE = 8;
/**
 * A table of more columns than this is printed on long bond paper (8.5 x 13 in, the "folio" Philippine offices
 * print registers on) in a smaller type: on A4 at 8 pt an amount column of a payroll register was narrower than
 * "13,250.00", which broke over two lines.
 */
const WIDE_TABLE_COLUMNS = 12;
const WIDE_FONT_SIZE = 6.5;

/**
 * Writes a printable report: A4 landscape (long bond paper for a wide table), a title block, then a table whose header repeats on every page and
 * "Page n" at the foot. Rows arrive batch by batch and go straight to the file, so memory stays flat however
 * many employees the report holds. Widths are relative (they share the printable width).
 */
export async function writePdfTable<R>(
  path: string,
  title: string,
  subtitle: string,
  columns: (ExportColumn<R> & { pdfWidth?: number })[],
  eachBatch: (write: (rows: R[]) => Promise<void>) => Promise<void>,
  /** A total or subtotal row: printed in bold. */
  emphasis?: (row: R) => boolean,
): Promise<void> {
  const { default: PDFDocument } = await import('pdfkit'); // loaded on demand: reports are rare
  const wide = columns.length > WIDE_TABLE_COLUMNS;
  const fontSize = wide ? WIDE_FONT_SIZE : FONT_SIZE;
  const doc = new PDFDocument({
    size: wide ? 'FOLIO' : 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: false,
  });
  const out = createWriteStream(path);
  doc.pipe(out);
  doc.info.Title = title;
  doc.info.Producer = 'HRPAY';

  const width = doc.page.width - MARGIN * 2;
  const total = columns.reduce((sum, c) => sum + (c.pdfWidth ?? 1), 0);
  const widths = columns.map((c) => ((c.pdfWidth ?? 1) / total) * width);
  const bottom = () => doc.page.height - MARGIN - 14;
  let page = 1;

  const footer = () => {
    // The footer sits below the bottom margin: without lifting the margin pdfkit would move it onto a new,
    // otherwise blank page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#666')
      .text(`${title} · page ${page}`, MARGIN, doc.page.height - MARGIN - 8, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.fillColor('#000');
    doc.page.margins.bottom = margin;
  };
  const rowHeight = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    return (
      Math.max(...cells.map((text, i) => doc.heightOfString(text || ' ', { width: widths[i]! - 4 }))) +
      ROW_GAP
    );
  };
  const drawRow = (cells: string[], bold: boolean) => {
    const height = rowHeight(cells, bold);
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((text, i) => {
      doc.text(text, x + 2, y, { width: widths[i]! - 4 });
      x += widths[i]!;
    });
    doc.y = y + height;
    doc
      .moveTo(MARGIN, doc.y - 1)
      .lineTo(MARGIN + width, doc.y - 1)
      .lineWidth(0.3)
      .strokeColor('#bbb')
      .stroke();
    doc.x = MARGIN;
  };
  const header = columns.map((c) => c.header);

  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc.font('Helvetica').fontSize(9).fillColor('#444').text(subtitle).fillColor('#000').moveDown(0.8);
  drawRow(header, true);
  let count = 0;
  // A refused or failed export closes its file, so the caller's removal frees the disk at once.
  try {
    await eachBatch(async (rows) => {
      for (const row of rows) {
        const cells = columns.map((c) => {
          const value = c.value(row);
          return value === null || value === undefined ? '' : String(value);
        });
        const bold = emphasis?.(row) ?? false;
        if (doc.y + rowHeight(cells, bold) > bottom()) {
          footer();
          doc.addPage();
          page += 1;
          doc.y = MARGIN;
          drawRow(header, true);
        }
        drawRow(cells, bold);
        count += 1;
      }
      // Let the file stream drain between batches.
      if (out.writableNeedDrain) await once(out, 'drain');
    });
    if (count === 0) doc.font('Helvetica-Oblique').fontSize(fontSize).text('Nothing to report.');
    footer();
  } catch (error) {
    closeQuietly(out);
    throw error;
  }
  doc.end();
  await once(out, 'finish');
}
