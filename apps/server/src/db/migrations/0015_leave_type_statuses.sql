-- Issue 9 §2: a leave type may be open to some employment statuses only (e.g. regular employees); empty: all.
ALTER TABLE leave_types ADD COLUMN employment_status_ids uuid[] NOT NULL DEFAULT '{}';
