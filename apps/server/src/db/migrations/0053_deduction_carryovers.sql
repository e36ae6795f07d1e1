-- A deduction a payslip could not take for want of pay (the engine defers it whole, or the part that did not fit)
-- was lost once the period was finalised: a cash advance or a union due simply stopped being recovered. Each
-- such deferred one-off or recurring deduction of a finalised payroll is now carried to the employee's next
-- regular payroll or final pay, as a deduction of its own ("not deducted in <period>"), until a finalised payslip
-- takes it up (settled_by_payslip_id; what that one could not deduct is carried again) or payroll waives it. What
-- a final pay could not deduct stays open as a debt to collect outside payroll (or to waive). Loans need none of this: what a payslip did not deduct stays in the
-- loan's balance. Statutory shares neither: what was due is remitted for the month all the same.
CREATE TABLE deduction_carryovers (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  -- The finalised payslip that could not deduct it, and its period.
  from_payslip_id uuid NOT NULL,
  from_period_id uuid NOT NULL,
  -- Its place among what that payslip carried (two deductions of a payslip may share a code), the deduction's
  -- code there, and what it was for (without any "not deducted in" of an earlier carry).
  seq integer NOT NULL,
  code text NOT NULL,
  description text NOT NULL,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  -- The finalised payslip that carried it on (deducted in whole or part; a part not deducted is carried again).
  settled_by_payslip_id uuid,
  -- Or forgiven by payroll (who, when, why): no payroll deducts it any more.
  waived_at timestamptz,
  waived_by uuid,
  waive_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (settled_by_payslip_id IS NULL OR waived_at IS NULL),
  CHECK ((waived_at IS NULL) = (waive_reason IS NULL)),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, from_payslip_id, seq),
  FOREIGN KEY (tenant_id, from_payslip_id) REFERENCES payslips (tenant_id, id),
  FOREIGN KEY (tenant_id, from_period_id) REFERENCES payroll_periods (tenant_id, id),
  FOREIGN KEY (tenant_id, settled_by_payslip_id) REFERENCES payslips (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id),
  FOREIGN KEY (tenant_id, waived_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (waived_by)
);
-- The compute reads an employee's open carryovers.
CREATE INDEX deduction_carryovers_open_idx ON deduction_carryovers (tenant_id, employee_id)
  WHERE settled_by_payslip_id IS NULL AND waived_at IS NULL;
CREATE INDEX deduction_carryovers_from_period_idx ON deduction_carryovers (tenant_id, from_period_id);
-- A recompute deletes a period's payslips: each delete checks the payslip settled nothing, by index.
CREATE INDEX deduction_carryovers_settled_by_idx ON deduction_carryovers (tenant_id, settled_by_payslip_id)
  WHERE settled_by_payslip_id IS NOT NULL;

ALTER TABLE deduction_carryovers ENABLE ROW LEVEL SECURITY;
ALTER TABLE deduction_carryovers FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON deduction_carryovers
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
GRANT SELECT, INSERT, UPDATE ON deduction_carryovers TO hrpay_app;
