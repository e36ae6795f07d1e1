import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { RATE_IMPORT_COLUMNS, RATE_IMPORT_MAX_ROWS, type RateImportResult } from '@hrpay/contracts';
import { apiClient, saveFile } from '@/lib/api-client';
import { errorMessage, handleError } from '@/lib/error-handler';
import { useRateImport } from '../api/pay-profiles';
import { formatPesos } from '@/lib/currency';
import { importSummary } from './pay-details-logic';
import { formatIsoDate } from '@/lib/dates';

const SHOWN = 200;

/**
 * Bulk rate update: choose a CSV or XLSX, preview (nothing saved; each row's errors listed), then commit, which
 * saves every new rate or none. Rows already on file are skipped, so the same file twice adds nothing.
 */
export function RateImportDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<RateImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: send, isPending } = useRateImport();

  const run = async (step: 'preview' | 'commit', chosen = file) => {
    if (!chosen) return;
    setFailure(null);
    try {
      const answer = await send({ file: chosen, step });
      setResult(answer);
      if (answer.Committed) {
        toast.success(importSummary(answer));
        onClose();
      }
    } catch (error) {
      setFailure(errorMessage(error, 'The file could not be read.'));
    }
  };

  const downloadTemplate = async () => {
    try {
      saveFile(
        await apiClient.download('/api/v1/employee-payroll-details/rate-imports/template'),
        'rate-update-template.csv',
      );
    } catch (error) {
      handleError(error, 'The template could not be downloaded.');
    }
  };

  const canCommit = !!result && !result.Committed && result.ErrorRows === 0 && result.NewRows > 0;
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="rate-import-title"
    >
      <DialogTitle id="rate-import-title">Update Rates from a File</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          A .csv or .xlsx file with the columns {RATE_IMPORT_COLUMNS.join(', ')} (dates as YYYY-MM-DD, rate
          type Monthly or Daily), up to {RATE_IMPORT_MAX_ROWS.toLocaleString('en-PH')} rows. Each row adds a
          rate from its date; the history is kept.
        </DialogContentText>
        <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} disabled={isPending}>
          {file ? file.name : 'Choose file'}
          <input
            hidden
            type="file"
            accept=".csv,.xlsx"
            aria-label="Rate file"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              setFile(chosen);
              setResult(null);
              if (chosen) void run('preview', chosen);
            }}
          />
        </Button>
        <Button sx={{ ml: 1 }} onClick={() => void downloadTemplate()} disabled={isPending}>
          Download template
        </Button>
        {isPending && (
          <CircularProgress size={20} sx={{ ml: 2, verticalAlign: 'middle' }} aria-label="Reading the file" />
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
        {result && (
          <Box sx={{ mt: 2 }}>
            <Alert severity={result.ErrorRows ? 'error' : 'info'} sx={{ mb: 2 }}>
              {importSummary(result)}
            </Alert>
            {result.Errors.length > 0 ? (
              <TableContainer sx={{ maxHeight: 320 }}>
                <Table size="small" stickyHeader aria-label="Row errors">
                  <TableHead>
                    <TableRow>
                      <TableCell>Row</TableCell>
                      <TableCell>Column</TableCell>
                      <TableCell>Value</TableCell>
                      <TableCell>Problem</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.Errors.slice(0, SHOWN).map((e, i) => (
                      <TableRow key={i}>
                        <TableCell>{e.Row}</TableCell>
                        <TableCell>{e.Column ?? ''}</TableCell>
                        <TableCell>{e.Value ?? ''}</TableCell>
                        <TableCell>{e.Message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : (
              <TableContainer sx={{ maxHeight: 320 }}>
                <Table size="small" stickyHeader aria-label="Rates in the file">
                  <TableHead>
                    <TableRow>
                      <TableCell>Row</TableCell>
                      <TableCell>Employee</TableCell>
                      <TableCell>Effective</TableCell>
                      <TableCell>Type</TableCell>
                      <TableCell align="right">Rate</TableCell>
                      <TableCell>Action</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.Rows.slice(0, SHOWN).map((r) => (
                      <TableRow key={r.Row}>
                        <TableCell>{r.Row}</TableCell>
                        <TableCell>
                          {r.EmployeeNumber} {r.EmployeeName ?? ''}
                        </TableCell>
                        <TableCell>{formatIsoDate(r.EffectiveDate)}</TableCell>
                        <TableCell>{r.RateType}</TableCell>
                        <TableCell align="right">{formatPesos(r.Rate) || r.Rate}</TableCell>
                        <TableCell>{r.Action === 'Unchanged' ? 'Already on file' : 'Add'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          Close
        </Button>
        <Button variant="contained" disabled={!canCommit || isPending} onClick={() => void run('commit')}>
          Save {result?.NewRows ? result.NewRows.toLocaleString('en-PH') : ''} Rates
        </Button>
      </DialogActions>
    </Dialog>
  );
}
