import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import {
  HOLIDAY_SORTABLE,
  HOLIDAY_TYPE_LABELS,
  HolidayType,
  ProblemTypes,
  type Holiday,
} from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { DataTable, FilterSelect, ListToolbar, SearchField, RowAction } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { isProblem } from '@/lib/api-error';
import { errorMessage, handleError } from '@/lib/error-handler';
import { useHolidayCalendarYears } from '@/lib/holiday-calendar-years';
import { useListQuery, type ParamCodec } from '@/lib/use-list-query';
import {
  fetchHolidays,
  holidayKeys,
  useCopyHolidayYear,
  useDeleteHoliday,
  useHolidayYear,
} from '../api/holidays';
import { HolidayDialog } from '../components/holiday-dialog';
import { HOLIDAY_COLORS, YearCalendar } from '../components/year-calendar';
import { formatIsoDate, manilaToday } from '@/lib/dates';

const thisYear = Number(manilaToday().slice(0, 4));
const yearParam: ParamCodec<number> = {
  parse: (raw) => (/^\d{4}$/.test(raw) ? Number(raw) : undefined),
  format: String,
};
const typeParam: ParamCodec<HolidayType> = {
  parse: (raw) => HolidayType.safeParse(raw).data,
  format: (v) => v,
};
const TYPE_OPTIONS = Object.entries(HOLIDAY_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const weekday = new Intl.DateTimeFormat('en-PH', { weekday: 'short', timeZone: 'UTC' });

/** /hr/holidays: the company's holidays of a year, as a list or the year at a glance. */
export default function HolidaysPage() {
  const [editing, setEditing] = useState<{ holiday: Holiday | null; date?: string } | null>(null);
  const confirm = useConfirm();
  const { mutateAsync: deleteHoliday } = useDeleteHoliday();
  const { mutateAsync: copyYear, isPending: copying } = useCopyHolidayYear();
  const list = useListQuery({
    queryKey: holidayKeys.lists(),
    // Without a year in the address, the list shows this year.
    queryFn: (request, signal) => fetchHolidays({ ...request, Year: request.Year ?? thisYear }, signal),
    sortable: HOLIDAY_SORTABLE,
    defaultSort: { SortBy: 'Date', SortDirection: 'asc' },
    filters: { Year: yearParam, Type: typeParam },
  });
  const year = list.state.filters.Year ?? thisYear;
  // The view is not a filter of the list request: it sits in the address on its own.
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'year' ? 'year' : 'list';
  // The calendar follows the search and type filter too (it had ignored them, so the toolbar seemed broken).
  const yearData = useHolidayYear(year, { Search: list.request.Search, Type: list.state.filters.Type });
  // A year whose national holidays are not on file (the app ships 2025 and 2026): payroll would pay its holidays
  // as ordinary days, so the page says so and offers to start the year from the one before.
  const calendarYears = useHolidayCalendarYears();
  const yearMissing = calendarYears.data !== undefined && !calendarYears.data.Years.includes(year);
  const previousOnFile = calendarYears.data?.Years.includes(year - 1) ?? false;
  // What the list and the year view say when nothing shows: a filter's "match" only when there is one.
  const noHolidays =
    list.request.Search || list.state.filters.Type
      ? `No holidays in ${year} match.`
      : `No holidays in ${year}.`;

  const remove = useCallback(
    async (holiday: Holiday) => {
      const agreed = await confirm({
        title: 'Delete holiday',
        // HR walkthrough: "an ordinary day" was said of a date that keeps another holiday.
        message: holiday.IsDouble
          ? `Delete ${holiday.Name} on ${formatIsoDate(holiday.Date)}? The other holiday on that day stays: payroll pays the day as that one.`
          : `Delete ${holiday.Name} on ${formatIsoDate(holiday.Date)}? Payroll will treat the day as an ordinary day.`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (!agreed) return;
      try {
        await deleteHoliday({ id: holiday.HolidayId, RowVersion: holiday.RowVersion });
        toast.success('Holiday deleted');
      } catch (error) {
        // The mutation refetched the list (api/holidays.ts): the row now holds the latest version.
        if (isProblem(error, ProblemTypes.staleRowVersion))
          toast.warning(
            `${holiday.Name} was changed by someone else; the list now shows the latest version. Check it and delete again if still wanted.`,
          );
        else handleError(error, 'The holiday could not be deleted.');
      }
    },
    [confirm, deleteHoliday],
  );

  const copyForward = async (from: number) => {
    const agreed = await confirm({
      title: `Copy ${from} to ${from + 1}`,
      message: `Copy the company's own holidays of ${from} to the same dates in ${from + 1} as drafts? National holidays come from the proclamation. Drafts are not paid until you confirm their dates.`,
      confirmLabel: 'Copy as drafts',
    });
    if (!agreed) return;
    try {
      const { Copied, Skipped } = await copyYear(from);
      if (Copied === 0 && Skipped === 0) {
        toast.info(
          `${from} has no holidays of your company's own to copy. National holidays come from the proclamation: add them with Add Holiday.`,
        );
        return;
      }
      toast.success(
        `${Copied} holiday${Copied === 1 ? '' : 's'} copied to ${from + 1} as draft${Copied === 1 ? '' : 's'}${Skipped ? `; ${Skipped} already there` : ''}`,
      );
    } catch (error) {
      handleError(error, 'The holidays could not be copied.');
    }
  };

  const columns = useMemo<GridColDef<Holiday>[]>(
    () => [
      {
        field: 'Date',
        headerName: 'Date',
        width: 150,
        valueFormatter: (v: string) => `${weekday.format(new Date(`${v}T00:00:00Z`))}, ${formatIsoDate(v)}`,
      },
      {
        field: 'Name',
        headerName: 'Name',
        // The widest share: names like "Feast of the Immaculate Conception of Mary" were cut at 1366 px.
        flex: 2,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Link
            component="button"
            type="button"
            onClick={() => setEditing({ holiday: row })}
            title={row.Name}
            // A long name ends in an ellipsis rather than being cut mid-word at the cell's edge.
            sx={{
              textAlign: 'left',
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {row.Name}
          </Link>
        ),
      },
      {
        field: 'Type',
        headerName: 'Type',
        width: 185,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            label={HOLIDAY_TYPE_LABELS[row.Type]}
            sx={{ borderColor: HOLIDAY_COLORS[row.Type], color: HOLIDAY_COLORS[row.Type] }}
          />
        ),
      },
      {
        field: 'Scope',
        headerName: 'Applies to',
        width: 140,
        sortable: false,
        valueGetter: (_v, row) => (row.IsNational ? 'National' : (row.WorkLocationName ?? 'Whole company')),
      },
      {
        field: 'Notes',
        headerName: 'Notes',
        flex: 1,
        minWidth: 130,
        sortable: false,
        renderCell: ({ row }) => (
          // Wraps where it has to (a phone's card); the grid's row keeps it on one line.
          <Stack
            direction="row"
            useFlexGap
            sx={{ alignItems: 'center', height: '100%', gap: 0.5, flexWrap: 'wrap' }}
          >
            {row.IsDouble && (
              <Chip
                size="small"
                label="Double holiday"
                sx={{ bgcolor: HOLIDAY_COLORS.Double, color: '#fff' }}
              />
            )}
            {row.IsDraft && <Chip size="small" label="Draft" variant="outlined" />}
            {row.ProclaimedDate && (
              <Chip
                size="small"
                label={`Moved from ${formatIsoDate(row.ProclaimedDate!)}`}
                variant="outlined"
              />
            )}
          </Stack>
        ),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 90,
        getActions: ({ row }) => [
          <RowAction
            key="edit"
            icon={<EditOutlined />}
            label="Edit"
            onClick={() => setEditing({ holiday: row })}
          />,
          ...(row.IsNational
            ? []
            : [
                <RowAction
                  key="delete"
                  showInMenu
                  icon={<DeleteOutlined />}
                  label="Delete"
                  onClick={() => void remove(row)}
                />,
              ]),
        ],
      },
    ],
    [remove],
  );

  return (
    <>
      <PageHeader
        subtitle={
          // A line this long took the whole header's width, which wrapped the actions to a row of their own
          // under it, on the left; kept narrower, it wraps and the actions stay top right as on every list.
          <Box component="span" sx={{ display: 'block', maxWidth: 480 }}>
            National holidays come from the proclamation; add your local ones. Payroll pays each day by its
            type.
          </Box>
        }
        actions={
          <>
            <ExportButton
              path="/api/v1/holidays/export"
              request={{ ...list.request, Year: year }}
              fileName={`holidays-${year}`}
            />
            <Button
              variant="outlined"
              startIcon={<ContentCopyOutlined />}
              disabled={copying}
              onClick={() => void copyForward(year)}
            >
              Copy {year} to {year + 1}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ holiday: null })}>
              Add Holiday
            </Button>
          </>
        }
      />
      {yearMissing && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            previousOnFile ? (
              <Button
                color="inherit"
                size="small"
                disabled={copying}
                onClick={() => void copyForward(year - 1)}
                sx={{ whiteSpace: 'nowrap' }}
              >
                Copy {year - 1} to {year}
              </Button>
            ) : undefined
          }
        >
          The national holidays of {year} are not on file: until they are, payroll pays them as ordinary days.
          Add them from the year&apos;s proclamation
          {previousOnFile ? `, and copy your company's own holidays of ${year - 1} forward as drafts` : ''}.
        </Alert>
      )}
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search holiday name" />
        }
      >
        <TextField
          select
          size="small"
          label="Year"
          margin="none"
          fullWidth={false}
          value={year}
          onChange={(event) => list.setFilter('Year', Number(event.target.value))}
          sx={{ minWidth: 110 }}
        >
          {[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <FilterSelect
          label="Type"
          value={list.state.filters.Type ?? ''}
          onChange={(v) => list.setFilter('Type', typeParam.parse(v))}
          options={TYPE_OPTIONS}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_e, next: 'list' | 'year' | null) => {
            if (!next) return;
            setParams(
              (current) => {
                const updated = new URLSearchParams(current);
                if (next === 'year') updated.set('view', 'year');
                else updated.delete('view');
                return updated;
              },
              { replace: true },
            );
          }}
          aria-label="View"
        >
          {/* Named apart from the Year filter beside them ("Year view", not "Year"). */}
          <ToggleButton value="list" aria-label="List view">
            List
          </ToggleButton>
          <ToggleButton value="year" aria-label="Year view">
            Year
          </ToggleButton>
        </ToggleButtonGroup>
      </ListToolbar>
      {view === 'year' ? (
        // The year's holidays failed to load: say so, rather than a calendar without a holiday in it (which read
        // as "no holidays this year"); while they load, a bar says the calendar is not complete yet. A reload that
        // fails after they loaded (after a save) keeps the calendar, with the warning above it.
        yearData.isError && !yearData.data ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void yearData.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(yearData.error, `The holidays of ${year} could not be loaded.`)}
          </Alert>
        ) : (
          <>
            {yearData.isError && (
              <Alert
                severity="warning"
                sx={{ mb: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={() => void yearData.refetch()}>
                    Retry
                  </Button>
                }
              >
                {errorMessage(yearData.error, `The holidays of ${year} could not be reloaded.`)} The calendar
                shows them as last loaded.
              </Alert>
            )}
            {yearData.isFetching && <LinearProgress aria-label="Loading the holidays" sx={{ mb: 1 }} />}
            {yearData.data?.Items.length === 0 && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {noHolidays}
              </Alert>
            )}
            <YearCalendar
              year={year}
              holidays={yearData.data?.Items ?? []}
              onEdit={(holiday) => setEditing({ holiday })}
              onAdd={(date) => setEditing({ holiday: null, date })}
            />
          </>
        )
      ) : (
        <DataTable
          label="Holidays"
          {...list.tableProps}
          columns={columns}
          getRowId={(row) => row.HolidayId}
          emptyMessage={noHolidays}
          cardTitle="Name"
        />
      )}
      {editing && (
        <HolidayDialog holiday={editing.holiday} date={editing.date} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
