import { randomUUID } from 'node:crypto';
import { resourceUsage } from 'node:process';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ProblemTypes, PUNCH_DIRECTIONS, type ImportRowError, type PunchImport } from '@hrpay/contracts';
import type { Database, Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { toManilaLocal } from '../../lib/manila.js';
import { problems } from '../../lib/problem.js';
import { settleStaleJob } from '../../lib/stale-jobs.js';
import type { CurrentUser } from '../../lib/route-access.js';
import {
  ACTIVE_PUNCH_IMPORT,
  punchImportsRepo as repo,
  type PunchColumns,
  type PunchImportCounts,
  type EmployeeRef,
  type PunchImportRow,
} from './import-repository.js';
import {
  checkPunchFile,
  punchReadState,
  punchSliceBytes,
  readPunchBatches,
  receivePunchFile,
  shapeFromJson,
  shapeToJson,
  type PunchBatch,
  type PunchFileShape,
  type ReceivedPunchFile,
} from './punch-file.js';

const PREVIEW_ERRORS = 200;
const PREVIEW_SAMPLE = 20;
/** What a stored part's place in the upload holds once it is sent: the part itself can be collected. */
const SENT_PART = Buffer.alloc(0);
/** How long a finished step's progress stays at 100 for a poll that read its row before it ended. */
const FINISHED_PROGRESS_MS = 5_000;
const DAY_MS = 86_400_000;
/** A punch's key is `employee * 2^32 + seconds since 1999`: exact in a double for a million employees. */
const KEY_EPOCH_S = Date.UTC(1999, 0, 1) / 1000;
const KEY_EMPLOYEE = 2 ** 32;

/** What a read of the file against the company's employees found. */
interface Scan {
  format: 'Csv' | 'ZkTeco';
  totalRows: number;
  validRows: number;
  errorCount: number;
  errors: ImportRowError[];
  sample: NonNullable<PunchImportRow['preview']['Sample']>;
}

/** The stored file of a job: what the upload's checks found, its size, and its parts in order. */
interface StoredFile {
  shape: PunchFileShape;
  size: number;
  parts: () => AsyncGenerator<Buffer>;
}

/** One slice of valid punches, with the key of each for counting duplicates. */
interface Slice extends PunchColumns {
  /** The file's row number of each punch (for the errors found once the slice is looked up). */
  rows: Int32Array;
  /** How far into the file the slice ends, in bytes. */
  end: number;
}

/**
 * Punch-file imports as background jobs, on the employee import's pattern (decisions 0005 and 0008): the upload
 * stores the file and answers at once; validation runs after the upload commits and counts what a commit would
 * add; the commit reads the file again in one transaction, re-validating every row, and inserts it in
 * multi-row batches. Live progress is kept in memory and overlaid on the row.
 */
export function punchImportService(db: Database, log: FastifyBaseLogger) {
  const progress = new Map<string, number>();
  /**
   * A step's end: its row may have been read (still Validating or Committing) by a poll that presents it only
   * after this, so the live figure stays at 100 for a moment instead of falling back to the row's 0.
   */
  const finishProgress = (id: string) => {
    progress.set(id, 100);
    setTimeout(() => {
      if (progress.get(id) === 100) progress.delete(id);
    }, FINISHED_PROGRESS_MS).unref();
  };
  const running = new Set<string>();

  /** The process's memory at a step of a job, logged with PUNCH_IMPORT_MEMORY_LOG=1 (decision 0008: RSS target). */
  const memory = (importId: string, step: string) => {
    if (process.env.PUNCH_IMPORT_MEMORY_LOG !== '1') return;
    const mb = (n: number) => Math.round(n / 1048576);
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    log.info(
      {
        importId,
        rss: mb(rss),
        rssPeak: Math.round(resourceUsage().maxRSS / 1024),
        heapUsed: mb(heapUsed),
        heapTotal: mb(heapTotal),
        external: mb(external),
        arrayBuffers: mb(arrayBuffers),
      },
      `punch import memory (MB): ${step}`,
    );
  };

  /**
   * The job's file, to be read one part at a time (decision 0008: never whole in memory), each part in `read`'s
   * transaction. A job uploaded before parts (migration 0027) has its file whole in its row, checked again here.
   */
  const fileOf = async (
    tx: Tx,
    tenantId: string,
    id: string,
    fileName: string,
    read: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  ): Promise<StoredFile> => {
    const stored = await repo.shapeOf(tx, tenantId, id);
    if (stored) {
      return {
        shape: shapeFromJson(stored.shape),
        size: stored.size,
        parts: async function* () {
          for (let seq = 0; ; seq++) {
            const part = await read((tx) => repo.part(tx, tenantId, id, seq));
            if (!part) return;
            yield part;
          }
        },
      };
    }
    const data = await repo.fileOf(tx, tenantId, id);
    if (!data) throw new Error('the uploaded file is no longer stored');
    return {
      shape: checkPunchFile(fileName, data),
      size: data.length,
      parts: async function* () {
        yield data;
      },
    };
  };

  /**
   * Reads the file slice by slice: every row matched to an employee of the company and checked; the slices of
   * valid punches go to `onSlice` (awaited before the next one, which is parsed meanwhile).
   */
  async function scan(
    refs: EmployeeRef[],
    file: StoredFile,
    onProgress: (done: number) => void,
    onSlice: (slice: Slice) => Promise<void>,
    onMemory?: (step: string) => void,
  ): Promise<Scan> {
    const { shape } = file;
    const reading: Reading = {
      refs,
      byKey: employeesByKey(refs),
      whoColumn: shape.format === 'ZkTeco' ? 'UserId' : 'EmployeeNumber',
      out: { format: shape.format, totalRows: 0, validRows: 0, errorCount: 0, errors: [], sample: [] },
    };
    const { out } = reading;
    const sliceBytes = punchSliceBytes();
    /**
     * The next slice's valid punches (about `sliceBytes` of the file, parsed in smaller batches), or null at the
     * end. Only the slice's columns wait for the database; the parsed rows never outlive their batch.
     */
    const nextSlice = (batches: Generator<PunchBatch>, from: number): Slice | null => {
      const slice = newSlice(from);
      while (slice.end - from < sliceBytes) {
        const next = batches.next();
        if (next.done) break;
        addBatch(reading, slice, next.value);
      }
      return slice.end > from ? slice : null;
    };
    let pending: Promise<void> | null = null;
    const state = punchReadState();
    let read = shape.start;
    let offset = 0;
    let slices = 0;
    // One part of the file at a time (whole lines each); a slice ends at the end of its part at the latest.
    try {
      await readSlices();
    } catch (error) {
      // A failed statement of the slice before aborts the transaction, so reading on fails with "current
      // transaction is aborted": the slice's own error (a finalised period, a changed employee) says why.
      await pending;
      throw error;
    }
    await pending;
    return out;

    async function readSlices() {
      for await (const part of file.parts()) {
        const batches = readPunchBatches(part, shape, state, offset);
        offset += part.length;
        for (let slice = nextSlice(batches, read); slice; slice = nextSlice(batches, read)) {
          read = slice.end;
          out.validRows += slice.length;
          // The previous slice's statements run on the database while this one was parsed.
          await pending;
          pending = slice.length ? onSlice(slice) : null;
          // Awaited below; a failure must not go unhandled before then.
          pending?.catch(() => undefined);
          onProgress(slice.end / file.size);
          if (++slices % 10 === 0) onMemory?.(`${slices} slices`);
          await yieldToEventLoop();
        }
      }
    }
  }

  async function validate(tenantId: string, companyId: string, id: string): Promise<void> {
    const claimed = await db.withTenant(tenantId, (tx) =>
      repo.transition(tx, tenantId, id, 'Queued', 'Validating'),
    );
    if (!claimed) return;
    running.add(id);
    progress.set(id, 1);
    try {
      const { file, refs } = await db.withTenant(tenantId, async (tx) => {
        const job = (await repo.get(tx, tenantId, companyId, id))!;
        return {
          // Each part is read in a short transaction of its own, as each slice is looked up.
          file: await fileOf(tx, tenantId, id, job.file_name, (work) => db.withTenant(tenantId, work)),
          refs: await repo.employeeRefs(tx, tenantId, companyId),
        };
      });
      memory(id, 'validation started');
      // Sized once from the line count: doubling would briefly hold the old list and the new one.
      const keys = new KeyList(file.shape.lines);
      const existing = new KeyList();
      // New punches inside a finalised payroll period: the commit would be refused for them, so the preview says
      // which rows they are (the first PREVIEW_ERRORS of them, in row order as the slices come).
      const frozen: ImportRowError[] = [];
      let frozenCount = 0;
      // A short transaction per slice: other requests of the tenant get their turn in between (PGlite).
      const result = await scan(
        refs,
        file,
        (done) => progress.set(id, Math.min(95, 1 + Math.floor(94 * done))),
        async (slice) => {
          const { closed, found } = await db.withTenant(tenantId, async (tx) => ({
            closed: await repo.frozenPunches(tx, tenantId, companyId, refs, slice),
            found: await repo.existingPunches(tx, tenantId, companyId, refs, slice),
          }));
          const refused = new Set<number>();
          for (const { name, positions } of closed) {
            for (const at of positions) {
              refused.add(at - 1);
              frozenCount++;
              if (frozen.length < PREVIEW_ERRORS) {
                frozen.push({
                  Row: slice.rows[at - 1]!,
                  Column: 'DateTime',
                  Value: manilaText(slice.seconds[at - 1]!),
                  Message: `The punch falls inside the finalised payroll period "${name}", which can no longer change`,
                });
              }
            }
          }
          for (let i = 0; i < slice.length; i++) if (!refused.has(i)) keys.push(keyOf(slice, i));
          for (const at of found) existing.push(keyOf(slice, at - 1));
        },
        (step) => memory(id, `validation: ${step}`),
      );
      if (frozenCount) {
        result.errorCount += frozenCount;
        result.validRows -= frozenCount;
        result.errors = [...result.errors, ...frozen].sort((a, b) => a.Row - b.Row).slice(0, PREVIEW_ERRORS);
      }
      // Rows repeated in the file and rows already on file are added once, or not at all.
      const newRows = keys.distinct() - existing.distinct();
      memory(id, 'validation scanned the file');
      await db.withTenant(tenantId, (tx) => repo.saveValidation(tx, tenantId, id, counts(result, newRows)));
    } catch (error) {
      log.error({ err: error, importId: id }, 'punch import validation failed');
      await db.withTenant(tenantId, (tx) =>
        repo.setStatus(tx, tenantId, id, 'Failed', {
          message: 'The file could not be checked. Upload it again; if it keeps failing, contact support.',
          dropFile: true,
        }),
      );
    } finally {
      running.delete(id);
      finishProgress(id);
    }
  }

  async function commit(tenantId: string, companyId: string, id: string, actor: CurrentUser) {
    running.add(id);
    progress.set(id, 0);
    try {
      const outcome = await db.withTenant(tenantId, async (tx) => {
        const job = await repo.get(tx, tenantId, companyId, id, true);
        if (!job || job.status !== 'Committing') return null;
        // The parts are read in the commit's transaction.
        const file = await fileOf(tx, tenantId, id, job.file_name, (work) => work(tx));
        memory(id, 'commit started');
        const reason = `Imported from ${job.file_name}`;
        let added = 0;
        let firstPunchAt: string | null = null;
        let lastPunchAt: string | null = null;
        // The file is read and checked again against the employees as they are now: all rows go in, or none.
        const refs = await repo.employeeRefs(tx, tenantId, companyId);
        const result = await scan(
          refs,
          file,
          (done) => progress.set(id, Math.min(99, Math.floor(99 * done))),
          async (slice) => {
            const inserted = await repo.insertPunches(tx, tenantId, companyId, refs, slice, reason);
            added += inserted.added;
            // ISO local times: their text order is their time order.
            if (inserted.first && (!firstPunchAt || inserted.first < firstPunchAt))
              firstPunchAt = inserted.first;
            if (inserted.last && (!lastPunchAt || inserted.last > lastPunchAt)) lastPunchAt = inserted.last;
          },
          (step) => memory(id, `commit: ${step}`),
        );
        memory(id, 'commit scanned the file');
        if (result.errorCount) throw new StaleImport(result);
        await writeAudit(tx, actor, {
          entity: 'time_log_import',
          entityId: id,
          action: 'import',
          after: {
            CompanyId: companyId,
            FileName: job.file_name,
            Format: result.format,
            Rows: result.totalRows,
            Added: added,
            FirstPunchAt: firstPunchAt,
            LastPunchAt: lastPunchAt,
          },
        });
        await repo.markCommitted(tx, tenantId, id, added);
        return added;
      });
      if (outcome !== null) log.info({ importId: id, added: outcome }, 'punch import committed');
    } catch (error) {
      // The commit transaction rolled back: nothing was written.
      if (error instanceof StaleImport) {
        await db.withTenant(tenantId, (tx) =>
          repo.saveValidation(
            tx,
            tenantId,
            id,
            counts(error.scan, 0),
            'The company’s employees changed since the preview and the file no longer fits. Nothing was imported; review the errors.',
          ),
        );
        return;
      }
      const frozen = /finalised payroll period "(.*)" cannot change/.exec((error as Error).message ?? '');
      if (!frozen) log.error({ err: error, importId: id }, 'punch import commit failed');
      await db.withTenant(tenantId, (tx) =>
        repo.setStatus(tx, tenantId, id, frozen ? 'Invalid' : 'Ready', {
          message: frozen
            ? `The file has punches inside the finalised payroll period ${frozen[1]}, which can no longer change. Nothing was imported.`
            : 'The import could not be completed and nothing was changed. Try again.',
        }),
      );
    } finally {
      running.delete(id);
      finishProgress(id);
    }
  }

  /** A job whose failure could not even be recorded (the database went away): the heartbeat settles it. */
  const logFailure = (id: string) => (error: unknown) =>
    log.error({ err: error, importId: id }, 'punch import job stopped');

  /** A job row as the API shows it: live progress from memory. */
  function present(row: PunchImportRow): PunchImport {
    const live = progress.get(row.id);
    const committed = row.status === 'Committed';
    return {
      ImportId: row.id,
      FileName: row.file_name,
      FileSize: Number(row.file_size),
      Format: row.format,
      Status: row.status,
      Progress: live ?? (ACTIVE_PUNCH_IMPORT.includes(row.status) ? 0 : 100),
      Message: row.message,
      TotalRows: row.total_rows,
      ValidRows: row.valid_rows,
      DuplicateRows: row.valid_rows - row.new_rows,
      NewRows: row.new_rows,
      ErrorCount: row.error_count,
      Errors: row.preview.Errors ?? [],
      Sample: row.preview.Sample ?? [],
      Added: committed ? row.added_count : null,
      Duplicates: committed ? row.valid_rows - (row.added_count ?? 0) : null,
      CreatedAt: new Date(row.created_at).toISOString(),
      CommittedAt: row.committed_at ? new Date(row.committed_at).toISOString() : null,
    };
  }

  /** Marks a job nobody is working on any more as failed, so its company can import again. */
  const settleIfStale = (tx: Tx, tenantId: string, row: PunchImportRow) =>
    settleStaleJob(tx, tenantId, row, { active: ACTIVE_PUNCH_IMPORT, running, repo });

  return {
    present,

    /**
     * Reads an upload as it arrives, before any transaction: the whole-file checks on the way (a hostile file is a
     * clear 4xx and nothing is stored), the file cut into gzipped parts (`receivePunchFile`, decision 0008).
     */
    receive: receivePunchFile,

    async get(tx: Tx, user: CurrentUser, id: string) {
      const row = await repo.get(tx, user.tenantId, user.companyId, id);
      if (!row) throw problems.notFound('The import was not found.');
      return settleIfStale(tx, user.tenantId, row);
    },

    /**
     * Stores the upload as a queued job of the user's company, the file in the parts `receive` cut it into
     * (decision 0008); validation starts once the caller commits. Each part is let go once it is sent.
     */
    async enqueue(tx: Tx, user: CurrentUser, file: ReceivedPunchFile) {
      const { tenantId, companyId } = user;
      const company = await repo.lockCompany(tx, tenantId, companyId);
      if (!company) throw problems.notFound('The company was not found.');
      const active = await repo.activeFor(tx, tenantId, companyId);
      if (active && (await settleIfStale(tx, tenantId, active)).status !== 'Failed') {
        throw problems.conflict(
          `A punch import for ${company.name} is already in progress (${active.file_name}, ${active.status.toLowerCase()}). ` +
            'Wait for it to finish, then upload again.',
          ProblemTypes.invalidState,
        );
      }
      await repo.discardPending(tx, tenantId, companyId);
      const id = randomUUID();
      await repo.insert(tx, tenantId, {
        id,
        companyId,
        userId: user.userId,
        fileName: file.fileName,
        fileSize: file.size,
        sha256: file.sha256,
        shape: shapeToJson(file.shape),
      });
      const { parts } = file;
      for (let seq = 0; seq < parts.length; seq++) {
        await repo.insertPart(tx, tenantId, id, seq, parts[seq]!);
        parts[seq] = SENT_PART;
      }
      const row = (await repo.get(tx, tenantId, companyId, id))!;
      return {
        row,
        start: () => {
          void validate(tenantId, companyId, id).catch(logFailure(id));
        },
      };
    },

    /** Commits a checked file; the commit runs once the caller's transaction has committed. */
    async requestCommit(tx: Tx, user: CurrentUser, id: string) {
      // Not locked: the running commit holds the row, and a repeated confirmation (a double click, a retried
      // request) answers at once with the same job, never a second effect. The claim below is conditional.
      const row = await repo.get(tx, user.tenantId, user.companyId, id);
      if (!row) throw problems.notFound('The import was not found.');
      const started =
        row.status === 'Ready' && (await repo.transition(tx, user.tenantId, id, 'Ready', 'Committing'));
      if (!started) {
        // Claimed meanwhile by another confirmation, or already at work or done.
        if (row.status === 'Ready')
          return { row: { ...row, status: 'Committing' as const }, start: () => {} };
        if (row.status === 'Committing' || row.status === 'Committed') return { row, start: () => {} };
        throw problems.conflict(
          row.status === 'Invalid'
            ? 'This file has errors; fix them and upload it again. Nothing was imported.'
            : `This import cannot be committed (it is ${row.status.toLowerCase()}).`,
          ProblemTypes.invalidState,
        );
      }
      return {
        row: { ...row, status: 'Committing' as const },
        start: () => {
          progress.set(id, 0);
          void commit(user.tenantId, user.companyId, id, user).catch(logFailure(id));
        },
      };
    },

    async discard(tx: Tx, user: CurrentUser, id: string) {
      const row = await repo.get(tx, user.tenantId, user.companyId, id, true);
      if (!row) throw problems.notFound('The import was not found.');
      if (!['Ready', 'Invalid', 'Failed', 'Discarded'].includes(row.status)) {
        throw problems.conflict(
          `This import cannot be discarded (it is ${row.status.toLowerCase()}).`,
          ProblemTypes.invalidState,
        );
      }
      await repo.setStatus(tx, user.tenantId, id, 'Discarded', { dropFile: true });
      return { ...row, status: 'Discarded' as const, message: null };
    },
  };
}

export type PunchImportService = ReturnType<typeof punchImportService>;

class StaleImport extends Error {
  constructor(readonly scan: Scan) {
    super('the file no longer fits the company');
  }
}

/** What a scan reads the file against, and what it found so far. */
interface Reading {
  refs: EmployeeRef[];
  /** Position in `refs` by lower-cased employee number or terminal user id. */
  byKey: Map<string, number>;
  /** The column a row's employee is read from, for its errors. */
  whoColumn: string;
  out: Scan;
}

/** The employees by key; a terminal user id wins over an employee number that happens to spell the same. */
function employeesByKey(refs: EmployeeRef[]): Map<string, number> {
  const byKey = new Map<string, number>();
  refs.forEach((r, i) => byKey.set(r.employee_number.toLowerCase(), i));
  refs.forEach((r, i) => r.device_user_id && byKey.set(r.device_user_id.toLowerCase(), i));
  return byKey;
}

/**
 * Adds a parsed batch's valid punches to the slice, and its errors, sample rows and counts to the scan; the
 * batch's rows die with this call.
 */
function addBatch({ refs, byKey, whoColumn, out }: Reading, slice: Slice, batch: PunchBatch) {
  const latest = Date.now() + DAY_MS;
  const errors = batch.errors;
  const rows = batch.rows;
  for (let k = 0; k < rows.row.length; k++) {
    const row = rows.row[k]!;
    const who = rows.who[k]!;
    const employee = byKey.get(who.toLowerCase());
    if (employee === undefined) {
      errors.push({
        Row: row,
        Column: whoColumn,
        Value: who,
        Message: 'No employee of this company has this employee number or terminal user ID',
      });
      continue;
    }
    const seconds = rows.seconds[k]!;
    if (seconds * 1000 > latest) {
      errors.push({
        Row: row,
        Column: 'DateTime',
        Value: manilaText(seconds),
        Message: 'The punch is in the future',
      });
      continue;
    }
    const ref = refs[employee]!;
    push(slice, employee, seconds, rows.direction[k]!, row);
    if (out.sample.length < PREVIEW_SAMPLE) {
      out.sample.push({
        Row: row,
        EmployeeNumber: ref.employee_number,
        EmployeeName: ref.name,
        PunchedAt: manilaText(seconds),
        Direction: PUNCH_DIRECTIONS[rows.direction[k]!]!,
      });
    }
  }
  if (errors.length) {
    errors.sort((a, b) => a.Row - b.Row);
    out.errors.push(...errors.slice(0, PREVIEW_ERRORS - out.errors.length));
  }
  out.totalRows += batch.totalRows;
  out.errorCount += errors.length;
  slice.end = batch.end;
}

function counts(scan: Scan, newRows: number): PunchImportCounts {
  return {
    status: scan.errorCount ? 'Invalid' : 'Ready',
    format: scan.format,
    totalRows: scan.totalRows,
    validRows: scan.validRows,
    newRows,
    errorCount: scan.errorCount,
    preview: { Errors: scan.errors, Sample: scan.sample },
  };
}

/** Seconds since 1970 as the Manila time the file gave, `YYYY-MM-DDTHH:mm:ss`. */
const manilaText = (seconds: number) => toManilaLocal(new Date(seconds * 1000));

const newSlice = (end: number, capacity = 4096): Slice => ({
  length: 0,
  rows: new Int32Array(capacity),
  employees: new Int32Array(capacity),
  seconds: new Float64Array(capacity),
  directions: new Uint8Array(capacity),
  end,
});

/** Adds a punch to the slice's columns, doubling them when full. */
function push(slice: Slice, employee: number, seconds: number, direction: number, row: number) {
  if (slice.length === slice.employees.length) {
    const grown = newSlice(slice.end, slice.length * 2);
    grown.rows.set(slice.rows);
    grown.employees.set(slice.employees);
    grown.seconds.set(slice.seconds);
    grown.directions.set(slice.directions);
    slice.rows = grown.rows;
    slice.employees = grown.employees;
    slice.seconds = grown.seconds;
    slice.directions = grown.directions;
  }
  slice.rows[slice.length] = row;
  slice.employees[slice.length] = employee;
  slice.seconds[slice.length] = seconds;
  slice.directions[slice.length++] = direction;
}

/** A punch's key: `employee * 2^32 + seconds since 1999`, exact in a double for a million employees. */
const keyOf = (slice: PunchColumns, i: number) =>
  slice.employees[i]! * KEY_EMPLOYEE + (slice.seconds[i]! - KEY_EPOCH_S);

/** A growable list of punch keys in a typed array: 8 bytes a punch, where a Set would take about 50. */
class KeyList {
  private keys: Float64Array;
  private size = 0;

  constructor(capacity = 1024) {
    this.keys = new Float64Array(Math.max(1, capacity));
  }

  push(key: number) {
    if (this.size === this.keys.length) {
      const grown = new Float64Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys[this.size++] = key;
  }

  /** How many different keys (sorts the list). */
  distinct() {
    const sorted = this.keys.subarray(0, this.size).sort();
    let count = 0;
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) count++;
    return count;
  }
}
