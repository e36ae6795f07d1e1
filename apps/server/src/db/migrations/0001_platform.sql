-- Platform spine: tenants, companies, people lookups, users, sessions, one-time tokens, mail outbox, audit.
-- Every tenant-owned table: tenant_id first in the primary key and in every foreign key, forced RLS with the
-- same expression in USING and WITH CHECK (ARCHITECTURE §3). The tenancy test (test/tenancy.test.ts, with test/catalog.ts) enforces it.

CREATE TABLE tenants (
  tenant_id uuid NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);

CREATE TABLE companies (
  tenant_id uuid NOT NULL REFERENCES tenants (tenant_id),
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  registered_name text,
  tin text,
  pay_frequency text NOT NULL DEFAULT 'SemiMonthly' CHECK (pay_frequency IN ('SemiMonthly', 'Monthly', 'Weekly')),
  is_active boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, tin)
);

CREATE TABLE departments (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);
CREATE UNIQUE INDEX departments_name_key ON departments (tenant_id, company_id, lower(name));

CREATE TABLE positions (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);
CREATE UNIQUE INDEX positions_name_key ON positions (tenant_id, company_id, lower(name));

CREATE TABLE shifts (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  name text NOT NULL,
  time_in time NOT NULL,
  time_out time NOT NULL,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id)
);
CREATE UNIQUE INDEX shifts_name_key ON shifts (tenant_id, company_id, lower(name));

CREATE TABLE employees (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  employee_number text NOT NULL,
  last_name text NOT NULL,
  first_name text NOT NULL,
  middle_name text,
  suffix text,
  email text,
  department_id uuid,
  position_id uuid,
  shift_id uuid,
  supervisor_id uuid,
  hire_date date,
  is_active boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, company_id, employee_number),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id),
  FOREIGN KEY (tenant_id, position_id) REFERENCES positions (tenant_id, id),
  FOREIGN KEY (tenant_id, shift_id) REFERENCES shifts (tenant_id, id),
  FOREIGN KEY (tenant_id, supervisor_id) REFERENCES employees (tenant_id, id)
);
CREATE INDEX employees_supervisor_idx ON employees (tenant_id, supervisor_id);

CREATE TABLE users (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  email text NOT NULL,
  email_normalized text NOT NULL,
  full_name text NOT NULL,
  user_type text NOT NULL CHECK (user_type IN ('Admin', 'PayrollUser', 'HRUser', 'PortalUser')),
  employee_id uuid,
  is_approver boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  password_hash text,
  password_changed_at timestamptz,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, email_normalized),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, id)
);

-- The one global table: normalised e-mail -> tenant and user, read before a tenant is known, only through
-- login_lookup(). Rows are written by the app inside the tenant's own transaction (RLS checks the tenant).
CREATE TABLE login_directory (
  email_normalized text NOT NULL,
  tenant_id uuid NOT NULL,
  user_id uuid NOT NULL,
  PRIMARY KEY (email_normalized),
  UNIQUE (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE sessions (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  refresh_token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sessions_user_idx ON sessions (tenant_id, user_id);

-- Single-use tokens for password reset and account setup (invitation); only a hash is stored.
CREATE TABLE user_tokens (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'invite')),
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE mail_outbox (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  recipient text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  last_error text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id) REFERENCES tenants (tenant_id)
);

-- Append-only: the app role may insert and read, never update or delete.
CREATE TABLE audit_log (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id uuid,
  entity text NOT NULL,
  entity_id text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id) REFERENCES tenants (tenant_id)
);
CREATE INDEX audit_log_at_idx ON audit_log (tenant_id, at DESC);

-- Sign-in throttling counters: global (before a tenant is known); keys are hashes, never e-mails.
CREATE TABLE login_throttle (
  throttle_key text NOT NULL,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL,
  PRIMARY KEY (throttle_key)
);

-- Row-level security on every tenant table.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenants', 'companies', 'departments', 'positions', 'shifts', 'employees', 'users',
                           'login_directory', 'sessions', 'user_tokens', 'mail_outbox', 'audit_log'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)$p$, t);
  END LOOP;
END $$;

-- The one SECURITY DEFINER function: sign-in and password recovery find the tenant of an e-mail.
CREATE FUNCTION login_lookup(p_email text)
RETURNS TABLE (tenant_id uuid, user_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT d.tenant_id, d.user_id FROM public.login_directory d
  WHERE d.email_normalized = lower(btrim(p_email)) AND length(p_email) <= 254
$$;
REVOKE ALL ON FUNCTION login_lookup(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION login_lookup(text) TO hrpay_app;

GRANT SELECT, INSERT, UPDATE, DELETE ON tenants, companies, departments, positions, shifts, employees, users,
  login_directory, sessions, user_tokens, mail_outbox, login_throttle TO hrpay_app;
GRANT SELECT, INSERT ON audit_log TO hrpay_app;
