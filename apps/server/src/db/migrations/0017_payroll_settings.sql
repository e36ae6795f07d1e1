-- Issue 10 §2: the payroll engine's company settings (CompanySettings of packages/payroll) and the cut-off and
-- pay-date rules, one row per company made with it; kept on /payroll/settings/general.
CREATE TABLE payroll_settings (
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  -- Days-per-year factor for monthly <-> daily conversion (DOLE Handbook Ch. 1 E): 261, 313, 365...
  divisor integer NOT NULL DEFAULT 261 CHECK (divisor BETWEEN 1 AND 366),
  contribution_split text NOT NULL DEFAULT 'equal'
    CHECK (contribution_split IN ('equal', 'first-cutoff', 'second-cutoff', 'month-to-date')),
  tax_method text NOT NULL DEFAULT 'per-period' CHECK (tax_method IN ('per-period', 'annualised')),
  weekly_contributions text NOT NULL DEFAULT 'last-week' CHECK (weekly_contributions IN ('last-week', 'month-to-date')),
  minimum_net_pay numeric(14, 2) NOT NULL DEFAULT 0 CHECK (minimum_net_pay >= 0),
  -- Semi-monthly: the first cut-off runs from the 1st to this day, the second to the month's end.
  first_cutoff_end_day smallint NOT NULL DEFAULT 15 CHECK (first_cutoff_end_day BETWEEN 1 AND 27),
  -- Weekly: the day a week's cut-off ends (0 Sunday .. 6 Saturday).
  weekly_cutoff_end_dow smallint NOT NULL DEFAULT 6 CHECK (weekly_cutoff_end_dow BETWEEN 0 AND 6),
  -- Pay date: this many days after the cut-off ends (moved to the working day before on a rest day or holiday).
  pay_date_lag_days smallint NOT NULL DEFAULT 5 CHECK (pay_date_lag_days BETWEEN 0 AND 31),
  row_version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, company_id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id) ON DELETE CASCADE
);

INSERT INTO payroll_settings (tenant_id, company_id) SELECT tenant_id, id FROM companies ON CONFLICT DO NOTHING;
CREATE FUNCTION seed_company_payroll_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payroll_settings (tenant_id, company_id) VALUES (NEW.tenant_id, NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER companies_seed_payroll_settings AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION seed_company_payroll_settings();

ALTER TABLE payroll_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE payroll_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON payroll_settings
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_settings TO hrpay_app;
