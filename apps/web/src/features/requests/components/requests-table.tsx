import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import {
  REQUEST_SORTABLE,
  REQUEST_STATUSES,
  type RequestKind,
  type RequestScope,
  type RequestStatus,
  type TimeRequest,
} from '@hrpay/contracts';
import { DataTable, FilterSelect, ListToolbar, SearchField, RowAction } from '@/components/data-table';
import { TwoLinesCell } from '@/components/two-lines-cell';
import { stringParam, useListQuery } from '@/lib/use-list-query';
import {
  fetchRequests,
  requestKeys,
  useDepartmentFilterOptions,
  useLeaveTypeOptions,
  type Decision,
} from '../api/requests';
import {
  describeWhen,
  formatIsoDate,
  KIND,
  manilaDate,
  reviewPath,
  STATUS_COLOR,
  useClockFormat,
  whenParts,
} from '../kinds';
import { DecisionDialog } from './decision-dialog';

export function RequestStatusChip({ status }: { status: TimeRequest['Status'] }) {
  return <Chip size="small" label={status} color={STATUS_COLOR[status]} variant="outlined" />;
}

/**
 * A request's reason: on the grid's one line, cut (the whole of it in its title); where it is shown in full (a
 * phone's card) with the line breaks the employee typed.
 */
export function ReasonText({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Box
      component="span"
      title={reason}
      sx={{
        display: 'block',
        minWidth: 0,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        '.card &': { whiteSpace: 'pre-line', overflow: 'visible' },
      }}
    >
      {reason}
    </Box>
  );
}

/**
 * One kind's requests in a server-paged grid with its filters in the address. `Mine`: the user's own (cancel
 * while pending); `Review`: routed to the approver, opened on the review page; `Company`: HR's view, with
 * approve / reject / cancel in place.
 */
export function RequestsTable({ kind, scope }: { kind: RequestKind; scope: RequestScope }) {
  const [deciding, setDeciding] = useState<{ request: TimeRequest; action: Decision } | null>(null);
  const leaveTypes = useLeaveTypeOptions('filter');
  const departments = useDepartmentFilterOptions(scope === 'Company');
  const navigate = useNavigate();
  const list = useListQuery({
    queryKey: [...requestKeys.lists(kind), scope],
    queryFn: (request, signal) =>
      fetchRequests(
        kind,
        { ...request, Status: request.Status as RequestStatus | undefined, Scope: scope },
        signal,
      ),
    sortable: REQUEST_SORTABLE,
    defaultSort: { SortBy: 'FiledAt', SortDirection: 'desc' },
    filters: {
      Status: stringParam,
      LeaveTypeId: stringParam,
      DepartmentId: stringParam,
      DateFrom: stringParam,
      DateTo: stringParam,
    },
  });
  const filters = list.state.filters;
  const { clock } = useClockFormat();

  // The widths (measured in the grid's 14 px Roboto, a cell padding 2 x 10 px): "Service Incentive Leave" is
  // 149 px, a leave across the new year "Dec 28, 2026 – Jan 15, 2027" 180 px, "Juan Dela Cruz (DM-0004)" 167 px.
  // At 1366 px (some 1044 px of table) each list shows the type and the dates whole; HR's list gives the
  // employee's number a line of its own under the name, as the attendance does (on one line it took the room
  // the type and the dates need). The reason takes what is left (whole in its title). At 1280 px with the menu
  // open (958 px) every column keeps its least width without a sideways scroll.
  const columns = useMemo<GridColDef<TimeRequest>[]>(() => {
    const cols: GridColDef<TimeRequest>[] = [];
    const leave = kind === 'Leave';
    if (scope !== 'Mine') {
      cols.push({
        field: 'EmployeeName',
        headerName: 'Employee',
        flex: scope === 'Company' ? 1 : 1.3,
        // The approver's list shows the name alone, HR's the number under it.
        minWidth: scope === 'Company' ? 130 : 120,
        valueGetter: (_v, row) =>
          scope === 'Company' ? `${row.EmployeeName} (${row.EmployeeNumber})` : row.EmployeeName,
        renderCell: ({ row }) =>
          scope === 'Review' ? (
            <Link component={RouterLink} to={reviewPath(kind, row.RequestId)}>
              {row.EmployeeName}
            </Link>
          ) : (
            <TwoLinesCell main={row.EmployeeName} detail={row.EmployeeNumber} />
          ),
      });
    }
    if (leave) {
      cols.push({
        field: 'LeaveTypeName',
        headerName: 'Type',
        flex: scope === 'Company' ? 1.3 : scope === 'Review' ? 1.7 : 1.2,
        minWidth: scope === 'Company' ? 100 : scope === 'Review' ? 160 : 170,
        sortable: false,
      });
    }
    cols.push(
      {
        field: 'DateFrom',
        headerName: leave ? 'Dates' : 'Date and time',
        // Same-year ranges are short ("Dec 21–22", "Nov 30 – Dec 2, 2026"); one across the new year, the
        // Christmas leave of many, was cut at 170 px. An undertime's second line is long too ("leaving 16:00
        // (shift ends 17:00)"), longer on the 12-hour clock ("leaving 4:00 PM (shift ends 5:00 PM)").
        width: leave ? 200 : kind === 'Undertime' ? (clock === '12h' ? 225 : 190) : 170,
        valueGetter: (_v, row) => describeWhen(row, clock),
        // The days (or times) under the dates: on one line a long range cut them off at 1280 px.
        renderCell: ({ row }) => {
          const [dates, detail] = whenParts(row, clock);
          return <TwoLinesCell main={dates} detail={detail} />;
        },
      },
      {
        field: 'Reason',
        headerName: 'Reason',
        // In the employee's and the approver's lists the reason is what is read; in HR's leave list the type and
        // the dates come first (HR reads the whole reason in the approve and reject dialog).
        flex: scope === 'Company' ? (leave ? 0.8 : 1.6) : scope === 'Review' ? 1.5 : 1.9,
        minWidth: 100,
        sortable: false,
        renderCell: ({ row }) => <ReasonText reason={row.Reason} />,
      },
      {
        field: 'Status',
        headerName: 'Status',
        width: 100,
        renderCell: ({ row }) => <RequestStatusChip status={row.Status} />,
      },
      {
        field: 'ReviewerName',
        headerName: 'Reviewer',
        flex: scope === 'Company' ? 0.7 : 0.9,
        minWidth: scope === 'Review' ? 80 : 90,
        sortable: false,
        valueGetter: (_v, row) => row.DecidedByName ?? row.ReviewerName,
        // The decision's remarks under the name (a rejection's reason is what the employee looks for); a
        // cancellation's under who cancelled it, not under the reviewer who never wrote them. Whole in the title.
        renderCell: ({ row }) =>
          row.Status === 'Cancelled' && row.CancelledByName ? (
            // The name alone fits the column ("Cancelled by …" was cut); the status says what happened, the
            // title says it whole.
            <TwoLinesCell
              main={row.CancelledByName}
              detail={row.CancelRemarks || null}
              title={`Cancelled by ${row.CancelledByName}${row.CancelRemarks ? ` — ${row.CancelRemarks}` : ''}`}
            />
          ) : (
            <TwoLinesCell main={row.DecidedByName ?? row.ReviewerName} detail={row.Remarks || null} />
          ),
      },
      {
        field: 'FiledAt',
        headerName: 'Filed',
        width: 105,
        valueFormatter: (v: string) => formatIsoDate(manilaDate(v)),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        // HR's rows carry approve, reject and the menu: three buttons need more than 90 px.
        width: scope === 'Company' ? 124 : 90,
        getActions: ({ row }) => {
          const actions = [];
          // An undertime has a details page (the day's schedule and punches); the employee's own leave or
          // overtime request opens on its page: the decision, its remarks, the dates.
          const details =
            kind === 'Undertime' && scope !== 'Company'
              ? () =>
                  navigate(`${KIND.Undertime.portalPath}/${encodeURIComponent(row.RequestId)}/details`, {
                    state: {
                      back: scope === 'Review' ? `${KIND.Undertime.portalPath}?tab=review` : undefined,
                    },
                  })
              : kind !== 'Undertime' && scope === 'Mine'
                ? () => navigate(reviewPath(kind, row.RequestId), { state: { back: KIND[kind].portalPath } })
                : null;
          if (details) {
            actions.push(
              <RowAction key="details" icon={<InfoOutlined />} label="Details" onClick={details} />,
            );
          }
          // An approver decides on the review page (the name links there too); on a phone's card this is the button.
          if (row.CanReview && scope === 'Review') {
            actions.push(
              <RowAction
                key="review"
                icon={<RateReviewOutlined />}
                label="Review"
                onClick={() => navigate(reviewPath(kind, row.RequestId))}
              />,
            );
          }
          if (row.CanReview && scope === 'Company') {
            actions.push(
              <RowAction
                key="approve"
                icon={<CheckCircleOutlined />}
                label="Approve"
                onClick={() => setDeciding({ request: row, action: 'approve' })}
              />,
              <RowAction
                key="reject"
                icon={<HighlightOffOutlined />}
                label="Reject"
                onClick={() => setDeciding({ request: row, action: 'reject' })}
              />,
            );
          }
          if (row.CanCancel) {
            actions.push(
              <RowAction
                key="cancel"
                showInMenu
                icon={<BlockOutlined />}
                label="Cancel request"
                onClick={() => setDeciding({ request: row, action: 'cancel' })}
              />,
            );
          }
          return actions;
        },
      },
    );
    return cols;
  }, [kind, scope, navigate, clock]);

  const dateFilter = (name: 'DateFrom' | 'DateTo', label: string) => (
    <TextField
      label={label}
      type="date"
      size="small"
      margin="none"
      fullWidth={false}
      sx={{ width: { sm: 170 }, flex: { xs: '1 1 0', sm: '0 0 auto' }, minWidth: 0 }}
      value={filters[name] ?? ''}
      onChange={(event) => list.setFilter(name, stringParam.parse(event.target.value))}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const filtered = !!(
    list.request.Search ||
    filters.Status ||
    filters.LeaveTypeId ||
    filters.DepartmentId ||
    filters.DateFrom ||
    filters.DateTo
  );
  return (
    <>
      <ListToolbar
        search={
          <SearchField
            value={list.search}
            onChange={list.setSearch}
            placeholder={scope === 'Mine' ? 'Search reason' : 'Search employee or reason'}
          />
        }
      >
        <FilterSelect
          label="Status"
          value={filters.Status ?? ''}
          onChange={(value) => list.setFilter('Status', stringParam.parse(value))}
          options={REQUEST_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        {kind === 'Leave' && (
          <FilterSelect
            label="Leave type"
            value={filters.LeaveTypeId ?? ''}
            onChange={(value) => list.setFilter('LeaveTypeId', stringParam.parse(value))}
            options={(leaveTypes.data ?? []).map((t) => ({ value: t.LeaveTypeId, label: t.Name }))}
          />
        )}
        {scope === 'Company' && (
          <FilterSelect
            label="Department"
            value={filters.DepartmentId ?? ''}
            onChange={(value) => list.setFilter('DepartmentId', stringParam.parse(value))}
            options={(departments.data ?? []).map((d) => ({ value: d.DepartmentId, label: d.Name }))}
          />
        )}
        {/* The range's two ends share a line: on a phone, "To" sat alone on a row under Status and From. */}
        <Box sx={{ display: 'flex', gap: 2, '&&': { flex: { xs: '1 1 100%', sm: '0 0 auto' } } }}>
          {dateFilter('DateFrom', 'From')}
          {dateFilter('DateTo', 'To')}
        </Box>
        {filtered && (
          <Button
            onClick={() => {
              list.setSearch('');
              for (const name of ['Status', 'LeaveTypeId', 'DepartmentId', 'DateFrom', 'DateTo'] as const)
                list.setFilter(name, undefined);
            }}
          >
            Clear filters
          </Button>
        )}
      </ListToolbar>
      <DataTable
        label={`${KIND[kind].short} requests`}
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.RequestId}
        emptyMessage={
          filtered
            ? 'No requests match.'
            : scope === 'Review'
              ? 'Nothing waits for your review.'
              : scope === 'Mine'
                ? `You have not filed any ${KIND[kind].noun}s yet.`
                : `No ${KIND[kind].noun}s yet.`
        }
      />
      {deciding && (
        <DecisionDialog
          request={deciding.request}
          action={deciding.action}
          onClose={() => setDeciding(null)}
        />
      )}
    </>
  );
}
