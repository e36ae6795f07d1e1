-- Pay held back from a period (payslip status Held: out of its bank file) was never paid once the period was
-- finalised: the payslip is frozen with the period and nothing could mark it released. A release is a fact of its
-- own, added after the period closed: one row a payslip (never two), the day the pay goes to the bank and who
-- released it. The payslip, its lines and the period's totals stay as they were; the bank file of the pay
-- released on a day reads these rows.
CREATE TABLE payslip_releases (
  tenant_id uuid NOT NULL,
  payslip_id uuid NOT NULL,
  payroll_period_id uuid NOT NULL,
  released_on date NOT NULL,
  released_by uuid,
  released_at timestamptz NOT NULL DEFAULT now(),
  remarks text,
  PRIMARY KEY (tenant_id, payslip_id),
  FOREIGN KEY (tenant_id, payslip_id) REFERENCES payslips (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, payroll_period_id) REFERENCES payroll_periods (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, released_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (released_by)
);
-- The bank file of a day's releases reads them by period and day.
CREATE INDEX payslip_releases_period_idx ON payslip_releases (tenant_id, payroll_period_id, released_on);

ALTER TABLE payslip_releases ENABLE ROW LEVEL SECURITY;
ALTER TABLE payslip_releases FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payslip_releases
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
-- Insert only: a release is not undone or changed (the money has gone to the bank).
GRANT SELECT, INSERT ON payslip_releases TO hrpay_app;

-- The payroll dashboard lists the held pay of closed periods still to release: the few held payslips of a company
-- among its millions, by index.
CREATE INDEX payslips_held_idx ON payslips (tenant_id, company_id) WHERE status = 'Held';
