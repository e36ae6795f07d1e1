import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ProblemTypes, type EmployeeImport, type ImportRowError } from '@hrpay/contracts';
import type { Database, Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { problems } from '../../lib/problem.js';
import { settleStaleJob } from '../../lib/stale-jobs.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { readImportFile } from './read-file.js';
import { ACTIVE_STATUSES, GOVERNMENT_ID_COLUMNS, importsRepo as repo, type ImportRow } from './repository.js';
import {
  ImportMessages,
  needsStoredRecords,
  recordValue,
  supervisorKeyOf,
  validateRowsYielding,
  type ValidatedRow,
  type ValidationResult,
} from './validate-rows.js';
import { arrayLiteral, employeesService } from '../employees/service.js';
import { writeEmployees } from './write-employees.js';

type ParsedFile = Awaited<ReturnType<typeof readImportFile>>;

/** New and changed rows whose government ids are looked up in one statement. */
const ID_CHECK_BATCH = 5_000;

/**
 * A government id that a new or changed row sets and another employee of the company already holds is an error,
 * as the 201 form's check makes it (PUT /employees/{id} refuses it too); the row leaves the import. An employee
 * whose own row in the file gives that id up (an update with another value) does not hold it: the file may move
 * an id from one record to another.
 *
 * Memory (issue 8: a file of 100,000 updates stays under 500 MB): the database decides which ids a row sets anew
 * and who holds them (importsRepo.governmentIdHolders), a batch at a time; the server holds one batch's ids as
 * four array literals, and nothing per row once the batch is sent. Looking up an object per id for every
 * update, with a set of the updated employees' ids, cost some 100 MB on such a file.
 */
async function refuseIdsHeldElsewhere(
  tx: Tx,
  tenantId: string,
  companyId: string,
  result: ValidationResult,
): Promise<void> {
  const held: Awaited<ReturnType<typeof repo.governmentIdHolders>> = [];
  const batch: ValidatedRow[] = [];
  const check = async () => {
    // Built in one synchronous step, column by column, each value read out of the packed record (decoding
    // 100,000 whole records here cost 70 MB of heap); only the literals live through the round trip.
    const values = GOVERNMENT_ID_COLUMNS.map((column) =>
      arrayLiteral(batch.map((r) => recordValue(r.packed, column))),
    );
    const found = repo.governmentIdHolders(tx, tenantId, companyId, {
      rows: arrayLiteral(batch.map((r) => r.row)),
      selfIds: arrayLiteral(batch.map((r) => r.existingId)),
      values,
    });
    batch.length = 0;
    held.push(...(await found));
  };
  for (const r of result.rows) {
    if (r.action === 'Unchanged') continue;
    batch.push(r);
    if (batch.length === ID_CHECK_BATCH) await check();
  }
  if (batch.length) await check();
  if (held.length === 0) return;

  // The holders' own rows in the file, if any: a holder keeps the id unless its row sets another value.
  const holders = new Set(held.map((h) => h.holder_id));
  const ownRows = new Map<string, ValidatedRow>();
  for (const r of result.rows) if (r.existingId && holders.has(r.existingId)) ownRows.set(r.existingId, r);
  const refused = new Set<number>();
  const refuse = (h: (typeof held)[number]) => {
    refused.add(h.row);
    result.errors.push({
      Row: h.row,
      Column: h.column,
      Value: h.value,
      Message: ImportMessages.idHeld(h.column, h.value, h.holder_number),
    });
  };
  // Ids the file moves away from their holder, each with the holder's row that moves it.
  let moved: { h: (typeof held)[number]; own: ValidatedRow }[] = [];
  for (const h of held) {
    const own = ownRows.get(h.holder_id);
    if (own && own.action !== 'Unchanged' && recordValue(own.packed, h.column) !== h.value)
      moved.push({ h, own });
    else refuse(h);
  }
  // A holder's row that leaves the import (an error of its own) moves nothing: the id stays with its holder.
  for (let before = -1; before !== refused.size;) {
    before = refused.size;
    moved = moved.filter(({ h, own }) => {
      if (!refused.has(own.row)) return true;
      refuse(h);
      return false;
    });
  }
  if (refused.size === 0) return;
  result.rows = result.rows.filter((r) => !refused.has(r.row));
  result.errors.sort((a, b) => a.Row - b.Row);
}

/** Errors kept per import (the CSV holds them all up to this); the preview shows the first few. */
const MAX_STORED_ERRORS = 100_000;
const PREVIEW_ERRORS = 200;
const PREVIEW_SAMPLE_ROWS = 20;
const CACHE_LIMIT = 4;

/**
 * Employee-record imports as background jobs (ARCHITECTURE §4). The upload stores the file in PostgreSQL and
 * answers at once; validation runs after the upload's transaction commits and writes a preview; nothing touches
 * employees until the Admin confirms, and the commit is one transaction. Live progress is kept in memory (a
 * transaction in progress cannot show its own progress to another connection); the status lives in the row.
 */
export function employeeImportService(db: Database, log: FastifyBaseLogger) {
  const progress = new Map<string, number>();
  const running = new Set<string>();
  // EMPLOYEE_IMPORT_MEMORY_LOG=1: the process's memory at each step of a job (for the import benchmark).
  const memoryLog =
    process.env.EMPLOYEE_IMPORT_MEMORY_LOG === '1'
      ? (id: string, step: string) => {
          const m = process.memoryUsage();
          const mb = (n: number) => Math.round(n / 1048576);
          log.warn(
            { importId: id, step, rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal) },
            'employee import memory',
          );
        }
      : () => {};
  // The parsed upload until it is validated; then only the validation, with the fingerprint of the company data
  // it was checked against, so a commit neither reads the file again nor holds two copies of 100,000 rows.
  // Either is read again from the stored file when evicted (a few imports at most are kept).
  const parsedCache = new Map<string, ParsedFile>();
  const validated = new Map<string, { result: ValidationResult; fingerprint: string }>();
  const bounded = <V>(map: Map<string, V>, id: string, value: V) => {
    map.set(id, value);
    while (map.size > CACHE_LIMIT) map.delete(map.keys().next().value!);
  };
  const remember = (id: string, parsed: ParsedFile) => bounded(parsedCache, id, parsed);

  /** The stored upload, read again inside the caller's transaction. */
  const storedFile = async (tx: Tx, tenantId: string, id: string): Promise<ParsedFile> => {
    const file = await repo.fileOf(tx, tenantId, id);
    if (!file) throw new Error('the uploaded file is no longer stored');
    return readImportFile(file.fileName, file.data);
  };

  /** The upload's parsed rows, taken out of the cache: validation empties them as it reads them. */
  const takeParsedFile = async (tenantId: string, id: string): Promise<ParsedFile> => {
    const cached = parsedCache.get(id);
    parsedCache.delete(id);
    return cached ?? db.withTenant(tenantId, (tx) => storedFile(tx, tenantId, id));
  };

  const fail = async (tenantId: string, id: string, message: string) => {
    await db.withTenant(tenantId, (tx) =>
      repo.setStatus(tx, tenantId, id, 'Failed', { message, dropFile: true }),
    );
  };

  async function validate(tenantId: string, id: string): Promise<void> {
    const claimed = await db.withTenant(tenantId, (tx) =>
      repo.transition(tx, tenantId, id, 'Queued', 'Validating'),
    );
    if (!claimed) return;
    running.add(id);
    progress.set(id, 5);
    try {
      const parsed = await takeParsedFile(tenantId, id);
      memoryLog(id, 'validate: parsed');
      progress.set(id, 20);
      const job = await db.withTenant(tenantId, (tx) => repo.get(tx, tenantId, id));
      const { existing, fingerprint } = await db.withTenant(tenantId, async (tx) => ({
        existing: await repo.existingData(tx, tenantId, job!.company_id, needsStoredRecords(parsed.header)),
        fingerprint: await repo.fingerprint(tx, tenantId, job!.company_id),
      }));
      progress.set(id, 40);
      memoryLog(id, 'validate: existing read');
      const result = await validateRowsYielding(parsed, existing, (done, total) =>
        progress.set(id, 40 + Math.floor((45 * done) / Math.max(total, 1))),
      );
      await db.withTenant(tenantId, (tx) => refuseIdsHeldElsewhere(tx, tenantId, job!.company_id, result));
      memoryLog(id, 'validate: validated');
      const summary = summarise(parsed.rows.length, result);
      // Only a preview that can be committed is kept.
      if (summary.status === 'Ready') bounded(validated, id, { result, fingerprint });
      progress.set(id, 90);
      await db.withTenant(tenantId, async (tx) => {
        await repo.replaceErrors(tx, tenantId, id, result.errors.slice(0, MAX_STORED_ERRORS));
        await repo.saveValidation(tx, tenantId, id, summary);
      });
      memoryLog(id, 'validate: saved');
    } catch (error) {
      log.error({ err: error, importId: id }, 'employee import validation failed');
      await fail(
        tenantId,
        id,
        'The file could not be validated. Upload it again; if it keeps failing, contact support.',
      );
    } finally {
      running.delete(id);
      progress.delete(id);
    }
  }

  async function commit(tenantId: string, id: string, actor: CurrentUser): Promise<void> {
    running.add(id);
    progress.set(id, 0);
    try {
      const outcome = await db.withTenant(tenantId, async (tx) => {
        const job = await repo.get(tx, tenantId, id, true);
        if (!job || job.status !== 'Committing') return 'gone' as const;
        // Form writes that set government ids wait until this commit ends (and it for those in progress), so
        // the rows' id check below, or the preview's with an unchanged fingerprint, holds when they are written.
        await employeesService.lockGovernmentIdsForImport(tx, tenantId, job.company_id);
        await repo.lockCompany(tx, tenantId, job.company_id);
        // The preview holds only while the company's data is as it was then; otherwise validate again here.
        // The commit takes it (and writes its rows away batch by batch): a retry validates the stored file again.
        const preview = validated.get(id);
        validated.delete(id);
        let result: ValidationResult;
        if (preview && preview.fingerprint === (await repo.fingerprint(tx, tenantId, job.company_id))) {
          result = preview.result;
        } else {
          const parsed = await storedFile(tx, tenantId, id);
          const existing = await repo.existingData(
            tx,
            tenantId,
            job.company_id,
            needsStoredRecords(parsed.header),
          );
          result = await validateRowsYielding(parsed, existing);
          await refuseIdsHeldElsewhere(tx, tenantId, job.company_id, result);
          if (result.errors.length)
            return { kind: 'stale', stale: result, totalRows: parsed.rows.length } as const;
          // The Admin confirmed the preview's counts: a file that now creates, updates or adds lookups
          // otherwise (an employee of the file was added meanwhile) is shown again, not applied as it now reads.
          const now = summarise(parsed.rows.length, result);
          if (
            now.createCount !== job.create_count ||
            now.updateCount !== job.update_count ||
            result.lookupsToCreate.length !== (job.preview.LookupsToCreate?.length ?? 0)
          ) {
            return {
              kind: 'changed',
              changed: result,
              totalRows: parsed.rows.length,
              companyId: job.company_id,
            } as const;
          }
        }
        const lookups = await repo.ensureLookups(tx, tenantId, job.company_id, [
          { table: 'departments', names: namesOf(result, 'Department') },
          { table: 'positions', names: namesOf(result, 'Position') },
          { table: 'employment_statuses', names: namesOf(result, 'EmploymentStatus') },
          { table: 'shifts', names: [] },
        ]);
        memoryLog(id, 'commit: rows ready');
        // The ids of the supervisors the rows name (new employees get theirs as they are written).
        const supervisors = new Set<string>();
        for (const row of result.rows) {
          const key = row.action === 'Unchanged' ? null : supervisorKeyOf(row.packed);
          if (key !== null) supervisors.add(key);
        }
        const idByNumber = await repo.employeeIds(tx, tenantId, job.company_id, [...supervisors]);
        memoryLog(id, 'commit: ids read');
        const validRows = result.rows.length;
        const written = await writeEmployees(
          tx,
          {
            companyId: job.company_id,
            importId: id,
            actor,
            lookups: lookups as Parameters<typeof writeEmployees>[1]['lookups'],
            idByNumber,
            supervisorNumbers: supervisors,
            // About 150 ms of the embedded database's main thread per statement (issue 13, item 3).
            batchSize: db.kind === 'pglite' ? 1_000 : undefined,
          },
          result.rows,
          (done, total) => progress.set(id, Math.floor((95 * done) / Math.max(total, 1))),
        );
        memoryLog(id, 'commit: written');
        const unchanged = validRows - written.created - written.updated;
        await writeAudit(tx, actor, {
          entity: 'employee_import',
          entityId: id,
          action: 'import',
          after: {
            FileName: job.file_name,
            Created: written.created,
            Updated: written.updated,
            Unchanged: unchanged,
          },
        });
        await repo.markCommitted(tx, tenantId, id, {
          create: written.created,
          update: written.updated,
          unchanged,
        });
        return 'done' as const;
      });
      if (typeof outcome === 'object' && outcome.kind === 'changed') {
        const { changed, companyId } = outcome;
        const summary = summarise(outcome.totalRows, changed);
        await db.withTenant(tenantId, async (tx) => {
          await repo.replaceErrors(tx, tenantId, id, []);
          await repo.saveValidation(tx, tenantId, id, summary);
          if (summary.status === 'Ready') {
            const fingerprint = await repo.fingerprint(tx, tenantId, companyId);
            bounded(validated, id, { result: changed, fingerprint });
          }
          await repo.setStatus(tx, tenantId, id, summary.status, {
            message: `The company’s records changed since the preview: the file now creates ${summary.createCount.toLocaleString('en-PH')} and updates ${summary.updateCount.toLocaleString('en-PH')} employees. Nothing was imported; review the new preview and confirm again.`,
          });
        });
      } else if (typeof outcome === 'object') {
        await db.withTenant(tenantId, async (tx) => {
          await repo.replaceErrors(tx, tenantId, id, outcome.stale.errors.slice(0, MAX_STORED_ERRORS));
          await repo.saveValidation(tx, tenantId, id, summarise(outcome.totalRows, outcome.stale));
          await repo.setStatus(tx, tenantId, id, 'Invalid', {
            message:
              'The company’s records changed since the preview and the file no longer fits. Nothing was imported; review the errors.',
          });
        });
      }
      if (outcome !== 'gone') {
        parsedCache.delete(id);
        validated.delete(id);
      }
    } catch (error) {
      log.error({ err: error, importId: id }, 'employee import commit failed');
      // The commit transaction rolled back: nothing was written. The preview stays for another try.
      await db.withTenant(tenantId, (tx) =>
        repo.setStatus(tx, tenantId, id, 'Ready', {
          message: 'The import could not be completed and nothing was changed. Try again.',
        }),
      );
    } finally {
      running.delete(id);
      progress.delete(id);
    }
  }

  /** A job row as the API shows it: live progress from memory, a cut-off job as failed. */
  function present(row: ImportRow): EmployeeImport {
    const live = progress.get(row.id);
    return {
      ImportId: row.id,
      CompanyId: row.company_id,
      CompanyName: row.company_name,
      FileName: row.file_name,
      FileSize: row.file_size,
      Status: row.status,
      Progress: live ?? (ACTIVE_STATUSES.includes(row.status) ? row.progress : 100),
      Message: row.message,
      TotalRows: row.total_rows,
      CreateCount: row.create_count,
      UpdateCount: row.update_count,
      UnchangedCount: row.unchanged_count,
      ErrorCount: row.error_count,
      Errors: row.preview.Errors ?? [],
      LookupsToCreate: row.preview.LookupsToCreate ?? [],
      SampleRows: row.preview.SampleRows ?? [],
      UploadedBy: row.uploaded_by_name,
      CreatedAt: new Date(row.created_at).toISOString(),
      CommittedAt: row.committed_at ? new Date(row.committed_at).toISOString() : null,
    };
  }

  /** Marks a job nobody is working on any more as failed, so its company can import again. */
  const settleIfStale = (tx: Tx, tenantId: string, row: ImportRow) =>
    settleStaleJob(tx, tenantId, row, { active: ACTIVE_STATUSES, running, repo });

  return {
    present,
    settleIfStale,

    /** Reads the file (refusing a bad one with a clear 4xx) before any transaction starts. */
    /** The latest imports of the tenant (or of one company), as the API shows them: for the dashboards. */
    async recent(
      tx: Tx,
      tenantId: string,
      companyId: string | null,
      limit: number,
    ): Promise<EmployeeImport[]> {
      const rows = await repo.recent(tx, tenantId, companyId, limit);
      return rows.map((row) => present(row));
    },

    async parseUpload(fileName: string, data: Buffer) {
      return readImportFile(fileName, data);
    },

    /** Stores the upload as a queued job; validation starts once the caller's transaction commits. */
    async enqueue(
      tx: Tx,
      user: CurrentUser,
      companyId: string,
      upload: { fileName: string; data: Buffer; parsed: ParsedFile },
    ): Promise<{ row: ImportRow; start: () => void }> {
      const company = await repo.lockCompany(tx, user.tenantId, companyId);
      if (!company) throw problems.notFound('The company was not found.');
      const active = await repo.activeFor(tx, user.tenantId, companyId);
      if (active && (await settleIfStale(tx, user.tenantId, active)).status !== 'Failed') {
        throw problems.conflict(
          `An import for ${company.name} is already in progress (${active.file_name}, ${active.status.toLowerCase()}). ` +
            'Wait for it to finish, then upload again.',
          ProblemTypes.invalidState,
        );
      }
      for (const discarded of await repo.discardPending(tx, user.tenantId, companyId)) {
        validated.delete(discarded);
      }
      const id = randomUUID();
      await repo.insert(tx, user.tenantId, {
        id,
        companyId,
        userId: user.userId,
        fileName: upload.fileName,
        data: upload.data,
        sha256: createHash('sha256').update(upload.data).digest('hex'),
        asBytes: db.kind === 'postgres',
      });
      remember(id, upload.parsed);
      memoryLog(id, 'upload: stored');
      const row = (await repo.get(tx, user.tenantId, id))!;
      return {
        row,
        start: () => {
          progress.set(id, 0);
          void validate(user.tenantId, id);
        },
      };
    },

    /** Confirms a valid preview; the commit runs once the caller's transaction has committed. */
    async requestCommit(tx: Tx, user: CurrentUser, id: string) {
      const row = await repo.get(tx, user.tenantId, id, true);
      if (!row) throw problems.notFound('The import was not found.');
      // A repeated confirmation (a double click, a retried request) answers the same job, never a second effect.
      if (row.status === 'Committing' || row.status === 'Committed') return { row, start: () => {} };
      if (row.status !== 'Ready') {
        throw problems.conflict(
          row.status === 'Invalid'
            ? 'This file has errors; fix them and upload it again. Nothing was imported.'
            : row.status === 'NothingToImport'
              ? 'Every row of this file matches the records already stored: there is nothing to import.'
              : `This import cannot be committed (it is ${row.status.toLowerCase()}).`,
          ProblemTypes.invalidState,
        );
      }
      await repo.transition(tx, user.tenantId, id, 'Ready', 'Committing');
      progress.set(id, 0);
      return {
        row: { ...row, status: 'Committing' as const, progress: 0 },
        start: () => void commit(user.tenantId, id, user),
      };
    },

    async discard(tx: Tx, user: CurrentUser, id: string) {
      const row = await repo.get(tx, user.tenantId, id, true);
      if (!row) throw problems.notFound('The import was not found.');
      if (!['Ready', 'Invalid', 'Failed', 'Discarded'].includes(row.status)) {
        throw problems.conflict(
          `This import cannot be discarded (it is ${row.status.toLowerCase()}).`,
          ProblemTypes.invalidState,
        );
      }
      await repo.setStatus(tx, user.tenantId, id, 'Discarded', { dropFile: true });
      parsedCache.delete(id);
      validated.delete(id);
      return { ...row, status: 'Discarded' as const };
    },
  };
}

export type EmployeeImportService = ReturnType<typeof employeeImportService>;

function namesOf(result: ValidationResult, kind: 'Department' | 'Position' | 'EmploymentStatus') {
  return result.lookupsToCreate.filter((l) => l.Kind === kind).map((l) => l.Name);
}

function summarise(totalRows: number, result: ValidationResult) {
  const count = (action: string) => result.rows.filter((r) => r.action === action).length;
  const errors: ImportRowError[] = result.errors;
  const changes = count('Create') + count('Update') + result.lookupsToCreate.length;
  return {
    status: errors.length
      ? ('Invalid' as const)
      : changes === 0
        ? ('NothingToImport' as const)
        : ('Ready' as const),
    totalRows,
    createCount: count('Create'),
    updateCount: count('Update'),
    unchangedCount: count('Unchanged'),
    errorCount: errors.length,
    preview: {
      Errors: errors.slice(0, PREVIEW_ERRORS),
      LookupsToCreate: result.lookupsToCreate,
      SampleRows: result.rows
        .filter((r) => r.action !== 'Unchanged')
        .slice(0, PREVIEW_SAMPLE_ROWS)
        .map((r) => ({
          Row: r.row,
          Action: r.action as 'Create' | 'Update',
          Values: Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, v ?? ''])),
        })),
    },
  };
}
