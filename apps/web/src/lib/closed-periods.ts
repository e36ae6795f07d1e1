import type { ListResponse, PayrollPeriodListItem, PayrollPeriodListRequest } from '@hrpay/contracts';
import { apiClient } from './api-client';

const CLOSED = ['Finalised', 'Paid'] as const;

/**
 * Finalised and paid periods, what reports and adjustments are made from, newest first: the first page of each
 * status for `request`, or with `allPages` every page of them.
 */
export async function fetchClosedPeriods(
  request: Omit<PayrollPeriodListRequest, 'Status' | 'Page' | 'SortBy' | 'SortDirection'>,
  signal: AbortSignal,
  { allPages = false } = {},
): Promise<PayrollPeriodListItem[]> {
  const ofStatus = async (Status: (typeof CLOSED)[number]) => {
    const items: PayrollPeriodListItem[] = [];
    for (let Page = 1; ; Page++) {
      const page = await apiClient.post<ListResponse<PayrollPeriodListItem>>(
        '/api/v1/payroll-periods/list',
        { ...request, Status, Page, SortBy: 'CutoffStart', SortDirection: 'desc' },
        { signal },
      );
      items.push(...page.Items);
      if (!allPages || page.Items.length === 0 || items.length >= page.TotalCount) return items;
    }
  };
  const [finalised, paid] = await Promise.all(CLOSED.map(ofStatus));
  return [...finalised!, ...paid!].sort((a, b) => b.CutoffStart.localeCompare(a.CutoffStart));
}
