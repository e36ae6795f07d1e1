-- Segregation of duties (ph-payroll/OUTPUTS.md, run states: "approver differs from submitter"). A company may
-- require that a payroll period be approved by someone other than the user who last computed it. Off by default:
-- a company with one payroll officer must still be able to run its payroll.
ALTER TABLE payroll_settings ADD COLUMN approver_must_differ boolean NOT NULL DEFAULT false;

-- Who asked for the period's last compute (null: computed before this column, or never computed).
ALTER TABLE payroll_periods ADD COLUMN computed_by uuid;
