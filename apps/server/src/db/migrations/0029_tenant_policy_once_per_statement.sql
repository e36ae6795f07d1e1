-- Issue 8 §7: the tenant setting is read once per statement, not once per row and join.
-- Every tenant table's policy compared tenant_id with `nullif(current_setting('app.tenant_id', true), '')::uuid`.
-- PostgreSQL evaluated that expression (a setting lookup by name and a text-to-uuid parse) again for every row
-- it checked and, where the statement also says `tenant_id = $1`, as a one-time filter re-run on every rescan of
-- an inner join: the employee list's page joins five tables for each of its rows, 250 evaluations a request.
-- As a scalar subquery the same expression is an InitPlan, evaluated once per statement; the policy means exactly
-- what it did (the setting is transaction-local and no statement of ours changes it). test/catalog.ts requires
-- this form of every tenant table from now on.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT p.polname, c.relname
      FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public'
       AND pg_get_expr(p.polqual, p.polrelid) = pg_get_expr(p.polwithcheck, p.polrelid)
       AND pg_get_expr(p.polqual, p.polrelid)
           = '(tenant_id = (NULLIF(current_setting(''app.tenant_id''::text, true), ''''::text))::uuid)'
  LOOP
    EXECUTE format(
      $p$ALTER POLICY %I ON %I
           USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
           WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))$p$,
      r.polname, r.relname);
  END LOOP;
END $$;
