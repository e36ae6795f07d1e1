-- A terminal user id is unique in its company whatever its case, as the service checks (lower()) and as a punch
-- file matches it. The index of migration 0012 compared the exact text, so two creates racing with "ZK-7" and
-- "zk-7" could both be stored, and a punch for either would then name two employees.
DROP INDEX employees_device_user_key;
CREATE UNIQUE INDEX employees_device_user_key ON employees (tenant_id, company_id, lower(device_user_id))
  WHERE device_user_id IS NOT NULL;
