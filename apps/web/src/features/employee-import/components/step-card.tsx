import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One numbered step of the import page: a badge, a heading, a line of help and the step's content. */
export function StepCard({
  step,
  title,
  description,
  done,
  id,
  children,
}: {
  step: number;
  title: string;
  description?: ReactNode;
  /** Paints the badge as finished. */
  done?: boolean;
  id?: string;
  children: ReactNode;
}) {
  const headingId = `import-step-${step}`;
  return (
    <Card component="section" aria-labelledby={headingId} id={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
          <Box
            aria-hidden
            sx={{
              flex: '0 0 auto',
              width: 28,
              height: 28,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              fontSize: 14,
              bgcolor: done ? 'success.main' : 'primary.main',
              color: 'common.white',
              mt: 0.25,
            }}
          >
            {step}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" id={headingId} sx={{ lineHeight: 1.4 }}>
              {title}
            </Typography>
            {description && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                {description}
              </Typography>
            )}
          </Box>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
