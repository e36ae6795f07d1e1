-- Issue 10 §3 "rate below minimum": regional wage orders (RTWPB) vary by region and sector, so no national table
-- exists; the company keeps its region's daily minimum and compute warns about rates below it. NULL: no check.
ALTER TABLE payroll_settings
  ADD COLUMN minimum_daily_wage numeric(14, 2) CHECK (minimum_daily_wage > 0);
