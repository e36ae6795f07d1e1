import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_MAX_LENGTH } from '@hrpay/contracts';
import { DataTableCards } from './data-table-cards';
import { DataTablePreview, PREVIEW_MIN_HEIGHT } from './data-table-preview';
import type { DataTableProps } from './data-table-props';
import { describeControl, focusInModal, type Handoff, type PreviewIntent } from './grid-handoff';
import type { GridActionsCellItemProps, GridValidRowModel } from '@mui/x-data-grid';

export { LIST_LOAD_FAILED, type DataTableProps } from './data-table-props';

type DataGridModule = typeof import('./data-grid-view');
let dataGrid: DataGridModule | undefined;

/** Loads the grid's code (MUI X DataGrid, the largest library of the list pages). */
export function loadDataGrid(): Promise<DataGridModule> {
  return import('./data-grid-view').then((module) => (dataGrid = module));
}

/**
 * The grid's code, once `wanted`; at hand at once when already loaded (the next list page renders its grid in
 * its first render).
 */
function useDataGrid(wanted: boolean): DataGridModule | undefined {
  const [module, setModule] = useState(dataGrid);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (module || !wanted) return;
    let live = true;
    loadDataGrid().then(
      (loaded) => live && startTransition(() => setModule(loaded)),
      (error: unknown) => live && setFailure(error ?? new Error('The grid could not be loaded.')),
    );
    return () => {
      live = false;
    };
  }, [module, wanted]);
  // Like a page that cannot be loaded: the route's error fallback (spec §2).
  if (failure) throw failure;
  return module;
}

/**
 * Whether the focus on `element` is to be handed to the grid: a control's always; the table's scroller's
 * (focusable while its columns overflow) only when the keyboard put it there, not a click on a cell.
 */
function byKeyboard(element: Element) {
  if (!element.hasAttribute('data-list-scroller')) return true;
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * When the grid takes the plain table's place. Once its code is in (`ready`), but never under the visitor's
 * hand: not while a pointer is down on the plain table (the click would end on an element no longer there), nor
 * while the focus is in a dialog or menu (a dialog opened from the table gives the focus back to the element that
 * opened it, which must still be there). Then at the next chance: the pointer's release, the focus coming back, a
 * pointer over the table. The control that had the focus and a row menu asked for ("more": only the grid has the
 * menu) are handed to the grid (grid-handoff.ts), which focuses the same control and opens that menu: the first
 * click on "more" opens it. One table is on the page at any time: the swap is one commit.
 */
function useSwap(ready: boolean, want: () => void) {
  // A list rendered once the grid's code is in shows the grid from its first render.
  const [shown, setShown] = useState(ready);
  const [chance, setChance] = useState(0);
  const root = useRef<HTMLDivElement | null>(null);
  const handoff = useRef<Handoff | null>(null);
  const menuOf = useRef<string | null>(null);
  const pointerDown = useRef(false);
  /** A swap rendering (a transition) that a pointer coming down takes back. */
  const swapping = useRef(false);
  const waiting = useRef(false);
  useEffect(() => {
    waiting.current = ready && !shown;
  });

  useEffect(() => {
    if (!ready || shown || pointerDown.current || focusInModal()) return;
    const active = document.activeElement;
    handoff.current = {
      focus: active && root.current?.contains(active) && byKeyboard(active) ? describeControl(active) : null,
      menuOf: menuOf.current,
    };
    swapping.current = true;
    // The grid's first render is the heaviest of a list page (MUI X sets up its whole state): as a transition
    // React renders it in slices that give the main thread back every few milliseconds.
    startTransition(() => setShown(true));
  }, [ready, shown, chance]);
  useEffect(() => {
    if (shown) swapping.current = false;
  }, [shown]);

  const intent = useMemo<PreviewIntent>(() => {
    /** Looks again whether the grid can come in (only while it waits: no render otherwise). */
    const retry = () => waiting.current && setChance((n) => n + 1);
    const reach = () => {
      want();
      retry();
    };
    return {
      ref: root,
      onPointerOver: reach,
      onTouchStart: reach,
      onKeyDown: reach,
      onFocus: (event) => {
        // The focus moved to another control of the table: a menu asked for earlier is no longer wanted.
        if (!(event.target as Element).closest('[data-row-menu]')) menuOf.current = null;
        reach();
      },
      onPointerDown: () => {
        pointerDown.current = true;
        // A swap already rendering would land between this press and its click: it waits for the release.
        if (swapping.current) {
          swapping.current = false;
          setShown(false);
        }
        const release = () => {
          window.removeEventListener('pointerup', release, true);
          window.removeEventListener('pointercancel', release, true);
          // After the click this release makes (dispatched in the same task).
          setTimeout(() => {
            pointerDown.current = false;
            retry();
          });
        };
        window.addEventListener('pointerup', release, true);
        window.addEventListener('pointercancel', release, true);
      },
      onClick: (event) => {
        const more = (event.target as Element).closest('[data-row-menu]');
        if (!more) return;
        menuOf.current = more.closest('[data-id]')?.getAttribute('data-id') ?? null;
        reach();
      },
    };
  }, [want]);
  return { shown, intent, handoff };
}

/**
 * The app's list grid: MUI X DataGrid paged and sorted by the server, page sizes 10/25/50/100, a loading bar
 * over the previous page while the next loads, an empty message, and an error line with Retry. Feed it
 * `useListQuery(...).tableProps` plus columns. Until the grid's code is loaded (the first list page of a visit)
 * it shows the same rows as a plain table that sorts and pages by itself (data-table-preview.tsx); the grid
 * loads only when the visitor points at, touches or focuses the table, and takes the table's place when no
 * click or dialog is under way (`useSwap`). On a phone the rows are cards (data-table-cards.tsx) and the grid
 * never loads. It used to load by itself 2 s after the first answer too, and on a phone its code and first
 * render were most of the page's main-thread time (issue 11: total blocking time) for a table the plain one
 * already shows and sorts.
 */
export function DataTable<R extends GridValidRowModel>(props: DataTableProps<R>) {
  // A phone gets a card per row (data-table-cards.tsx) and never the grid: its columns would not fit.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  const grid = useDataGrid(wanted && !phone);
  const { shown, intent, handoff } = useSwap(!!grid && !phone, want);
  // The list's answer (and each page or sort change) re-renders the table; the query delivers it as an urgent
  // update, which React renders in one piece. Deferred, the urgent render keeps the previous props (the memoised
  // table is skipped) and the table renders the new ones in slices (issue 11: total blocking time).
  const deferred = useDeferredValue(props);
  // The plain table mounts one commit after the page around it: React inserts a commit's DOM and styles in one
  // task, and a phone's main thread then gets a break between the page's frame, heading and toolbar and the
  // table (issue 11: total blocking time). Its place is kept meanwhile.
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  if (grid && !phone && shown) return <grid.DataGridView {...deferred} handoff={handoff} />;
  if (!mounted) return <Box sx={{ minHeight: PREVIEW_MIN_HEIGHT }} />;
  if (phone) return <Cards {...deferred} />;
  return <Preview {...deferred} intent={intent} />;
}

const Preview = memo(DataTablePreview) as typeof DataTablePreview;
const Cards = memo(DataTableCards) as typeof DataTableCards;

/**
 * A row action of a grid's `actions` column (`getActions`): MUI X's GridActionsCellItem, taken from the loaded
 * grid (the grid renders its cells only once loaded), so a page's columns do not import the grid library.
 */
export function RowAction(props: GridActionsCellItemProps) {
  const Item = dataGrid!.GridActionsCellItem;
  return <Item {...props} />;
}

/** The row above a grid: the search box, then the filters (two to a line on a phone). */
export function ListToolbar({ search, children }: { search: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', flex: { xs: '1 1 100%', sm: '0 1 320px' } }}>{search}</Box>
      {children && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            flex: { xs: '1 1 100%', sm: '0 1 auto' },
            '& > *': { flex: { xs: '1 1 140px', sm: '0 0 auto' } },
          }}
        >
          {children}
        </Box>
      )}
    </Box>
  );
}

/**
 * The list's search box; the value is what was typed (useListQuery debounces the request). An outlined input
 * without TextField: TextField also carries the select menu (Popover, Modal), which a list's first paint does
 * not need (issue 11).
 */
export function SearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <OutlinedInput
      type="search"
      size="small"
      // Fills the toolbar's search slot (the whole line on a phone, 320 px wide), as the TextField did.
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      // The API takes at most SEARCH_MAX_LENGTH characters of search text; the box stops there.
      inputProps={{ 'aria-label': placeholder, maxLength: SEARCH_MAX_LENGTH }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
    />
  );
}

/**
 * A filter of a few choices; the empty value means "no filter" and shows `allLabel`. The browser's own select
 * in the theme's outlined frame: on a phone it opens the system's picker, and a list page's first paint carries
 * no menu code (MUI's Select brings its menu, popover and modal, some 25 kB; issue 11).
 */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel = 'All',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
}) {
  const id = useId();
  return (
    // "All" is a real choice, so it is shown (and the label kept above it) rather than an empty box.
    <FormControl size="small" margin="none" sx={{ minWidth: 160 }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput label={label} notched />}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
