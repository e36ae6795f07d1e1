-- Issue 10 §3: payroll periods from compute to finalise. A period moves Draft -> Computed (recomputed as often
-- as needed) -> Approved -> Finalised -> Paid; computing is a background job (progress on the period row).
-- Once finalised, the period, its payslips and lines, and the attendance days it used are immutable: the
-- triggers below refuse the change whoever sends it, not only the API. A correction is a new Adjustment period
-- that references the finalised one.

CREATE TABLE payroll_periods (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Regular', 'ThirteenthMonth', 'FinalPay', 'Adjustment')),
  frequency text NOT NULL CHECK (frequency IN ('SemiMonthly', 'Monthly', 'Weekly')),
  cutoff_start date NOT NULL,
  cutoff_end date NOT NULL,
  pay_date date NOT NULL,
  status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Computed', 'Approved', 'Finalised', 'Paid')),
  -- Final pay: the separated employees it pays; Adjustment: the finalised period it corrects.
  employee_ids uuid[],
  references_period_id uuid,
  -- The compute job: Queued / Running / Done / Failed with progress, so the page can show a bar.
  job_status text CHECK (job_status IN ('Queued', 'Running', 'Done', 'Failed')),
  job_progress integer NOT NULL DEFAULT 0,
  job_total integer NOT NULL DEFAULT 0,
  job_error text,
  computed_at timestamptz,
  approved_by uuid,
  approved_at timestamptz,
  finalised_by uuid,
  finalised_at timestamptz,
  paid_at timestamptz,
  remarks text,
  row_version integer NOT NULL DEFAULT 1,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (cutoff_end >= cutoff_start),
  CHECK (pay_date >= cutoff_start),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, references_period_id) REFERENCES payroll_periods (tenant_id, id)
);
CREATE INDEX payroll_periods_company_idx ON payroll_periods (tenant_id, company_id, cutoff_start DESC);
CREATE UNIQUE INDEX payroll_periods_name_key ON payroll_periods (tenant_id, company_id, lower(name));

-- One payslip per employee and period, with the engine's output kept whole (result) and its lines as rows.
CREATE TABLE payslips (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  payroll_period_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  -- Held: computed but not paid with the period (kept out of the bank file); Excluded: not computed.
  status text NOT NULL DEFAULT 'Included' CHECK (status IN ('Included', 'Held', 'Excluded')),
  gross numeric(14, 2) NOT NULL DEFAULT 0,
  deductions numeric(14, 2) NOT NULL DEFAULT 0,
  net_pay numeric(14, 2) NOT NULL DEFAULT 0,
  taxable_base numeric(14, 2) NOT NULL DEFAULT 0,
  withholding_tax numeric(14, 2) NOT NULL DEFAULT 0,
  employee_shares numeric(14, 2) NOT NULL DEFAULT 0,
  employer_shares numeric(14, 2) NOT NULL DEFAULT 0,
  -- engine Payslip without its lines (they are payslip_lines)
  result jsonb,
  warnings text[] NOT NULL DEFAULT '{}',
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, payroll_period_id, employee_id),
  FOREIGN KEY (tenant_id, payroll_period_id) REFERENCES payroll_periods (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id)
);
CREATE INDEX payslips_employee_idx ON payslips (tenant_id, employee_id);

CREATE TABLE payslip_lines (
  tenant_id uuid NOT NULL,
  payslip_id uuid NOT NULL,
  line_no smallint NOT NULL,
  code text NOT NULL,
  description text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('earning', 'deduction')),
  quantity numeric(12, 4) NOT NULL,
  unit text NOT NULL,
  rate text NOT NULL,
  amount numeric(14, 2) NOT NULL,
  taxable boolean NOT NULL,
  PRIMARY KEY (tenant_id, payslip_id, line_no),
  FOREIGN KEY (tenant_id, payslip_id) REFERENCES payslips (tenant_id, id) ON DELETE CASCADE
);

-- One-off manual adjustments for one employee in one period, with the reason (audited); read by compute.
CREATE TABLE payroll_adjustments (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  payroll_period_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Earning', 'Deduction')),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,20}$'),
  description text NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  taxable boolean NOT NULL DEFAULT true,
  reason text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, payroll_period_id) REFERENCES payroll_periods (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id)
);
CREATE INDEX payroll_adjustments_period_idx ON payroll_adjustments (tenant_id, payroll_period_id);

-- Idempotency-Key replay store for finalise and mark-paid: the first request's answer, returned to every replay.
CREATE TABLE idempotency_keys (
  tenant_id uuid NOT NULL,
  key text NOT NULL,
  scope text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, scope, key)
);

-- ---------------------------------------------------------------- immutability after finalise

-- A finalised period may only move to Paid (status, paid_at, row_version, updated_at); a paid one not at all.
CREATE FUNCTION payroll_periods_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status IN ('Finalised', 'Paid') THEN
      RAISE EXCEPTION 'finalised payroll period "%" cannot change', OLD.name
        USING ERRCODE = 'P0001', HINT = 'payroll-period-finalised';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'Paid'
     OR (OLD.status = 'Finalised' AND (NEW.status <> 'Paid'
         OR (to_jsonb(NEW) - ARRAY['status', 'paid_at', 'row_version', 'updated_at'])
            IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['status', 'paid_at', 'row_version', 'updated_at']))) THEN
    RAISE EXCEPTION 'finalised payroll period "%" cannot change', OLD.name
        USING ERRCODE = 'P0001', HINT = 'payroll-period-finalised';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER payroll_periods_guard BEFORE UPDATE OR DELETE ON payroll_periods
  FOR EACH ROW EXECUTE FUNCTION payroll_periods_guard();

-- Payslips, their lines and adjustments, and the attendance days a finalised period paid (its employees, inside
-- its cut-off) are frozen with it. Statement-level triggers over the transition tables, so that computing
-- 100,000 payslips pays for one join, not a function call per row.
CREATE FUNCTION payroll_frozen_rows_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed text;
BEGIN
  IF TG_TABLE_NAME IN ('payslips', 'payroll_adjustments') THEN
    IF TG_OP <> 'DELETE' THEN
      SELECT p.name INTO closed FROM new_rows r JOIN payroll_periods p
          ON p.tenant_id = r.tenant_id AND p.id = r.payroll_period_id AND p.status IN ('Finalised', 'Paid') LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r JOIN payroll_periods p
          ON p.tenant_id = r.tenant_id AND p.id = r.payroll_period_id AND p.status IN ('Finalised', 'Paid') LIMIT 1;
    END IF;
  ELSIF TG_TABLE_NAME = 'payslip_lines' THEN
    IF TG_OP <> 'DELETE' THEN
      SELECT p.name INTO closed FROM new_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.id = r.payslip_id
        JOIN payroll_periods p
          ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id AND p.status IN ('Finalised', 'Paid') LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.id = r.payslip_id
        JOIN payroll_periods p
          ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id AND p.status IN ('Finalised', 'Paid') LIMIT 1;
    END IF;
  ELSE -- attendance_days
    IF TG_OP <> 'DELETE' THEN
      SELECT p.name INTO closed FROM new_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid') AND r.date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid') AND r.date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
  END IF;
  IF closed IS NOT NULL THEN
    RAISE EXCEPTION 'finalised payroll period "%" cannot change', closed
      USING ERRCODE = 'P0001', HINT = 'payroll-period-finalised';
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payslips', 'payslip_lines', 'payroll_adjustments', 'attendance_days'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payroll_frozen_rows_guard()', t || '_frozen_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payroll_frozen_rows_guard()', t || '_frozen_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION payroll_frozen_rows_guard()', t || '_frozen_del', t);
  END LOOP;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payroll_periods', 'payslips', 'payslip_lines', 'payroll_adjustments',
                           'idempotency_keys'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON payroll_periods, payslips, payslip_lines, payroll_adjustments,
  idempotency_keys TO hrpay_app;
