-- Issue 9 §1: a day inside a finalised payroll period can no longer change. Migration 0019 froze the stored
-- attendance days; this freezes the punches they are computed from (by their Manila date), with the same guard.
CREATE OR REPLACE FUNCTION payroll_frozen_rows_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed text;
BEGIN
  IF TG_TABLE_NAME IN ('payslips', 'payroll_adjustments') THEN
    IF TG_OP <> 'DELETE' THEN
      SELECT p.name INTO closed FROM new_rows r JOIN payroll_periods p
          ON p.tenant_id = r.tenant_id AND p.id = r.payroll_period_id AND p.status IN ('Finalised', 'Paid') LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r JOIN payroll_periods p
          ON p.tenant_id = r.tenant_id AND p.id = r.payroll_period_id AND p.status IN ('Finalised', 'Paid') LIMIT 1;
    END IF;
  ELSIF TG_TABLE_NAME = 'payslip_lines' THEN
    IF TG_OP <> 'DELETE' THEN
      SELECT p.name INTO closed FROM new_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.id = r.payslip_id
        JOIN payroll_periods p
          ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id AND p.status IN ('Finalised', 'Paid') LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.id = r.payslip_id
        JOIN payroll_periods p
          ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id AND p.status IN ('Finalised', 'Paid') LIMIT 1;
    END IF;
  ELSIF TG_TABLE_NAME = 'time_logs' THEN
    IF TG_OP <> 'DELETE' THEN
      SELECT p.name INTO closed FROM new_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid')
         AND (r.punched_at AT TIME ZONE 'Asia/Manila')::date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid')
         AND (r.punched_at AT TIME ZONE 'Asia/Manila')::date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
  ELSE -- attendance_days
    IF TG_OP <> 'DELETE' THEN
      SELECT p.name INTO closed FROM new_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid') AND r.date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid') AND r.date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
  END IF;
  IF closed IS NOT NULL THEN
    RAISE EXCEPTION 'finalised payroll period "%" cannot change', closed
      USING ERRCODE = 'P0001', HINT = 'payroll-period-finalised';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER time_logs_frozen_ins AFTER INSERT ON time_logs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_frozen_rows_guard();
CREATE TRIGGER time_logs_frozen_upd AFTER UPDATE ON time_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_frozen_rows_guard();
CREATE TRIGGER time_logs_frozen_del AFTER DELETE ON time_logs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_frozen_rows_guard();
