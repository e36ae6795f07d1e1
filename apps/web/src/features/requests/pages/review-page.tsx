import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { RequestKind } from '@hrpay/contracts';
import { RecordLoadError, RecordLoading } from '@/components/edit-page';
import { PageHeader } from '@/components/page-header';
import { useRequest, type Decision } from '../api/requests';
import { DecisionDialog } from '../components/decision-dialog';
import { RequestSummary } from '../components/request-summary';
import { KIND, useBackToList } from '../kinds';

/**
 * /portal/{leave,ot,ut}-requests/review/:id: an approver opens one request and approves or rejects it; the
 * employee opens their own (from their list, which says where to go back to) to read the decision.
 */
export function ReviewPage({ kind }: { kind: RequestKind }) {
  const { id = '' } = useParams();
  const request = useRequest(kind, id);
  const [action, setAction] = useState<Decision | null>(null);
  const back = useBackToList(`${KIND[kind].portalPath}?tab=review`);
  if (request.isPending) return <RecordLoading what={KIND[kind].noun} />;
  if (request.isError) {
    return (
      <RecordLoadError
        what={KIND[kind].noun}
        error={request.error}
        onRetry={() => void request.refetch()}
        back={back}
        backLabel="Back to requests"
      />
    );
  }
  const r = request.data;
  return (
    <>
      <PageHeader subtitle={`${r.EmployeeName}'s ${KIND[kind].noun}`} />
      {/* Not said to the employee, whose own pending request it is (they may cancel it). */}
      {!r.CanReview && !r.CanCancel && r.Status === 'Pending' && (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 1040 }}>
          This request is not waiting for your review.
        </Alert>
      )}
      <RequestSummary request={r}>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={back}>
            Back to requests
          </Button>
          <Box sx={{ flex: 1 }} />
          {r.CanReview && (
            <>
              <Button variant="outlined" color="error" onClick={() => setAction('reject')}>
                Reject
              </Button>
              <Button variant="contained" onClick={() => setAction('approve')}>
                Approve
              </Button>
            </>
          )}
        </Box>
      </RequestSummary>
      {action && <DecisionDialog request={r} action={action} onClose={() => setAction(null)} />}
    </>
  );
}
