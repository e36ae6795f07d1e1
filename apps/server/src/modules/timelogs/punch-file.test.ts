/**
 * Decision 0008: a punch file is read as its upload arrives (`receivePunchFile`), never whole. Whatever the chunks,
 * it must answer exactly what the whole-file checks answer (`checkPunchFile`: the shape, or the same refusal) and
 * store the same parts as cutting the whole file (`punchFileParts`).
 */
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError } from '../employee-import/import-problem.js';
import { checkPunchFile, punchFileParts, receivePunchFile } from './punch-file.js';

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
