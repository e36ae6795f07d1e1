-- Employees by separation date: the upcoming birthdays find the employees whose separation is scheduled (dated
-- today or later; is_active is false from the day it is recorded, so the birthday index of migration 0009 does not
-- hold them) by a range scan of this index instead of reading every employee of the company.
CREATE INDEX employees_separation_idx ON employees (tenant_id, company_id, separation_date)
  WHERE separation_date IS NOT NULL;
