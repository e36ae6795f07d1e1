-- Issue 8 §3: shifts as HR keeps them. An out time before the in time means the next day (overnight).
ALTER TABLE shifts
  ADD COLUMN break_minutes integer NOT NULL DEFAULT 60 CHECK (break_minutes BETWEEN 0 AND 480),
  ADD COLUMN grace_minutes integer NOT NULL DEFAULT 0 CHECK (grace_minutes BETWEEN 0 AND 120),
  ADD COLUMN is_flexible boolean NOT NULL DEFAULT false,
  ADD COLUMN required_hours numeric(4, 2) CHECK (required_hours IS NULL OR required_hours BETWEEN 1 AND 24),
  ADD COLUMN rest_days smallint[] NOT NULL DEFAULT '{0}',
  ADD COLUMN is_active boolean NOT NULL DEFAULT true,
  ADD COLUMN row_version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX employees_shift_idx ON employees (tenant_id, shift_id);
