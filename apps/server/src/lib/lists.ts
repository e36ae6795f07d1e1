import type { SortDirection } from '@hrpay/contracts';
import type { Tx } from '../db/database.js';

/**
 * The SQL tail of every list endpoint (ARCHITECTURE §4): ORDER BY from a whitelist of sortable columns (the
 * request's SortBy is an enum, and only the mapped SQL reaches the query), a unique tie-breaker so pages never
 * overlap, and LIMIT/OFFSET from the 1-based Page.
 */
export function pageClause<S extends string>(
  request: { SortBy?: S; SortDirection?: SortDirection; Page: number; PageSize: number },
  sortColumns: SortColumns<S>,
  defaults: { sortBy: S; tieBreaker: string | readonly string[] },
  where: Conditions,
): string {
  // Limit and offset travel as parameters, so each list keeps one prepared statement per sort order.
  const limit = where.param(request.PageSize);
  const offset = where.param((request.Page - 1) * request.PageSize);
  return `${orderClause(request, sortColumns, defaults)} LIMIT ${limit} OFFSET ${offset}`;
}

/** The ORDER BY of `pageClause` alone (for a query that pages inside and orders the page again outside). */
export function orderClause<S extends string>(
  // No direction: ascending (a list whose default sort runs the other way says so before it calls).
  request: { SortBy?: S; SortDirection?: SortDirection },
  sortColumns: SortColumns<S>,
  defaults: { sortBy: S; tieBreaker: string | readonly string[] },
): string {
  const direction = request.SortDirection === 'desc' ? 'DESC' : 'ASC';
  // Every key of a sort takes the direction (a name sorted descending is by surname, then first name, both down).
  const keys = [sortColumns[request.SortBy ?? defaults.sortBy]].flat();
  const tieBreakers = [defaults.tieBreaker].flat();
  return `ORDER BY ${[
    ...keys.map((key) =>
      typeof key === 'string'
        ? `${sortKeyOf(key)} ${direction} NULLS LAST`
        : `${sortKeyOf(key.notNull)} ${direction}`,
    ),
    ...tieBreakers.map((key) => `${key} ${direction}`),
  ].join(', ')}`;
}

/**
 * The SQL of each sortable column: one expression, or several keys in order (surname, then first name). A key
 * `lower(<column>)` of a column named `name` or `<something>_name` is a name: it sorts as `nameSortKey` says.
 */
export type SortColumns<S extends string> = Record<S, SortKey | readonly SortKey[]>;

/** A key of `SortColumns`: SQL that may be null (sorted NULLS LAST), or a `notNull` one. */
export type SortKey = string | { readonly notNull: string };

/**
 * A sort key that is never null (a NOT NULL column of a table no outer join reaches): sorted without NULLS LAST,
 * which changes no order there but lets a descending sort read a plain index backwards (that reads DESC NULLS
 * FIRST; DESC NULLS LAST made PostgreSQL sort every row of the list for each page).
 */
export const notNull = (key: string): SortKey => ({ notNull: key });

/**
 * The sort key of a name (a text column or expression): Filipino alphabetical order, Ñ right after N (migration
 * 0034's name_sort_key; sorting by lower() put Ñ after Z). Every list's name sort goes through it, and so must
 * any other ORDER BY of names that should agree with the lists (and, for the employees, use their index).
 */
export const nameSortKey = (column: string) => `name_sort_key(${column})`;

const NAME_KEY = /^lower\(((?:[a-z_]+\.)?(?:[a-z_]+_)?name)\)$/;
/** A sort key as the ORDER BY writes it: a name's `lower(x)` becomes its name sort key, any other key stays. */
export function sortKeyOf(key: string): string {
  const name = NAME_KEY.exec(key);
  return name ? nameSortKey(name[1]!) : key;
}

/** A search text as an ILIKE pattern matching it anywhere, with LIKE wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Collects WHERE conditions with numbered parameters, so optional filters stay readable. */
export class Conditions {
  readonly params: unknown[];
  private readonly parts: string[] = [];

  constructor(...initial: unknown[]) {
    this.params = [...initial];
  }

  /** Adds a condition; `$?` in `sql` is replaced by the new parameter's number. */
  add(sql: string, value?: unknown): this {
    if (value === undefined) {
      this.parts.push(sql);
      return this;
    }
    this.params.push(value);
    this.parts.push(sql.replaceAll('$?', `$${this.params.length}`));
    return this;
  }

  /** Adds a parameter without a condition and answers its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get sql(): string {
    return this.parts.length ? this.parts.join(' AND ') : 'true';
  }
}

/**
 * Where a list that may hold millions of rows stops counting (the product's scale: a company of 100,000). Read
 * at each count, so a test can set LIST_COUNT_CAP.
 */
const listCountCap = () => {
  const cap = Number(process.env.LIST_COUNT_CAP);
  return Number.isInteger(cap) && cap > 0 ? cap : 100_000;
};

/**
 * The count of a list that may hold millions of rows (a year of a large company's punches), stopped at `cap`:
 * `TotalCountCapped` says there are more. Counting every row on every page took seconds; at most `cap` + 1 are
 * read. `fromWhere` is the list's `FROM ... WHERE ...`.
 */
export async function cappedCount(
  tx: Tx,
  fromWhere: string,
  params: unknown[],
  cap = listCountCap(),
): Promise<{ TotalCount: number; TotalCountCapped?: true }> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) counted`,
    params,
  );
  return row!.n > cap ? { TotalCount: cap, TotalCountCapped: true } : { TotalCount: row!.n };
}
