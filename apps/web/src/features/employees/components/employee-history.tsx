import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SEPARATION_REASON_LABELS } from '@hrpay/contracts';
import { formatIsoDate, useClockFormat } from '@/lib/dates';
import { useEmployeeHistory } from '../api/employees';

const LABELS: Record<string, string> = {
  ...SEPARATION_REASON_LABELS,
  FullTime: 'Full-time',
  PartTime: 'Part-time',
};

const ACTIONS: Record<string, string> = {
  create: 'Record opened',
  update: 'Changed',
  import: 'Imported',
  delete: 'Deleted',
};
/**
 * Ids are shown by their names (the record's *Name fields); only the readable side of each pair is listed. Other
 * ids are data and stay (the terminal's DeviceUserId).
 */
const HIDDEN =
  /^(Department|Position|EmploymentStatus|Supervisor|WorkLocation|Shift|Employee|Company|Tenant|User|LinkedUser)Id$|^RestDays$|^FullName$/;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const JOINED = /^(Department|Position|EmploymentStatus|Supervisor|WorkLocation|Shift)Name$/;
const ACRONYMS: Record<string, string> = {
  EffectiveRestDays: 'Rest days',
  DeviceUserId: 'Terminal user ID',
  TIN: 'TIN',
  Tin: 'TIN',
  SSSNumber: 'SSS number',
  SssNumber: 'SSS number',
  PhilHealthNumber: 'PhilHealth number',
  PhilhealthNumber: 'PhilHealth number',
  PagIbigNumber: 'Pag-IBIG number',
  PagibigNumber: 'Pag-IBIG number',
};
/** "DepartmentName" -> "Department", "HireDate" -> "Hire date". */
const label = (field: string) => {
  if (ACRONYMS[field]) return ACRONYMS[field];
  const words = field.replace(JOINED, '$1').replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0) + words.slice(1).toLowerCase();
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A value as the form shows it: rest days by name ("Sun, Sat"), then as `showValue`. */
const show = (field: string, value: unknown): string =>
  /RestDays$/.test(field) && Array.isArray(value)
    ? value.length
      ? value.map((d) => DAYS[Number(d)] ?? String(d)).join(', ')
      : 'None'
    : showValue(value);
/** A value as the form shows it: dates as "Jan 15, 2024" (not 2024-01-15), yes/no, labels for codes. */
const showValue = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.map(showValue).join(', ')
      : typeof value === 'boolean'
        ? value
          ? 'Yes'
          : 'No'
        : typeof value === 'string' && ISO_DATE.test(value)
          ? formatIsoDate(value)
          : (LABELS[String(value)] ?? String(value));

/** The record's changes from the audit log: who, when, and each field before and after. */
export function EmployeeHistory({ employeeId }: { employeeId: string }) {
  const history = useEmployeeHistory(employeeId);
  const { dateTime } = useClockFormat();
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          Change history
        </Typography>
        {history.isPending && (
          <Skeleton variant="rounded" height={64} sx={{ mt: 1 }} aria-label="Loading the history" />
        )}
        {history.isError && (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => void history.refetch()}>
                Retry
              </Button>
            }
          >
            The change history could not be loaded.
          </Alert>
        )}
        {history.data?.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No changes recorded yet.
          </Typography>
        )}
        {history.data && history.data.length > 0 && (
          <List dense aria-label="Changes">
            {history.data.map((entry) => {
              const changes = entry.Changes.filter((c) => !HIDDEN.test(c.Field));
              const summary = `${ACTIONS[entry.Action] ?? entry.Action} · ${dateTime(entry.At)}${entry.ActorName ? ` · ${entry.ActorName}` : ''}`;
              return (
                <ListItem key={entry.At + entry.Action} divider alignItems="flex-start" disableGutters>
                  <ListItemText
                    primary={summary}
                    // Each change on a line of its own: run together with " · ", a save of several fields read
                    // as one long sentence where a before and an after were hard to pair.
                    secondary={
                      entry.Action === 'create' ? null : changes.length === 0 ? (
                        'No visible change'
                      ) : (
                        // role="list": Safari drops a list's role once its markers are hidden; the name says
                        // which entry's fields these are.
                        <Box
                          component="ul"
                          role="list"
                          aria-label={`Fields changed: ${summary}`}
                          sx={{ m: 0, p: 0, listStyle: 'none' }}
                        >
                          {changes.map((c) => (
                            <li
                              key={c.Field}
                            >{`${label(c.Field)}: ${show(c.Field, c.Before)} → ${show(c.Field, c.After)}`}</li>
                          ))}
                        </Box>
                      )
                    }
                    slotProps={{ secondary: { component: 'div' } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
