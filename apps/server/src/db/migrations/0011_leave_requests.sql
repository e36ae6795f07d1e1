-- Issue 9 §2 and §3: leave types with Philippine defaults, the leave ledger (balances are its sum, never a
-- stored number), and leave / overtime / undertime requests with one state machine.

CREATE TABLE leave_types (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  is_paid boolean NOT NULL DEFAULT true,
  -- A type that needs a balance can only be filed against credits; the others (maternity, leave without pay)
  -- are granted per event, bounded by max_days_per_request.
  needs_balance boolean NOT NULL DEFAULT true,
  -- Yearly: granted on 1 January; HireAnniversary: on each anniversary of the hire date; Monthly: accrued on
  -- the first of each month (annual_days / 12); None: no credits (event leave).
  grant_rule text NOT NULL DEFAULT 'Yearly' CHECK (grant_rule IN ('Yearly', 'HireAnniversary', 'Monthly', 'None')),
  annual_days numeric(5, 2) NOT NULL DEFAULT 0 CHECK (annual_days BETWEEN 0 AND 366),
  prorate_new_hires boolean NOT NULL DEFAULT false,
  -- Service needed before the first grant (SIL: 12 months).
  min_service_months integer NOT NULL DEFAULT 0 CHECK (min_service_months BETWEEN 0 AND 600),
  -- Unused days carried into the next year (null: all of them); the rest expire on the first grant of the year.
  carry_over_cap numeric(5, 2) CHECK (carry_over_cap IS NULL OR carry_over_cap BETWEEN 0 AND 366),
  convertible_to_cash boolean NOT NULL DEFAULT false,
  max_days_per_request numeric(5, 2) CHECK (max_days_per_request IS NULL OR max_days_per_request BETWEEN 0.5 AND 366),
  half_day_allowed boolean NOT NULL DEFAULT true,
  allow_negative boolean NOT NULL DEFAULT false,
  gender text CHECK (gender IN ('Male', 'Female')),
  legal_basis text,
  is_active boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);
CREATE UNIQUE INDEX leave_types_name_key ON leave_types (tenant_id, company_id, lower(name));
CREATE UNIQUE INDEX leave_types_code_key ON leave_types (tenant_id, company_id, lower(code));

-- The Philippine statutory leaves and the usual company leaves; HR edits the company ones.
CREATE FUNCTION seed_company_leave_types(p_tenant uuid, p_company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO leave_types (tenant_id, company_id, code, name, is_paid, needs_balance, grant_rule, annual_days,
                           prorate_new_hires, min_service_months, carry_over_cap, convertible_to_cash,
                           max_days_per_request, half_day_allowed, gender, legal_basis)
  VALUES
    (p_tenant, p_company, 'SIL', 'Service Incentive Leave', true, true, 'HireAnniversary', 5, false, 12, 0, true, NULL, true, NULL,
     'Labor Code Art. 95: 5 days a year after one year of service; unused days converted to cash at year end'),
    (p_tenant, p_company, 'VL', 'Vacation Leave', true, true, 'Monthly', 15, true, 0, 5, false, NULL, true, NULL, 'Company policy'),
    (p_tenant, p_company, 'SL', 'Sick Leave', true, true, 'Monthly', 15, true, 0, 10, false, NULL, true, NULL, 'Company policy'),
    (p_tenant, p_company, 'ML', 'Maternity Leave', true, false, 'None', 0, false, 0, NULL, false, 105, false, 'Female',
     'RA 11210: 105 days (120 for solo parents), per delivery'),
    (p_tenant, p_company, 'PL', 'Paternity Leave', true, false, 'None', 0, false, 0, NULL, false, 7, false, 'Male',
     'RA 8187: 7 days for each of the first four deliveries of the lawful wife'),
    (p_tenant, p_company, 'SPL', 'Solo Parent Leave', true, false, 'None', 0, false, 6, NULL, false, 7, true, NULL,
     'RA 11861: up to 7 working days a year for a solo parent (with a Solo Parent ID) after six months of service'),
    (p_tenant, p_company, 'VAWC', 'VAWC Leave', true, false, 'None', 0, false, 0, NULL, false, 10, true, 'Female',
     'RA 9262 Sec. 43: up to 10 days for victims of violence against women and their children'),
    (p_tenant, p_company, 'SLW', 'Special Leave for Women', true, false, 'None', 0, false, 6, NULL, false, 60, false, 'Female',
     'RA 9710 Sec. 18: up to two months after gynecological surgery, after six months of service'),
    (p_tenant, p_company, 'LWOP', 'Leave Without Pay', false, false, 'None', 0, false, 0, NULL, false, NULL, true, NULL, 'Company policy')
  ON CONFLICT DO NOTHING
$$;

SELECT seed_company_leave_types(tenant_id, id) FROM companies;

CREATE FUNCTION seed_company_leave_types_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seed_company_leave_types(NEW.tenant_id, NEW.id);
  RETURN NEW;
END $$;
CREATE TRIGGER companies_seed_leave_types AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION seed_company_leave_types_trigger();

-- Leave, overtime and undertime requests share their life: filed, routed, reviewed, cancelled.
CREATE TABLE time_requests (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Leave', 'Overtime', 'Undertime')),
  employee_id uuid NOT NULL,
  -- Leave
  leave_type_id uuid,
  date_from date NOT NULL,
  date_to date NOT NULL,
  half_day boolean NOT NULL DEFAULT false,
  days numeric(6, 2),
  -- Overtime: starts_at / ends_at; undertime: starts_at is the time of leaving, ends_at the shift's end.
  starts_at timestamptz,
  ends_at timestamptz,
  minutes integer,
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Rejected', 'Cancelled')),
  -- The portal approver the request was routed to; null: HR reviews it.
  approver_user_id uuid,
  filed_by_user_id uuid NOT NULL,
  decided_by_user_id uuid,
  decided_at timestamptz,
  remarks text,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id),
  FOREIGN KEY (tenant_id, leave_type_id) REFERENCES leave_types (tenant_id, id),
  FOREIGN KEY (tenant_id, approver_user_id) REFERENCES users (tenant_id, id),
  CHECK (date_to >= date_from),
  CHECK ((kind = 'Leave') = (leave_type_id IS NOT NULL AND days IS NOT NULL)),
  CHECK (kind = 'Leave' OR (starts_at IS NOT NULL AND ends_at IS NOT NULL AND ends_at > starts_at AND date_from = date_to)),
  CHECK (ends_at IS NULL OR ends_at - starts_at <= interval '24 hours')
);
CREATE INDEX time_requests_company_idx ON time_requests (tenant_id, company_id, kind, status, date_from);
CREATE INDEX time_requests_employee_idx ON time_requests (tenant_id, employee_id, kind, date_from);
CREATE INDEX time_requests_approver_idx ON time_requests (tenant_id, approver_user_id, status) WHERE approver_user_id IS NOT NULL;

-- Append-only: a balance is the sum of its entries; a correction is a new entry, never an edit.
CREATE TABLE leave_ledger (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  leave_type_id uuid NOT NULL,
  entry_date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Grant', 'Accrual', 'Use', 'Reversal', 'Adjustment', 'Expiry', 'CashConversion')),
  days numeric(6, 2) NOT NULL CHECK (days <> 0),
  reason text,
  -- What made the entry ('grant:2026', 'accrual:2026-11', 'use:<request>'): running the same thing twice adds nothing.
  source_key text,
  request_id uuid,
  created_by_user_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id),
  FOREIGN KEY (tenant_id, leave_type_id) REFERENCES leave_types (tenant_id, id),
  FOREIGN KEY (tenant_id, request_id) REFERENCES time_requests (tenant_id, id),
  CHECK (kind <> 'Adjustment' OR reason IS NOT NULL)
);
CREATE UNIQUE INDEX leave_ledger_source_key ON leave_ledger (tenant_id, employee_id, leave_type_id, source_key)
  WHERE source_key IS NOT NULL;
CREATE INDEX leave_ledger_company_idx ON leave_ledger (tenant_id, company_id, leave_type_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['leave_types', 'time_requests', 'leave_ledger'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON leave_types, time_requests TO hrpay_app;
GRANT SELECT, INSERT ON leave_ledger TO hrpay_app;

-- One view per kind, read with the caller's rights (RLS applies): reports and the route-matrix probe use them.
CREATE VIEW leave_requests WITH (security_invoker = true) AS SELECT * FROM time_requests WHERE kind = 'Leave';
CREATE VIEW overtime_requests WITH (security_invoker = true) AS SELECT * FROM time_requests WHERE kind = 'Overtime';
CREATE VIEW undertime_requests WITH (security_invoker = true) AS SELECT * FROM time_requests WHERE kind = 'Undertime';
GRANT SELECT ON leave_requests, overtime_requests, undertime_requests TO hrpay_app;
