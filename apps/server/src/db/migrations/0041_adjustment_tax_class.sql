-- A one-off earning adjustment had only a taxable flag: a non-taxable bonus was exempt in full and SSS
-- compensation, where the law puts it in the 90,000 "13th month and other benefits" exclusion (NIRC Sec.
-- 32(B)(7)(e)) and leaves it out of SSS compensation, and a gift above the de minimis ceiling was exempt in full.
-- An earning adjustment now has a tax class: 'Taxable' (taxable compensation), 'Benefit' (13th month and other
-- benefits) or 'DeMinimis' with the de minimis kind (engine DeMinimisKind), exempt up to that kind's ceiling.
-- Rows from before stay NULL (rows of finalised periods cannot change): they read as 'Taxable' when taxable, and
-- as 'Benefit' when not (contracts payroll-periods.ts, ADJUSTMENT_TAX_CLASSES). `taxable` is kept, equal to
-- tax_class = 'Taxable' for the new rows.
ALTER TABLE payroll_adjustments
  ADD COLUMN tax_class text CHECK (tax_class IN ('Taxable', 'Benefit', 'DeMinimis')),
  ADD COLUMN de_minimis text CHECK (de_minimis IN ('monetizedVacationLeaveDays', 'medicalAllowanceDependents',
    'riceSubsidy', 'uniformAllowance', 'medicalAssistance', 'laundryAllowance', 'achievementAward', 'christmasGift',
    'cbaProductivityIncentive')),
  ADD CONSTRAINT payroll_adjustments_tax_class_earning CHECK (kind = 'Earning' OR tax_class IS NULL),
  ADD CONSTRAINT payroll_adjustments_de_minimis_kind
    CHECK ((tax_class IS NOT DISTINCT FROM 'DeMinimis') = (de_minimis IS NOT NULL));
