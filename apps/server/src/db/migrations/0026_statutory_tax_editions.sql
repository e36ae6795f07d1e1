-- Issue 10 §2: companies may also add editions of the BIR withholding and annual tax tables, the 13th-month
-- benefits ceiling and the de minimis ceilings. 'Premiums' (migration 0025) is listed too, so the two
-- migrations may run in either order.
ALTER TABLE company_statutory_tables
  DROP CONSTRAINT IF EXISTS company_statutory_tables_kind_check,
  ADD CONSTRAINT company_statutory_tables_kind_check CHECK (
    kind IN ('Sss', 'PhilHealth', 'PagIbig', 'Premiums', 'Withholding', 'AnnualTax', 'BenefitsCeiling', 'DeMinimis')
  );
