import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import type { EmployeeImport } from '@hrpay/contracts';
import { handleError } from '@/lib/error-handler';
import { downloadErrors } from '../api/download-files';
import { isWorking } from '../api/get-import';
import { endSentence, formatCount, LOOKUP_LABEL, plural } from '../import-format';
import { ErrorsGrid, SampleRowsGrid } from './import-grids';
import { ImportProgress } from './import-progress';
import { ImportSummary } from './import-summary';
import { ROUTES } from '@/lib/paths';

export const FIX_AND_UPLOAD_AGAIN = 'Fix the errors below in your file and upload it again.';

export interface ImportReviewProps {
  job: EmployeeImport;
  onCommit: () => void;
  onDiscard: () => void;
  /** Back to an empty upload step. */
  onStartOver: () => void;
  /** Opens the file chooser of the upload step (after errors or a failure). */
  onUploadAgain?: () => void;
  committing?: boolean;
  discarding?: boolean;
}

/** Step 3: what the server found in the file, and what can be done next, by the job's status. */
export function ImportReview({
  job,
  onCommit,
  onDiscard,
  onStartOver,
  onUploadAgain,
  committing,
  discarding,
}: ImportReviewProps) {
  const uploadAgain = onUploadAgain && (
    <Box sx={{ mt: 1.5 }}>
      <Button variant="outlined" color="inherit" size="small" onClick={onUploadAgain}>
        Upload corrected file
      </Button>
    </Box>
  );

  if (isWorking(job.Status)) return <ImportProgress job={job} />;

  switch (job.Status) {
    case 'Ready':
      return (
        <ReadyReview
          job={job}
          onCommit={onCommit}
          onDiscard={onDiscard}
          committing={committing}
          discarding={discarding}
        />
      );
    case 'Invalid':
      return <InvalidReview job={job} action={uploadAgain} />;
    case 'Committed':
      return (
        <Alert severity="success">
          <AlertTitle>
            Import complete: {formatCount(job.CreateCount)} created, {formatCount(job.UpdateCount)} updated
          </AlertTitle>
          <Typography variant="body2">
            {job.FileName} was imported into {endSentence(job.CompanyName)}
            {job.UnchangedCount > 0 &&
              ` ${plural(job.UnchangedCount, 'row')} already matched the saved records and ${job.UnchangedCount === 1 ? 'was' : 'were'} left as ${job.UnchangedCount === 1 ? 'it was' : 'they were'}.`}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
            <Button variant="outlined" color="success" size="small" onClick={onStartOver}>
              Import another file
            </Button>
            <Button component={RouterLink} to={ROUTES.adminCompanies} color="success" size="small">
              Back to companies
            </Button>
          </Box>
        </Alert>
      );
    case 'Failed':
      return (
        <Alert severity="error">
          <AlertTitle>The import failed</AlertTitle>
          {job.Message ?? 'The file could not be processed. Nothing was changed.'}
          {uploadAgain}
        </Alert>
      );
    case 'Discarded':
      return <Alert severity="info">{job.FileName} was discarded. Nothing was imported.</Alert>;
    case 'NothingToImport':
      return (
        <Alert severity="info">
          <AlertTitle>Nothing to import</AlertTitle>
          Every row of {job.FileName} matches the records already stored ({job.UnchangedCount} unchanged).
          Nothing was changed.
          {uploadAgain}
        </Alert>
      );
    default:
      return null;
  }
}

function ReadyReview({
  job,
  onCommit,
  onDiscard,
  committing,
  discarding,
}: Pick<ImportReviewProps, 'job' | 'onCommit' | 'onDiscard' | 'committing' | 'discarding'>) {
  const changes = job.CreateCount + job.UpdateCount;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {changes > 0 ? (
        <Alert severity="success">
          <AlertTitle>No errors found</AlertTitle>
          Check the summary and the sample below, then import. Nothing has been saved yet.
        </Alert>
      ) : (
        <Alert severity="info">
          <AlertTitle>Nothing to import</AlertTitle>
          Every row of {job.FileName} matches the employee records already saved.
        </Alert>
      )}
      <ImportSummary job={job} />
      {job.LookupsToCreate.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            Will also be added
          </Typography>
          <Box
            component="ul"
            aria-label="Will also be added"
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', p: 0, m: 0, listStyle: 'none' }}
          >
            {job.LookupsToCreate.map((lookup) => (
              <li key={`${lookup.Kind}:${lookup.Name}`}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={`${LOOKUP_LABEL[lookup.Kind]}: ${lookup.Name}`}
                />
              </li>
            ))}
          </Box>
        </Box>
      )}
      {job.SampleRows.length > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Sample of the rows
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {job.SampleRows.length < changes
              ? `The first ${formatCount(job.SampleRows.length)} of ${plural(changes, 'row')} to create or update.`
              : `All ${plural(changes, 'row')} to create or update.`}
          </Typography>
          <SampleRowsGrid rows={job.SampleRows} />
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button onClick={onDiscard} loading={discarding} disabled={committing}>
          Discard
        </Button>
        {changes > 0 && (
          <Button variant="contained" onClick={onCommit} loading={committing} disabled={discarding}>
            Import {plural(changes, 'employee')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function InvalidReview({ job, action }: { job: EmployeeImport; action?: ReactNode }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadErrors(job.ImportId);
    } catch (error) {
      handleError(error, 'The error list could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Alert severity="error">
        <AlertTitle>{FIX_AND_UPLOAD_AGAIN}</AlertTitle>
        {job.FileName} has {plural(job.ErrorCount, 'error')}. Nothing was imported.
        {action}
      </Alert>
      <ImportSummary job={job} />
      <Box>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 1,
          }}
        >
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Errors
            </Typography>
            {job.ErrorCount > job.Errors.length && (
              <Typography variant="body2" color="text.secondary">
                Showing the first {formatCount(job.Errors.length)} of {formatCount(job.ErrorCount)} errors.
              </Typography>
            )}
          </Box>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlined />}
            loading={downloading}
            onClick={() => void download()}
          >
            Download all errors (CSV)
          </Button>
        </Box>
        <ErrorsGrid errors={job.Errors} />
      </Box>
    </Box>
  );
}
