import { describe, expect, it } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { hydrateColumnsWidth } from '@mui/x-data-grid/internals';
import { gridColumnWidths } from './data-table-preview';

/** The widths MUI X's grid itself gives `columns` in a list `available` px wide (its own code). */
function gridsOwn(columns: GridColDef[], available: number): number[] {
  const lookup = Object.fromEntries(
    // The grid merges a column with its type's defaults first (width 100, minWidth 50, no maxWidth).
    columns.map((column) => [column.field, { width: 100, minWidth: 50, maxWidth: Infinity, ...column }]),
  );
  const state = hydrateColumnsWidth(
    { orderedFields: columns.map((column) => column.field), lookup, columnVisibilityModel: {} } as never,
    { viewportOuterSize: { width: available, height: 600 }, hasScrollY: false, scrollbarSize: 0 } as never,
  );
  return columns.map((column) => state.lookup[column.field]!.computedWidth);
}

const sets: Record<string, GridColDef[]> = {
  'fixed only': [{ field: 'a', width: 120 }, { field: 'b' }, { field: 'c', width: 30 }],
  'flex shares by weight': [
    { field: 'a', flex: 1, minWidth: 120 },
    { field: 'b', flex: 1.6, minWidth: 150 },
    { field: 'c', width: 90 },
    { field: 'actions', type: 'actions', width: 90 },
  ],
  'a flexible column held at its minWidth': [
    { field: 'a', flex: 1.9, minWidth: 130 },
    { field: 'b', flex: 1.55, minWidth: 100 },
    { field: 'c', width: 170 },
    { field: 'd', flex: 1.05, minWidth: 260 },
    { field: 'e', flex: 1.1, minWidth: 100 },
    { field: 'f', width: 105 },
  ],
  'held at a maxWidth': [
    { field: 'a', flex: 1, maxWidth: 150 },
    { field: 'b', flex: 1 },
    { field: 'c', flex: 2, minWidth: 80 },
  ],
  'more than fits': [
    { field: 'a', flex: 1, minWidth: 400 },
    { field: 'b', flex: 1, minWidth: 300 },
    { field: 'c', width: 300 },
  ],
};

describe('gridColumnWidths', () => {
  for (const [name, columns] of Object.entries(sets))
    it(`gives the grid's own widths: ${name}`, () => {
      for (const available of [390, 974, 1060, 1600]) {
        const own = gridsOwn(columns, available);
        const ours = gridColumnWidths(columns, available);
        // The same sums, up to floating point's last digit.
        expect(ours).toHaveLength(own.length);
        ours.forEach((width, index) => expect(width).toBeCloseTo(own[index]!, 9));
      }
    });

  it('leaves the flexible columns unsized before the table is laid out', () => {
    expect(gridColumnWidths(sets['flex shares by weight']!, 0)).toEqual([0, 0, 90, 90]);
  });
});
