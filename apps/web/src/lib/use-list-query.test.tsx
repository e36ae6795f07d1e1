import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  booleanParam,
  listLink,
  readListState,
  toListRequest,
  toPaginationModel,
  toSortModel,
  useListQuery,
  writeListState,
  type ListRequest,
} from './use-list-query';

const SORTABLE = ['Name', 'Tin', 'CreatedAt'] as const;
type SortBy = (typeof SORTABLE)[number];
const config = {
  sortable: SORTABLE,
  defaultSort: { SortBy: 'Name' as SortBy, SortDirection: 'asc' as const },
  filters: { IsActive: booleanParam },
};
const read = (query: string) => readListState(new URLSearchParams(query), config);
const write = (query: string, changes: Parameters<typeof writeListState>[1]) =>
  writeListState(new URLSearchParams(query), changes, config).toString();

// HR walkthrough: the dashboard's "Pending requests" link said `?Status=Pending`, which the list does not read
// (its keys are camelCase), and opened every request.
describe('listLink', () => {
  it("writes filters in the list's own keys, which the list reads back", () => {
    const link = listLink('/admin/companies', { IsActive: false });
    expect(link).toBe('/admin/companies?isActive=false');
    expect(read(link.split('?')[1]!).filters).toEqual({ IsActive: false });
  });
});

describe('URL -> list state -> API request', () => {
  it('uses the defaults for an empty address', () => {
    expect(toListRequest(read(''))).toEqual({ Page: 1, PageSize: 25, SortBy: 'Name', SortDirection: 'asc' });
  });

  it('reads every key; page stays 1-based for the API, 0-based for the grid', () => {
    const state = read('search=%20acme%20&page=3&pageSize=10&sortBy=Tin&sortDirection=desc&isActive=false');
    expect(toListRequest(state)).toEqual({
      Search: 'acme',
      Page: 3,
      PageSize: 10,
      SortBy: 'Tin',
      SortDirection: 'desc',
      IsActive: false,
    });
    expect(state.Search).toBe(' acme ');
    expect(toPaginationModel(state)).toEqual({ page: 2, pageSize: 10 });
    expect(toSortModel(state)).toEqual([{ field: 'Tin', sort: 'desc' }]);
  });

  it('ignores values the API would refuse', () => {
    const state = read('page=0&pageSize=33&sortBy=Password&sortDirection=desc&isActive=maybe&search=');
    expect(toListRequest(state)).toEqual({ Page: 1, PageSize: 25, SortBy: 'Name', SortDirection: 'asc' });
    expect(read('page=abc').Page).toBe(1);
    expect(read('page=2.5').Page).toBe(1);
  });
});

describe('changes -> URL', () => {
  it('writes a grid page as the 1-based page and leaves defaults out', () => {
    expect(write('', { Page: 2 })).toBe('page=2');
    expect(write('page=2', { Page: 1 })).toBe('');
    expect(write('', { PageSize: 25 })).toBe('');
    expect(write('', { PageSize: 50 })).toBe('pageSize=50');
  });

  it('goes back to page 1 on a new search, sort or filter', () => {
    expect(write('page=4', { Search: 'cebu' })).toBe('search=cebu');
    expect(write('page=4', { SortBy: 'Tin', SortDirection: 'desc' })).toBe('sortBy=Tin&sortDirection=desc');
    expect(write('page=4&isActive=true', { filters: { IsActive: false } })).toBe('isActive=false');
  });

  it('drops a cleared search, a default sort and an unset filter', () => {
    expect(write('search=x&pageSize=10', { Search: '' })).toBe('pageSize=10');
    expect(write('sortBy=Tin&sortDirection=desc', { SortBy: 'Name', SortDirection: 'asc' })).toBe('');
    expect(write('sortBy=Tin', { SortBy: 'Name', SortDirection: 'desc' })).toBe(
      'sortBy=Name&sortDirection=desc',
    );
    expect(write('isActive=true', { filters: { IsActive: undefined } })).toBe('');
  });

  it('keeps address keys that are not the list state', () => {
    expect(write('companyId=abc&page=3', { Page: 4 })).toBe('companyId=abc&page=4');
  });
});

describe('useListQuery', () => {
  type Row = { id: number };
  type Request = ListRequest<SortBy, { IsActive?: boolean }>;

  const onePerPage = async (request: Request) => ({ Items: [{ id: request.Page }], TotalCount: 120 });

  function setup(initialUrl: string, answer = onePerPage) {
    const queryFn = vi.fn(answer);
    const location = { current: '' };
    function Spy() {
      const { search } = useLocation();
      location.current = search;
      return null;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[initialUrl]}>
          <Spy />
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    );
    const hook = renderHook(
      () => useListQuery<Row, SortBy, typeof config.filters>({ ...config, queryKey: ['things'], queryFn }),
      { wrapper },
    );
    const lastRequest = () => queryFn.mock.calls.at(-1)?.[0];
    return { ...hook, queryFn, location, lastRequest };
  }

  it('asks the API for the page in the address and gives the grid its 0-based model', async () => {
    const { result, lastRequest } = setup('/things?page=3&pageSize=10&isActive=true');
    await waitFor(() => expect(result.current.tableProps.rows).toEqual([{ id: 3 }]));
    expect(lastRequest()).toEqual({
      Page: 3,
      PageSize: 10,
      SortBy: 'Name',
      SortDirection: 'asc',
      IsActive: true,
    });
    expect(result.current.tableProps.paginationModel).toEqual({ page: 2, pageSize: 10 });
    expect(result.current.tableProps.rowCount).toBe(120);
    expect(result.current.tableProps.rowCountCapped).toBe(false);
  });

  it('passes on a count the server capped, and no cap before the first answer', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { result } = setup('/things?page=2', async () => {
      await answered;
      return { Items: [{ id: 1 }], TotalCount: 100_000, TotalCountCapped: true };
    });
    // The placeholder count for the requested page, which is no cap.
    expect(result.current.tableProps.rowCount).toBe(50);
    expect(result.current.tableProps.rowCountCapped).toBe(false);
    answer();
    await waitFor(() => expect(result.current.tableProps.rowCountCapped).toBe(true));
    expect(result.current.tableProps.rowCount).toBe(100_000);
  });

  it('turns grid paging and sorting into the address and the next request', async () => {
    const { result, location, lastRequest } = setup('/things?pageSize=10');
    await waitFor(() => expect(result.current.query.isSuccess).toBe(true));

    act(() => result.current.tableProps.onPaginationModelChange({ page: 4, pageSize: 10 }));
    await waitFor(() => expect(lastRequest()?.Page).toBe(5));
    expect(location.current).toBe('?pageSize=10&page=5');

    act(() => result.current.tableProps.onPaginationModelChange({ page: 4, pageSize: 50 }));
    await waitFor(() => expect(lastRequest()).toMatchObject({ Page: 1, PageSize: 50 }));
    expect(location.current).toBe('?pageSize=50');

    act(() => result.current.tableProps.onSortModelChange([{ field: 'Tin', sort: 'desc' }]));
    await waitFor(() => expect(lastRequest()).toMatchObject({ SortBy: 'Tin', SortDirection: 'desc' }));

    act(() => result.current.setFilter('IsActive', false));
    await waitFor(() => expect(lastRequest()).toMatchObject({ IsActive: false, Page: 1 }));
    expect(location.current).toBe('?pageSize=50&sortBy=Tin&sortDirection=desc&isActive=false');
  });

  it('shows typed search at once and sends it 300 ms after the last keystroke', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { result, location, queryFn, lastRequest } = setup('/things?page=2');
      await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));

      act(() => result.current.setSearch('ce'));
      act(() => vi.advanceTimersByTime(200));
      act(() => result.current.setSearch('cebu '));
      expect(result.current.search).toBe('cebu ');
      act(() => vi.advanceTimersByTime(299));
      expect(location.current).toBe('?page=2');

      act(() => vi.advanceTimersByTime(1));
      expect(location.current).toBe('?search=cebu+');
      await waitFor(() => expect(lastRequest()).toMatchObject({ Search: 'cebu', Page: 1 }));
      // What was typed stays as typed (the trailing space is not eaten while typing on).
      expect(result.current.search).toBe('cebu ');
      expect(queryFn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('steps back to the last page when the requested one is past the end', async () => {
    const { location } = setup('/things?page=9', async (request: Request) => ({
      Items: request.Page <= 2 ? [{ id: request.Page }] : [],
      TotalCount: 30,
    }));
    await waitFor(() => expect(location.current).toBe('?page=2'));
  });
});
