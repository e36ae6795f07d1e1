-- The Admin dashboard's latest activity (admin-dashboard repository, recentAudit): the newest audit rows that are
-- not employee rows written by an import (the import's own row sums those up). An import of 100,000 employee
-- records writes 100,000 such rows, and through the plain (tenant, at) index the dashboard read past every one of
-- them to find ten others: 300 ms after 200,000 imported rows, growing with each import. This index holds only the
-- rows the dashboard shows (the predicate is the query's own condition): 1 ms.
CREATE INDEX audit_log_recent_idx ON audit_log (tenant_id, at DESC)
  WHERE NOT (entity = 'employee' AND after ->> 'ImportId' IS NOT NULL);
