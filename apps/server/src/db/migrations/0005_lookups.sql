-- Issue 8 §1: the company's simple lists (positions, employment statuses) kept by HR on /lookups.
ALTER TABLE positions
  ADD COLUMN is_active boolean NOT NULL DEFAULT true,
  ADD COLUMN row_version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE employment_statuses
  ADD COLUMN is_active boolean NOT NULL DEFAULT true,
  ADD COLUMN row_version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX employees_position_idx ON employees (tenant_id, position_id);
CREATE INDEX employees_employment_status_idx ON employees (tenant_id, employment_status_id);
