import yauzl from 'yauzl';
import { IMPORT_MAX_XLSX_UNCOMPRESSED_BYTES } from '@hrpay/contracts';
import { ImportFileError } from './import-problem.js';

const MAX_ENTRIES = 10_000;
/** Larger parts may not expand more than this many times (ordinary workbooks stay far below 50:1). */
const MAX_RATIO = 200;
const RATIO_APPLIES_FROM = 1024 * 1024;
const MB = Math.round(IMPORT_MAX_XLSX_UNCOMPRESSED_BYTES / (1024 * 1024));

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

const NOT_XLSX = 'The file content is not a valid XLSX workbook.';
const TOO_BIG = `The workbook expands to more than ${MB} MB.`;
const SIZE_LIE =
  'The file content is not a valid XLSX workbook: a part is larger than its ZIP directory declares.';
const RATIO = `The workbook contains a part that expands more than ${MAX_RATIO} times; it cannot be imported safely.`;
/**
 * The longest text between two XML tags a part may hold: a cell of Excel's own maximum, 32,767 characters, even
 * written as six-byte entities (&quot;) takes under 200 kB. The spreadsheet reader holds a text node whole (twice
 * over, as UTF-16): one cell of 180 MB in a 1 MB upload had cost the server 550 MB.
 */
const MAX_TEXT_RUN = 256 * 1024;
const LONG_CELL =
  'A cell of the workbook holds more than 32,767 characters, more than a spreadsheet cell can; it cannot be imported.';

interface Part {
  entry: yauzl.Entry;
  name: string;
}

/**
 * Checks an uploaded XLSX's ZIP before any spreadsheet code opens it (RELIABILITY §5, ASVS 5.2.3 and 5.3.3).
 * First the central directory alone: entry count, entry names (no absolute, drive, backslash or `..` paths),
 * the sum of the declared sizes, the declared compression ratio and the parts every workbook has. Then each
 * part is inflated and counted, stopping as soon as the running total passes the limit, because a ZIP may lie
 * in its directory (yauzl's validateEntrySizes also stops a part the moment it outgrows its declared size).
 * Every refusal is an ImportFileError: 400, or 413 when the content is too large.
 */
export async function checkXlsxZip(data: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      data,
      // decodeStrings: false so that yauzl neither rewrites backslashes nor refuses names with its own words:
      // the raw names are checked here.
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: false },
      (err, z) => (err || !z ? reject(new ImportFileError(400, NOT_XLSX, { cause: err })) : resolve(z)),
    ),
  );
  try {
    if (zip.entryCount > MAX_ENTRIES) {
      throw new ImportFileError(
        400,
        `The workbook holds more than ${MAX_ENTRIES.toLocaleString('en-PH')} parts; it cannot be imported safely.`,
      );
    }
    const parts = await readDirectory(zip);
    const inflated = { total: 0 };
    for (const part of parts) await inflateCounting(zip, part, inflated);
  } finally {
    zip.close();
  }
}

async function readDirectory(zip: yauzl.ZipFile): Promise<Part[]> {
  const parts: Part[] = [];
  const names = new Set<string>();
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (err) => reject(new ImportFileError(400, NOT_XLSX, { cause: err })));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const candidates = [entry.fileNameRaw, ...unicodePathNames(entry)];
      const unsafe = candidates.find((raw) => isUnsafeName(raw.toString('latin1')));
      if (unsafe) {
        return reject(
          new ImportFileError(400, `The workbook contains an unsafe entry path: ${printable(unsafe, entry)}`),
        );
      }
      const name = decodeName(entry.fileNameRaw, entry);
      names.add(name);
      declared += entry.uncompressedSize;
      if (declared > IMPORT_MAX_XLSX_UNCOMPRESSED_BYTES) return reject(new ImportFileError(413, TOO_BIG));
      if (
        entry.uncompressedSize > RATIO_APPLIES_FROM &&
        entry.uncompressedSize / Math.max(entry.compressedSize, 1) > MAX_RATIO
      ) {
        return reject(new ImportFileError(413, RATIO));
      }
      if (!name.endsWith('/')) parts.push({ entry, name });
      zip.readEntry();
    });
    zip.readEntry();
  });
  zip.removeAllListeners('error');
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw new ImportFileError(400, NOT_XLSX);
  }
  return parts;
}

/** Inflates one part, adding its bytes to the workbook's running total (`inflated`) as they come. */
function inflateCounting(zip: yauzl.ZipFile, part: Part, inflated: { total: number }): Promise<void> {
  const { entry } = part;
  return new Promise<void>((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new ImportFileError(400, NOT_XLSX, { cause: err }));
      let entryBytes = 0;
      // Bytes since the last '<' (chunks are 16 kB, so only a run across chunks can pass MAX_TEXT_RUN).
      let sinceTag = 0;
      let done = false;
      const stop = (error: ImportFileError) => {
        if (done) return;
        done = true;
        stream.destroy();
        reject(error);
      };
      stream.on('data', (chunk: Buffer) => {
        entryBytes += chunk.length;
        inflated.total += chunk.length;
        if (inflated.total > IMPORT_MAX_XLSX_UNCOMPRESSED_BYTES)
          return stop(new ImportFileError(413, TOO_BIG));
        if (entryBytes > RATIO_APPLIES_FROM && entryBytes / Math.max(entry.compressedSize, 1) > MAX_RATIO) {
          return stop(new ImportFileError(413, RATIO));
        }
        const lastTag = chunk.lastIndexOf(0x3c);
        if (lastTag === -1) sinceTag += chunk.length;
        else if (sinceTag + chunk.indexOf(0x3c) > MAX_TEXT_RUN) sinceTag = MAX_TEXT_RUN + 1;
        else sinceTag = chunk.length - lastTag - 1;
        if (sinceTag > MAX_TEXT_RUN) stop(new ImportFileError(400, LONG_CELL));
      });
      stream.on('error', (e: Error) =>
        stop(new ImportFileError(400, /bytes in the stream/.test(e.message) ? SIZE_LIE : NOT_XLSX)),
      );
      stream.on('end', () => {
        if (!done) {
          done = true;
          resolve();
        }
      });
    });
  });
}

/** Absolute (/x, \x, C:), backslashes, `..` segments, or control characters (a NUL can cut a name short). */
function isUnsafeName(name: string): boolean {
  return (
    name === '' ||
    /^[\\/]/.test(name) ||
    /^[A-Za-z]:/.test(name) ||
    name.includes('\\') ||
    name.split('/').includes('..') ||
    CONTROL.test(name)
  );
}

/** Names an Info-ZIP Unicode Path extra field (0x7075) carries: some unzip code prefers them to the header. */
function unicodePathNames(entry: yauzl.Entry): Buffer[] {
  return entry.extraFields.filter((f) => f.id === 0x7075 && f.data.length > 5).map((f) => f.data.subarray(5));
}

function decodeName(raw: Buffer, entry: yauzl.Entry): string {
  // General purpose bit 11: the name is UTF-8; otherwise CP437, which agrees with latin1 on the ASCII names
  // of a workbook's parts.
  return raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
}

function printable(raw: Buffer, entry: yauzl.Entry): string {
  return decodeName(raw, entry).replace(CONTROLS, '?').slice(0, 100);
}
