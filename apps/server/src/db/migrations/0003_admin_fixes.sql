-- Issue 11: rough edges a new Admin hit.

-- An import whose rows all match what the company holds ends as "nothing to import", not "ready".
ALTER TABLE employee_imports DROP CONSTRAINT employee_imports_status_check;
ALTER TABLE employee_imports ADD CONSTRAINT employee_imports_status_check
  CHECK (status IN ('Queued', 'Validating', 'Ready', 'Invalid', 'NothingToImport', 'Committing', 'Committed',
                    'Failed', 'Discarded'));

-- One user account per employee: two portal users on one employee would share payslips and requests.
CREATE UNIQUE INDEX users_one_per_employee ON users (tenant_id, employee_id) WHERE employee_id IS NOT NULL;

-- Company names are unique within a tenant, whatever their case: every company picker shows the name alone.
DROP INDEX companies_name_idx;
CREATE UNIQUE INDEX companies_name_per_tenant ON companies (tenant_id, lower(name));
