-- Indexes a company of 100,000 employees needs after a few years (a scale review: EXPLAIN ANALYZE on 4.7 million
-- leave-ledger rows and 60,000 requests, as the application role):
-- * an employee's leave balances and ledger (the portal dashboard, leave filing, Lookups > Leave credits, the
--   delete check) summed the ledger by employee with no index for it: a scan of the whole ledger per balance, 13 s
--   for one employee's balances and 92 s for a page of 25 credits; with it 0.5 ms and 7 ms;
CREATE INDEX leave_ledger_employee_idx ON leave_ledger (tenant_id, employee_id, leave_type_id, entry_date);
-- * the leave types list counts each type's requests: 80 to 174 ms, 5 ms with it;
CREATE INDEX time_requests_leave_type_idx ON time_requests (tenant_id, leave_type_id)
  WHERE leave_type_id IS NOT NULL;
-- * HR's request lists, newest filed first (the lists' default order, NULLS LAST as lists.ts writes it): a page
--   sorted every request of the kind, 177 ms at 20,000; 8 ms with it.
CREATE INDEX time_requests_company_filed_idx
  ON time_requests (tenant_id, company_id, kind, created_at DESC NULLS LAST, id DESC);
