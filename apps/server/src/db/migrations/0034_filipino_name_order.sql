-- Names sort in Filipino alphabetical order, where Ñ is a letter of its own right after N (... N, Ñ, O ...):
-- "Nuñez" after "Nunez" and "Nunzio", "Ñañez" after every other N name and before "Ocampo". Sorting by lower(name)
-- put every Ñ name after Z on the byte-order collations (C, C.UTF-8: PGlite's and the usual server's), and
-- PGlite has no ICU collation that knows Filipino ("fil" sorts as the root collation there, Ñ as a kind of N).
--
-- name_sort_key is the sort key lib/lists.ts gives every sort of a name (and the employee pickers and reports
-- use): lower case, with ñ (composed, or n and a combining tilde, in either case) written as n followed by the
-- highest code point, U+10FFFF, which no letter passes: on a byte-order collation it sorts after n + any letter,
-- before o. A plain SQL function, inlined where it is used, so the index below serves it.
CREATE FUNCTION name_sort_key(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT replace(replace(translate(lower(name), 'Ñ', 'ñ'), U&'n\0303', 'ñ'), 'ñ', U&'n\+10FFFF') $$;

-- The employee list's default order (surname, then first name) read from the index, page by page, as
-- employees_company_idx served lower(last_name), lower(first_name) (migration 0002), which nothing sorts by now.
CREATE INDEX employees_company_name_idx
  ON employees (tenant_id, company_id, name_sort_key(last_name), name_sort_key(first_name));
DROP INDEX employees_company_idx;
