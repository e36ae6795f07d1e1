-- Every company starts with the employment statuses a Philippine HR officer expects (Labor Code Arts. 295-296 as
-- renumbered, DOLE D.O. 174-17): regular, probationary, project, seasonal, casual and fixed-term employment.
-- Until now a new company had none, so HR typed them in before the first employee could be added. This function
-- is the one list: the trigger below seeds each new company with it in the transaction that inserts the company,
-- whichever path creates it (the Admin's companies screen, `npm run tenant:create`, the demo data), and the
-- statement after it gives them to the companies already on file.
-- A company that has any employment status keeps exactly what it has: the list is for a company with none, so
-- what HR typed is never renamed, duplicated or added to. Each status is active (is_active's default); the
-- lookups list shows them by name, the table having no order of its own.
CREATE FUNCTION seed_company_employment_statuses(p_tenant uuid, p_company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO employment_statuses (tenant_id, company_id, name, is_active)
  SELECT p_tenant, p_company, s.name, true
    FROM unnest(ARRAY['Regular', 'Probationary', 'Project', 'Seasonal', 'Casual', 'Fixed-term'])
         WITH ORDINALITY AS s (name, n)
   WHERE NOT EXISTS (SELECT 1 FROM employment_statuses e WHERE e.tenant_id = p_tenant AND e.company_id = p_company)
   ORDER BY s.n
  ON CONFLICT DO NOTHING
$$;
-- The companies already on file: all of them, whoever runs the migration (an owner that RLS would limit fails
-- here rather than leave companies without statuses, as in 0047).
SET LOCAL row_security = off;
SELECT seed_company_employment_statuses(tenant_id, id) FROM companies;
CREATE FUNCTION seed_company_employment_statuses_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seed_company_employment_statuses(NEW.tenant_id, NEW.id);
  RETURN NEW;
END $$;
CREATE TRIGGER companies_seed_employment_statuses AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION seed_company_employment_statuses_trigger();
