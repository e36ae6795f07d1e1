-- An employee hired during the year brings the previous employer's BIR 2316: its compensation and the tax it
-- withheld belong in this employer's year-end adjustment (RR 2-98 as amended: the annual tax on the whole year's
-- taxable compensation, less all tax withheld) and in Part III of the 2316 this employer issues. One row per
-- employee and year, the figures as that 2316 states them; the totals are generated from them.
CREATE TABLE employee_previous_employers (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  employer_name text NOT NULL,
  employer_tin text,
  employer_address text,
  -- Non-taxable: basic statutory minimum wage, holiday, overtime, night differential and hazard pay of an MWE;
  -- 13th month and other benefits (up to the ceiling); de minimis; employee contributions; other salaries.
  basic_smw numeric(14, 2) NOT NULL DEFAULT 0 CHECK (basic_smw >= 0),
  holiday numeric(14, 2) NOT NULL DEFAULT 0 CHECK (holiday >= 0),
  overtime numeric(14, 2) NOT NULL DEFAULT 0 CHECK (overtime >= 0),
  night_diff numeric(14, 2) NOT NULL DEFAULT 0 CHECK (night_diff >= 0),
  hazard numeric(14, 2) NOT NULL DEFAULT 0 CHECK (hazard >= 0),
  thirteenth numeric(14, 2) NOT NULL DEFAULT 0 CHECK (thirteenth >= 0),
  de_minimis numeric(14, 2) NOT NULL DEFAULT 0 CHECK (de_minimis >= 0),
  contributions numeric(14, 2) NOT NULL DEFAULT 0 CHECK (contributions >= 0),
  salaries numeric(14, 2) NOT NULL DEFAULT 0 CHECK (salaries >= 0),
  -- Taxable: basic salary, 13th month and benefits above the ceiling, other salaries; and the tax withheld.
  taxable_basic numeric(14, 2) NOT NULL DEFAULT 0 CHECK (taxable_basic >= 0),
  taxable_thirteenth numeric(14, 2) NOT NULL DEFAULT 0 CHECK (taxable_thirteenth >= 0),
  taxable_salaries numeric(14, 2) NOT NULL DEFAULT 0 CHECK (taxable_salaries >= 0),
  tax_withheld numeric(14, 2) NOT NULL DEFAULT 0 CHECK (tax_withheld >= 0),
  -- The 2316's totals, kept by the database so every reader (the compute, the 2316, the payroll details) sums alike.
  non_taxable_total numeric(14, 2) GENERATED ALWAYS AS (basic_smw + holiday + overtime + night_diff + hazard
    + thirteenth + de_minimis + contributions + salaries) STORED,
  taxable_total numeric(14, 2) GENERATED ALWAYS AS (taxable_basic + taxable_thirteenth + taxable_salaries) STORED,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, employee_id, year),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE
);

ALTER TABLE employee_previous_employers ENABLE ROW LEVEL SECURITY;
ALTER TABLE employee_previous_employers FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON employee_previous_employers
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
GRANT SELECT, INSERT, UPDATE, DELETE ON employee_previous_employers TO hrpay_app;
