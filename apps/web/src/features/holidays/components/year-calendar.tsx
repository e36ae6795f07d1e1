import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MONTH_NAMES, type Holiday, type HolidayType } from '@hrpay/contracts';

const WEEKDAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

/**
 * Colours per kind of day: regular red, special amber, special working blue, double purple, draft outlined. Each
 * reaches 4.5:1 against white both ways (the list's outlined chips, the calendar's white day numbers).
 */
export const HOLIDAY_COLORS: Record<HolidayType | 'Double', string> = {
  Regular: '#c62828',
  SpecialNonWorking: '#9a5b00',
  SpecialWorking: '#1565c0',
  Double: '#6a1b9a',
};

function colorOf(holidays: Holiday[]) {
  const confirmed = holidays.filter((h) => !h.IsDraft);
  if (confirmed.length === 0) return null;
  if (confirmed.some((h) => h.IsDouble)) return HOLIDAY_COLORS.Double;
  if (confirmed.some((h) => h.Type === 'Regular')) return HOLIDAY_COLORS.Regular;
  if (confirmed.some((h) => h.Type === 'SpecialNonWorking')) return HOLIDAY_COLORS.SpecialNonWorking;
  return HOLIDAY_COLORS.SpecialWorking;
}

/** The year at a glance: twelve month grids with each holiday's day coloured by its kind. */
export function YearCalendar({
  year,
  holidays,
  onDay,
}: {
  year: number;
  holidays: Holiday[];
  /** A day was chosen: its holidays (to edit) or none (to add one). */
  onDay: (date: string, holidays: Holiday[]) => void;
}) {
  const byDate = new Map<string, Holiday[]>();
  for (const h of holidays) byDate.set(h.Date, [...(byDate.get(h.Date) ?? []), h]);
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} aria-label="Legend">
        {(
          [
            ['Regular holiday', HOLIDAY_COLORS.Regular],
            ['Special non-working', HOLIDAY_COLORS.SpecialNonWorking],
            ['Special working', HOLIDAY_COLORS.SpecialWorking],
            ['Double holiday', HOLIDAY_COLORS.Double],
          ] as const
        ).map(([label, color]) => (
          <Stack key={label} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color }} />
            <Typography variant="body2">{label}</Typography>
          </Stack>
        ))}
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            sx={{
              width: 12,
              height: 12,
              borderRadius: '50%',
              border: '2px dashed',
              borderColor: 'text.secondary',
            }}
          />
          <Typography variant="body2">Draft</Typography>
        </Stack>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, 1fr)',
            md: 'repeat(3, 1fr)',
            lg: 'repeat(4, 1fr)',
          },
        }}
      >
        {MONTH_NAMES.map((name, month) => {
          const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
          const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
          return (
            <Card key={name} variant="outlined">
              <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                  {name} {year}
                </Typography>
                <Box
                  role="group"
                  aria-label={`${name} ${year}`}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'repeat(7, 1fr)',
                    textAlign: 'center',
                    rowGap: 0.25,
                  }}
                >
                  {WEEKDAYS.map((d, i) => (
                    <Typography key={i} variant="caption" color="text.secondary" aria-hidden>
                      {d}
                    </Typography>
                  ))}
                  {Array.from({ length: first }, (_, i) => (
                    <span key={`blank-${i}`} />
                  ))}
                  {Array.from({ length: days }, (_, i) => {
                    const date = `${year}-${String(month + 1).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`;
                    const on = byDate.get(date) ?? [];
                    const color = colorOf(on);
                    const draft = on.length > 0 && on.every((h) => h.IsDraft);
                    const title = on.map((h) => `${h.Name}${h.IsDraft ? ' (draft)' : ''}`).join(', ');
                    const day = (
                      <Box
                        component="button"
                        type="button"
                        onClick={() => onDay(date, on)}
                        aria-label={title ? `${date}: ${title}` : date}
                        sx={{
                          font: 'inherit',
                          fontSize: 12,
                          width: 26,
                          height: 26,
                          mx: 'auto',
                          borderRadius: '50%',
                          cursor: 'pointer',
                          border: draft ? '2px dashed' : 'none',
                          borderColor: 'text.secondary',
                          bgcolor: color ?? 'transparent',
                          color: color ? '#fff' : 'text.primary',
                          fontWeight: color ? 700 : 400,
                          '&:hover': { outline: '2px solid', outlineColor: 'primary.main' },
                          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                        }}
                      >
                        {i + 1}
                      </Box>
                    );
                    return title ? (
                      <Tooltip key={date} title={title}>
                        {day}
                      </Tooltip>
                    ) : (
                      <span key={date}>{day}</span>
                    );
                  })}
                </Box>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </>
  );
}
