-- Issue 8 §7: the employee list's search and upcoming birthdays over 100,000 employees use indexes under RLS.
--
-- Row-level security lets an index serve a condition only when every function in it is LEAKPROOF (it would
-- otherwise see rows of other tenants before the policy filters them). LIKE (textlike) is not marked so, though
-- it cannot leak a row: it raises an error only for a malformed pattern, whatever the row holds. Marking it lets
-- the trigram index serve the search; without the privilege to do so (a non-superuser owner), search still
-- works, by scanning the tenant's rows. See docs/decisions/0007-search-under-rls.md.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION textlike(text, text) LEAKPROOF;
  END IF;
END $$;

-- Month * 100 + day of the birth date as a plain column: equality on an integer is leakproof, an expression of
-- extract() is not.
ALTER TABLE employees ADD COLUMN birth_md integer
  GENERATED ALWAYS AS ((extract(month FROM birth_date) * 100 + extract(day FROM birth_date))::integer) STORED;
CREATE INDEX employees_birthday_md_idx ON employees (tenant_id, company_id, birth_md)
  WHERE is_active AND birth_md IS NOT NULL;
