import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';
import { ValidationMessages as M } from './validation-messages.js';

/**
 * The one list convention (ARCHITECTURE §4): `POST /api/v1/<resource>/list` with a search text, filters and
 * server paging; the answer is one page of items and the total. Page is 1-based.
 */

/** The longest search text a list or picker takes (the web's search boxes stop there). */
export const SEARCH_MAX_LENGTH = 200;
/** A list's or picker's search text. */
export const SearchText = z.string().trim().max(SEARCH_MAX_LENGTH, M.maxLength(SEARCH_MAX_LENGTH));

export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

/** A strict list request: `Search`, `Page`, `PageSize`, `SortBy` (one of `sortable`), `SortDirection` + filters. */
export function listRequest<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortable: S,
  filters: F,
) {
  return z.strictObject({
    Search: SearchText.optional(),
    Page: z.number().int().min(1).default(1),
    PageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    SortBy: z.enum(sortable).optional(),
    SortDirection: SortDirection.default('asc'),
    ...filters,
  });
}

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    Items: z.array(item),
    TotalCount: z.number().int().min(0),
    /**
     * True when the list holds more rows than `TotalCount`: its count stopped there (a list of millions of rows,
     * counted on every page, would take seconds). Absent otherwise.
     */
    TotalCountCapped: z.boolean().optional(),
  });
}
export interface ListResponse<T> {
  Items: T[];
  TotalCount: number;
  TotalCountCapped?: boolean;
}

/** Optimistic concurrency: every mutable record carries one; an update with a stale one is 409. */
export const RowVersion = z.number().int().min(1);

export const IdParams = z.object({ id: z.uuid() });

/**
 * Output-only fields of a resource (counts, timestamps, names joined from elsewhere) for its PUT body: a client
 * may send back the GET body it read, unchanged, with its edits (issue 8 §0). They are accepted, marked
 * readOnly in OpenAPI and never read by the server; any property the resource does not have stays a 400.
 */
export function outputOnly<T extends z.ZodRawShape>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      (schema as z.ZodType).optional().meta({ readOnly: true }),
    ]),
  ) as unknown as { [K in keyof T]: z.ZodOptional<T[K]> };
}

/** A list's export: CSV (formula-neutralised) or XLSX, up to 100,000 rows. */
export const ExportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/**
 * `POST /api/v1/<resource>/export`: the list request of the page on screen (same sortable columns and filters),
 * without paging, plus the format. The export holds every row the filter finds (up to 100,000), in list order.
 */
export function exportRequest<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortable: S,
  filters: F,
) {
  return z.strictObject({
    Search: SearchText.optional(),
    SortBy: z.enum(sortable).optional(),
    SortDirection: SortDirection.default('asc'),
    ...filters,
    Format: ExportFormat.default('xlsx'),
  });
}
