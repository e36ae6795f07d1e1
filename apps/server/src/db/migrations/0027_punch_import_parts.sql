-- Issue 9 §5 (the punch import's memory, decision 0008): the uploaded file is stored in parts of about a
-- megabyte of the file each (gzipped, cut after a line, never inside a quoted CSV value), so the validation and
-- the commit read it one part at a time instead of whole. `file_shape` keeps what the upload's whole-file checks
-- found (format, encoding, lines, CSV delimiter and columns), which the jobs need before reading the first row.
-- punch_imports.file_data stays for jobs uploaded before this migration (read whole, as before).
CREATE TABLE punch_import_parts (
  tenant_id uuid NOT NULL,
  import_id uuid NOT NULL,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (tenant_id, import_id, seq),
  FOREIGN KEY (tenant_id, import_id) REFERENCES punch_imports (tenant_id, id) ON DELETE CASCADE
);
ALTER TABLE punch_imports ADD COLUMN file_shape jsonb;

ALTER TABLE punch_import_parts ENABLE ROW LEVEL SECURITY;
ALTER TABLE punch_import_parts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON punch_import_parts
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid);
GRANT SELECT, INSERT, UPDATE, DELETE ON punch_import_parts TO hrpay_app;
