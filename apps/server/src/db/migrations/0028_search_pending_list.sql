-- Issue 8 §7: the employee search stays fast right after a bulk insert (decision 0007, "Update").
-- A GIN index first collects new entries in an unordered pending list (up to 4 MB by default) and merges it into
-- the index only when the list is full or at VACUUM; every search reads the whole pending list. After an import
-- of 100,000 employees it held some 2,500 rows on 356 pages, so a two-word search read 478 pages instead of 122.
-- A small pending list keeps inserts batched (merged every 64 kB) and searches reading the index itself.
ALTER INDEX employees_search_trgm SET (gin_pending_list_limit = 64);
