-- An employee number is unique in its company whatever its case, as the service already checks (lower()). The
-- table's own constraint compares the exact text, so two creates racing with "DM-0100" and "dm-0100" both passed
-- the check and both were stored (found on PostgreSQL by a race sweep).
CREATE UNIQUE INDEX employees_company_number_any_case_key
  ON employees (tenant_id, company_id, lower(employee_number));
