-- The leave ledger stays append-only for every entry a person made or a request used. The one exception: the
-- entries the accrual run made by itself (the year's grant, a month's accrual, last year's expiry; each keyed by
-- its source) may be deleted, which the app does only with the employee they belong to, when that employee has
-- no other record (an employee added by mistake, then credited overnight, can still be deleted).
GRANT DELETE ON leave_ledger TO hrpay_app;
CREATE POLICY delete_only_accrual_entries ON leave_ledger AS RESTRICTIVE FOR DELETE
  USING (kind IN ('Grant', 'Accrual', 'Expiry') AND source_key ~ '^(grant|accrual|expiry):');
