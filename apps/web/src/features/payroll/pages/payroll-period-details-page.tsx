import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast, type Id } from 'react-toastify';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import {
  PAYSLIP_SORTABLE,
  PAYSLIP_STATUSES,
  ProblemTypes,
  type PayrollPeriodDetail,
  type PayslipListItem,
} from '@hrpay/contracts';
import { CellLink } from '@/components/cell-link';
import { useConfirm } from '@/components/confirm-dialog';
import { DataTable, FilterSelect, ListToolbar, SearchField } from '@/components/data-table';
import { RecordLoadError, RecordLoading } from '@/components/edit-page';
import { PageHeader } from '@/components/page-header';
import { saveFile } from '@/lib/api-client';
import { isProblem } from '@/lib/api-error';
import { formatCurrency } from '@/lib/currency';
import { formatIsoDate, manilaToday, useClockFormat, withReadableDates } from '@/lib/dates';
import { handleError } from '@/lib/error-handler';
import { booleanParam, enumParam, useListQuery } from '@/lib/use-list-query';
import {
  downloadPayslips,
  downloadRegister,
  emailPayslipNotices,
  fetchPeriodPayslips,
  periodKeys,
  useDeletePeriod,
  usePeriod,
  usePeriodAction,
  type PeriodAction,
} from '../api/payroll-periods';
import { PayslipDrawer } from '../components/payslip-drawer';
import { PeriodTotals } from '../components/period-totals';
import { KIND_LABEL, PeriodStatusChip } from '../components/period-status-chip';

const LIST = '/payroll/payroll-periods';
const date = formatIsoDate;

/** /payroll/payroll-periods/:payrollPeriodId: compute, review, approve, finalise and pay one period. */
export default function PayrollPeriodDetailsPage() {
  const { payrollPeriodId = '' } = useParams();
  const period = usePeriod(payrollPeriodId);
  if (period.isPending) return <RecordLoading what="payroll period" />;
  if (period.isError)
    return (
      <RecordLoadError
        what="payroll period"
        error={period.error}
        onRetry={() => void period.refetch()}
        back={LIST}
        backLabel="Back to payroll periods"
      />
    );
  return <PeriodView period={period.data} />;
}

const ACTION_TEXT: Record<PeriodAction, { done: string; failed: string }> = {
  compute: { done: 'Computing started', failed: 'The period could not be computed.' },
  approve: { done: 'Period approved', failed: 'The period could not be approved.' },
  'return-to-draft': { done: 'Period returned for changes', failed: 'The period could not be returned.' },
  finalise: { done: 'Period finalised; payslips are released', failed: 'The period could not be finalised.' },
  'mark-paid': { done: 'Period marked as paid', failed: 'The period could not be marked as paid.' },
};

/** A step of the period's life, when and by whom: "approved Nov 30, 2026, 09:00 by Jose Reyes". */
const stepWriter =
  (dateTime: (iso: string) => string) => (step: string, at: string | null | undefined, by?: string | null) =>
    at ? `${step} ${dateTime(at)}${by ? ` by ${by}` : ''}` : null;

/** A compute job still at work: the page polls the period until it is not. */
const jobRunning = (period: PayrollPeriodDetail) =>
  period.JobStatus === 'Queued' || period.JobStatus === 'Running';
const jobEnded = (period: PayrollPeriodDetail) =>
  period.JobStatus === 'Done' || period.JobStatus === 'Failed';

/**
 * The one toast that says how the compute the user started ended: its payslips, or the server's reason for the
 * failure (JobError, which the page's alert shows too).
 */
function toastComputeOutcome(period: PayrollPeriodDetail) {
  if (period.JobStatus === 'Failed') {
    toast.error(period.JobError ? `The compute failed: ${period.JobError}` : 'The compute failed.');
    return;
  }
  const n = period.Totals.Employees;
  const warned = period.Totals.WithWarnings;
  toast.success(
    `Period computed: ${n} payslip${n === 1 ? '' : 's'}${warned > 0 ? `, ${warned} with warnings` : ''}`,
  );
}

/**
 * The compute the user started on this page, told by toasts. The action waits for the period's refetch: a small
 * period is often computed by then, and its outcome is the only toast. A job still at work gets "Computing
 * started", and when the polled period shows the job ended (the user may be reading anything else on the page by
 * then) that toast goes and the outcome's comes: "Computing started" beside a Computed period read as if nothing
 * had happened.
 */
function useComputeToasts(period: PayrollPeriodDetail) {
  const queryClient = useQueryClient();
  const started = useRef<{ periodId: string; toastId: Id } | null>(null);
  useEffect(() => {
    const compute = started.current;
    if (!compute || compute.periodId !== period.Id || !jobEnded(period)) return;
    started.current = null;
    toast.dismiss(compute.toastId);
    toastComputeOutcome(period);
  }, [period]);
  /** Once the compute action is answered. */
  return (periodId: string) => {
    const latest = queryClient.getQueryData<PayrollPeriodDetail>(periodKeys.detail(periodId));
    if (latest && jobEnded(latest)) toastComputeOutcome(latest);
    else started.current = { periodId, toastId: toast.success(ACTION_TEXT.compute.done) };
  };
}

function PeriodView({ period: p }: { period: PayrollPeriodDetail }) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const computeAnswered = useComputeToasts(p);
  const { mutateAsync: act, isPending: acting } = usePeriodAction();
  const { mutateAsync: remove } = useDeletePeriod();
  // A link may open one payslip (the payroll dashboard's held pay: ?payslip=<id>).
  const [searchParams] = useSearchParams();
  const [openPayslip, setOpenPayslip] = useState<string | null>(() => searchParams.get('payslip'));
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const stepText = stepWriter(useClockFormat().dateTime);
  const running = jobRunning(p);
  const editable = p.Status === 'Draft' || p.Status === 'Computed';

  const run = async (action: PeriodAction) => {
    // The look before figures are frozen (approve) or locked (finalise): what the payslips' warnings would
    // otherwise leave unseen.
    const one = p.Totals.Included === 1;
    const warned = [
      p.Totals.WithWarnings > 0 &&
        (one ? 'It carries warnings.' : `${p.Totals.WithWarnings} of them carry warnings.`),
      p.WithoutAttendance > 0 &&
        `${one ? 'It has' : `${p.WithoutAttendance} have`} no stored attendance for the cut-off (no lates, absences or overtime; a daily-paid employee is paid nothing for the days).`,
    ].filter(Boolean);
    // Held pay is out of the bank file and the payout, and is paid later by releasing each payslip: say so before
    // finalising and before marking the payout done.
    const held =
      p.Totals.Held > 0 &&
      (p.Totals.Held === 1
        ? '1 payslip is held: it is not paid with this period; release it from the payslip once it can be paid, by its own bank file.'
        : `${p.Totals.Held} payslips are held: they are not paid with this period; release each from its payslip once it can be paid, by its own bank file.`);
    const net = formatCurrency(p.Totals.NetPayIncluded);
    const payslips = one ? '1 payslip totalling' : `${p.Totals.Included} payslips totalling`;
    const are = one ? 'is' : 'are';
    if (action === 'approve') {
      const ok = await confirm({
        title: `Approve ${p.Name}?`,
        message: [
          `${payslips} ${net} net ${are} approved for finalising; the figures can no longer be recomputed or adjusted.`,
          ...warned,
          'Return the period for changes to change them again.',
        ].join(' '),
        confirmLabel: 'Approve',
      });
      if (!ok) return;
    }
    if (action === 'finalise') {
      const ok = await confirm({
        title: `Finalise ${p.Name}?`,
        message: [
          `${payslips} ${net} net ${are} locked and released to employees; loan balances move.`,
          ...warned,
          held,
          'A correction after this is a new adjustment period.',
        ]
          .filter(Boolean)
          .join(' '),
        confirmLabel: 'Finalise',
        destructive: true,
      });
      if (!ok) return;
    }
    if (action === 'mark-paid') {
      const ok = await confirm({
        title: `Mark ${p.Name} as paid?`,
        message: [
          'Confirm that the bank credit or cash release for this period is done.',
          // Payroll walkthrough: marked paid days before the pay date without a word.
          p.PayDate > manilaToday() &&
            `The pay date, ${formatIsoDate(p.PayDate)}, is still ahead: mark it paid once the money is out.`,
          p.Totals.Held > 0 &&
            `${p.Totals.Held === 1 ? 'The held payslip is' : `The ${p.Totals.Held} held payslips are`} not part of this payout.`,
        ]
          .filter(Boolean)
          .join(' '),
        confirmLabel: 'Mark paid',
        irreversible: true,
      });
      if (!ok) return;
    }
    try {
      await act({ id: p.Id, action, rowVersion: p.RowVersion });
      if (action === 'compute') computeAnswered(p.Id);
      else toast.success(ACTION_TEXT[action].done);
    } catch (error) {
      if (isProblem(error, ProblemTypes.staleRowVersion)) {
        toast.warning('Someone else changed this period; the page now shows the latest version.');
        return;
      }
      handleError(error, ACTION_TEXT[action].failed);
    }
  };

  const deletePeriod = async () => {
    const ok = await confirm({
      title: `Delete ${p.Name}?`,
      message: 'The period, its computed payslips and adjustments are deleted.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove(p.Id);
      toast.success('Payroll period deleted');
      void navigate(LIST);
    } catch (error) {
      handleError(error, 'The period could not be deleted.');
    }
  };

  const released = p.Status === 'Finalised' || p.Status === 'Paid';
  const [sending, setSending] = useState(false);
  const payslipsPdf = async () => {
    try {
      saveFile(await downloadPayslips(p.Id), 'payslips.pdf');
    } catch (error) {
      handleError(error, 'The payslips could not be downloaded.');
    }
  };
  const emailPayslips = async () => {
    const ok = await confirm({
      title: 'E-mail payslip notices?',
      message:
        'Each employee of this period with an e-mail address is told that the payslip is ready, with the net pay and a link to the portal.',
      confirmLabel: 'Send',
    });
    if (!ok) return;
    setSending(true);
    try {
      const { Sent } = await emailPayslipNotices(p.Id);
      toast.success(Sent === 1 ? 'Sent to 1 employee' : `Sent to ${Sent} employees`);
    } catch (error) {
      handleError(error, 'The notices could not be sent.');
    } finally {
      setSending(false);
    }
  };

  const exportRegister = async (format: 'xlsx' | 'csv' | 'pdf') => {
    setExportAnchor(null);
    try {
      saveFile(await downloadRegister(p.Id, format), `payroll-register.${format}`);
    } catch (error) {
      handleError(error, 'The register could not be downloaded.');
    }
  };

  return (
    <>
      <PageHeader
        title={p.Name}
        subtitle={`${KIND_LABEL[p.Kind] ?? p.Kind} · cut-off ${date(p.CutoffStart)} – ${date(p.CutoffEnd)} · pay date ${date(p.PayDate)}`}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              aria-haspopup="menu"
              disabled={p.Totals.Employees === 0}
              onClick={(e) => setExportAnchor(e.currentTarget)}
            >
              Register
            </Button>
            <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
              <MenuItem onClick={() => void exportRegister('xlsx')}>Excel (XLSX)</MenuItem>
              <MenuItem onClick={() => void exportRegister('pdf')}>PDF</MenuItem>
              <MenuItem onClick={() => void exportRegister('csv')}>CSV</MenuItem>
            </Menu>
            {released && (
              <>
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadOutlined />}
                  onClick={() => void payslipsPdf()}
                >
                  Payslips PDF
                </Button>
                <Button variant="outlined" onClick={() => void emailPayslips()} loading={sending}>
                  E-mail payslips
                </Button>
              </>
            )}
            {p.CanEdit && p.Status === 'Draft' && (
              <Button color="error" onClick={() => void deletePeriod()} disabled={acting || running}>
                Delete
              </Button>
            )}
            {p.CanReturnToDraft && (
              <Button onClick={() => void run('return-to-draft')} disabled={acting}>
                Return for changes
              </Button>
            )}
            {p.CanCompute && (
              <Button
                variant={p.Status === 'Draft' ? 'contained' : 'outlined'}
                onClick={() => void run('compute')}
                disabled={acting || running}
              >
                {p.ComputedAt ? 'Recompute' : 'Compute'}
              </Button>
            )}
            {p.CanApprove && (
              <Button variant="contained" onClick={() => void run('approve')} disabled={acting || running}>
                Approve
              </Button>
            )}
            {p.CanFinalise && (
              <Button
                variant="contained"
                color="primary"
                onClick={() => void run('finalise')}
                disabled={acting}
              >
                Finalise
              </Button>
            )}
            {p.CanMarkPaid && (
              <Button
                variant="contained"
                color="success"
                onClick={() => void run('mark-paid')}
                disabled={acting}
              >
                Mark paid
              </Button>
            )}
          </>
        }
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <PeriodStatusChip status={p.Status} jobStatus={p.JobStatus} needsRecompute={p.NeedsRecompute} />
        <Typography variant="body2" color="text.secondary">
          {[
            // Each step with its date: a finalised period says when it was released.
            stepText('computed', p.ComputedAt, p.ComputedByName),
            stepText('approved', p.ApprovedAt, p.ApprovedByName),
            stepText('finalised', p.FinalisedAt, p.FinalisedByName),
            stepText('paid', p.PaidAt),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {p.ReferencesPeriodId && (
          <Chip
            size="small"
            variant="outlined"
            label={`Corrects ${p.ReferencesPeriodName ?? 'a finalised period'}`}
          />
        )}
      </Box>
      {running && (
        <Box sx={{ mb: 3 }} role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Computing payslips… {p.JobProgress} of {p.JobTotal || '…'} employees
          </Typography>
          <LinearProgress
            variant={p.JobTotal > 0 ? 'determinate' : 'indeterminate'}
            value={p.JobTotal > 0 ? (100 * p.JobProgress) / p.JobTotal : 0}
            aria-label="Compute progress"
          />
        </Box>
      )}
      {p.JobStatus === 'Failed' && editable && (
        <Alert severity="error" sx={{ mb: 2 }}>
          The last compute failed{p.JobError ? `: ${p.JobError}` : ''}. The payslips shown are from the
          compute before it.
        </Alert>
      )}
      {p.NeedsRecompute && (editable || p.Status === 'Approved') && !running && <StaleAlert period={p} />}
      {p.RequestsNotStored > 0 && !p.StaleReason && editable && !running && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>Requests not in the stored attendance</AlertTitle>
          {p.RequestsNotStored === 1 ? 'A payslip pays' : `${p.RequestsNotStored} payslips pay`} days without
          a leave, overtime or undertime request approved or cancelled after their attendance was stored (the
          payslip warnings name the days). Computing again does not change that: ask HR to store the
          attendance of those days again (Time Logs &gt; Attendance), then compute. The period cannot be
          approved before.
        </Alert>
      )}
      {p.WithoutAttendance > 0 && !running && <NoAttendanceAlert period={p} />}
      {p.HolidayYearsMissing.length > 0 && p.Status !== 'Finalised' && p.Status !== 'Paid' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>No holidays on file for {p.HolidayYearsMissing.join(' and ')}</AlertTitle>
          The cut-off&apos;s holidays would be paid as ordinary days. Ask HR to add the{' '}
          {p.HolidayYearsMissing.join(' and ')} holidays as proclaimed (HR &gt; Holidays) and store the
          attendance again, then compute.
        </Alert>
      )}
      {p.AwaitsAnotherApprover && !running && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You computed this period, so another Payroll user of the company approves it: the payroll settings
          require a second person to approve each payroll.
        </Alert>
      )}
      {p.Status === 'Draft' && !p.ComputedAt && !running && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Compute the period to build every employee&apos;s payslip from their pay details, attendance and
          approved requests.
        </Alert>
      )}
      <PeriodTotals totals={p.Totals} computed={p.ComputedAt !== null} />
      <PayslipsTable period={p} onOpen={setOpenPayslip} />
      <PayslipDrawer
        periodId={p.Id}
        payslipId={openPayslip}
        editable={editable && !running}
        period={{ Status: p.Status, Kind: p.Kind, running }}
        onClose={() => setOpenPayslip(null)}
      />
    </>
  );
}

/**
 * Payroll reads only the attendance days HR stored (Time Logs › Attendance › Store for payroll): payslips computed
 * without any carry the warning NO_ATTENDANCE_WARNING, and pay no lates, undertime, overtime or night differential
 * (a daily rate pays nothing). The count is the last compute's.
 */
/**
 * Why the payslips are out of date and the way out: what the compute reads changed (a Draft computed before), HR
 * stored attendance of the cut-off again, a holiday of it changed, punches of its days changed after they were
 * stored or a request of it was decided (for those three HR stores its days again first). An Approved period is returned for changes, then computed.
 */
function StaleAlert({ period: p }: { period: PayrollPeriodDetail }) {
  const approved = p.Status === 'Approved';
  const then = approved
    ? 'Return the period for changes, then compute it again; it cannot be finalised before.'
    : 'Compute again before approving.';
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {p.StaleReason === 'attendance' ? (
        <>
          <AlertTitle>Attendance stored again</AlertTitle>
          HR stored the attendance of days of this cut-off again after the period was computed. {then}
        </>
      ) : p.StaleReason === 'holiday' ? (
        <>
          <AlertTitle>A holiday changed</AlertTitle>A holiday on a day of this cut-off was added, moved,
          retyped or deleted after the period was computed or after the attendance of that day was stored. HR
          must store the attendance of the cut-off again (Time Logs &gt; Attendance) before the period is
          computed: the stored days keep the day as it was, and computing alone does not pay the change.{' '}
          {then}
        </>
      ) : p.StaleReason === 'punches' ? (
        <>
          <AlertTitle>Punches changed</AlertTitle>Punches of a day of this cut-off were added, changed or
          deleted after the attendance of that day was stored. HR must store the attendance of the cut-off
          again (Time Logs &gt; Attendance) before the period is computed: the stored days keep the punches as
          they were, and computing alone does not pay the change. {then}
        </>
      ) : p.StaleReason === 'employment' ? (
        <>
          <AlertTitle>A hire or separation changed</AlertTitle>An employee of this period was hired, separated
          or reinstated in this cut-off (or had the date moved) after the period was computed: the payslips
          pay the days as they were. {then}
        </>
      ) : p.StaleReason === 'request' ? (
        <>
          <AlertTitle>A request was decided</AlertTitle>A leave, overtime or undertime request of this cut-off
          was approved or cancelled after the period was computed. HR must store the attendance of those days
          again (Time Logs &gt; Attendance) before the period is computed: computing alone does not pay the
          request. {then}
        </>
      ) : (
        <>Something this period reads changed since the last compute (adjustments, dates or rates). {then}</>
      )}
    </Alert>
  );
}

function NoAttendanceAlert({ period: p }: { period: PayrollPeriodDetail }) {
  const n = p.WithoutAttendance;
  const paid = p.Totals.Included + p.Totals.Held;
  const count = (k: number) => k.toLocaleString('en-PH');
  const who = `${count(n)} of ${count(paid)} ${paid === 1 ? 'employee' : 'employees'} ${n === 1 ? 'has' : 'have'}`;
  const next =
    p.Status === 'Draft' || p.Status === 'Computed'
      ? 'then compute the period again.'
      : p.Status === 'Approved'
        ? 'then return the period for changes and compute it again.'
        : `this period was ${p.Status === 'Paid' ? 'paid' : 'finalised'} without it; a correction is an adjustment period.`;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>Attendance not stored for this cut-off</AlertTitle>
      {who} no stored attendance for {date(p.CutoffStart)} – {date(p.CutoffEnd)}: their payslips leave out
      lates, undertime, absences, overtime and night differential, and a daily-paid employee is paid nothing
      for the days. HR stores the attendance from <strong>Time Logs › Attendance › Store for payroll</strong>;{' '}
      {next}
    </Alert>
  );
}

/**
 * A payslip's warnings. In the table a warning chip with their count: its tooltip lists them, and a click opens
 * the payslip, whose review lists them too. On a phone's card (no pointer to hover with) the list itself.
 */
function PayslipWarnings({
  warnings,
  phone,
  onOpen,
}: {
  warnings: readonly string[];
  phone: boolean;
  onOpen: () => void;
}) {
  const list = (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {warnings.map((warning, i) => (
        <li key={i}>{withReadableDates(warning)}</li>
      ))}
    </Box>
  );
  if (phone) return list;
  return (
    <Tooltip title={list}>
      <Chip
        size="small"
        color="warning"
        icon={<WarningAmberOutlined />}
        label={warnings.length}
        onClick={onOpen}
        aria-label={`${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}: ${withReadableDates(warnings.join('; '))}`}
      />
    </Tooltip>
  );
}

/**
 * The payslips' columns. At 1280 px with the menu open the table has some 970 px: the columns' least widths add up
 * to 930 (the name and department take what is left), so the warnings show without scrolling sideways.
 */
export function payslipColumns({
  onOpen,
  phone,
}: {
  onOpen: (id: string) => void;
  phone: boolean;
}): GridColDef<PayslipListItem>[] {
  const money = (field: 'Gross' | 'Deductions' | 'NetPay', headerName: string, sortable = true) =>
    ({
      field,
      headerName,
      type: 'number',
      width: 120,
      ...(sortable ? {} : { sortable: false }),
      valueFormatter: (v: string) => formatCurrency(v),
    }) satisfies GridColDef<PayslipListItem>;
  return [
    { field: 'EmployeeNumber', headerName: 'No.', width: 90 },
    {
      field: 'FullName',
      headerName: 'Employee',
      flex: 1.2,
      minWidth: 160,
      renderCell: ({ row }) => <CellLink text={row.FullName} onOpen={() => onOpen(row.Id)} />,
    },
    {
      field: 'DepartmentName',
      headerName: 'Department',
      flex: 1,
      minWidth: 120,
      valueFormatter: (v: string | null) => v ?? '—',
    },
    {
      field: 'Status',
      headerName: 'Status',
      width: 100,
      sortable: false,
      // Held pay released since the period closed says so (paid by the bank file of that day).
      renderCell: ({ value, row }) => (
        <Chip
          size="small"
          variant="outlined"
          label={row.ReleasedOn ? 'Released' : value}
          title={row.ReleasedOn ? `Held, released ${formatIsoDate(row.ReleasedOn)}` : undefined}
          color={
            value === 'Included' || row.ReleasedOn ? 'success' : value === 'Held' ? 'warning' : 'default'
          }
        />
      ),
    },
    money('Gross', 'Gross'),
    money('Deductions', 'Deductions', false),
    money('NetPay', 'Net pay'),
    {
      field: 'Warnings',
      headerName: 'Warnings',
      width: 100,
      sortable: false,
      // Nothing without warnings: a card then leaves out the line.
      renderCell: ({ row }) =>
        row.Warnings.length === 0 ? (
          ''
        ) : (
          <PayslipWarnings warnings={row.Warnings} phone={phone} onOpen={() => onOpen(row.Id)} />
        ),
    },
  ];
}

function PayslipsTable({ period, onOpen }: { period: PayrollPeriodDetail; onOpen: (id: string) => void }) {
  const list = useListQuery({
    // A new compute is a new list: the key follows the compute's time, so the finished job's payslips show.
    queryKey: [...periodKeys.payslips(period.Id), period.ComputedAt, period.JobStatus],
    queryFn: fetchPeriodPayslips(period.Id),
    sortable: PAYSLIP_SORTABLE,
    defaultSort: { SortBy: 'FullName', SortDirection: 'asc' },
    filters: { Status: enumParam(PAYSLIP_STATUSES), HasWarnings: booleanParam },
  });
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const columns = useMemo(() => payslipColumns({ onOpen, phone }), [onOpen, phone]);
  const { Status, HasWarnings } = list.state.filters;
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Payslips
      </Typography>
      <ListToolbar
        search={
          <SearchField value={list.search} onChange={list.setSearch} placeholder="Search name or number" />
        }
      >
        <FilterSelect
          label="Status"
          value={Status ?? ''}
          onChange={(value) => list.setFilter('Status', enumParam(PAYSLIP_STATUSES).parse(value))}
          options={PAYSLIP_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <FilterSelect
          label="Warnings"
          value={HasWarnings === undefined ? '' : String(HasWarnings)}
          onChange={(value) => list.setFilter('HasWarnings', booleanParam.parse(value))}
          options={[
            { value: 'true', label: 'With warnings' },
            { value: 'false', label: 'Without warnings' },
          ]}
        />
      </ListToolbar>
      <DataTable
        label="Payslips"
        {...list.tableProps}
        columns={columns}
        getRowId={(row) => row.Id}
        emptyMessage={
          period.Totals.Employees === 0 ? 'No payslips yet: compute the period.' : 'No payslips match.'
        }
        // On a phone each payslip's card is titled by the employee's name.
        cardTitle="FullName"
      />
    </>
  );
}
