import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  HR_REPORTS,
  MONTH_NAMES,
  type HrReportId,
  type HrReportRequest,
  type ReportFormat,
} from '@hrpay/contracts';
import { PageHeader } from '@/components/page-header';
import { apiClient, saveFile } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { handleError } from '@/lib/error-handler';
import { manilaToday } from '@/lib/dates';

const FORMATS: { format: ReportFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excel' },
  { format: 'pdf', label: 'PDF' },
  { format: 'csv', label: 'CSV' },
];

/** /hr/reports: the company's HR reports, each with its options, downloaded as Excel, PDF or CSV. */
export default function HrReportsPage() {
  return (
    <>
      <PageHeader subtitle="Reports of your company's employees. Each covers every matching employee." />
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
        {(Object.keys(HR_REPORTS) as HrReportId[]).map((id) => (
          <ReportCard key={id} id={id} />
        ))}
      </Box>
    </>
  );
}

function ReportCard({ id }: { id: HrReportId }) {
  const report = HR_REPORTS[id];
  const params = report.params as readonly string[];
  const year = manilaToday().slice(0, 4);
  const [options, setOptions] = useState<Omit<HrReportRequest, 'Format'>>(
    params.includes('From') ? { From: `${year}-01-01`, To: manilaToday() } : {},
  );
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // A changed option drops the last download's refusals: the red "To cannot be before From" stayed after the
  // date was fixed (and fixing From answers an error shown under To as well).
  const change = (next: Partial<typeof options>) => {
    setOptions({ ...options, ...next });
    setErrors({});
  };

  const download = async (format: ReportFormat) => {
    setBusy(format);
    setErrors({});
    try {
      const file = await apiClient.downloadPost(`/api/v1/hr/reports/${id}`, { ...options, Format: format });
      saveFile(file, `${id}.${format}`);
    } catch (error) {
      if (isApiError(error) && error.validationErrors.length) {
        setErrors(Object.fromEntries(error.validationErrors.map((e) => [e.Code ?? '', e.Description ?? ''])));
      } else handleError(error, 'The report could not be made.');
    } finally {
      setBusy(null);
    }
  };

  const headingId = `report-${id}`;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {report.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: params.length ? 1 : 0 }}>
          {report.description}
        </Typography>
        {params.includes('From') && (
          <Box sx={{ display: 'flex', gap: 2 }}>
            {(['From', 'To'] as const).map((key) => (
              <TextField
                key={key}
                type="date"
                size="small"
                label={key}
                value={options[key] ?? ''}
                onChange={(event) => change({ [key]: event.target.value || undefined })}
                error={!!errors[key]}
                helperText={errors[key]?.replace(`${key}: `, '')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ))}
          </Box>
        )}
        {params.includes('Month') && (
          <TextField
            select
            size="small"
            label="Month"
            value={options.Month ?? ''}
            onChange={(event) =>
              change({ Month: event.target.value ? Number(event.target.value) : undefined })
            }
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Whole year</MenuItem>
            {MONTH_NAMES.map((name, i) => (
              <MenuItem key={name} value={i + 1}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {params.includes('IncludeSeparated') && (
          <FormControlLabel
            label="Include separated employees"
            control={
              <Switch
                checked={!!options.IncludeSeparated}
                onChange={(event) => change({ IncludeSeparated: event.target.checked })}
              />
            }
          />
        )}
        {params.includes('MissingOnly') && (
          <FormControlLabel
            label="Only employees with a missing ID"
            control={
              <Switch
                checked={!!options.MissingOnly}
                onChange={(event) => change({ MissingOnly: event.target.checked })}
              />
            }
          />
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            variant={format === 'xlsx' ? 'contained' : 'outlined'}
            size="small"
            disabled={busy !== null}
            startIcon={busy === format ? <CircularProgress size={14} color="inherit" /> : undefined}
            onClick={() => void download(format)}
            aria-label={`${report.title}: download ${label}`}
          >
            {label}
          </Button>
        ))}
      </CardActions>
    </Card>
  );
}
