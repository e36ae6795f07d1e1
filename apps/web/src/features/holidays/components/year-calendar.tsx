import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { HOLIDAY_TYPE_LABELS, MONTH_NAMES, type Holiday, type HolidayType } from '@hrpay/contracts';
import { formatIsoDate } from '@/lib/dates';

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

/** A holiday as the day's menu names it: "Regular holiday · Main Plant", "Draft" when it is one. */
const detailOf = (h: Holiday) =>
  [
    HOLIDAY_TYPE_LABELS[h.Type],
    h.IsNational ? 'National' : (h.WorkLocationName ?? 'Whole company'),
    h.IsDraft ? 'Draft' : null,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The year at a glance: twelve month grids with each holiday's day coloured by its kind. A day without a holiday
 * adds one, a day with one edits it, and a day with more (a double holiday) asks which, or to add another.
 */
export function YearCalendar({
  year,
  holidays,
  onEdit,
  onAdd,
}: {
  year: number;
  holidays: Holiday[];
  /** A holiday of the chosen day, to edit. */
  onEdit: (holiday: Holiday) => void;
  /** A day chosen to add a holiday on. */
  onAdd: (date: string) => void;
}) {
  // The day of two holidays or more whose menu is open, and its button (the menu's anchor; focus returns there).
  const [choice, setChoice] = useState<{ anchor: HTMLElement; date: string; holidays: Holiday[] } | null>(
    null,
  );
  const choose = (run: () => void) => {
    setChoice(null);
    run();
  };
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
                        onClick={(event: MouseEvent<HTMLElement>) => {
                          if (on.length === 0) onAdd(date);
                          else if (on.length === 1) onEdit(on[0]!);
                          else setChoice({ anchor: event.currentTarget, date, holidays: on });
                        }}
                        aria-haspopup={on.length > 1 ? 'menu' : undefined}
                        // Read as people read dates ("Dec 25, 2026: Christmas Day"), not "2026-12-25".
                        aria-label={title ? `${formatIsoDate(date)}: ${title}` : formatIsoDate(date)}
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
      <Menu
        anchorEl={choice?.anchor}
        open={choice !== null}
        onClose={() => setChoice(null)}
        slotProps={{
          list: { 'aria-label': choice ? `Holidays on ${formatIsoDate(choice.date)}` : undefined },
        }}
      >
        {choice && <ListSubheader sx={{ lineHeight: '32px' }}>{formatIsoDate(choice.date)}</ListSubheader>}
        {choice?.holidays.map((h) => (
          <MenuItem key={h.HolidayId} onClick={() => choose(() => onEdit(h))}>
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={`Edit ${h.Name}`} secondary={detailOf(h)} />
          </MenuItem>
        ))}
        {choice && <Divider />}
        {choice && (
          <MenuItem onClick={() => choose(() => onAdd(choice.date))}>
            <ListItemIcon>
              <AddIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Add holiday on this day" />
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
