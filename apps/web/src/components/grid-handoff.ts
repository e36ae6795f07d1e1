import { useEffect, type ComponentProps, type PointerEvent, type RefObject } from 'react';

/*
 * What passes from a list's plain table (data-table-preview.tsx) to its grid (data-grid-view.tsx) when the one
 * replaces the other (data-table.tsx): the control that had the keyboard focus, and a row menu asked for on the
 * plain table, which only the grid has. Also the title of a cell cut by its ellipsis, which both show.
 */

/** What the plain table's root element takes from `DataTable` (data-table-preview.tsx spreads it). */
export type PreviewIntent = Pick<
  ComponentProps<'div'>,
  'onPointerOver' | 'onPointerDown' | 'onTouchStart' | 'onFocus' | 'onKeyDown' | 'onClick'
> & { ref: RefObject<HTMLDivElement | null> };

/** A control of the list, by what the plain table and the grid both mark: row id, column field, label. */
export interface ListControl {
  /** The row's id (`data-id` on the table's row and on the grid's). */
  rowId?: string;
  /** The column (`data-field` on the table's cells and headers and on the grid's). */
  field?: string;
  /** Its accessible name: aria-label, else its text. */
  label?: string;
}

export interface Handoff {
  /** What had the focus in the plain table when the grid replaced it. */
  focus: ListControl | null;
  /** The row whose menu ("more") was asked for on the plain table: the grid opens it. */
  menuOf: string | null;
}

const labelOf = (element: Element) =>
  element.getAttribute('aria-label') ?? element.textContent?.trim() ?? undefined;

/**
 * The control `element` is, inside the plain table `root`. The table's sideways scroller (`data-list-scroller`,
 * a Tab stop while its columns overflow: data-table-preview.tsx) is the list as a whole: no row, column or name.
 */
export function describeControl(element: Element): ListControl {
  if (element.hasAttribute('data-list-scroller')) return {};
  const row = element.closest('[data-id]');
  const cell = element.closest('[data-field]');
  return {
    rowId: row?.getAttribute('data-id') ?? undefined,
    field: cell?.getAttribute('data-field') ?? undefined,
    label: labelOf(element),
  };
}

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

/** The grid's first column header: where the list as a whole is focused (the grid is one Tab stop). */
const firstHeader = (root: Element) => root.querySelector<HTMLElement>('[role="columnheader"]');

/**
 * The same control in the grid (`root`): the row's, the cell's or the header's element of that name, else the
 * cell; the list as a whole (`{}`) is its first column header.
 */
export function locateControl(root: Element, control: ListControl): HTMLElement | null {
  if (control.rowId === undefined && control.field === undefined && !control.label) return firstHeader(root);
  let scope: Element | null = root;
  if (control.rowId !== undefined)
    scope = root.querySelector(`[role="row"][data-id="${CSS.escape(control.rowId)}"]`);
  if (scope && control.field !== undefined)
    scope = scope.querySelector(
      `${control.rowId === undefined ? '[role="columnheader"]' : ''}[data-field="${CSS.escape(control.field)}"]`,
    );
  if (!scope) return null;
  if (control.label)
    for (const element of scope.querySelectorAll<HTMLElement>(FOCUSABLE))
      if (labelOf(element) === control.label) return element;
  return scope === root ? null : (scope as HTMLElement);
}

/** Whether the keyboard focus is in a dialog or a menu (MUI's Modal, or any aria-modal element). */
export function focusInModal(): boolean {
  return !!document.activeElement?.closest('.MuiModal-root, [role="dialog"], [aria-modal="true"]');
}

/** How long the grid looks for the control (its rows render once it has measured itself): about 2 s. */
const HANDOFF_FRAMES = 120;

/**
 * Takes over what the plain table handed over (`handoffRef`, once, when the grid first renders): focuses the same
 * control in the grid and opens the row menu asked for. Only while the focus is nowhere else (it fell to the
 * page's body when the plain table's element left the page), so it never takes the focus from where the visitor
 * has since moved it.
 */
export function useHandoff(root: RefObject<HTMLElement | null>, handoffRef?: RefObject<Handoff | null>) {
  useEffect(() => {
    const given = handoffRef?.current;
    if (!handoffRef || !given) return;
    if (!given.focus && given.menuOf === null) {
      handoffRef.current = null;
      return;
    }
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const grid = root.current;
      const active = document.activeElement;
      const free = !active || active === document.body || !!grid?.contains(active);
      const target =
        !grid || !free
          ? null
          : given.menuOf !== null
            ? grid.querySelector<HTMLElement>(
                `[role="row"][data-id="${CSS.escape(given.menuOf)}"] button[aria-haspopup="menu"]`,
              )
            : given.focus && locateControl(grid, given.focus);
      if (!target && free && ++tries < HANDOFF_FRAMES) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      // Taken over, or given up (the focus is elsewhere now, or the grid has no such control). A focus that was
      // in the table stays in the list: on the grid's first column header, not on the page's body.
      handoffRef.current = null;
      if (!target && free && grid && given.focus) firstHeader(grid)?.focus({ preventScroll: true });
      if (!target) return;
      target.focus({ preventScroll: true });
      if (given.menuOf === null) return;
      // The press a click makes first: the grid takes it as the focus of the row's actions cell (without it the
      // grid would move the focus to the row's first action while its menu is used). Then the click, which opens
      // the menu; the menu takes the focus and gives it back to its button when it closes.
      for (const type of ['mousedown', 'mouseup'])
        target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window }));
      target.click();
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [root, handoffRef]);
}

/** Marks a title this file set (so a cell's own title is never replaced or removed). */
const OWN_TITLE = 'data-cut-title';
const CELL = 'td, th, [role="gridcell"], [role="columnheader"]';

const isCut = (element: Element) => element.scrollWidth > element.clientWidth;

/**
 * A cell whose text its ellipsis cuts shows the whole text as its title (the browser's tooltip) when the
 * pointer is over it; one that fits has none. For the plain table's cells and headers and the grid's cells
 * drawn by a page's renderer (MUI X titles its plain cells itself). Put on the table's (grid's) element as
 * `onPointerOver`.
 */
export function titleIfCut(event: PointerEvent<HTMLElement>) {
  const cell = (event.target as Element).closest?.(CELL);
  if (!cell || !event.currentTarget.contains(cell)) return;
  if (cell.hasAttribute('title') && !cell.hasAttribute(OWN_TITLE)) return;
  const text = cell.textContent?.trim() ?? '';
  if (text && (isCut(cell) || [...cell.querySelectorAll('*')].some(isCut))) {
    cell.setAttribute('title', text);
    cell.setAttribute(OWN_TITLE, '');
  } else if (cell.hasAttribute(OWN_TITLE)) {
    cell.removeAttribute('title');
    cell.removeAttribute(OWN_TITLE);
  }
}
