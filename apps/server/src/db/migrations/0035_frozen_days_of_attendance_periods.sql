-- A finalised period freezes the punches and attendance days it paid (0019, 0022), but only a period that pays
-- attendance does: a Regular or FinalPay one. A 13th-month period's cut-off is the whole year (1 Jan to 31 Dec)
-- and an adjustment period reads no attendance; finalising one had frozen every punch of the year, so the
-- December cut-offs after a 13th month paid on 23 December could never get their punches or attendance.
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
       WHERE p.status IN ('Finalised', 'Paid') AND p.kind IN ('Regular', 'FinalPay')
         AND (r.punched_at AT TIME ZONE 'Asia/Manila')::date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid') AND p.kind IN ('Regular', 'FinalPay')
         AND (r.punched_at AT TIME ZONE 'Asia/Manila')::date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
  ELSE -- attendance_days
    IF TG_OP <> 'DELETE' THEN
      SELECT p.name INTO closed FROM new_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid') AND p.kind IN ('Regular', 'FinalPay') AND r.date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
    IF closed IS NULL AND TG_OP <> 'INSERT' THEN
      SELECT p.name INTO closed FROM old_rows r
        JOIN payslips s ON s.tenant_id = r.tenant_id AND s.employee_id = r.employee_id AND s.status <> 'Excluded'
        JOIN payroll_periods p ON p.tenant_id = s.tenant_id AND p.id = s.payroll_period_id
       WHERE p.status IN ('Finalised', 'Paid') AND p.kind IN ('Regular', 'FinalPay') AND r.date BETWEEN p.cutoff_start AND p.cutoff_end LIMIT 1;
    END IF;
  END IF;
  IF closed IS NOT NULL THEN
    RAISE EXCEPTION 'finalised payroll period "%" cannot change', closed
      USING ERRCODE = 'P0001', HINT = 'payroll-period-finalised';
  END IF;
  RETURN NULL;
END $$;
