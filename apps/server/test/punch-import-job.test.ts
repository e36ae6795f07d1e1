/**
 * Issue 9 §1: a punch file imported as a background job with progress (decision 0008), through HTTP: the upload
 * answers at once, validation and commit run after it with their progress on GET, per-row errors, all or
 * nothing, duplicates collapse, re-import adds nothing, one job per company, company and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type PunchImport } from '@hrpay/contracts';
import { createTestApp, demo, onPostgres, signIn, type Session, type TestApp } from './helpers.js';
import type { Tx } from '../src/db/database.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';
import { punchImports } from './punch-imports.js';

let t: TestApp;
let hr: Session;
let logisticsHr: Session;
let otherHr: Session;
const imports = punchImports(() => t);

beforeAll(async () => {
  // Slices of 4 kB (about 130 punches) rather than 1 MB: a small file shows its progress in many steps.
  process.env.PUNCH_IMPORT_SLICE_BYTES = '4096';
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  logisticsHr = await signIn(t.app, demo.logisticsHr);
  otherHr = await signIn(t.app, demo.otherHr);
});
afterAll(async () => {
  delete process.env.PUNCH_IMPORT_SLICE_BYTES;
  await t?.close();
});

const importedCount = async () => {
  const [row] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM time_logs WHERE source = 'Import'`),
  );
  return row!.n;
};

const storedParts = async (importId: string) => {
  const [row] = await t.db.withTenant(hr.tenantId, (tx) =>
    tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM punch_import_parts WHERE import_id = $1`, [
      importId,
    ]),
  );
  return row!.n;
};

/** `days` days of four punches for each of the seven demo employees of Demo Manufacturing: 28 lines a day. */
function bigFile(from: string, days: number) {
  const lines = ['EmployeeNumber,DateTime,Direction'];
  const start = Date.parse(`${from}T00:00:00Z`);
  for (let d = 0; d < days; d++) {
    const date = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    for (let e = 1; e <= 7; e++) {
      const who = `DM-000${e}`;
      lines.push(`${who},${date} 07:5${e}:00,In`, `${who},${date} 12:0${e}:00,Out`);
      lines.push(`${who},${date} 12:5${e}:00,In`, `${who},${date} 17:0${e}:00,Out`);
    }
  }
  return lines;
}

describe('punch import job', () => {
  it('answers the upload at once and shows the progress of validation and of the commit', async () => {
    // About 250 kB: some sixty slices, with polls answered in between.
    const lines = bigFile('2000-01-01', 300);
    const res = await imports.upload(hr, 'year.csv', lines.join('\n'));
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as PunchImport;
    expect(queued).toMatchObject({ Status: 'Queued', Progress: 0, FileName: 'year.csv', TotalRows: 0 });
    // Stored in parts of whole lines (decision 0008, migration 0027): some sixty of 4 kB.
    expect(await storedParts(queued.ImportId)).toBeGreaterThan(50);
    const seen: PunchImport[] = [];
    const checked = await imports.settle(hr, queued.ImportId, seen);
    expect(checked).toMatchObject({
      Status: 'Ready',
      Progress: 100,
      TotalRows: lines.length - 1,
      ValidRows: lines.length - 1,
      NewRows: lines.length - 1,
      ErrorCount: 0,
    });
    expect(checked.Sample).toHaveLength(20);
    const validating = seen.filter((j) => j.Status === 'Validating').map((j) => j.Progress);
    expect(
      validating.some((p) => p > 0 && p < 100),
      JSON.stringify(validating),
    ).toBe(true);
    expect([...validating].sort((a, b) => a - b)).toEqual(validating);

    const commit = await imports.action(hr, checked.ImportId, 'commit');
    expect(commit.statusCode, commit.body).toBe(202);
    expect(commit.json()).toMatchObject({ Status: 'Committing' });
    // A second confirmation (a double click) answers the same job, never a second effect.
    expect((await imports.action(hr, checked.ImportId, 'commit')).statusCode).toBe(202);
    seen.length = 0;
    const done = await imports.settle(hr, checked.ImportId, seen);
    expect(done).toMatchObject({
      Status: 'Committed',
      Added: lines.length - 1,
      Duplicates: 0,
      Progress: 100,
    });
    expect(done.CommittedAt).not.toBeNull();
    // The commit is one transaction: the embedded database's single connection answers the status only after
    // it (decision 0005); PostgreSQL answers during it.
    if (onPostgres) {
      const committing = seen.filter((j) => j.Status === 'Committing').map((j) => j.Progress);
      expect(
        committing.some((p) => p > 0 && p < 100),
        JSON.stringify(committing),
      ).toBe(true);
    }
    expect(await importedCount()).toBe(lines.length - 1);
    // The stored file is dropped once committed.
    const [job] = await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query<{ file_data: unknown }>(`SELECT file_data FROM punch_imports WHERE id = $1`, [done.ImportId]),
    );
    expect(job!.file_data).toBeNull();
    expect(await storedParts(done.ImportId)).toBe(0);
  });

  it('collapses duplicate punches in the file and on file; re-importing adds nothing', async () => {
    const before = await importedCount();
    const file = [
      'EmployeeNumber,DateTime,Direction',
      'DM-0002,2026-10-12 08:00:00,In',
      'DM-0002,2026-10-12 08:00:00,In',
      'dm-0002,10/12/2026 8:00 AM,In',
      'DM-0002,2026-10-12 17:00:00,Out',
      // Already on file from the first test.
      'DM-0001,2000-01-01 07:51:00,In',
    ].join('\n');
    const preview = await imports.preview(hr, 'dupes.csv', file);
    expect(preview).toMatchObject({ Status: 'Ready', ValidRows: 5, NewRows: 2, DuplicateRows: 3 });
    const commit = await imports.action(hr, preview.ImportId, 'commit');
    expect(commit.statusCode).toBe(202);
    expect(await imports.settle(hr, preview.ImportId)).toMatchObject({ Added: 2, Duplicates: 3 });
    expect(await importedCount()).toBe(before + 2);
    const again = await imports.importFile(hr, 'dupes.csv', file);
    expect(again).toMatchObject({ Status: 'Committed', Added: 0, Duplicates: 5 });
    expect(await importedCount()).toBe(before + 2);
  });

  it('commits all or nothing: rows that no longer fit at commit time roll back every batch', async () => {
    const before = await importedCount();
    // The last row is the only one of DM-0007; earlier slices are inserted before it is read.
    const lines = [
      ...bigFile('2019-06-01', 120).filter((l) => !l.startsWith('DM-0007')),
      'DM-0007,2021-06-01 08:00:00,In',
    ];
    const preview = await imports.preview(hr, 'late.csv', lines.join('\n'));
    expect(preview).toMatchObject({ Status: 'Ready', ErrorCount: 0, NewRows: lines.length - 1 });
    const renumber = (from: string, to: string) =>
      t.db.withTenant(hr.tenantId, (tx) =>
        tx.query(`UPDATE employees SET employee_number = $2 WHERE employee_number = $1`, [from, to]),
      );
    await renumber('DM-0007', 'DM-0107');
    try {
      expect((await imports.action(hr, preview.ImportId, 'commit')).statusCode).toBe(202);
      const refused = await imports.settle(hr, preview.ImportId);
      expect(refused).toMatchObject({ Status: 'Invalid', ErrorCount: 1, Added: null });
      expect(refused.Message).toMatch(/changed since the preview/);
      expect(refused.Errors[0]).toMatchObject({
        Row: lines.length,
        Column: 'EmployeeNumber',
        Value: 'DM-0007',
      });
      expect(await importedCount()).toBe(before);
      const again = await imports.action(hr, preview.ImportId, 'commit');
      expect(again.statusCode).toBe(409);
      expect(again.json().type).toBe(ProblemTypes.invalidState);
    } finally {
      await renumber('DM-0107', 'DM-0007');
    }
  });

  it('says which finalised payroll period a punch of the file falls in, instead of "try again"', async () => {
    const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(hr.tenantId, work);
    const [employee] = await asTenant((tx) =>
      tx.query<{ id: string; company_id: string }>(
        `SELECT id, company_id FROM employees WHERE employee_number = 'DM-0006'`,
      ),
    );
    const period = { name: 'September 2025 1st cut-off', start: '2025-09-01', end: '2025-09-15' };
    const before = await importedCount();
    const preview = await imports.preview(
      hr,
      'frozen.csv',
      ['EmployeeNumber,DateTime,Direction', 'DM-0006,2025-09-10 08:03:17,In'].join('\n'),
    );
    expect(preview).toMatchObject({ Status: 'Ready', NewRows: 1 });
    // Finalised after the preview: a period finalised before it is named by the preview itself, row by row
    // (fix-s19-attendance.test.ts); the commit names one finalised in between.
    await insertPeriod(asTenant, hr.tenantId, {
      ...period,
      companyId: employee!.company_id,
      status: 'Finalised',
      payslips: [{ employeeId: employee!.id, payslip: semiMonthlySlip(period.start, period.end) }],
    });
    expect((await imports.action(hr, preview.ImportId, 'commit')).statusCode).toBe(202);
    const refused = await imports.settle(hr, preview.ImportId);
    expect(refused.Status).toBe('Invalid');
    expect(refused.Message).toBe(
      `The file has punches inside the finalised payroll period ${period.name}, which can no longer change. Nothing was imported.`,
    );
    expect(await importedCount()).toBe(before);
  });

  it('lists per-row errors (every one counted, the first 200 shown) and commits none of them', async () => {
    const lines = ['EmployeeNumber,DateTime'];
    for (let i = 0; i < 250; i++) lines.push(`DM-0003,2026-02-30 08:${String(i % 60).padStart(2, '0')}`);
    lines.push('DM-0003,2099-01-01 08:00', 'DM-0003,2026-02-02 08:00');
    const preview = await imports.preview(hr, 'bad.csv', lines.join('\n'));
    expect(preview).toMatchObject({ Status: 'Invalid', TotalRows: 252, ValidRows: 1, ErrorCount: 251 });
    expect(preview.Errors).toHaveLength(200);
    expect(preview.Errors[0]).toMatchObject({ Row: 2, Column: 'DateTime', Value: '2026-02-30 08:00' });
    const future = await imports.preview(
      hr,
      'future.csv',
      'EmployeeNumber,DateTime\nDM-0003,2099-01-01 08:00',
    );
    expect(future.Errors).toEqual([
      { Row: 2, Column: 'DateTime', Value: '2099-01-01T08:00:00', Message: 'The punch is in the future' },
    ]);
    expect((await imports.action(hr, future.ImportId, 'commit')).statusCode).toBe(409);
    // "ID" as the 201 form writes it (both said "terminal user id").
    const unknown = await imports.preview(
      hr,
      'unknown.csv',
      'EmployeeNumber,DateTime\nNO-SUCH-1,2026-02-02 08:00\n,2026-02-02 09:00',
    );
    expect(unknown.Errors.map((e: { Message: string }) => e.Message)).toEqual([
      'No employee of this company has this employee number or terminal user ID',
      'The employee number or terminal user ID is missing',
    ]);
  });

  it('refuses a file over the row limit with 413 and stores nothing', async () => {
    const count = async () =>
      (await t.db.withTenant(hr.tenantId, (tx) => tx.query(`SELECT id FROM punch_imports`))).length;
    const jobs = await count();
    const res = await imports.upload(hr, 'huge.csv', `EmployeeNumber,DateTime\n${'x\n'.repeat(3_500_001)}`);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/3,500,001 punches; the limit is 3,500,000/);
    expect(await count()).toBe(jobs);
  });

  it('runs one import per company at a time (409); a job cut off by a restart is failed after the heartbeat timeout', async () => {
    const preview = await imports.preview(hr, 'one.csv', 'EmployeeNumber,DateTime\nDM-0003,2026-02-03 08:00');
    // As a server that crashed mid-validation would leave it.
    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`UPDATE punch_imports SET status = 'Validating', heartbeat_at = now() WHERE id = $1`, [
        preview.ImportId,
      ]),
    );
    const busy = await imports.upload(hr, 'two.csv', 'EmployeeNumber,DateTime\nDM-0003,2026-02-04 08:00');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ type: ProblemTypes.invalidState });
    expect(busy.json().detail).toMatch(/already in progress \(one\.csv, validating\)/);
    // Another company of the tenant imports meanwhile.
    const logistics = await imports.upload(
      logisticsHr,
      'lg.csv',
      'EmployeeNumber,DateTime\nX-1,2026-02-04 08:00',
    );
    expect(logistics.statusCode, logistics.body).toBe(202);
    await imports.settle(logisticsHr, logistics.json().ImportId);

    await t.db.withTenant(hr.tenantId, (tx) =>
      tx.query(`UPDATE punch_imports SET heartbeat_at = now() - interval '11 minutes' WHERE id = $1`, [
        preview.ImportId,
      ]),
    );
    const cut = (await imports.get(hr, preview.ImportId)).json() as PunchImport;
    expect(cut).toMatchObject({ Status: 'Failed' });
    expect(cut.Message).toMatch(/interrupted/);
    const next = await imports.upload(hr, 'two.csv', 'EmployeeNumber,DateTime\nDM-0003,2026-02-04 08:00');
    expect(next.statusCode).toBe(202);
    expect(await imports.settle(hr, next.json().ImportId)).toMatchObject({ Status: 'Ready', NewRows: 1 });
  });

  it("answers 404 for another company's or another tenant's job, and discards a preview", async () => {
    const preview = await imports.preview(
      hr,
      'mine.csv',
      'EmployeeNumber,DateTime\nDM-0003,2026-02-05 08:00',
    );
    for (const stranger of [logisticsHr, otherHr]) {
      expect((await imports.get(stranger, preview.ImportId)).statusCode).toBe(404);
      expect((await imports.action(stranger, preview.ImportId, 'commit')).statusCode).toBe(404);
      expect((await imports.action(stranger, preview.ImportId, 'discard')).statusCode).toBe(404);
    }
    const discarded = await imports.action(hr, preview.ImportId, 'discard');
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toMatchObject({ Status: 'Discarded' });
    expect((await imports.action(hr, preview.ImportId, 'commit')).statusCode).toBe(409);
    expect((await imports.get(await signIn(t.app, demo.payroll), preview.ImportId)).statusCode).toBe(403);
  });
});
