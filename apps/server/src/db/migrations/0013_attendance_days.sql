-- Issue 9 §5: stored daily attendance. One row per employee and day, computed from the punches, schedules,
-- holidays and approved requests by modules/timelogs/attendance.ts and written by
-- POST /api/v1/timelogs/attendance/store, which replaces the rows of the employees and days it computes.
-- Payroll reads these rows instead of computing a period's attendance on every read.
CREATE TABLE attendance_days (
  tenant_id uuid NOT NULL,
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  date date NOT NULL,
  shift_name text,
  day_type text NOT NULL CHECK (day_type IN ('ordinary', 'special_non_working', 'special_working',
    'regular_holiday', 'double_regular_holiday', 'double_special_non_working')),
  rest_day boolean NOT NULL,
  worked_minutes integer NOT NULL,
  late_minutes integer NOT NULL,
  undertime_minutes integer NOT NULL,
  night_diff_minutes integer NOT NULL,
  overtime_minutes integer NOT NULL,
  payable_overtime_minutes integer NOT NULL,
  overtime_night_minutes integer NOT NULL,
  absent boolean NOT NULL,
  on_leave boolean NOT NULL,
  anomalies text[] NOT NULL DEFAULT '{}',
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, employee_id, date),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE
);
-- A payroll period reads a company's days.
CREATE INDEX attendance_days_company_date_idx ON attendance_days (tenant_id, company_id, date);

ALTER TABLE attendance_days ENABLE ROW LEVEL SECURITY;
ALTER TABLE attendance_days FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON attendance_days
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_days TO hrpay_app;
