-- A government id is looked up by its exact value: by the 201 form's check that no other employee holds it, and
-- by the employee import's (for every new or changed row). Without an index each lookup read every employee of
-- the company (100,000 in the benchmark). Not unique: a company's data may already hold a duplicate from before
-- the import checked, and a migration must not fail on it; the application refuses new duplicates.
CREATE INDEX employees_tin_idx ON employees (tenant_id, company_id, tin) WHERE tin IS NOT NULL;
CREATE INDEX employees_sss_number_idx ON employees (tenant_id, company_id, sss_number) WHERE sss_number IS NOT NULL;
CREATE INDEX employees_philhealth_number_idx ON employees (tenant_id, company_id, philhealth_number)
  WHERE philhealth_number IS NOT NULL;
CREATE INDEX employees_pagibig_number_idx ON employees (tenant_id, company_id, pagibig_number)
  WHERE pagibig_number IS NOT NULL;
