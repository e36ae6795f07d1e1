import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { EmployeeImport } from '@hrpay/contracts';
import { plural } from '../import-format';

function phaseText(job: EmployeeImport): string {
  switch (job.Status) {
    case 'Queued':
      return `Waiting to check ${job.FileName}…`;
    case 'Committing':
      return `Importing ${plural(job.CreateCount + job.UpdateCount, 'employee')}…`;
    default:
      return `Checking the rows of ${job.FileName}…`;
  }
}

/** The bar while the server validates or commits: the phase, its percentage and the server's message. */
export function ImportProgress({ job }: { job: EmployeeImport }) {
  const queued = job.Status === 'Queued';
  return (
    <Box role="status" aria-live="polite">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{phaseText(job)}</Typography>
        {!queued && (
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {job.Progress}%
          </Typography>
        )}
      </Box>
      <LinearProgress
        variant={queued ? 'indeterminate' : 'determinate'}
        value={job.Progress}
        aria-label={phaseText(job)}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {job.Message ??
          (job.Status === 'Committing'
            ? 'The import is saved all at once: if it stops, nothing is changed.'
            : 'Nothing is saved yet. You can leave this page; the check keeps running.')}
      </Typography>
    </Box>
  );
}
