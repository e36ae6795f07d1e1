import { useRef, useState } from 'react';
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
import {
  PUNCH_IMPORT_MAX_FILE_BYTES,
  type PunchImportPreview,
  type PunchImportResult,
} from '@hrpay/contracts';
import { errorMessage } from '@/lib/error-handler';
import { useCommitPunchImport, usePreviewPunchImport } from '../api/timelogs';
import { shortDateTime } from './labels';

const ACCEPT = '.csv,.txt,.dat';
const count = (n: number) => n.toLocaleString('en-PH');

/**
 * Upload a terminal's punch file, see what it would add with every row error, then import it all at once. The
 * server stores nothing until Import; importing the same file again adds nothing.
 */
export function ImportTab() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PunchImportPreview | null>(null);
  const [result, setResult] = useState<PunchImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewing = usePreviewPunchImport();
  const committing = useCommitPunchImport();
  const busy = previewing.isPending || committing.isPending;

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    setPreview(null);
    setResult(null);
    setProblem(null);
    setFile(chosen);
    if (chosen.size > PUNCH_IMPORT_MAX_FILE_BYTES) {
      setProblem('The file is larger than 10 MB. Export a shorter period and import the parts.');
      return;
    }
    previewing.mutate(chosen, {
      onSuccess: setPreview,
      onError: (error) => setProblem(errorMessage(error, 'The file could not be read.')),
    });
  };

  const commit = () => {
    if (!file) return;
    committing.mutate(file, {
      onSuccess: (done) => {
        setResult(done);
        setPreview(null);
        toast.success(`${count(done.Added)} punches imported`);
      },
      onError: (error) => setProblem(errorMessage(error, 'The file could not be imported.')),
    });
  };

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
        {busy && <LinearProgress sx={{ mt: 2 }} />}
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            <AlertTitle>This file cannot be imported</AlertTitle>
            {problem}
          </Alert>
        )}
        {result && (
          <Alert severity="success" sx={{ mt: 2 }}>
            <AlertTitle>Import complete</AlertTitle>
            {count(result.Added)} punches added; {count(result.Duplicates)} were already on file.
          </Alert>
        )}
        {preview && <PreviewSection preview={preview} busy={busy} onCommit={commit} />}
      </CardContent>
    </Card>
  );
}

function PreviewSection({
  preview,
  busy,
  onCommit,
}: {
  preview: PunchImportPreview;
  busy: boolean;
  onCommit: () => void;
}) {
  const hasErrors = preview.ErrorCount > 0;
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
                  <TableCell>{shortDateTime(s.PunchedAt)}</TableCell>
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
