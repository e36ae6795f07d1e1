import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { RecordLoadError, RecordLoading } from '@/components/edit-page';
import { PageHeader } from '@/components/page-header';
import { useUndertimeDetails } from '../api/requests';
import { RequestSummary } from '../components/request-summary';
import { KIND, formatIsoDate, punchLine, useBackToList, useClockFormat } from '../kinds';

/** /portal/ut-requests/:id/details: one UT request with that day's schedule and punches. */
export default function UndertimeDetailsPage() {
  const { id = '' } = useParams();
  const details = useUndertimeDetails(id);
  const { clock, time: clockTime } = useClockFormat();
  // The approver's "For my review" tab when it opened from there (the list passes it), else their own list.
  const back = useBackToList(KIND.Undertime.portalPath);
  if (details.isPending) return <RecordLoading what="undertime request" />;
  if (details.isError) {
    return (
      <RecordLoadError
        what="undertime request"
        error={details.error}
        onRetry={() => void details.refetch()}
        back={back}
        backLabel="Back to UT requests"
      />
    );
  }
  const { Request: r, Schedule: schedule, Punches: punches } = details.data;
  return (
    <>
      <PageHeader subtitle={`${r.EmployeeName} on ${formatIsoDate(r.DateFrom)}`} />
      <RequestSummary request={r} />
      <Card sx={{ maxWidth: 1040, mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Schedule that day
          </Typography>
          <Typography>
            {schedule
              ? `${schedule.ShiftName}, ${clockTime(schedule.TimeIn)} to ${clockTime(schedule.TimeOut)}${schedule.IsRestDay ? ' (rest day or holiday)' : ''}`
              : 'No shift assigned.'}
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
            Punches
          </Typography>
          {punches.length === 0 ? (
            <Typography color="text.secondary">No punches recorded for this day.</Typography>
          ) : (
            <List dense>
              {punches.map((p, index) => {
                const { time, source } = punchLine(p, clock);
                // Two punches may share a minute and a direction: the index keeps their keys apart.
                return (
                  <ListItem key={`${index}-${p.Time}`} disableGutters>
                    <ListItemText primary={time} secondary={source} />
                  </ListItem>
                );
              })}
            </List>
          )}
        </CardContent>
      </Card>
      <Button component={RouterLink} to={back}>
        Back to UT requests
      </Button>
    </>
  );
}
