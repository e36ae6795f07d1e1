-- The company's enrolment with BPI and BDO for their payroll credit files: the company code the bank gave it and
-- the funding account debited. Kept with the payroll settings so a payroll officer does not type them again for
-- every bank file. Null: not enrolled (or not on file).
ALTER TABLE payroll_settings
  ADD COLUMN bpi_company_code text,
  ADD COLUMN bpi_company_account text,
  ADD COLUMN bdo_company_code text,
  ADD COLUMN bdo_company_account text;
