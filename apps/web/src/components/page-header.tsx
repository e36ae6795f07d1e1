import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRouteHandle } from '@/lib/route-handle';

/** The page heading: the route name unless a title is given, with an optional line below and actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  const handle = useRouteHandle();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 2,
        mb: 3,
        flexWrap: 'wrap',
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography variant="h4" component="h1">
          {title ?? handle?.name}
        </Typography>
        {subtitle && (
          <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {/* Wraps on a phone rather than pushing the last action off screen. */}
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
