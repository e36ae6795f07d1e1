import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EmployeeImport } from '@hrpay/contracts';
import { formatCount } from '../import-format';

interface Figure {
  label: string;
  value: number;
  tone?: 'error' | 'success' | 'primary';
}

/** The five counts of a checked file, as small tiles. */
export function ImportSummary({ job }: { job: EmployeeImport }) {
  const figures: Figure[] = [
    { label: 'Total rows', value: job.TotalRows },
    { label: 'To create', value: job.CreateCount, tone: 'primary' },
    { label: 'To update', value: job.UpdateCount, tone: 'primary' },
    { label: 'Unchanged', value: job.UnchangedCount },
    { label: 'Errors', value: job.ErrorCount, tone: job.ErrorCount > 0 ? 'error' : 'success' },
  ];
  return (
    <Box
      component="dl"
      aria-label="Summary of the file"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
      }}
    >
      {figures.map((figure) => (
        <Box
          key={figure.label}
          sx={{
            border: 1,
            borderColor: figure.tone === 'error' ? 'error.light' : 'divider',
            bgcolor: figure.tone === 'error' ? 'rgba(211, 47, 47, 0.04)' : 'background.paper',
            borderRadius: 2,
            px: 2,
            py: 1.5,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography
            component="dd"
            variant="h5"
            sx={{
              m: 0,
              fontVariantNumeric: 'tabular-nums',
              color: figure.tone === 'error' ? 'error.main' : 'text.primary',
            }}
          >
            {formatCount(figure.value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
