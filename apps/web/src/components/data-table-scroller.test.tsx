import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import type { DataTableProps } from './data-table';
import { useScrollRegion } from './scroll-region';

type Row = { Id: string; Name: string; Code: string };
const columns: GridColDef<Row>[] = [
  { field: 'Name', headerName: 'Name', width: 200 },
  { field: 'Code', headerName: 'Code', width: 100 },
];

/** Lays out (happy-dom has no layout) every element of `className` as wider than its box. */
function overflowing(className: string) {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth');
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains(className) ? 1500 : 0;
    },
  });
  return () => {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, 'scrollWidth', descriptor);
    else delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
  };
}

describe('useScrollRegion', () => {
  function Box({ className }: { className: string }) {
    return (
      <div className={className} {...useScrollRegion('Payslip details')}>
        lines
      </div>
    );
  }

  it('makes a box whose content overflows a named region and a Tab stop, and one that fits neither', () => {
    const restore = overflowing('wide');
    try {
      render(
        <>
          <Box className="wide" />
          <Box className="fits" />
        </>,
      );
      const region = screen.getByRole('region', { name: 'Payslip details' });
      expect(region.className).toBe('wide');
      expect(region.tabIndex).toBe(0);
      const fits = document.querySelector('.fits')!;
      expect(fits.getAttribute('tabindex')).toBeNull();
      expect(fits.getAttribute('role')).toBeNull();
    } finally {
      restore();
    }
  });
});

describe('the plain table’s scroller (the first list page of a visit)', () => {
  let table: typeof import('./data-table');
  let restore: () => void;
  beforeEach(async () => {
    vi.resetModules();
    table = await import('./data-table');
    restore = overflowing('scroller');
  });
  afterEach(() => restore());

  const renderFresh = () => {
    const { DataTable: FreshTable } = table;
    const props: DataTableProps<Row> = {
      label: 'Attendance',
      columns,
      rows: [{ Id: '1', Name: 'Acme', Code: 'A' }],
      rowCount: 1,
      getRowId: (row) => row.Id,
      loading: false,
      error: null,
      emptyMessage: 'No rows.',
      paginationModel: { page: 0, pageSize: 25 },
      sortModel: [],
      // No sortable column: the table holds no control, as Time Logs' Attendance.
      sortableFields: [],
      onRetry: vi.fn(),
      onPaginationModelChange: vi.fn(),
      onSortModelChange: vi.fn(),
    };
    render(
      <div style={{ width: 800, height: 600 }}>
        <FreshTable<Row> {...props} />
      </div>,
    );
  };

  it('is a named Tab stop while its columns overflow', () => {
    renderFresh();
    const region = screen.getByRole('region', { name: 'Attendance' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table', { name: 'Attendance' })).toBeTruthy();
  });

  it('hands its keyboard focus to the grid’s first column header, not to the page’s body', async () => {
    renderFresh();
    const region = screen.getByRole('region', { name: 'Attendance' });
    act(() => region.focus());
    fireEvent.focus(region);
    expect(document.activeElement).toBe(region);
    const grid = await screen.findByRole('grid', { name: 'Attendance' });
    expect(screen.queryByRole('table', { name: 'Attendance' })).toBeNull();
    const first = within(grid).getAllByRole('columnheader')[0]!;
    await vi.waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('data-field')).toBe('Name');
  });
});
