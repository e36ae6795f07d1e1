import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import type { RequestKind } from '@hrpay/contracts';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/use-session';
import { usePendingCounts } from '../api/requests';
import { RequestDialog } from '../components/request-dialog';
import { RequestsTable } from '../components/requests-table';
import { KIND } from '../kinds';

const SUBTITLE: Record<RequestKind, string> = {
  Leave: 'File leave and follow each request from filing to approval.',
  Overtime: 'File overtime before or after you render it; it is paid once approved.',
  Undertime: 'Tell your approver when you need to leave before your shift ends.',
};

/**
 * /portal/{leave,ot,ut}-requests: the employee's own requests; an approver also has the tab of requests waiting
 * for their review (kept in the address, ?tab=review).
 */
export function MyRequestsPage({ kind }: { kind: RequestKind }) {
  const [filing, setFiling] = useState(false);
  const session = useSession();
  const approver = !!session?.isApprover;
  const counts = usePendingCounts();
  const [params, setParams] = useSearchParams();
  const tab = approver && params.get('tab') === 'review' ? 'review' : 'mine';
  const waiting = approver ? (counts.data?.[kind] ?? 0) : 0;
  return (
    <>
      <PageHeader
        subtitle={SUBTITLE[kind]}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setFiling(true)}>
            {KIND[kind].fileLabel}
          </Button>
        }
      />
      {approver && (
        <Tabs
          value={tab}
          onChange={(_event, next: string) =>
            setParams(next === 'review' ? { tab: 'review' } : {}, { replace: true })
          }
          aria-label="Whose requests"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="mine" label="My requests" id="requests-tab-mine" aria-controls="requests-panel" />
          <Tab
            value="review"
            id="requests-tab-review"
            aria-controls="requests-panel"
            label={
              // The count clear of the label's last letter (at 1.5 it touched "review").
              <Badge color="warning" badgeContent={waiting} sx={{ pr: waiting ? 2.25 : 0 }}>
                For my review
              </Badge>
            }
          />
        </Tabs>
      )}
      <div role="tabpanel" id="requests-panel" aria-labelledby={`requests-tab-${tab}`}>
        <RequestsTable key={tab} kind={kind} scope={tab === 'review' ? 'Review' : 'Mine'} />
      </div>
      {filing && <RequestDialog kind={kind} onClose={() => setFiling(false)} />}
    </>
  );
}
