import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The data directory as a gzipped ustar archive, read and written a piece at a time (memory stays flat whatever
 * the database's size), in the layout of PGlite's `dumpDataDir` so `PGlite.create({ loadDataDir })` reads what
 * `writeArchive` writes and `extractArchive` reads what `dumpDataDir` wrote: entry names relative to the data
 * directory with a leading '/' ('/PG_VERSION', '/base', '/base/1/1259'), each directory before what it holds,
 * regular files and directories only, two zero blocks at the end.
 */

const BLOCK = 512;
const CHUNK = 1 << 20;
/** PGlite's tar reader (tinytar) reads the 100-byte name field only: no ustar prefix, no PAX or GNU long names. */
const NAME_LIMIT = 100;
const SIZE_LIMIT = 8 ** 11; // 11 octal digits

/** A malformed archive or an entry this reader refuses. */
export class ArchiveError extends Error {}

function octal(value: number, digits: number) {
  return `${value.toString(8).padStart(digits, '0')}\0`;
}

function checksum(header: Buffer) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

function tarHeader(name: string, entry: { mode: number; size: number; mtime: Date; directory: boolean }) {
  if (Buffer.byteLength(name) > NAME_LIMIT)
    throw new Error(`${name}: a name longer than ${NAME_LIMIT} bytes cannot be archived for PGlite.`);
  if (entry.size >= SIZE_LIMIT) throw new Error(`${name}: a file of 8 GiB or more cannot be archived.`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, NAME_LIMIT, 'utf8');
  header.write(octal(entry.mode & 0o777, 7), 100, 'latin1');
  header.write(octal(0, 7), 108, 'latin1'); // uid
  header.write(octal(0, 7), 116, 'latin1'); // gid
  header.write(octal(entry.size, 11), 124, 'latin1');
  header.write(octal(Math.max(0, Math.floor(entry.mtime.getTime() / 1000)), 11), 136, 'latin1');
  header.write(entry.directory ? '5' : '0', 156, 'latin1');
  header.write('ustar\x0000', 257, 'latin1');
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return header;
}

/** The archive's bytes: each entry's header, then a regular file's content in 1 MiB pieces, padded to a block. */
async function* archiveEntries(root: string): AsyncGenerator<Buffer> {
  async function* walk(dir: string, name: string): AsyncGenerator<Buffer> {
    for (const entry of (await readdir(dir)).sort()) {
      const path = join(dir, entry);
      const entryName = `${name}/${entry}`;
      const info = await stat(path);
      if (info.isDirectory()) {
        yield tarHeader(entryName, { mode: info.mode, size: 0, mtime: info.mtime, directory: true });
        yield* walk(path, entryName);
      } else if (info.isFile()) {
        yield tarHeader(entryName, { mode: info.mode, size: info.size, mtime: info.mtime, directory: false });
        const file = await open(path, 'r');
        try {
          let written = 0;
          while (written < info.size) {
            const piece = Buffer.alloc(Math.min(CHUNK, info.size - written));
            const { bytesRead } = await file.read(piece, 0, piece.length, written);
            if (bytesRead === 0) throw new Error(`${path} shrank while it was archived.`);
            written += bytesRead;
            yield bytesRead === piece.length ? piece : piece.subarray(0, bytesRead);
          }
        } finally {
          await file.close();
        }
        const pad = (BLOCK - (info.size % BLOCK)) % BLOCK;
        if (pad) yield Buffer.alloc(pad);
      } else throw new Error(`${path} is neither a file nor a directory; it cannot be archived.`);
    }
  }
  yield* walk(root, '');
  yield Buffer.alloc(2 * BLOCK);
}

/** Writes directory `root` as a gzipped archive to the new file `file` (mode 0600), synced to disk. */
export async function writeArchive(root: string, file: string): Promise<void> {
  const out = await open(file, 'wx', 0o600);
  try {
    await pipeline(archiveEntries(root), createGzip(), async (compressed: AsyncIterable<Buffer>) => {
      for await (const piece of compressed) await out.write(piece);
    });
    await out.sync();
  } finally {
    await out.close();
  }
}

/** Reads an async stream of buffers by exact lengths without gathering more than one block beyond a request. */
class ByteReader {
  private held: Buffer[] = [];
  private heldBytes = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `max` bytes (fewer only when the stream has fewer buffered), or undefined at the end of the stream. */
  async some(max: number): Promise<Buffer | undefined> {
    if (this.heldBytes === 0) {
      const next = await this.source.next();
      if (next.done) return undefined;
      this.held.push(next.value);
      this.heldBytes += next.value.length;
    }
    const first = this.held[0]!;
    const piece = first.length <= max ? first : first.subarray(0, max);
    if (piece === first) this.held.shift();
    else this.held[0] = first.subarray(max);
    this.heldBytes -= piece.length;
    return piece;
  }

  /** Exactly `length` bytes; undefined when the stream ends before any; an error when it ends part way. */
  async exactly(length: number, what: string): Promise<Buffer | undefined> {
    const pieces: Buffer[] = [];
    let got = 0;
    while (got < length) {
      const piece = await this.some(length - got);
      if (!piece) {
        if (got === 0) return undefined;
        throw new ArchiveError(`the archive ends inside ${what}`);
      }
      pieces.push(piece);
      got += piece.length;
    }
    return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
  }
}

const field = (header: Buffer, start: number, length: number) =>
  header
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/** The path under `root` an entry name stands for: relative ('/x' as PGlite writes it, 'x' or './x'), never '..'. */
function entryPath(root: string, name: string): { path?: string; relative: string } {
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..'))
    throw new ArchiveError(`the entry ${JSON.stringify(name)} points outside the archive`);
  return { path: parts.length ? join(root, ...parts) : undefined, relative: parts.join('/') };
}

/**
 * Extracts a gzipped archive (writeArchive's or PGlite's dumpDataDir's) into directory `root`, which must exist:
 * directories 0700, files 0600. Checks every header's checksum and, by reading the gzip stream to its end, its
 * CRC; refuses entries other than files and directories and names with '..'. Returns the entry names, relative.
 * On an error part of the archive may be extracted: the caller removes `root`.
 */
export async function extractArchive(file: string, root: string): Promise<string[]> {
  const names: string[] = [];
  let writing: Promise<void> | undefined;
  try {
    await pipeline(createReadStream(file), createGunzip(), (tar: AsyncIterable<Buffer>) => {
      writing = writeEntries(tar, root, names);
      return writing;
    });
  } catch (error) {
    // A damaged file fails the gunzip stream while the writer may still be creating a file or a directory: the
    // caller removes `root` on this error, so nothing may be written after it (a restore had left a file of a
    // truncated backup behind, in a directory it had just removed). The writer stops at its next read.
    await writing?.catch(() => undefined);
    throw error;
  }
  return names;
}

/** Writes the tar entries of `tar` under `root`, each checked, naming each in `names`. */
async function writeEntries(tar: AsyncIterable<Buffer>, root: string, names: string[]): Promise<void> {
  const reader = new ByteReader(tar[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.exactly(BLOCK, 'a header');
    if (!header) throw new ArchiveError('the archive ends without its end-of-archive block');
    if (header.every((b) => b === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (checksum(header) !== parseInt(field(header, 148, 8).trim(), 8) || Number.isNaN(size))
      throw new ArchiveError(`not a tar archive (a header's checksum is wrong at entry ${names.length + 1})`);
    const prefix = field(header, 257, 6) === 'ustar' ? field(header, 345, 155) : '';
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const type = String.fromCharCode(header[156]!);
    const { path, relative } = entryPath(root, name);
    const mtime = new Date(parseInt(field(header, 136, 12).trim() || '0', 8) * 1000);
    if (type === '5') {
      if (path) await mkdir(path, { recursive: true, mode: 0o700 });
    } else if (type === '0' || type === '\0') {
      if (!path) throw new ArchiveError(`the entry ${JSON.stringify(name)} is a file without a name`);
      await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
      const out = await open(path, 'wx', 0o600);
      try {
        for (let left = size; left > 0;) {
          const piece = await reader.some(left);
          if (!piece) throw new ArchiveError(`the archive ends inside ${name}`);
          await out.write(piece);
          left -= piece.length;
        }
        await out.utimes(mtime, mtime);
      } finally {
        await out.close();
      }
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad && !(await reader.exactly(pad, name)))
        throw new ArchiveError(`the archive ends inside ${name}`);
    } else throw new ArchiveError(`the entry ${JSON.stringify(name)} is neither a file nor a directory`);
    names.push(relative);
  }
  while (await reader.some(CHUNK)); // the rest (zero blocks): read to the end so gunzip checks the CRC
}
