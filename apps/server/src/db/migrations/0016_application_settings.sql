-- Issue 10 §2: company-level options the rest of the app reads (/application-settings, kept by Payroll).
CREATE TABLE application_settings (
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  -- The time picker's clock: 24-hour (default) or 12-hour with AM / PM.
  time_format text NOT NULL DEFAULT '24h' CHECK (time_format IN ('24h', '12h')),
  payslip_footer text CHECK (payslip_footer IS NULL OR length(payslip_footer) <= 500),
  payslip_signatory_name text CHECK (payslip_signatory_name IS NULL OR length(payslip_signatory_name) <= 100),
  payslip_signatory_title text CHECK (payslip_signatory_title IS NULL OR length(payslip_signatory_title) <= 100),
  -- Payslip PDFs open with the employee's birth date (YYYYMMDD).
  payslip_password_protected boolean NOT NULL DEFAULT false,
  mail_sender_name text CHECK (mail_sender_name IS NULL OR length(mail_sender_name) <= 100),
  row_version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, company_id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id) ON DELETE CASCADE
);

-- Every company has its row from the start, whichever path creates it.
INSERT INTO application_settings (tenant_id, company_id) SELECT tenant_id, id FROM companies ON CONFLICT DO NOTHING;
CREATE FUNCTION seed_company_application_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_settings (tenant_id, company_id) VALUES (NEW.tenant_id, NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER companies_seed_application_settings AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION seed_company_application_settings();

ALTER TABLE application_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE application_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON application_settings
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON application_settings TO hrpay_app;
