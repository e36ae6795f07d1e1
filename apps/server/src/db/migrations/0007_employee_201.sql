-- Issue 8 §2: the employee 201 file as HR keeps it (personal, contact, emergency contact, addresses, employment,
-- separation), work locations as a company lookup, schedule history, and a trigram index for search at 100,000.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE work_locations (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  name text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);
CREATE UNIQUE INDEX work_locations_name_key ON work_locations (tenant_id, company_id, lower(name));

ALTER TABLE employees
  ADD COLUMN nickname text,
  ADD COLUMN birth_place text,
  ADD COLUMN nationality text,
  ADD COLUMN religion text,
  ADD COLUMN permanent_address text,
  ADD COLUMN emergency_contact_name text,
  ADD COLUMN emergency_contact_relationship text,
  ADD COLUMN emergency_contact_phone text,
  ADD COLUMN regularization_date date,
  ADD COLUMN work_location_id uuid,
  -- The employee's own rest days (0 = Sunday ... 6 = Saturday); null = the shift's.
  ADD COLUMN rest_days smallint[],
  ADD COLUMN separation_date date,
  ADD COLUMN separation_reason text
    CHECK (separation_reason IN ('Resigned', 'Terminated', 'EndOfContract', 'Retired', 'Deceased')),
  ADD COLUMN separation_remarks text,
  ADD CONSTRAINT employees_separation_complete
    CHECK ((separation_date IS NULL) = (separation_reason IS NULL)),
  ADD CONSTRAINT employees_work_location_fk
    FOREIGN KEY (tenant_id, work_location_id) REFERENCES work_locations (tenant_id, id),
  -- What search matches, lower-cased: names, number, e-mail and the government ids with and without dashes.
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(
    employee_number || ' ' || first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name || ' ' ||
    coalesce(nickname, '') || ' ' || coalesce(email, '') || ' ' ||
    coalesce(tin, '') || ' ' || coalesce(sss_number, '') || ' ' || coalesce(philhealth_number, '') || ' ' ||
    coalesce(pagibig_number, '') || ' ' ||
    regexp_replace(coalesce(tin, '') || ' ' || coalesce(sss_number, '') || ' ' || coalesce(philhealth_number, '')
                   || ' ' || coalesce(pagibig_number, ''), '-', '', 'g'))) STORED;

CREATE INDEX employees_search_trgm ON employees USING gin (search_text gin_trgm_ops);
CREATE INDEX employees_work_location_idx ON employees (tenant_id, work_location_id);


-- An employee's schedule over time: a change of shift or rest days starts a new row on its effective date.
CREATE TABLE employee_schedules (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  employee_id uuid NOT NULL,
  effective_date date NOT NULL,
  shift_id uuid,
  rest_days smallint[],
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, employee_id, effective_date),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, shift_id) REFERENCES shifts (tenant_id, id)
);
CREATE INDEX employee_schedules_shift_idx ON employee_schedules (tenant_id, shift_id);

-- Today's schedule of every employee that has a shift, from their hire date (or today when none).
INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id)
SELECT tenant_id, id, coalesce(hire_date, current_date), shift_id FROM employees WHERE shift_id IS NOT NULL;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['work_locations', 'employee_schedules'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON work_locations, employee_schedules TO hrpay_app;

-- An employee page shows its change history.
CREATE INDEX audit_log_entity_idx ON audit_log (tenant_id, entity, entity_id, at DESC);
