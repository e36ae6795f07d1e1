-- A computed payroll period reads whether an employee of its company was hired or separated in its cut-off since
-- the compute (payroll-periods repository, STALE_REASON 'employment'): the employee audit rows written since,
-- in order of time, as 0044's index does for punches.
CREATE INDEX audit_log_employee_at_idx ON audit_log (tenant_id, at) WHERE entity = 'employee';
