import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import type { SvgIconComponent } from '@mui/icons-material';
import { errorMessage } from '@/lib/error-handler';

/**
 * The building blocks of every dashboard: a row of figure cards, a figure card, a titled panel, a trend chart,
 * an empty line, a loading skeleton, a load error.
 */

export const DASHBOARD_LOAD_FAILED = 'The dashboard could not be loaded.';

type Breakpoint = 'sm' | 'md' | 'lg';

/** A labelled row of figure cards: one column on phones, then `columns[breakpoint]` from each breakpoint on. */
export function StatRow({
  label,
  columns,
  children,
}: {
  label: string;
  columns: Partial<Record<Breakpoint, number>>;
  children: ReactNode;
}) {
  const template: Record<string, string> = { xs: 'minmax(0, 1fr)' };
  for (const [breakpoint, n] of Object.entries(columns))
    template[breakpoint] = `repeat(${n}, minmax(0, 1fr))`;
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: template }}
    >
      {children}
    </Box>
  );
}

/** A card's icon on a tinted square. */
function IconTile({ icon: Icon, size }: { icon: SvgIconComponent; size: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        color: 'primary.main',
        flex: '0 0 auto',
      }}
    >
      <Icon aria-hidden />
    </Box>
  );
}

/**
 * A figure card. With `to` the whole card is one link (its label is the link's text; a stretched overlay takes
 * the clicks on the rest of the card), and shows it: the label in the link colour with an arrow, a hover shade.
 * Links inside `children` (one per part of the figure) sit above the overlay: mark them with `statCardInnerLink`.
 */
export function StatCard({
  icon: Icon,
  label,
  value,
  to,
  children,
}: {
  icon: SvgIconComponent;
  label: string;
  value: ReactNode;
  to?: string;
  children: ReactNode;
}) {
  return (
    <Card
      component="article"
      aria-label={label}
      sx={
        to
          ? {
              position: 'relative',
              transition: 'background-color 120ms, border-color 120ms',
              '&:hover': { bgcolor: 'action.hover', borderColor: 'primary.main' },
              '&:focus-within': { borderColor: 'primary.main' },
            }
          : undefined
      }
    >
      {/* The icon sits beside the label, not beside the whole card: at 1280 px four cards a row had their titles
          and details wrapped in a column 60 px narrower than the card. */}
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, pt: 0.25 }}>
            {to ? (
              <Link
                component={RouterLink}
                to={to}
                underline="hover"
                sx={{
                  fontWeight: 600,
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.5,
                  // The whole card takes the click.
                  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
                  '&:focus-visible': { outline: 'none' },
                  '&:focus-visible::after': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                }}
              >
                {label}
                <ArrowForward aria-hidden sx={{ fontSize: '1rem' }} />
              </Link>
            ) : (
              label
            )}
          </Typography>
          <IconTile icon={Icon} size={36} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h4"
            component="p"
            // Peso amounts are long: the figure shrinks with the card rather than spill out of it.
            sx={{
              fontVariantNumeric: 'tabular-nums',
              lineHeight: 1.3,
              fontSize: 'clamp(1.375rem, 2vw, 2.125rem)',
            }}
          >
            {value}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
            {children}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** A link inside a linked StatCard's text: above the card's overlay, so it takes its own clicks. */
export const statCardInnerLink = { position: 'relative', zIndex: 1, fontWeight: 600 } as const;

/**
 * A way in to a page the menu does not list (the spec's menus are fixed): a full-width card that is one link,
 * with a line saying what is there.
 */
export function ShortcutCard({
  icon: Icon,
  title,
  hint,
  to,
}: {
  icon: SvgIconComponent;
  title: string;
  hint: string;
  to: string;
}) {
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.5 }}>
          <IconTile icon={Icon} size={40} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography sx={{ fontWeight: 600 }} color="primary">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {hint}
            </Typography>
          </Box>
          <ArrowForward color="action" aria-hidden />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`${id}-heading`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`${id}-heading`} sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

export function DashboardSkeleton() {
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}
      aria-busy="true"
      aria-label="Loading the dashboard"
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {[0, 1, 2].map((index) => (
          <Card key={index}>
            <CardContent>
              <Skeleton width={90} />
              <Skeleton width={60} height={44} />
              <Skeleton width={140} />
            </CardContent>
          </Card>
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={280} />
      </Box>
      <Skeleton variant="rounded" height={200} />
    </Box>
  );
}

/** A dashboard whose figures could not be loaded: the reason and a Retry. */
export function DashboardLoadError({
  query,
  fallback = DASHBOARD_LOAD_FAILED,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
  fallback?: string;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
          Retry
        </Button>
      }
    >
      {errorMessage(query.error, fallback)}
    </Alert>
  );
}
