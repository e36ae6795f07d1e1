-- Issue 10 §3 "rate below minimum": regional wage orders (RTWPB) vary by region and sector, so no national table
-- exists; the company keeps its region's daily minimum and compute warns about rates below it. NULL: no check.
ALTER TABLE payroll_settings
  ADD COLUMN minimum_daily_wage numeric(14, 2) CHECK (minimum_daily_wage > 0);

-- Issue 10 §2 "holiday premiums, read-only unless a company pays more": a company's own premium table is stored
-- like its other editions (payload: the flat Values, "regular_holiday.worked" -> "2.50"), each figure at least DOLE's.
ALTER TABLE company_statutory_tables DROP CONSTRAINT company_statutory_tables_kind_check;
ALTER TABLE company_statutory_tables
  ADD CONSTRAINT company_statutory_tables_kind_check CHECK (kind IN ('Sss', 'PhilHealth', 'PagIbig', 'Premiums'));
