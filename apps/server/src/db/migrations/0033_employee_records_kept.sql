-- Punches and loans are records of what happened (a punch an auditor may ask for, a debt the employee still
-- owes); deleting an employee row must never take them along. The service refuses to delete an employee with any
-- (and says why); these foreign keys become the backstop, as those of requests, the leave ledger and payslips
-- already are. Attendance days (derived from punches), schedules and pay set-up still go with the employee.
ALTER TABLE time_logs DROP CONSTRAINT time_logs_tenant_id_employee_id_fkey,
  ADD CONSTRAINT time_logs_tenant_id_employee_id_fkey
    FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id);
ALTER TABLE employee_loans DROP CONSTRAINT employee_loans_tenant_id_employee_id_fkey,
  ADD CONSTRAINT employee_loans_tenant_id_employee_id_fkey
    FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id);
