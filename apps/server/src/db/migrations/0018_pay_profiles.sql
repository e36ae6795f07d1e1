-- Issue 10 §1: employee payroll details. Everything a payroll run reads about one employee: the rate in force
-- on each day (history kept: a raise is a new row), the pay profile (minimum wage earner, statutory exemptions,
-- payment method), recurring earnings and deductions, and loans whose balance is a ledger paid down by
-- finalised payrolls (never a stored number that drifts). Bank name and account number stay on the 201 file
-- (employees.bank_name / bank_account_number); employees.rate_type / basic_rate stay the starting rate the 201
-- import wrote and count as a rate effective on the hire date when an employee has no rate history.

CREATE TABLE employee_pay_rates (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  effective_from date NOT NULL,
  rate_type text NOT NULL CHECK (rate_type IN ('Monthly', 'Daily')),
  -- Monthly salary or daily rate.
  rate numeric(14, 2) NOT NULL CHECK (rate > 0),
  hours_per_day numeric(4, 2) NOT NULL DEFAULT 8 CHECK (hours_per_day > 0 AND hours_per_day <= 24),
  -- COLA per paid day (daily-rate employees under a wage order).
  cola_per_day numeric(14, 2) NOT NULL DEFAULT 0 CHECK (cola_per_day >= 0),
  reason text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, employee_id, effective_from),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX employee_pay_rates_company_idx ON employee_pay_rates (tenant_id, company_id, employee_id, effective_from);

-- One row per employee once payroll has edited it; an employee without a row has the defaults below.
CREATE TABLE employee_pay_profiles (
  tenant_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  company_id uuid NOT NULL,
  is_minimum_wage_earner boolean NOT NULL DEFAULT false,
  payment_method text NOT NULL DEFAULT 'Bank' CHECK (payment_method IN ('Bank', 'Cash', 'Check')),
  -- Statutory deductions this employee is exempt from (e.g. a foreign national covered by a totalization
  -- agreement, or an employee past the SSS age limit).
  exempt_sss boolean NOT NULL DEFAULT false,
  exempt_philhealth boolean NOT NULL DEFAULT false,
  exempt_pagibig boolean NOT NULL DEFAULT false,
  exempt_withholding_tax boolean NOT NULL DEFAULT false,
  -- Overrides the company divisor (payroll_settings.divisor) for this employee.
  divisor integer CHECK (divisor IS NULL OR divisor BETWEEN 1 AND 366),
  row_version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, employee_id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE
);

-- Recurring earnings (allowances) and deductions, an amount per pay period while in force.
CREATE TABLE employee_pay_items (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Earning', 'Deduction')),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,20}$'),
  description text NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  -- Earnings: taxable or not; a de minimis kind (engine DeMinimisKind) makes it exempt up to its ceiling.
  taxable boolean NOT NULL DEFAULT true,
  de_minimis text,
  effective_from date NOT NULL,
  effective_to date,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (effective_to IS NULL OR effective_to >= effective_from),
  CHECK (kind = 'Earning' OR de_minimis IS NULL),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX employee_pay_items_company_idx ON employee_pay_items (tenant_id, company_id, employee_id);

-- Loan types per company, seeded with the government loans every Philippine payroll deducts.
CREATE TABLE loan_types (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,20}$'),
  name text NOT NULL,
  -- Which remittance report lists its payments.
  agency text NOT NULL DEFAULT 'Company' CHECK (agency IN ('SSS', 'PagIbig', 'Company')),
  is_active boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);
CREATE UNIQUE INDEX loan_types_code_key ON loan_types (tenant_id, company_id, lower(code));
CREATE UNIQUE INDEX loan_types_name_key ON loan_types (tenant_id, company_id, lower(name));

CREATE FUNCTION seed_company_loan_types(p_tenant uuid, p_company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO loan_types (tenant_id, company_id, code, name, agency) VALUES
    (p_tenant, p_company, 'SSS-SAL', 'SSS Salary Loan', 'SSS'),
    (p_tenant, p_company, 'SSS-CAL', 'SSS Calamity Loan', 'SSS'),
    (p_tenant, p_company, 'HDMF-MPL', 'Pag-IBIG Multi-Purpose Loan', 'PagIbig'),
    (p_tenant, p_company, 'HDMF-CAL', 'Pag-IBIG Calamity Loan', 'PagIbig'),
    (p_tenant, p_company, 'COMPANY', 'Company Loan', 'Company')
  ON CONFLICT DO NOTHING
$$;
SELECT seed_company_loan_types(tenant_id, id) FROM companies;
CREATE FUNCTION seed_company_loan_types_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seed_company_loan_types(NEW.tenant_id, NEW.id);
  RETURN NEW;
END $$;
CREATE TRIGGER companies_seed_loan_types AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION seed_company_loan_types_trigger();

CREATE TABLE employee_loans (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  loan_type_id uuid NOT NULL,
  reference_number text,
  principal numeric(14, 2) NOT NULL CHECK (principal > 0),
  -- Deducted from each regular payroll whose cut-off ends on or after start_date, until the balance is zero.
  amortization numeric(14, 2) NOT NULL CHECK (amortization > 0),
  start_date date NOT NULL,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Paid', 'Cancelled')),
  remarks text,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (amortization <= principal),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, loan_type_id) REFERENCES loan_types (tenant_id, id)
);
CREATE INDEX employee_loans_company_idx ON employee_loans (tenant_id, company_id, employee_id);

-- Append-only (the app role may only read and insert): the balance is principal less the sum of payments.
-- source_key makes a payroll's payment idempotent ('period:<id>:<loan id>').
CREATE TABLE loan_ledger (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  loan_id uuid NOT NULL,
  entry_date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Payment', 'Adjustment')),
  -- Positive reduces the balance.
  amount numeric(14, 2) NOT NULL,
  payroll_period_id uuid,
  source_key text,
  remarks text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES employee_loans (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX loan_ledger_source_key ON loan_ledger (tenant_id, source_key) WHERE source_key IS NOT NULL;
CREATE INDEX loan_ledger_loan_idx ON loan_ledger (tenant_id, loan_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['employee_pay_rates', 'employee_pay_profiles', 'employee_pay_items', 'loan_types',
                           'employee_loans', 'loan_ledger'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON employee_pay_rates, employee_pay_profiles, employee_pay_items, loan_types,
  employee_loans TO hrpay_app;
GRANT SELECT, INSERT ON loan_ledger TO hrpay_app;
