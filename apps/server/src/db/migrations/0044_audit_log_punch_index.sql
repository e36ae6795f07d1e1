-- Punch audit rows (hand entries and corrections, entity 'time_log') by time: a computed period's 'punches' stale
-- check (payroll-periods repository, STALE_REASON) reads only those written after the earliest last store of its
-- cut-off's days. The entity index (tenant, entity, entity_id, at) cannot range over time here, as every punch has
-- its own entity_id: without this index the check read every hand-entered punch the tenant ever had.
CREATE INDEX audit_log_time_log_at_idx ON audit_log (tenant_id, at) WHERE entity = 'time_log';
