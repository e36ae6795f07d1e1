import yauzl from 'yauzl';
import { IMPORT_MAX_XLSX_UNCOMPRESSED_BYTES } from '@hrpay/contracts';
import { ImportFileError } from './import-problem.js';

const MAX_ENTRIES = 10_000;
const MAX_RATIO = 200;
const NOT_XLSX = 'The file content is not a valid XLSX workbook.';
const TOO_BIG = 'The workbook expands to more than 200 MB; split it into smaller files.';

/**
 * Checks an uploaded XLSX's ZIP before any spreadsheet code opens it (RELIABILITY §5): entry count, entry
 * names (no absolute or parent paths), declared sizes, and the bytes each entry really inflates to (a ZIP may
 * lie in its directory), so a ZIP bomb or path-traversal entry is refused with a 4xx.
 */
export async function checkXlsxZip(data: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, z) => (err || !z ? reject(new ImportFileError(400, NOT_XLSX)) : resolve(z)),
    ),
  );
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw new ImportFileError(
      400,
      `The workbook holds more than ${MAX_ENTRIES.toLocaleString('en-PH')} parts.`,
    );
  }
  const names = new Set<string>();
  let declared = 0;
  let inflated = 0;

  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(error instanceof ImportFileError ? error : new ImportFileError(400, NOT_XLSX));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (/^[\\/]|^[A-Za-z]:|\\|(^|\/)\.\.(\/|$)/.test(name)) {
        return fail(
          new ImportFileError(400, `The workbook contains an unsafe entry path: ${name.slice(0, 100)}`),
        );
      }
      names.add(name);
      declared += entry.uncompressedSize;
      if (declared > IMPORT_MAX_XLSX_UNCOMPRESSED_BYTES) return fail(new ImportFileError(413, TOO_BIG));
      if (name.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        let entryBytes = 0;
        stream.on('data', (chunk: Buffer) => {
          entryBytes += chunk.length;
          inflated += chunk.length;
          const ratioTooHigh =
            entryBytes > 1024 * 1024 && entryBytes / Math.max(entry.compressedSize, 1) > MAX_RATIO;
          if (inflated > IMPORT_MAX_XLSX_UNCOMPRESSED_BYTES || ratioTooHigh) {
            stream.destroy();
            fail(new ImportFileError(413, TOO_BIG));
          }
        });
        stream.on('error', fail);
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml'))
    throw new ImportFileError(400, NOT_XLSX);
}
