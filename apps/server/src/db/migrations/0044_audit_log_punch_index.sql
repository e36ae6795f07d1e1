-- Punch audit rows (hand entries and corrections, entity 'time_log') by time: a computed period's 'punches' stale
-- check (payroll-periods repository, STALE_REASON) reads, in time order, only those written after the earliest last
-- store of its cut-off's days. That bound is what keeps the check fast (without it, it read every hand-entered punch
-- the tenant ever had: 15 s with 1,000,000, bench/stale-check.bench.ts); this index makes the range hold punch rows
-- only, where the (tenant, at) indexes would also pass every other audit row written since.
CREATE INDEX audit_log_time_log_at_idx ON audit_log (tenant_id, at) WHERE entity = 'time_log';
