/**
 * Decision 0008: a punch file is read as its upload arrives (`receivePunchFile`), never whole. Whatever the chunks,
 * it must answer exactly what the whole-file checks answer (`checkPunchFile`: the shape, or the same refusal) and
 * store the same parts as cutting the whole file (`punchFileParts`).
 */
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../employee-import/import-problem.js';
import {
  checkPunchFile,
  localDateTimeOf,
  punchFileParts,
  punchReadState,
  readPunchBatches,
  receivePunchFile,
  type PunchBatch,
} from './punch-file.js';

beforeAll(() => {
  // Parts of about 1 kB (the smallest allowed): files of a few kB are cut into several.
  process.env.PUNCH_IMPORT_SLICE_BYTES = '1024';
});
afterAll(() => {
  delete process.env.PUNCH_IMPORT_SLICE_BYTES;
});

type Outcome = { shape: unknown; parts: string[] } | { status: number; message: string };

function whole(fileName: string, data: Buffer): Outcome {
  try {
    const shape = checkPunchFile(fileName, data);
    return {
      shape,
      parts: punchFileParts(data, shape).map(([from, to]) => data.subarray(from, to).toString('hex')),
    };
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    return { status: error.status, message: error.message };
  }
}

async function received(fileName: string, data: Buffer, chunkSizes: number[]): Promise<Outcome> {
  const receiver = receivePunchFile(fileName);
  for (let i = 0, c = 0; i < data.length; c++) {
    const size = chunkSizes[c % chunkSizes.length]!;
    await receiver.write(data.subarray(i, i + size));
    i += size;
  }
  try {
    const file = await receiver.end();
    expect(file.size).toBe(data.length);
    return { shape: file.shape, parts: file.parts.map((p) => gunzipSync(p).toString('hex')) };
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    return { status: error.status, message: error.message };
  }
}

const LINES = [
  'EmployeeNumber,DateTime,Direction',
  'EmployeeNumber;DateTime',
  'DM-0001,2026-11-05 08:00:00,In',
  'DM-0002,2026-11-05 17:00,Out',
  '"DM-0003","2026-11-05 08:00",In',
  '"DM, 0004","2026-11-05\n08:00",In',
  '"unclosed,2026-11-05 08:00',
  'Peña,2026-11-05 08:00',
  '1\t2026-11-05 08:00:00\t1\t0\t0',
  '  7\t2026-11-05 17:02:11\t1\t1',
  '',
  '   ',
  'x',
];
const line = fc.oneof(
  fc.constantFrom(...LINES),
  fc.constant('"DM, 5","2026-11-05\n08:00",In'),
  fc.string({ maxLength: 40 }),
  fc.uint8Array({ maxLength: 12 }).map((b) => Buffer.from(b).toString('latin1')),
);
const file = fc
  .tuple(
    fc.constantFrom('', '\ufeff', '\xff\xfe', 'PK\x03\x04'),
    fc.array(line, { minLength: 0, maxLength: 200 }),
    fc.constantFrom('\n', '\r\n'),
    fc.boolean(),
    fc.constantFrom('utf8', 'latin1') as fc.Arbitrary<BufferEncoding>,
  )
  .map(([prefix, lines, eol, trailing, encoding]) => {
    const text = lines.join(eol) + (trailing ? eol : '');
    // The prefixes are raw bytes; the text is written in either encoding.
    return Buffer.concat([Buffer.from(prefix, 'latin1'), Buffer.from(text, encoding)]);
  });

describe('receivePunchFile', () => {
  it('answers what the whole-file checks answer and cuts the same parts, whatever the chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.constantFrom('punches.csv', 'attlog.dat', 'log.TXT', 'punches.xlsx'),
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 5 }),
        async (data, name, chunks) => {
          expect(await received(name, data, chunks)).toEqual(whole(name, data));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a big file in many parts, each of whole lines, the same as the whole file', async () => {
    const lines = ['EmployeeNumber,DateTime,Direction'];
    for (let i = 0; i < 2000; i++)
      lines.push(`DM-${i % 7},2026-11-05 08:${String(i % 60).padStart(2, '0')}:00,In`);
    // Records with a newline inside quotes: a cut at any newline would split some of them.
    for (let i = 0; i < 300; i++) lines.push(`"DM, ${i}","2026-11-05\n08:00",Out`);
    lines.push(...lines.slice(1, 500));
    const data = Buffer.from(lines.join('\r\n'));
    const expected = whole('big.csv', data);
    expect('parts' in expected && expected.parts.length).toBeGreaterThan(50);
    for (const chunk of [1, 7, 1023, 1024, 1025, 4096, 65536]) {
      expect(await received('big.csv', data, [chunk])).toEqual(expected);
    }
  });
});

/** Every batch of the file, read part by part as the jobs do, from bytes or (`bytes` false) as text. */
function batches(data: Buffer, bytes: boolean): PunchBatch[] {
  const shape = checkPunchFile('punches.csv', data);
  const state = punchReadState();
  const out: PunchBatch[] = [];
  for (const [from, to] of punchFileParts(data, shape)) {
    out.push(...readPunchBatches(data.subarray(from, to), shape, state, from, bytes));
  }
  return out;
}

const cellText = fc.oneof(
  fc.constantFrom(
    'DM-0001',
    ' dm-0002 ',
    '=1+1',
    '-5',
    '@x',
    '',
    '   ',
    'In',
    'OUT',
    ' check-in ',
    'C/Out',
    '10',
    '5',
    '3 ',
    '4',
    '2026-11-05 08:00:00x',
    '2026-11-05 08:00 PM',
    '2026-11-05 8:00:00',
    '11/05/2026 8:00 AMX',
    '11/05/2026 8:00:00:00',
    'Break_Out',
    'OT.in',
    '#0',
    '1',
    'unknown',
    'Unknown ',
    'sideways',
    'abcdefghijkl',
    '2026-11-05 08:00:00',
    '2026-11-05T08:00',
    '2026/1/5 8:00',
    ' 2026-11-05 08:00 ',
    '2026-02-29 08:00',
    '2028-02-29 23:59:59',
    '2026-11-05 24:00',
    '2026-11-05 08:60',
    '2026-11-05 08:00:',
    '2026-11-05 08:00:5',
    '1999-12-31 23:59',
    '2101-01-01 00:00',
    '12026-11-05 08:00',
    '11/05/2026 8:00 AM',
    '11/05/2026 12:30:15pm',
    '11/05/2026 12:30 Pm',
    '1/5/2026 13:00',
    '1/5/2026 13:00 PM',
    '1/5/2026 0:10 am',
    '11/05/2026  8:00',
    '11/05/2026 8:00 A',
    '11-05-2026 8:00',
    '2026-11-05',
    '08:00',
  ),
  fc.stringMatching(/^[\d\-/: TAPMapm]{0,22}$/),
  fc.string({ maxLength: 12, unit: fc.constantFrom(...'aZ09 \t-_./#:=+@'.split('')) }),
);

const asciiFile = fc
  .tuple(
    fc.constantFrom(
      'EmployeeNumber,DateTime,Direction',
      'EmployeeNo;Date;Time;Type',
      'Name\tUserId\tCheckTime',
      'DateTime,EmployeeNumber',
      ' , ,\nAcNo,Date,Time,State,Extra',
    ),
    fc.array(fc.array(cellText, { minLength: 0, maxLength: 5 }), { minLength: 1, maxLength: 120 }),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([header, records, eol, trailing, zk]) => {
    const lines = zk
      ? // A terminal's log: its first line decides the format.
        ['1\t2026-11-05 08:00:00\t1\t0\t0', ...records.map((r) => r.join('\t'))]
      : [
          header,
          ...records.map((r) => r.join(header.includes(';') ? ';' : header.includes('\t') ? '\t' : ',')),
        ];
    return Buffer.from(lines.join(eol) + (trailing ? eol : ''), 'latin1');
  });

describe('readPunchBatches from bytes', () => {
  it('finds the rows, errors and row numbers the text reading finds, for any plain text file', () => {
    fc.assert(
      fc.property(asciiFile, (data) => {
        let expected: PunchBatch[];
        try {
          expected = batches(data, false);
        } catch {
          return; // a file the checks refuse
        }
        expect(batches(data, true)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('reads each time format of localDateTimeOf to the same instant', () => {
    fc.assert(
      // One cell: no delimiter in it.
      fc.property(
        cellText.filter((when) => !/[\t,;]/.test(when)),
        (when) => {
          const data = Buffer.from(`EmployeeNumber,DateTime\nDM-0001,${when}\n`, 'latin1');
          const [fromBytes] = batches(data, true);
          const [fromText] = batches(data, false);
          expect(fromBytes).toEqual(fromText);
          const local = localDateTimeOf(when);
          expect(fromBytes!.rows.seconds).toEqual(local ? [Date.parse(`${local}+08:00`) / 1000] : []);
        },
      ),
      { numRuns: 500 },
    );
  });
});
