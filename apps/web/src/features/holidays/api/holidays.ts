import { useQuery } from '@tanstack/react-query';
import type {
  CreateHolidayRequest,
  Holiday,
  HolidayListRequest,
  ListResponse,
  LookupItem,
  UpdateHolidayRequest,
} from '@hrpay/contracts';
import { apiClient } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

/** The holidays cache keys; every mutation invalidates `all`, so the list and the year view refresh. */
export const holidayKeys = {
  all: ['holidays'] as const,
  lists: () => [...holidayKeys.all, 'list'] as const,
  year: (year: number) => [...holidayKeys.all, 'year', year] as const,
  workLocations: () => [...holidayKeys.all, 'work-locations'] as const,
};

export const fetchHolidays = (request: HolidayListRequest, signal?: AbortSignal) =>
  apiClient.post<ListResponse<Holiday>>('/api/v1/holidays/list', request, { signal });

/**
 * Every holiday of a year (a year holds a few dozen), for the calendar view, narrowed by the list's search and
 * type filter so the year view shows what the toolbar above it says.
 */
export const useHolidayYear = (year: number, filter: Pick<HolidayListRequest, 'Search' | 'Type'> = {}) =>
  useQuery({
    queryKey: [...holidayKeys.year(year), filter.Search ?? '', filter.Type ?? ''],
    queryFn: ({ signal }) => fetchHolidays({ ...filter, Year: year, PageSize: 500, SortBy: 'Date' }, signal),
  });

export const useWorkLocations = () =>
  useQuery({
    queryKey: holidayKeys.workLocations(),
    queryFn: ({ signal }) =>
      apiClient
        .post<ListResponse<LookupItem>>(
          '/api/v1/work-locations/list',
          { PageSize: 500, IsActive: true },
          { signal },
        )
        .then((r) => r.Items),
  });

function useHolidayMutation<V, R>(send: (value: V) => Promise<R>) {
  return useRefreshingMutation(send, [holidayKeys.all]);
}

export const useCreateHoliday = () =>
  useHolidayMutation((body: CreateHolidayRequest) => apiClient.post<Holiday>('/api/v1/holidays', body));
export const useUpdateHoliday = () =>
  useHolidayMutation(({ id, body }: { id: string; body: UpdateHolidayRequest }) =>
    apiClient.put<Holiday>(`/api/v1/holidays/${encodeURIComponent(id)}`, body),
  );
/** 409 (type invalidState) for a national holiday: move it instead. */
export const useDeleteHoliday = () =>
  useHolidayMutation(({ id, RowVersion }: { id: string; RowVersion: number }) =>
    // The version read: a holiday a colleague changed since is not deleted unseen (409).
    apiClient.delete<{ Message: string }>(`/api/v1/holidays/${encodeURIComponent(id)}`, {
      body: { RowVersion },
    }),
  );
export const useCopyHolidayYear = () =>
  useHolidayMutation((fromYear: number) =>
    apiClient.post<{ Copied: number; Skipped: number }>('/api/v1/holidays/copy-year', { FromYear: fromYear }),
  );
