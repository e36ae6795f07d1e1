import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { DEFAULT_PAGE_SIZE, type ListResponse, type SortDirection } from '@hrpay/contracts';

/**
 * Server-paged lists (ARCHITECTURE §4: `POST /<resource>/list`) whose state lives in the address bar, so
 * refresh, back and a shared link all land on the same page of the same search. URL keys are the request
 * fields in camelCase (`search`, `page`, `pageSize`, `sortBy`, `sortDirection`, `isActive`); values equal to
 * the default are left out to keep addresses short. `page` is 1-based like the API; only the grid counts from 0.
 */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const SEARCH_DEBOUNCE_MS = 300;
const NO_ROWS: never[] = [];

/** How one filter is read from and written to its URL text. */
export interface ParamCodec<T> {
  // Method syntax on purpose: it lets a ParamCodec<boolean> stand where a ParamCodec<unknown> is expected.
  parse(raw: string): T | undefined;
  format(value: T): string;
}

export const booleanParam: ParamCodec<boolean> = {
  parse: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  format: String,
};

export const stringParam: ParamCodec<string> = { parse: (raw) => raw || undefined, format: (value) => value };

/** One of a fixed set of values (a status, a kind); anything else in the address is ignored. */
export const enumParam = <T extends string>(values: readonly T[]): ParamCodec<T> => ({
  parse: (raw) => (values.includes(raw as T) ? (raw as T) : undefined),
  format: (value) => value,
});
type Codecs = Record<string, ParamCodec<unknown>>;
export type FilterValues<C extends Codecs> = {
  [K in keyof C]?: C[K] extends ParamCodec<infer T> ? T : never;
};

export interface ListConfig<S extends string, C extends Codecs> {
  /** The API's allowed SortBy values; anything else in the URL is ignored rather than sent (the API says 400). */
  sortable: readonly S[];
  defaultSort?: { SortBy: S; SortDirection: SortDirection };
  filters?: C;
}

export interface ListState<S extends string, F> {
  /** As typed (the API trims); kept raw so a pause after a space does not eat the space. */
  Search: string;
  Page: number;
  PageSize: number;
  SortBy: S | undefined;
  SortDirection: SortDirection;
  filters: F;
}

export type ListRequest<S extends string, F> = {
  Search?: string;
  Page: number;
  PageSize: number;
  SortBy?: S;
  SortDirection: SortDirection;
} & F;

const urlKey = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/**
 * A link to a list page with some of its filters set, in the list's own URL keys (a dashboard card's link):
 * `listLink('/hr/leave-requests', { Status: 'Pending' })` is `/hr/leave-requests?status=Pending`.
 */
export const listLink = (path: string, filters: Record<string, string | number | boolean>) =>
  `${path}?${new URLSearchParams(Object.entries(filters).map(([name, value]) => [urlKey(name), String(value)]))}`;

const positiveInt = (raw: string | null): number | undefined => {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 1 ? value : undefined;
};

export function readListState<S extends string, C extends Codecs>(
  params: URLSearchParams,
  config: ListConfig<S, C>,
): ListState<S, FilterValues<C>> {
  const pageSize = positiveInt(params.get('pageSize'));
  const sortBy = params.get('sortBy');
  const sortable = sortBy !== null && (config.sortable as readonly string[]).includes(sortBy);
  const filters: Record<string, unknown> = {};
  for (const [name, codec] of Object.entries(config.filters ?? {})) {
    const raw = params.get(urlKey(name));
    const value = raw === null ? undefined : codec.parse(raw);
    if (value !== undefined) filters[name] = value;
  }
  return {
    Search: params.get('search') ?? '',
    Page: positiveInt(params.get('page')) ?? 1,
    PageSize: PAGE_SIZE_OPTIONS.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE,
    SortBy: sortable ? (sortBy as S) : config.defaultSort?.SortBy,
    SortDirection:
      sortable && params.get('sortDirection') === 'desc'
        ? 'desc'
        : sortable
          ? 'asc'
          : (config.defaultSort?.SortDirection ?? 'asc'),
    filters: filters as FilterValues<C>,
  };
}

export type ListChanges<S extends string, F> = Partial<Omit<ListState<S, F>, 'filters'>> & {
  filters?: Partial<F>;
};

/** The URL after `changes`; every change except paging itself goes back to page 1. */
export function writeListState<S extends string, C extends Codecs>(
  params: URLSearchParams,
  changes: ListChanges<S, FilterValues<C>>,
  config: ListConfig<S, C>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | undefined) =>
    value === undefined ? next.delete(key) : next.set(key, value);

  if (changes.Search !== undefined) put('search', changes.Search || undefined);
  if (changes.PageSize !== undefined) {
    put('pageSize', changes.PageSize === DEFAULT_PAGE_SIZE ? undefined : String(changes.PageSize));
  }
  if ('SortBy' in changes || changes.SortDirection !== undefined) {
    const isDefault =
      changes.SortBy === config.defaultSort?.SortBy &&
      (changes.SortDirection ?? 'asc') === (config.defaultSort?.SortDirection ?? 'asc');
    put('sortBy', isDefault ? undefined : changes.SortBy);
    put('sortDirection', isDefault || changes.SortDirection !== 'desc' ? undefined : 'desc');
  }
  for (const [name, value] of Object.entries(changes.filters ?? {})) {
    const codec = config.filters?.[name];
    if (codec) put(urlKey(name), value === undefined ? undefined : codec.format(value));
  }
  const page = changes.Page ?? 1;
  put('page', page === 1 ? undefined : String(page));
  return next;
}

/** The API body: the search trimmed and left out when empty, filters without the unset ones. */
export function toListRequest<S extends string, F extends object>(state: ListState<S, F>): ListRequest<S, F> {
  const filters = Object.fromEntries(
    Object.entries(state.filters).filter(([, value]) => value !== undefined),
  );
  const search = state.Search.trim();
  return {
    ...(filters as F),
    ...(search ? { Search: search } : {}),
    Page: state.Page,
    PageSize: state.PageSize,
    ...(state.SortBy ? { SortBy: state.SortBy } : {}),
    SortDirection: state.SortDirection,
  };
}

export const toPaginationModel = (state: { Page: number; PageSize: number }): GridPaginationModel => ({
  page: state.Page - 1,
  pageSize: state.PageSize,
});

export const toSortModel = (state: { SortBy?: string; SortDirection: SortDirection }): GridSortModel =>
  state.SortBy ? [{ field: state.SortBy, sort: state.SortDirection }] : [];

export interface UseListQueryOptions<T, S extends string, C extends Codecs> extends ListConfig<S, C> {
  /** The feature's list key prefix (its api/ file owns it); the request is appended. */
  queryKey: QueryKey;
  queryFn: (request: ListRequest<S, FilterValues<C>>, signal: AbortSignal) => Promise<ListResponse<T>>;
}

/**
 * One server-paged list: the state from the URL, the query (previous page kept on screen while the next loads)
 * and `tableProps` to spread on `<DataTable>`. Search input is shown at once and written to the URL 300 ms
 * after the last keystroke.
 */
export function useListQuery<T, S extends string, C extends Codecs = Record<never, never>>(
  options: UseListQueryOptions<T, S, C>,
) {
  const { queryKey, queryFn, sortable, defaultSort, filters } = options;
  const [params, setParams] = useSearchParams();
  const config = { sortable, defaultSort, filters };
  const state = readListState(params, config);

  const update = (changes: ListChanges<S, FilterValues<C>>) =>
    setParams((current) => writeListState(current, changes, config), { replace: true });
  // Effects call the latest `update` without re-running (and restarting the search timer) on every render.
  const updateFromEffect = useEffectEvent(update);

  // The input follows the URL when it changes from outside (back, a link), not when we wrote it ourselves.
  const [searchInput, setSearchInput] = useState(state.Search);
  const [writtenSearch, setWrittenSearch] = useState(state.Search);
  if (state.Search !== writtenSearch) {
    setWrittenSearch(state.Search);
    setSearchInput(state.Search);
  }
  useEffect(() => {
    if (searchInput === writtenSearch) return;
    const timer = setTimeout(() => {
      setWrittenSearch(searchInput);
      updateFromEffect({ Search: searchInput });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, writtenSearch]);

  const request = toListRequest(state);
  const query = useQuery({
    queryKey: [...queryKey, request],
    queryFn: ({ signal }) => queryFn(request, signal),
    placeholderData: keepPreviousData,
    // Lists show what others changed since: always refetch on visit (the cached page shows meanwhile).
    staleTime: 0,
  });

  // After deleting the last row of the last page, step back to the page that now is the last one.
  const { data, isPlaceholderData } = query;
  useEffect(() => {
    if (!data || isPlaceholderData || data.Items.length > 0 || data.TotalCount === 0 || state.Page === 1)
      return;
    updateFromEffect({ Page: Math.max(1, Math.ceil(data.TotalCount / state.PageSize)) });
  }, [data, isPlaceholderData, state.Page, state.PageSize]);

  const setFilter = <K extends keyof C & string>(name: K, value: FilterValues<C>[K]) =>
    update({ filters: { [name]: value } as Partial<FilterValues<C>> });

  // The grid treats a new sort-model array as a re-sort and jumps to its first page: keep it while unchanged.
  const sortModel = useMemo(
    () => toSortModel({ SortBy: state.SortBy, SortDirection: state.SortDirection }),
    [state.SortBy, state.SortDirection],
  );
  const tableProps = {
    rows: data?.Items ?? NO_ROWS,
    // Before the first answer, claim just enough rows for the requested page: with 0 the grid would "correct"
    // a page 2 from the address back to page 1.
    rowCount: data?.TotalCount ?? state.Page * state.PageSize,
    // The server stopped counting at a cap (a list of millions of punches): there are more rows than rowCount.
    // The placeholder count is no cap; a kept previous page keeps its own answer's flag with its count.
    rowCountCapped: data?.TotalCountCapped === true,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    onRetry: () => void query.refetch(),
    paginationModel: toPaginationModel(state),
    onPaginationModelChange: (model: GridPaginationModel) =>
      update(
        model.pageSize !== state.PageSize ? { PageSize: model.pageSize, Page: 1 } : { Page: model.page + 1 },
      ),
    sortModel,
    onSortModelChange: (model: GridSortModel) =>
      update({ SortBy: model[0]?.field as S | undefined, SortDirection: model[0]?.sort ?? 'asc' }),
    sortableFields: sortable,
  };

  return { state, request, query, search: searchInput, setSearch: setSearchInput, setFilter, tableProps };
}

/** Link state for Add / Edit links on a list, so the form page can return to this exact page of the list. */
export function useListLinkState(): { from: string } {
  const { pathname, search } = useLocation();
  return { from: pathname + search };
}

/** Where a form page goes on Cancel or after saving: the list it came from, else `fallback`. */
export function useReturnPath(fallback: string): string {
  const state: unknown = useLocation().state;
  const from = (state as { from?: unknown } | null)?.from;
  // Only an in-app path: state can outlive a deploy, and never send anyone off-site.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}
