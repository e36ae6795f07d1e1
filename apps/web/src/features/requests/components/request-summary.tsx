import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { TimeRequest } from '@hrpay/contracts';
import { describeWhen, formatDays, formatMinutes, useClockFormat } from '../kinds';
import { RequestStatusChip } from './requests-table';

function Row({
  label,
  children,
  multiline = false,
}: {
  label: string;
  children: ReactNode;
  multiline?: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      {/* A free text keeps the line breaks it was typed with. */}
      <Typography
        variant="body1"
        component="dd"
        sx={{ m: 0, whiteSpace: multiline ? 'pre-line' : undefined }}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** One request as a card of label / value rows, from filing to its decision. */
export function RequestSummary({ request, children }: { request: TimeRequest; children?: ReactNode }) {
  const r = request;
  const { clock, dateTime } = useClockFormat();
  return (
    <Card sx={{ maxWidth: 1040, mb: 2 }}>
      <CardContent>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Employee">
            {r.EmployeeName} ({r.EmployeeNumber}){r.DepartmentName ? ` · ${r.DepartmentName}` : ''}
          </Row>
          {r.LeaveTypeName && <Row label="Leave type">{r.LeaveTypeName}</Row>}
          <Row label={r.Kind === 'Leave' ? 'Dates' : 'When'}>{describeWhen(r, clock)}</Row>
          {/* Its reviewer sees what approving draws on (the API gives it to the reviewer of a pending leave). */}
          {r.LeaveBalance && (
            <Row label="Employee's balance">
              {formatDays(r.LeaveBalance.Balance)}, of which pending requests hold{' '}
              {formatDays(r.LeaveBalance.Pending)} (this one included)
            </Row>
          )}
          {r.Minutes !== null && <Row label="Duration">{formatMinutes(r.Minutes)}</Row>}
          <Row label="Reason" multiline>
            {r.Reason}
          </Row>
          <Row label="Status">
            <RequestStatusChip status={r.Status} />
          </Row>
          <Row label="Filed">
            {dateTime(r.FiledAt)} by {r.FiledByName}
          </Row>
          <Row label="Reviewer">{r.ReviewerName}</Row>
          {/* An approved request cancelled afterwards keeps its approval: both are shown. */}
          {r.DecidedAt && (
            <Row label={r.Status === 'Rejected' ? 'Rejected on' : 'Approved on'}>
              {dateTime(r.DecidedAt)} by {r.DecidedByName}
            </Row>
          )}
          {r.Remarks && (
            <Row label="Remarks" multiline>
              {r.Remarks}
            </Row>
          )}
          {r.CancelledAt && (
            <Row label="Cancelled on">
              {dateTime(r.CancelledAt)} by {r.CancelledByName}
            </Row>
          )}
          {r.CancelRemarks && (
            <Row label="Cancel remarks" multiline>
              {r.CancelRemarks}
            </Row>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
