-- Admin module: the full company record, the full employee record (201 file) the import owns, employment
-- statuses as a per-company lookup, and employee-import jobs with their row errors. Same tenant rules as 0001.

ALTER TABLE companies
  ADD COLUMN rdo_code text,
  ADD COLUMN sss_employer_number text,
  ADD COLUMN philhealth_employer_number text,
  ADD COLUMN pagibig_employer_number text,
  ADD COLUMN address text,
  ADD COLUMN zip_code text,
  ADD COLUMN email text,
  ADD COLUMN phone text;
CREATE INDEX companies_name_idx ON companies (tenant_id, lower(name));

CREATE TABLE employment_statuses (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);
CREATE UNIQUE INDEX employment_statuses_name_key ON employment_statuses (tenant_id, company_id, lower(name));

ALTER TABLE employees
  ADD COLUMN birth_date date,
  ADD COLUMN gender text CHECK (gender IN ('Male', 'Female')),
  ADD COLUMN civil_status text CHECK (civil_status IN ('Single', 'Married', 'Widowed', 'Separated', 'Annulled')),
  ADD COLUMN mobile_number text,
  ADD COLUMN address text,
  ADD COLUMN tin text,
  ADD COLUMN sss_number text,
  ADD COLUMN philhealth_number text,
  ADD COLUMN pagibig_number text,
  ADD COLUMN employment_status_id uuid,
  ADD COLUMN employment_type text CHECK (employment_type IN ('FullTime', 'PartTime')),
  ADD COLUMN rate_type text CHECK (rate_type IN ('Monthly', 'Daily')),
  ADD COLUMN basic_rate numeric(14, 2) CHECK (basic_rate >= 0),
  ADD COLUMN bank_name text,
  ADD COLUMN bank_account_number text,
  -- The import that last wrote the row: lets one statement write the audit rows of a whole import.
  ADD COLUMN last_import_id uuid,
  ADD FOREIGN KEY (tenant_id, employment_status_id) REFERENCES employment_statuses (tenant_id, id);
CREATE INDEX employees_company_idx ON employees (tenant_id, company_id, lower(last_name), lower(first_name));
CREATE INDEX employees_import_idx ON employees (tenant_id, last_import_id) WHERE last_import_id IS NOT NULL;
CREATE INDEX users_company_idx ON users (tenant_id, company_id);
CREATE INDEX users_employee_idx ON users (tenant_id, employee_id);

CREATE TABLE employee_imports (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  uploaded_by uuid,
  file_name text NOT NULL,
  file_size integer NOT NULL,
  file_sha256 text NOT NULL,
  file_data bytea,
  status text NOT NULL CHECK (status IN ('Queued', 'Validating', 'Ready', 'Invalid', 'Committing', 'Committed',
                                         'Failed', 'Discarded')),
  progress integer NOT NULL DEFAULT 0,
  message text,
  total_rows integer NOT NULL DEFAULT 0,
  create_count integer NOT NULL DEFAULT 0,
  update_count integer NOT NULL DEFAULT 0,
  unchanged_count integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  preview jsonb NOT NULL DEFAULT '{}'::jsonb,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  committed_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, uploaded_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (uploaded_by)
);
-- One import at work per company at a time: a second upload is refused rather than interleaved.
CREATE UNIQUE INDEX employee_imports_one_active ON employee_imports (tenant_id, company_id)
  WHERE status IN ('Queued', 'Validating', 'Committing');
CREATE INDEX employee_imports_recent_idx ON employee_imports (tenant_id, created_at DESC);

CREATE TABLE employee_import_errors (
  tenant_id uuid NOT NULL,
  import_id uuid NOT NULL,
  seq integer NOT NULL,
  row_number integer NOT NULL,
  column_name text NOT NULL,
  value text NOT NULL,
  message text NOT NULL,
  PRIMARY KEY (tenant_id, import_id, seq),
  FOREIGN KEY (tenant_id, import_id) REFERENCES employee_imports (tenant_id, id) ON DELETE CASCADE
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['employment_statuses', 'employee_imports', 'employee_import_errors'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;

GRANT SELECT, INSERT, UPDATE, DELETE ON employment_statuses, employee_imports, employee_import_errors TO hrpay_app;
