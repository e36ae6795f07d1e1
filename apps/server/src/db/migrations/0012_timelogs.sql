-- Issue 9 §1: time logs. One row per punch of an employee, entered by HR, imported from a terminal's file or sent
-- by a device. The same employee punching at the same instant is one punch: a re-imported file adds nothing.
CREATE TABLE time_logs (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  employee_id uuid NOT NULL,
  punched_at timestamptz NOT NULL,
  direction text NOT NULL DEFAULT 'Unknown' CHECK (direction IN ('In', 'Out', 'Unknown')),
  source text NOT NULL CHECK (source IN ('Manual', 'Import', 'Device')),
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX time_logs_punch_key ON time_logs (tenant_id, employee_id, punched_at);
CREATE INDEX time_logs_company_time_idx ON time_logs (tenant_id, company_id, punched_at);

ALTER TABLE time_logs ENABLE ROW LEVEL SECURITY;
ALTER TABLE time_logs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON time_logs
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON time_logs TO hrpay_app;

-- The user id an employee has on the company's biometric terminals (ZKTeco and the like), when it is not the
-- employee number; a punch file may name either.
ALTER TABLE employees ADD COLUMN device_user_id text CHECK (device_user_id IS NULL OR length(device_user_id) <= 30);
CREATE UNIQUE INDEX employees_device_user_key ON employees (tenant_id, company_id, device_user_id)
  WHERE device_user_id IS NOT NULL;
