-- Issue 8 §1: departments as HR keeps them: a code, a parent (a tree), a head, active or not, row versions.
ALTER TABLE departments
  ADD COLUMN code text,
  ADD COLUMN parent_id uuid,
  ADD COLUMN head_employee_id uuid,
  ADD COLUMN is_active boolean NOT NULL DEFAULT true,
  ADD COLUMN row_version integer NOT NULL DEFAULT 1,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT departments_parent_fk FOREIGN KEY (tenant_id, parent_id) REFERENCES departments (tenant_id, id),
  ADD CONSTRAINT departments_head_fk FOREIGN KEY (tenant_id, head_employee_id) REFERENCES employees (tenant_id, id),
  ADD CONSTRAINT departments_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id);

CREATE UNIQUE INDEX departments_code_key ON departments (tenant_id, company_id, lower(code)) WHERE code IS NOT NULL;
CREATE INDEX departments_parent_idx ON departments (tenant_id, parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX employees_department_idx ON employees (tenant_id, department_id);
