import type { Tx } from '../db/database.js';

/** A job that shows no sign of life for this long was cut off (a restart): it is reported as failed. */
const STALE_AFTER_MS = 10 * 60_000;
const INTERRUPTED =
  'The import was interrupted (the server restarted). Nothing was changed; upload the file again.';

/** An import job's row as far as its liveness goes (employee and punch imports). */
interface JobRow {
  id: string;
  status: string;
  heartbeat_at: string | Date;
  message: string | null;
}

/**
 * Marks a job nobody is working on any more as failed (its file dropped), so its company can import again:
 * a job in an `active` status that this process does not run (`running`) and whose heartbeat is stale.
 */
export async function settleStaleJob<R extends JobRow>(
  tx: Tx,
  tenantId: string,
  row: R,
  job: {
    active: readonly R['status'][];
    running: ReadonlySet<string>;
    /** The job's repository: its status setter, which can also drop the stored file. */
    repo: {
      setStatus(
        tx: Tx,
        tenantId: string,
        id: string,
        status: 'Failed',
        fields: { message: string; dropFile: boolean },
      ): Promise<void>;
    };
  },
): Promise<R> {
  const stale =
    job.active.includes(row.status) &&
    !job.running.has(row.id) &&
    Date.now() - new Date(row.heartbeat_at).getTime() > STALE_AFTER_MS;
  if (!stale) return row;
  await job.repo.setStatus(tx, tenantId, row.id, 'Failed', { message: INTERRUPTED, dropFile: true });
  return { ...row, status: 'Failed', message: INTERRUPTED };
}
