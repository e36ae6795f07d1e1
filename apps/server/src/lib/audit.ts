import type { Tx } from '../db/database.js';
import type { CurrentUser } from './route-access.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'import';

/**
 * One append-only audit row per change to people, pay or accounts (ARCHITECTURE §3): who, when, what, before
 * and after. Written in the same transaction as the change, so a rolled-back change leaves no audit row.
 */
export async function writeAudit(
  tx: Tx,
  actor: CurrentUser,
  entry: { entity: string; entityId: string; action: AuditAction; before?: unknown; after?: unknown },
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (tenant_id, actor_user_id, entity, entity_id, action, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      actor.tenantId,
      actor.userId,
      entry.entity,
      entry.entityId,
      entry.action,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

/** Keys that only describe the row (its version and timestamps), not the record a person sees. */
const BOOKKEEPING = new Set(['RowVersion', 'UpdatedAt', 'CreatedAt']);

/**
 * The audit row of an update whose before and after are whole records: written only when something besides
 * the row's bookkeeping changed, so a form saved unchanged does not fill the record's history with empty
 * entries. (Not for updates whose images leave out what changed, such as a password.)
 */
export async function writeUpdateAudit(
  tx: Tx,
  actor: CurrentUser,
  entry: { entity: string; entityId: string; before: object; after: object },
): Promise<void> {
  const before = entry.before as Record<string, unknown>;
  const after = entry.after as Record<string, unknown>;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].some(
    (key) =>
      !BOOKKEEPING.has(key) && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  if (changed) await writeAudit(tx, actor, { ...entry, action: 'update' });
}
