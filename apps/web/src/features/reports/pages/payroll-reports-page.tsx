import { toast } from 'react-toastify';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TipsAndUpdatesOutlined from '@mui/icons-material/TipsAndUpdatesOutlined';
import { useQuery } from '@tanstack/react-query';
import {
  BIR_REGIONS,
  MONTH_NAMES,
  PAYROLL_REPORTS,
  type ListResponse,
  type PayrollBank,
  type PayrollGeneralSettings,
  type PayrollPeriodListItem,
  type PayrollPeriodListRequest,
  type PayrollReportFormat,
  type PayrollReportKey,
} from '@hrpay/contracts';
import { EmployeePicker } from '@/components/employee-picker';
import { PageHeader } from '@/components/page-header';
import { apiClient, saveFile } from '@/lib/api-client';
import { fetchClosedPeriods } from '@/lib/closed-periods';
import { fieldMessage, isApiError } from '@/lib/api-error';
import { formatIsoDate, manilaToday } from '@/lib/dates';
import { handleError } from '@/lib/error-handler';
import { usePayrollGeneralSettings } from '@/lib/payroll-general-settings';
import type { EmployeeMatch } from '@/lib/employee-search';
import { payrollReportRequest, type PayrollReportOptions } from '../lib/payroll-report-request';

const FORMAT_LABEL: Record<PayrollReportFormat, string> = {
  xlsx: 'Excel',
  pdf: 'PDF',
  csv: 'CSV',
  txt: 'Text file',
  dat: 'DAT file',
};
/** The company's enrolment with a bank, as kept in Payroll Settings ('' where none is on file). */
const enrolmentOf = (settings: PayrollGeneralSettings | undefined, bank: PayrollBank) =>
  !settings || bank === 'generic'
    ? { code: '', account: '' }
    : bank === 'bpi'
      ? { code: settings.BpiCompanyCode ?? '', account: settings.BpiCompanyAccount ?? '' }
      : { code: settings.BdoCompanyCode ?? '', account: settings.BdoCompanyAccount ?? '' };

const BANKS: { bank: PayrollBank; label: string }[] = [
  { bank: 'generic', label: 'Generic CSV (any bank)' },
  { bank: 'bpi', label: 'BPI payroll file' },
  { bank: 'bdo', label: 'BDO payroll file' },
];
/**
 * What each report's file is and what it is for, as the Payroll user reads it on the card; and the one thing to
 * do before relying on a file, where there is one.
 */
const FILE_NOTES: Record<PayrollReportKey, { file: string; tip?: string }> = {
  register: {
    file: 'One row per payslip with the period’s totals, to review and keep with your payroll records.',
  },
  'bank-file': {
    file: 'A CSV for any bank, or a payroll credit file in the BPI or BDO layout, to credit net pay to employees’ accounts.',
    tip: 'Do a test upload with your bank before the first payroll.',
  },
  sss: {
    file: 'The month’s R-3 contribution list as a text file (NR3001DK.txt), or the same figures as CSV, for your SSS remittance.',
  },
  philhealth: { file: 'The month’s RF-1 figures as CSV, to enter your remittance in PhilHealth’s EPRS.' },
  pagibig: { file: 'The month’s MCRF figures as CSV, to prepare your Pag-IBIG remittance.' },
  'loan-remittance': {
    file: 'The SSS or Pag-IBIG loan payments deducted from each employee in the month, to prepare the agency’s loan remittance.',
  },
  'bir-1601c': { file: 'The return’s figures by item number, to enter in eBIRForms.' },
  'bir-2316': {
    file: 'A PDF page per employee with the certificate’s items and figures, for the employee and the employer to sign.',
  },
  'alphalist-1604c': {
    file: 'The alphalist of employees as a DAT file, the format the BIR’s alphalist validation module reads.',
    tip: 'Run it through the BIR’s validation module before you submit it.',
  },
  'thirteenth-month': { file: 'A worksheet to check each employee’s 13th month pay and keep on file.' },
  'loan-balances': { file: 'A worksheet to follow up what each employee still owes on their loans.' },
  'year-to-date': {
    file: 'A worksheet to check each employee’s figures for the year, for example before the year-end tax adjustment.',
  },
};
/**
 * The month just ended, in Manila: remittances and returns are made for it (SSS, PhilHealth, Pag-IBIG and the
 * 1601-C in the following month; the 2316 and the alphalist in January for the year before), and the current
 * month is rarely complete, which the server refuses.
 */
const monthJustEnded = (now: string) => {
  const [year, month] = [Number(now.slice(0, 4)), Number(now.slice(5, 7))];
  return month === 1 ? { Year: year - 1, Month: 12 } : { Year: year, Month: month - 1 };
};
/** Year-end forms of a finished year: the 2316 (to employees by Jan 31, copies to the BIR by Feb 28) and the alphalist. */
const FOR_LAST_YEAR: readonly PayrollReportKey[] = ['bir-2316', 'alphalist-1604c'];
/** A card's starting year and month: the month just ended; a year-end form's, the last finished year. */
const startingPeriod = (id: PayrollReportKey, now: string) => {
  const start = monthJustEnded(now);
  return FOR_LAST_YEAR.includes(id) ? { ...start, Year: Number(now.slice(0, 4)) - 1 } : start;
};
const REPORT_KEYS = Object.keys(PAYROLL_REPORTS) as PayrollReportKey[];

const CLOSED = ['Finalised', 'Paid'] as const;
const closedPeriodsKey = ['payroll-periods', 'list', 'closed-for-reports'] as const;
const listPeriods = (request: PayrollPeriodListRequest, signal: AbortSignal) =>
  apiClient.post<ListResponse<PayrollPeriodListItem>>('/api/v1/payroll-periods/list', request, { signal });
const yearOf = (p: PayrollPeriodListItem) => Number(p.CutoffEnd.slice(0, 4));

/** The years reports can be made for: the newest and the oldest year of a closed (finalised or paid) period. */
function useClosedYears() {
  return useQuery({
    queryKey: [...closedPeriodsKey, 'years'],
    queryFn: async ({ signal }) => {
      const ends = await Promise.all(
        CLOSED.flatMap((Status) =>
          (['desc', 'asc'] as const).map((SortDirection) =>
            listPeriods({ Status, PageSize: 1, SortBy: 'CutoffStart', SortDirection }, signal),
          ),
        ),
      );
      const years = ends.flatMap((r) => r.Items.map(yearOf));
      return years.length ? { newest: Math.max(...years), oldest: Math.min(...years) } : null;
    },
  });
}

/** The closed periods whose cut-off ends in `year`, newest first, every page of them (final pays included). */
function useClosedPeriods(year: number, enabled: boolean) {
  return useQuery({
    queryKey: [...closedPeriodsKey, year],
    enabled,
    queryFn: ({ signal }) => fetchClosedPeriods({ Year: year, PageSize: 100 }, signal, { allPages: true }),
  });
}

/**
 * Why a download was refused, kept in the report's card until its inputs change or a download succeeds (sweep D
 * finding 5: a month not complete was a 7-second toast far from the card, too long to read in that time). A
 * month's "X is not complete: a; b. A monthly report is made once…" is split into its missing cut-offs, one a line.
 */
interface DownloadProblem {
  title: string;
  lines: string[];
  note: string;
  monthIncomplete: boolean;
}

function downloadProblem(status: number, detail: string): DownloadProblem {
  const month =
    status === 409 ? /^(.+? is not complete): (.+?)\. (A monthly report .*)$/s.exec(detail) : null;
  if (month)
    return { title: `${month[1]}.`, lines: month[2]!.split('; '), note: month[3]!, monthIncomplete: true };
  return { title: 'The report could not be made', lines: [detail], note: '', monthIncomplete: false };
}

/** /payroll/reports: the payroll reports, each from finalised periods, with its options and formats. */
export default function PayrollReportsPage() {
  const closed = useClosedYears();
  const none = closed.isSuccess && closed.data === null;
  return (
    <>
      <PageHeader subtitle="Registers, bank files, government remittances and BIR forms, made from finalised payroll periods only." />
      {closed.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The finalised periods could not be loaded; reports by period are unavailable.
        </Alert>
      )}
      {none && (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          <AlertTitle>No payroll period is finalised yet</AlertTitle>
          Reports are made from finalised payroll. Finalise a period under Payroll &gt; Periods; until then
          only loan balances can be downloaded.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {REPORT_KEYS.filter((key) => !none || PAYROLL_REPORTS[key].scope === 'none').map((key) => (
          <ReportCard key={key} id={key} closedYears={closed.data ?? null} />
        ))}
      </Box>
    </>
  );
}

function ReportCard({
  id,
  closedYears,
}: {
  id: PayrollReportKey;
  closedYears: { newest: number; oldest: number } | null;
}) {
  const report = PAYROLL_REPORTS[id];
  const { scope } = report;
  const [now] = useState(manilaToday);
  const [options, setOptions] = useState<PayrollReportOptions>(() => ({
    PayrollPeriodId: '',
    ...startingPeriod(id, now),
    EmployeeId: '',
    Bank: 'generic',
    CompanyCode: '',
    CompanyAccount: '',
    Batch: '1',
    Region: 'NCR',
    Agency: 'SSS',
    ReleasedOn: '',
  }));
  const settings = usePayrollGeneralSettings();
  const [employee, setEmployee] = useState<EmployeeMatch | null>(null);
  const [busy, setBusy] = useState<PayrollReportFormat | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<DownloadProblem | null>(null);
  const set = (changes: Partial<PayrollReportOptions>) => {
    setOptions({ ...options, ...changes });
    setErrors({});
    setProblem(null);
  };
  // This year and the five before it, back to the oldest closed period's year if that is older (and on to a
  // closed period's later year, should one end after this year).
  const thisYear = Number(now.slice(0, 4));
  const newest = Math.max(thisYear, closedYears?.newest ?? thisYear);
  const oldest = Math.min(thisYear - 5, closedYears?.oldest ?? thisYear);
  const years = Array.from({ length: newest - oldest + 1 }, (_, i) => newest - i);
  // A period's report lists the closed periods of one year (a company's final pays alone can be thousands a
  // year): the newest closed period's year until the user picks another.
  const [pickedYear, setPickedYear] = useState<number | null>(null);
  const periodYear = pickedYear ?? closedYears?.newest ?? thisYear;
  const yearPeriods = useClosedPeriods(periodYear, scope === 'period' && closedYears !== null);
  const periods = yearPeriods.data ?? [];
  const formats: PayrollReportFormat[] = id === 'bank-file' ? ['csv'] : [...report.formats];

  // Most reports are for the latest payroll: the newest closed period is chosen until the user picks another.
  const periodId = options.PayrollPeriodId || periods[0]?.Id || '';
  const download = async (format: PayrollReportFormat) => {
    const request = payrollReportRequest(id, { ...options, PayrollPeriodId: periodId }, format);
    if (request.errors) {
      setErrors(request.errors);
      return;
    }
    setBusy(format);
    setErrors({});
    try {
      const file = await apiClient.download(request.url);
      saveFile(file, `${id}.${format}`);
      setProblem(null);
      // A bank's file credits that bank's accounts only: the others are paid by their own bank's file.
      const leftOut = file.headers.get('x-bank-file-left-out');
      if (leftOut)
        toast.warning(
          `Not in this file (their pay profile names another bank): ${leftOut.split(',').join(', ')}. ` +
            "Make their bank's file too.",
          { autoClose: false },
        );
    } catch (error) {
      if (isApiError(error) && error.validationErrors.length) {
        setErrors(Object.fromEntries(error.validationErrors.map((e) => [e.Code ?? '', fieldMessage(e)])));
      } else if (isApiError(error) && error.detail && ![0, 401, 403].includes(error.status))
        // The report's own problem (a month not complete, a company number to fill in, nothing finalised): kept
        // in the card. A lost connection or session is the app's, told by the usual toast.
        setProblem(downloadProblem(error.status, error.detail));
      else handleError(error, 'The report could not be made.');
    } finally {
      setBusy(null);
    }
  };

  const field = (key: keyof PayrollReportOptions) => ({
    error: !!errors[key],
    helperText: errors[key],
    size: 'small' as const,
    slotProps: { inputLabel: { shrink: true } },
  });
  const headingId = `payroll-report-${id}`;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {report.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {report.description}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, mb: 1.5 }}>
          {FILE_NOTES[id].file}
        </Typography>
        {FILE_NOTES[id].tip && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ mt: -1, mb: 1.5, display: 'flex', gap: 0.5, alignItems: 'flex-start' }}
          >
            <TipsAndUpdatesOutlined sx={{ fontSize: 16, mt: '2px', color: 'info.main' }} aria-hidden />
            <span>
              <strong>Tip:</strong> {FILE_NOTES[id].tip}
            </span>
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {scope === 'period' && (
            <TextField
              select
              label="Year"
              value={periodYear}
              onChange={(event) => {
                setPickedYear(Number(event.target.value));
                set({ PayrollPeriodId: '' });
              }}
              sx={{ minWidth: 110 }}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            >
              {years.map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
          )}
          {scope === 'period' && (
            <TextField
              select
              label="Finalised period"
              value={yearPeriods.isSuccess ? periodId : ''}
              onChange={(event) => set({ PayrollPeriodId: event.target.value })}
              disabled={yearPeriods.isPending}
              sx={{ minWidth: 240, flex: 1 }}
              {...field('PayrollPeriodId')}
              helperText={
                errors.PayrollPeriodId ??
                (yearPeriods.isSuccess && periods.length === 0
                  ? `No period of ${periodYear} is finalised`
                  : yearPeriods.isError
                    ? `The periods of ${periodYear} could not be loaded`
                    : undefined)
              }
            >
              {periods.map((p) => (
                <MenuItem key={p.Id} value={p.Id}>
                  {p.Name} ({formatIsoDate(p.CutoffStart)} – {formatIsoDate(p.CutoffEnd)})
                </MenuItem>
              ))}
            </TextField>
          )}
          {(scope === 'month' || scope === 'year' || scope === 'year-employee') && (
            <TextField
              select
              label="Year"
              value={options.Year}
              onChange={(event) => set({ Year: Number(event.target.value) })}
              sx={{ minWidth: 110 }}
              {...field('Year')}
            >
              {years.map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
          )}
          {scope === 'month' && (
            <TextField
              select
              label="Month"
              value={options.Month}
              onChange={(event) => set({ Month: Number(event.target.value) })}
              sx={{ minWidth: 160 }}
              {...field('Month')}
            >
              {MONTH_NAMES.map((name, i) => (
                <MenuItem key={name} value={i + 1}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {scope === 'year-employee' && (
            <Box sx={{ minWidth: 240, flex: 1 }}>
              <EmployeePicker
                companyId="own"
                value={employee}
                onChange={(e) => {
                  setEmployee(e);
                  set({ EmployeeId: e?.EmployeeId ?? '' });
                }}
                label="Employee"
                helperText="Leave empty for every employee"
                error={errors.EmployeeId}
              />
            </Box>
          )}
          {id === 'alphalist-1604c' && (
            <TextField
              select
              label="Region"
              value={options.Region}
              onChange={(event) => set({ Region: event.target.value })}
              sx={{ minWidth: 120 }}
              {...field('Region')}
            >
              {BIR_REGIONS.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
          )}
          {id === 'loan-remittance' && (
            <TextField
              select
              label="Agency"
              value={options.Agency}
              onChange={(event) => set({ Agency: event.target.value as PayrollReportOptions['Agency'] })}
              sx={{ minWidth: 140 }}
              {...field('Agency')}
            >
              <MenuItem value="SSS">SSS</MenuItem>
              <MenuItem value="PagIbig">Pag-IBIG</MenuItem>
            </TextField>
          )}
          {id === 'bank-file' && (
            <TextField
              select
              label="Bank"
              value={options.Bank}
              onChange={(event) => {
                // The bank's enrolment on file (Payroll Settings) fills in its code and account.
                const bank = event.target.value as PayrollBank;
                const onFile = enrolmentOf(settings.data, bank);
                set({ Bank: bank, CompanyCode: onFile.code, CompanyAccount: onFile.account });
              }}
              sx={{ minWidth: 200 }}
              {...field('Bank')}
            >
              {BANKS.map(({ bank, label }) => (
                <MenuItem key={bank} value={bank}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
          )}
          {id === 'bank-file' && (
            // Pay held back from a period is paid later, by the file of the day each payslip was released.
            <TextField
              type="date"
              label="Held pay released on"
              value={options.ReleasedOn}
              onChange={(event) => set({ ReleasedOn: event.target.value })}
              sx={{ width: 190 }}
              {...field('ReleasedOn')}
              helperText={
                errors.ReleasedOn ??
                (options.ReleasedOn ? 'Released held pay only' : 'Empty: the period’s payroll')
              }
            />
          )}
          {id === 'bank-file' && options.Bank !== 'generic' && (
            <>
              <TextField
                label="Company code"
                value={options.CompanyCode}
                onChange={(event) => set({ CompanyCode: event.target.value })}
                sx={{ width: 140 }}
                {...field('CompanyCode')}
              />
              <TextField
                label="Funding account"
                value={options.CompanyAccount}
                onChange={(event) => set({ CompanyAccount: event.target.value })}
                sx={{ width: 180 }}
                {...field('CompanyAccount')}
              />
              <TextField
                label="Batch"
                value={options.Batch}
                onChange={(event) => set({ Batch: event.target.value })}
                sx={{ width: 80 }}
                {...field('Batch')}
              />
              <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
                {enrolmentOf(settings.data, options.Bank).code
                  ? 'Filled in from Payroll Settings.'
                  : 'Save the company code and funding account in Payroll Settings to have them filled in here.'}
              </Typography>
            </>
          )}
        </Box>
        {problem && (
          <Alert severity="warning" sx={{ mt: 2 }} onClose={() => setProblem(null)}>
            <AlertTitle>{problem.title}</AlertTitle>
            {problem.monthIncomplete ? (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {problem.lines.map((line) => (
                  <li key={line}>{line.charAt(0).toUpperCase() + line.slice(1)}.</li>
                ))}
              </Box>
            ) : (
              problem.lines.map((line) => (
                <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Typography>
              ))
            )}
            {problem.note && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {problem.note}
              </Typography>
            )}
            {problem.monthIncomplete && (
              <Link
                component={RouterLink}
                to="/payroll/payroll-periods"
                sx={{ display: 'inline-block', mt: 0.5 }}
              >
                Open Payroll › Periods
              </Link>
            )}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        {formats.map((format, i) => {
          const label =
            id === 'bank-file'
              ? 'Download'
              : id === 'sss' && format === 'txt'
                ? 'R-3 file'
                : FORMAT_LABEL[format];
          return (
            <Button
              key={format}
              variant={i === 0 ? 'contained' : 'outlined'}
              size="small"
              disabled={busy !== null}
              startIcon={busy === format ? <CircularProgress size={14} color="inherit" /> : undefined}
              onClick={() => void download(format)}
              aria-label={
                id === 'bank-file' ? `${report.title}: download` : `${report.title}: download ${label}`
              }
            >
              {label}
            </Button>
          );
        })}
      </CardActions>
    </Card>
  );
}
