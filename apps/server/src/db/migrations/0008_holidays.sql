-- Issue 8 §4: holidays per company. The national calendar (the same dates as the payroll package's tables,
-- proven equal by test) is reference data; every company gets its own copy, which HR may move when a
-- proclamation moves a date, and HR adds local holidays (a city's charter day) for the company or one location.
CREATE TABLE national_holidays (
  date date NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('Regular', 'SpecialNonWorking', 'SpecialWorking')),
  source text NOT NULL,
  PRIMARY KEY (date, name)
);

INSERT INTO national_holidays (date, name, type, source) VALUES
  -- Proclamation No. 727 s. 2024; Proc. 729 (INC anniversary), 839 (Eid'l Fitr), 911 (Eid'l Adha)
  ('2025-01-01', 'New Year''s Day', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-04-01', 'Eid''l Fitr', 'Regular', 'Proc. 839 s. 2025'),
  ('2025-04-09', 'Araw ng Kagitingan', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-04-17', 'Maundy Thursday', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-04-18', 'Good Friday', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-05-01', 'Labor Day', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-06-06', 'Eid''l Adha', 'Regular', 'Proc. 911 s. 2025'),
  ('2025-06-12', 'Independence Day', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-08-25', 'National Heroes Day', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-11-30', 'Bonifacio Day', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-12-25', 'Christmas Day', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-12-30', 'Rizal Day', 'Regular', 'Proc. 727 s. 2024'),
  ('2025-01-29', 'Chinese New Year', 'SpecialNonWorking', 'Proc. 727 s. 2024'),
  ('2025-04-19', 'Black Saturday', 'SpecialNonWorking', 'Proc. 727 s. 2024'),
  ('2025-07-27', 'Founding Anniversary of Iglesia ni Cristo', 'SpecialNonWorking', 'Proc. 729 s. 2024'),
  ('2025-08-21', 'Ninoy Aquino Day', 'SpecialNonWorking', 'Proc. 727 s. 2024'),
  ('2025-10-31', 'All Saints'' Day Eve', 'SpecialNonWorking', 'Proc. 727 s. 2024'),
  ('2025-11-01', 'All Saints'' Day', 'SpecialNonWorking', 'Proc. 727 s. 2024'),
  ('2025-12-08', 'Feast of the Immaculate Conception of Mary', 'SpecialNonWorking', 'Proc. 727 s. 2024'),
  ('2025-12-24', 'Christmas Eve', 'SpecialNonWorking', 'Proc. 727 s. 2024'),
  ('2025-12-31', 'Last Day of the Year', 'SpecialNonWorking', 'Proc. 727 s. 2024'),
  ('2025-02-25', 'EDSA People Power Revolution Anniversary', 'SpecialWorking', 'Proc. 727 s. 2024'),
  -- Proclamation No. 1006 s. 2025; DOLE LA 12-25 and LA 01-2026; Eid'l Fitr declared 12 Mar 2026; Proc. 1264
  ('2026-01-01', 'New Year''s Day', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-03-20', 'Eid''l Fitr', 'Regular', 'Declared 12 Mar 2026'),
  ('2026-04-02', 'Maundy Thursday', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-04-03', 'Good Friday', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-04-09', 'Araw ng Kagitingan', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-05-01', 'Labor Day', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-05-27', 'Eid''l Adha', 'Regular', 'Proc. 1264 s. 2026'),
  ('2026-06-12', 'Independence Day', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-08-31', 'National Heroes Day', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-11-30', 'Bonifacio Day', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-12-25', 'Christmas Day', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-12-30', 'Rizal Day', 'Regular', 'Proc. 1006 s. 2025'),
  ('2026-02-17', 'Chinese New Year', 'SpecialNonWorking', 'Proc. 1006 s. 2025'),
  ('2026-04-04', 'Black Saturday', 'SpecialNonWorking', 'Proc. 1006 s. 2025'),
  ('2026-08-21', 'Ninoy Aquino Day', 'SpecialNonWorking', 'Proc. 1006 s. 2025'),
  ('2026-11-01', 'All Saints'' Day', 'SpecialNonWorking', 'Proc. 1006 s. 2025'),
  ('2026-11-02', 'All Souls'' Day', 'SpecialNonWorking', 'DOLE LA 12-25'),
  ('2026-12-08', 'Feast of the Immaculate Conception of Mary', 'SpecialNonWorking', 'Proc. 1006 s. 2025'),
  ('2026-12-24', 'Christmas Eve', 'SpecialNonWorking', 'Proc. 1006 s. 2025'),
  ('2026-12-31', 'Last Day of the Year', 'SpecialNonWorking', 'Proc. 1006 s. 2025'),
  ('2026-02-25', 'EDSA People Power Revolution Anniversary', 'SpecialWorking', 'Proc. 1006 s. 2025');

CREATE TABLE holidays (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  date date NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('Regular', 'SpecialNonWorking', 'SpecialWorking')),
  -- The proclaimed date and name of a national holiday (kept when HR moves it); null for the company's own.
  national_date date,
  national_name text,
  work_location_id uuid,
  is_draft boolean NOT NULL DEFAULT false,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, company_id) REFERENCES companies (tenant_id, id),
  FOREIGN KEY (tenant_id, work_location_id) REFERENCES work_locations (tenant_id, id),
  CHECK ((national_date IS NULL) = (national_name IS NULL)),
  CHECK (national_date IS NULL OR work_location_id IS NULL)
);
CREATE INDEX holidays_date_idx ON holidays (tenant_id, company_id, date);
-- A national holiday is loaded once per company, whatever HR did with it since.
CREATE UNIQUE INDEX holidays_national_key ON holidays (tenant_id, company_id, national_date, national_name)
  WHERE national_date IS NOT NULL;
-- One holiday of a name per date and place.
CREATE UNIQUE INDEX holidays_name_key ON holidays (tenant_id, company_id, date, lower(name),
  coalesce(work_location_id, '00000000-0000-0000-0000-000000000000'));

-- Every company already on file gets the national calendar.
INSERT INTO holidays (tenant_id, company_id, date, name, type, national_date, national_name)
SELECT c.tenant_id, c.id, n.date, n.name, n.type, n.date, n.name FROM companies c CROSS JOIN national_holidays n;

ALTER TABLE holidays ENABLE ROW LEVEL SECURITY;
ALTER TABLE holidays FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON holidays
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON holidays TO hrpay_app;
GRANT SELECT ON national_holidays TO hrpay_app;

-- A new company gets the national calendar at once, whichever path creates it (Admin, sign-up, demo data).
CREATE FUNCTION seed_company_holidays() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO holidays (tenant_id, company_id, date, name, type, national_date, national_name)
  SELECT NEW.tenant_id, NEW.id, n.date, n.name, n.type, n.date, n.name FROM national_holidays n
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
CREATE TRIGGER companies_seed_holidays AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION seed_company_holidays();
