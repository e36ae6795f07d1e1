-- Unused leave converted to cash at the year's start (leave accrual: kind 'CashConversion', days negative, dated
-- 1 January) came off the balance but no payroll ever paid it. The first regular payroll (or final pay) whose
-- cut-off ends on or after the entry now pays it (payroll-periods compute.ts), and finalising that payroll
-- records here which payslip paid the entry: one payment per entry (the primary key), so no later payroll and no
-- final pay pays it again. The ledger stays append-only (hrpay_app may not update it): the payment is a row here.
CREATE TABLE leave_cash_payments (
  tenant_id uuid NOT NULL,
  leave_ledger_id uuid NOT NULL,
  payslip_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, leave_ledger_id),
  FOREIGN KEY (tenant_id, leave_ledger_id) REFERENCES leave_ledger (tenant_id, id),
  FOREIGN KEY (tenant_id, payslip_id) REFERENCES payslips (tenant_id, id)
);
CREATE INDEX leave_cash_payments_payslip_idx ON leave_cash_payments (tenant_id, payslip_id);

-- A final pay's own conversion (posted when it was finalised, source 'final-pay:<period>') was paid by that
-- period's payslip of the employee (its SIL-CASH line).
INSERT INTO leave_cash_payments (tenant_id, leave_ledger_id, payslip_id)
SELECT l.tenant_id, l.id, s.id
  FROM leave_ledger l
  JOIN payslips s ON s.tenant_id = l.tenant_id AND s.employee_id = l.employee_id
                 AND s.payroll_period_id::text = substr(l.source_key, length('final-pay:') + 1)
 WHERE l.kind = 'CashConversion' AND l.source_key LIKE 'final-pay:%'
ON CONFLICT DO NOTHING;

ALTER TABLE leave_cash_payments ENABLE ROW LEVEL SECURITY;
ALTER TABLE leave_cash_payments FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON leave_cash_payments
  USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid))
  WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid));
GRANT SELECT, INSERT ON leave_cash_payments TO hrpay_app;
