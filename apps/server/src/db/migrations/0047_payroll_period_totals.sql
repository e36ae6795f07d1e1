-- The payroll period list showed each period's employee count, gross, deductions, net and payslips with warnings
-- by summing the payslips of every period the filter matched, before its ORDER BY and LIMIT: 38 s for 24 periods
-- of 100,000 payslips in a scale review. The database now keeps those totals, one row a period, and the list reads
-- them. Statement-level triggers over the transition tables add each statement's change (new rows minus old,
-- by period), so every write of payslips (the compute's delete and chunked inserts, hold / include / exclude, a
-- period's delete) keeps them without its code knowing, for one grouped statement a write, not a call a row.
-- Excluded payslips are counted but not summed; warning_count counts payslips with a warning (cardinality > 0).
-- Amounts are unbounded numeric here, cast to numeric(16, 2) when read, as the sums were.
CREATE TABLE payroll_period_totals (
  tenant_id uuid NOT NULL,
  payroll_period_id uuid NOT NULL,
  employee_count integer NOT NULL DEFAULT 0,
  gross numeric NOT NULL DEFAULT 0,
  deductions numeric NOT NULL DEFAULT 0,
  net numeric NOT NULL DEFAULT 0,
  -- Tax withheld, for the BIR 1601-C's carried refunds (every earlier month's net withholding).
  withholding_tax numeric NOT NULL DEFAULT 0,
  warning_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, payroll_period_id),
  FOREIGN KEY (tenant_id, payroll_period_id) REFERENCES payroll_periods (tenant_id, id) ON DELETE CASCADE
);

CREATE FUNCTION payroll_period_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only rows that are there: a period's delete cascades to its totals and to its payslips in either order,
    -- and a row inserted for a period being deleted would fail its foreign key.
    UPDATE payroll_period_totals t
       SET employee_count = t.employee_count - d.employee_count, gross = t.gross - d.gross,
           deductions = t.deductions - d.deductions, net = t.net - d.net,
           withholding_tax = t.withholding_tax - d.withholding_tax, warning_count = t.warning_count - d.warning_count
      FROM (SELECT r.tenant_id, r.payroll_period_id, count(*)::int AS employee_count,
                   coalesce(sum(r.gross) FILTER (WHERE r.status <> 'Excluded'), 0) AS gross,
                   coalesce(sum(r.deductions) FILTER (WHERE r.status <> 'Excluded'), 0) AS deductions,
                   coalesce(sum(r.net_pay) FILTER (WHERE r.status <> 'Excluded'), 0) AS net,
                   coalesce(sum(r.withholding_tax) FILTER (WHERE r.status <> 'Excluded'), 0) AS withholding_tax,
                   (count(*) FILTER (WHERE cardinality(r.warnings) > 0))::int AS warning_count
              FROM old_rows r GROUP BY r.tenant_id, r.payroll_period_id) d
     WHERE t.tenant_id = d.tenant_id AND t.payroll_period_id = d.payroll_period_id;
    RETURN NULL;
  END IF;
  -- Each payslip as its signed contribution, +1 for a new row and -1 for an old one (an UPDATE has both), summed
  -- by period and added to its row (made on its first payslip).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payroll_period_totals AS t
           (tenant_id, payroll_period_id, employee_count, gross, deductions, net, withholding_tax, warning_count)
    SELECT r.tenant_id, r.payroll_period_id, count(*)::int,
           coalesce(sum(r.gross) FILTER (WHERE r.status <> 'Excluded'), 0),
           coalesce(sum(r.deductions) FILTER (WHERE r.status <> 'Excluded'), 0),
           coalesce(sum(r.net_pay) FILTER (WHERE r.status <> 'Excluded'), 0),
           coalesce(sum(r.withholding_tax) FILTER (WHERE r.status <> 'Excluded'), 0),
           (count(*) FILTER (WHERE cardinality(r.warnings) > 0))::int
      FROM new_rows r GROUP BY r.tenant_id, r.payroll_period_id
    ON CONFLICT (tenant_id, payroll_period_id) DO UPDATE
       SET employee_count = t.employee_count + excluded.employee_count, gross = t.gross + excluded.gross,
           deductions = t.deductions + excluded.deductions, net = t.net + excluded.net,
           withholding_tax = t.withholding_tax + excluded.withholding_tax, warning_count = t.warning_count + excluded.warning_count;
  ELSE
    INSERT INTO payroll_period_totals AS t
           (tenant_id, payroll_period_id, employee_count, gross, deductions, net, withholding_tax, warning_count)
    SELECT d.tenant_id, d.payroll_period_id, sum(d.n)::int, sum(d.gross), sum(d.deductions), sum(d.net),
           sum(d.tax), sum(d.w)::int
      FROM (SELECT r.tenant_id, r.payroll_period_id, 1 AS n,
                   CASE WHEN r.status <> 'Excluded' THEN r.gross ELSE 0 END AS gross,
                   CASE WHEN r.status <> 'Excluded' THEN r.deductions ELSE 0 END AS deductions,
                   CASE WHEN r.status <> 'Excluded' THEN r.net_pay ELSE 0 END AS net,
                   CASE WHEN r.status <> 'Excluded' THEN r.withholding_tax ELSE 0 END AS tax,
                   CASE WHEN cardinality(r.warnings) > 0 THEN 1 ELSE 0 END AS w
              FROM new_rows r
            UNION ALL
            SELECT r.tenant_id, r.payroll_period_id, -1,
                   CASE WHEN r.status <> 'Excluded' THEN -r.gross ELSE 0 END,
                   CASE WHEN r.status <> 'Excluded' THEN -r.deductions ELSE 0 END,
                   CASE WHEN r.status <> 'Excluded' THEN -r.net_pay ELSE 0 END,
                   CASE WHEN r.status <> 'Excluded' THEN -r.withholding_tax ELSE 0 END,
                   CASE WHEN cardinality(r.warnings) > 0 THEN -1 ELSE 0 END
              FROM old_rows r) d
     GROUP BY d.tenant_id, d.payroll_period_id
     -- An update that changes none of them (a payslip's result alone) leaves the period's row unlocked.
    HAVING (sum(d.n), sum(d.gross), sum(d.deductions), sum(d.net), sum(d.tax), sum(d.w)) <> (0, 0, 0, 0, 0, 0)
    ON CONFLICT (tenant_id, payroll_period_id) DO UPDATE
       SET employee_count = t.employee_count + excluded.employee_count, gross = t.gross + excluded.gross,
           deductions = t.deductions + excluded.deductions, net = t.net + excluded.net,
           withholding_tax = t.withholding_tax + excluded.withholding_tax, warning_count = t.warning_count + excluded.warning_count;
  END IF;
  RETURN NULL;
END $$;

-- Separate triggers: a trigger with transition tables fires for one event only. Named after the frozen-rows
-- guard's (payslips_frozen_*), they run after it: a refused change is not counted first.
CREATE TRIGGER payslips_totals_ins AFTER INSERT ON payslips REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_period_totals_apply();
CREATE TRIGGER payslips_totals_upd AFTER UPDATE ON payslips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_period_totals_apply();
CREATE TRIGGER payslips_totals_del AFTER DELETE ON payslips REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_period_totals_apply();

ALTER TABLE payroll_period_totals ENABLE ROW LEVEL SECURITY;
ALTER TABLE payroll_period_totals FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payroll_period_totals
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
-- The app role writes the rows through the triggers (they run as the writer); a period's delete removes them.
GRANT SELECT, INSERT, UPDATE ON payroll_period_totals TO hrpay_app;

-- The existing periods' totals, from their payslips (the triggers above already hold writes off until commit).
-- Every tenant's rows: an owner that RLS would limit fails here instead of leaving periods without totals.
SET LOCAL row_security = off;
INSERT INTO payroll_period_totals (tenant_id, payroll_period_id, employee_count, gross, deductions, net, withholding_tax, warning_count)
SELECT s.tenant_id, s.payroll_period_id, count(*)::int,
       coalesce(sum(s.gross) FILTER (WHERE s.status <> 'Excluded'), 0),
       coalesce(sum(s.deductions) FILTER (WHERE s.status <> 'Excluded'), 0),
       coalesce(sum(s.net_pay) FILTER (WHERE s.status <> 'Excluded'), 0),
       coalesce(sum(s.withholding_tax) FILTER (WHERE s.status <> 'Excluded'), 0),
       (count(*) FILTER (WHERE cardinality(s.warnings) > 0))::int
  FROM payslips s GROUP BY s.tenant_id, s.payroll_period_id;
