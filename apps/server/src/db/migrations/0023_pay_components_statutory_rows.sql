-- Issue 10 §2: the payroll settings' pay components (the company's earning and deduction codes that recurring
-- items and adjustments pick from) and the statutory table rows a company adds for a future date.

-- Earning and deduction codes per company, seeded with what Philippine payrolls usually pay and deduct.
-- Recurring items and adjustments keep their own copy of code, name and tax treatment (a free code still works),
-- so a component is a template, referenced by code.
CREATE TABLE pay_components (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,20}$'),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Earning', 'Deduction')),
  -- Earnings only: taxable, or a de minimis kind (engine DeMinimisKind) exempt up to its ceiling.
  taxable boolean NOT NULL DEFAULT true,
  de_minimis text CHECK (de_minimis IN ('monetizedVacationLeaveDays', 'medicalAllowanceDependents', 'riceSubsidy',
    'uniformAllowance', 'medicalAssistance', 'laundryAllowance', 'achievementAward', 'christmasGift',
    'cbaProductivityIncentive')),
  is_active boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (kind = 'Earning' OR (de_minimis IS NULL AND NOT taxable)),
  CHECK (de_minimis IS NULL OR NOT taxable),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);
CREATE UNIQUE INDEX pay_components_code_key ON pay_components (tenant_id, company_id, lower(code));
CREATE UNIQUE INDEX pay_components_name_key ON pay_components (tenant_id, company_id, lower(name));

-- RICE and TRANSPO are the codes the demo's recurring items already use.
CREATE FUNCTION seed_company_pay_components(p_tenant uuid, p_company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pay_components (tenant_id, company_id, code, name, kind, taxable, de_minimis) VALUES
    (p_tenant, p_company, 'RICE', 'Rice subsidy', 'Earning', false, 'riceSubsidy'),
    (p_tenant, p_company, 'TRANSPO', 'Transportation allowance', 'Earning', true, NULL),
    (p_tenant, p_company, 'MEAL', 'Meal allowance', 'Earning', true, NULL),
    (p_tenant, p_company, 'UNIFORM', 'Uniform and clothing allowance', 'Earning', false, 'uniformAllowance'),
    (p_tenant, p_company, 'LAUNDRY', 'Laundry allowance', 'Earning', false, 'laundryAllowance'),
    (p_tenant, p_company, 'MED-DEP', 'Medical cash allowance to dependents', 'Earning', false,
     'medicalAllowanceDependents'),
    (p_tenant, p_company, 'PERF-BONUS', 'Performance bonus', 'Earning', true, NULL),
    (p_tenant, p_company, 'COMMISSION', 'Sales commission', 'Earning', true, NULL),
    (p_tenant, p_company, 'CASH-ADV', 'Cash advance', 'Deduction', false, NULL),
    (p_tenant, p_company, 'HMO-DEP', 'HMO dependent premium', 'Deduction', false, NULL),
    (p_tenant, p_company, 'UNION', 'Union dues', 'Deduction', false, NULL)
  ON CONFLICT DO NOTHING
$$;
SELECT seed_company_pay_components(tenant_id, id) FROM companies;
CREATE FUNCTION seed_company_pay_components_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seed_company_pay_components(NEW.tenant_id, NEW.id);
  RETURN NEW;
END $$;
CREATE TRIGGER companies_seed_pay_components AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION seed_company_pay_components_trigger();

-- A new edition of one of the engine's statutory tables, added by a company for a future date and validated by
-- the engine before it is stored; compute merges it with the engine's own editions. payload holds the
-- engine table's figures (decimal strings) without effectiveFrom and source.
CREATE TABLE company_statutory_tables (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('Sss', 'PhilHealth', 'PagIbig')),
  effective_from date NOT NULL,
  source text NOT NULL,
  payload jsonb NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  row_version integer NOT NULL DEFAULT 1,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, company_id, kind, effective_from),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['pay_components', 'company_statutory_tables'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;
GRANT SELECT, INSERT, UPDATE, DELETE ON pay_components, company_statutory_tables TO hrpay_app;
