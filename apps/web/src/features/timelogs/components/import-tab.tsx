import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { PUNCH_IMPORT_MAX_FILE_BYTES, type PunchImport } from '@hrpay/contracts';
import { errorMessage } from '@/lib/error-handler';
import {
  isImportAtWork,
  punchImportKey,
  timeLogKeys,
  useCommitPunchImport,
  usePunchImport,
  useUploadPunchImport,
} from '../api/timelogs';
import { useClockFormat } from '@/lib/dates';
import { shortDateTime } from './labels';

const ACCEPT = '.csv,.txt,.dat';
const count = (n: number) => n.toLocaleString('en-PH');

/**
 * Upload a terminal's punch file, watch the server check it, see what it would add with every row error, then
 * import it all at once and watch it stored. Nothing is stored until Import; importing the same file again adds
 * nothing. The server does the work as a job (decision 0008), so a file of millions of punches fits.
 */
export function ImportTab() {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = useUploadPunchImport();
  const committing = useCommitPunchImport();
  const { data: job, error: pollError } = usePunchImport(jobId);
  const atWork = isImportAtWork(job);
  const busy = uploading.isPending || committing.isPending || atWork;

  const show = (next: PunchImport) => {
    queryClient.setQueryData(punchImportKey(next.ImportId), next);
    setJobId(next.ImportId);
  };

  // Once the punches are stored, the punch list and the attendance show them (once: the cache keeps the object).
  const committed = job?.Status === 'Committed' ? job : null;
  useEffect(() => {
    if (!committed) return;
    void queryClient.invalidateQueries({ queryKey: timeLogKeys.all });
    toast.success(`${count(committed.Added ?? 0)} punches imported`);
  }, [committed, queryClient]);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    setJobId(null);
    setProblem(null);
    setFile(chosen);
    if (chosen.size > PUNCH_IMPORT_MAX_FILE_BYTES) {
      setProblem(
        `The file is larger than ${PUNCH_IMPORT_MAX_FILE_BYTES / (1024 * 1024)} MB. Export a shorter period and import the parts.`,
      );
      return;
    }
    uploading.mutate(chosen, {
      onSuccess: show,
      onError: (error) => setProblem(errorMessage(error, 'The file could not be read.')),
    });
  };

  const commit = () => {
    if (!job) return;
    committing.mutate(job.ImportId, {
      onSuccess: show,
      onError: (error) => setProblem(errorMessage(error, 'The file could not be imported.')),
    });
  };

  const failure =
    problem ??
    (job?.Status === 'Failed' ? job.Message : null) ??
    (pollError ? errorMessage(pollError, 'The import could not be read.') : null);
  return (
    <Card>
      <CardContent>
        <Typography variant="body1" sx={{ mb: 2 }}>
          Import the attendance log of a biometric terminal: a ZKTeco <code>attlog</code> file (.dat or .txt),
          or a CSV file with the columns EmployeeNumber (or DeviceUserId), DateTime and an optional Direction
          (In or Out).
        </Typography>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="Punch file"
          data-testid="punch-file-input"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {file ? 'Choose another file' : 'Choose file'}
        </Button>
        {file && (
          <Typography component="span" sx={{ ml: 2 }} color="text.secondary">
            {file.name}
          </Typography>
        )}
        {uploading.isPending && <JobProgress label="Uploading the file…" />}
        {atWork && job && (
          <JobProgress
            label={`${job.Status === 'Committing' ? 'Importing the punches' : 'Checking the file'}… ${job.Progress}%`}
            value={job.Progress}
          />
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            <AlertTitle>This file cannot be imported</AlertTitle>
            {failure}
          </Alert>
        )}
        {committed && (
          <Alert severity="success" sx={{ mt: 2 }}>
            <AlertTitle>Import complete</AlertTitle>
            {count(committed.Added ?? 0)} punches added; {count(committed.Duplicates ?? 0)} were already on
            file.
          </Alert>
        )}
        {job && (job.Status === 'Ready' || job.Status === 'Invalid') && (
          <PreviewSection preview={job} busy={busy} onCommit={commit} />
        )}
      </CardContent>
    </Card>
  );
}

/** The job's progress bar, labelled for screen readers; indeterminate until there is a percentage. */
function JobProgress({ label, value }: { label: string; value?: number }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <LinearProgress
        aria-label={label}
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
      />
    </Box>
  );
}

function PreviewSection({
  preview,
  busy,
  onCommit,
}: {
  preview: PunchImport;
  busy: boolean;
  onCommit: () => void;
}) {
  const hasErrors = preview.ErrorCount > 0;
  const { clock } = useClockFormat();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        Preview
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {count(preview.TotalRows)} rows ({preview.Format === 'ZkTeco' ? 'ZKTeco log' : 'CSV'}):{' '}
        {count(preview.NewRows)} new punches, {count(preview.DuplicateRows)} already on file,{' '}
        {count(preview.ErrorCount)} {preview.ErrorCount === 1 ? 'error' : 'errors'}.
      </Typography>
      {preview.Message && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {preview.Message}
        </Alert>
      )}
      {hasErrors ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>Fix these rows and choose the file again</AlertTitle>
          Nothing is imported while the file has errors.
          <Table size="small" aria-label="Row errors" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Value</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.Errors.map((e) => (
                <TableRow key={`${e.Row}-${e.Column}`}>
                  <TableCell>{e.Row}</TableCell>
                  <TableCell>{e.Column}</TableCell>
                  <TableCell>{e.Value}</TableCell>
                  <TableCell>{e.Message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {preview.ErrorCount > preview.Errors.length && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              The first {count(preview.Errors.length)} of {count(preview.ErrorCount)} errors are shown.
            </Typography>
          )}
        </Alert>
      ) : (
        preview.Sample.length > 0 && (
          <Table size="small" aria-label="Punches to import" sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Employee</TableCell>
                <TableCell>Date and time</TableCell>
                <TableCell>Direction</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.Sample.map((s) => (
                <TableRow key={s.Row}>
                  <TableCell>{s.Row}</TableCell>
                  <TableCell>
                    {s.EmployeeName} ({s.EmployeeNumber})
                  </TableCell>
                  <TableCell>{shortDateTime(s.PunchedAt, clock)}</TableCell>
                  <TableCell>{s.Direction}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      )}
      <Button variant="contained" disabled={busy || hasErrors || preview.NewRows === 0} onClick={onCommit}>
        {preview.NewRows === 0 && !hasErrors
          ? 'Nothing new to import'
          : `Import ${count(preview.NewRows)} punches`}
      </Button>
    </Box>
  );
}
