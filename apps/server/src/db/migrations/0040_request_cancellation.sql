-- Cancelling a request no longer overwrites its decision: an approved leave (or overtime, undertime) that HR
-- cancels keeps who approved it, when, and with what remarks; the cancellation has columns of its own.
ALTER TABLE time_requests
  ADD COLUMN cancelled_by_user_id uuid,
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancel_remarks text;

-- Until now a cancellation was written over the decision columns: move it to its own.
UPDATE time_requests
   SET cancelled_by_user_id = decided_by_user_id, cancelled_at = decided_at, cancel_remarks = remarks,
       decided_by_user_id = NULL, decided_at = NULL, remarks = NULL
 WHERE status = 'Cancelled';

-- The approval a cancellation overwrote is in the audit trail (the request's 'update' row whose image after is
-- Approved): put it back.
UPDATE time_requests r
   SET decided_by_user_id = a.actor_user_id, decided_at = a.at, remarks = a.after ->> 'Remarks'
  FROM (SELECT DISTINCT ON (tenant_id, entity_id) tenant_id, entity_id, actor_user_id, at, after
          FROM audit_log
         WHERE entity IN ('leave-request', 'overtime-request', 'undertime-request') AND action = 'update'
           AND after ->> 'Status' = 'Approved'
         ORDER BY tenant_id, entity_id, at DESC) a
 WHERE r.status = 'Cancelled' AND a.tenant_id = r.tenant_id AND a.entity_id = r.id::text;
