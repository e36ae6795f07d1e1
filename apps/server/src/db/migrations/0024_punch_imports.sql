-- Issue 9 §1: punch-file imports as background jobs, like the employee import (decision 0005, decision 0008).
-- The row holds the uploaded file (gzipped) until it is committed or discarded, the status, the counts and a
-- preview (the first row errors and a sample); every error is counted, the first 200 are kept.
CREATE TABLE punch_imports (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  uploaded_by uuid,
  file_name text NOT NULL,
  file_size bigint NOT NULL,
  file_sha256 text NOT NULL,
  file_data bytea,
  format text CHECK (format IN ('Csv', 'ZkTeco')),
  status text NOT NULL CHECK (status IN ('Queued', 'Validating', 'Ready', 'Invalid', 'Committing', 'Committed',
                                         'Failed', 'Discarded')),
  message text,
  total_rows integer NOT NULL DEFAULT 0,
  valid_rows integer NOT NULL DEFAULT 0,
  new_rows integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  added_count integer,
  preview jsonb NOT NULL DEFAULT '{}'::jsonb,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  committed_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, uploaded_by) REFERENCES users (tenant_id, id) ON DELETE SET NULL (uploaded_by)
);
-- One punch import at work per company at a time: a second upload is refused rather than interleaved.
CREATE UNIQUE INDEX punch_imports_one_active ON punch_imports (tenant_id, company_id)
  WHERE status IN ('Queued', 'Validating', 'Committing');
CREATE INDEX punch_imports_company_idx ON punch_imports (tenant_id, company_id, created_at DESC);

ALTER TABLE punch_imports ENABLE ROW LEVEL SECURITY;
ALTER TABLE punch_imports FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON punch_imports
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON punch_imports TO hrpay_app;
