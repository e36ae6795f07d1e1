import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { RequestKind } from '@hrpay/contracts';
import { PageHeader } from '@/components/page-header';
import { RequestDialog } from '../components/request-dialog';
import { RequestsTable } from '../components/requests-table';
import { KIND } from '../kinds';

const SUBTITLE: Record<RequestKind, string> = {
  Leave:
    'Every leave request of your company. Approve or reject what is pending, or file one for an employee.',
  Overtime: 'Every overtime request of your company. Only approved overtime is paid as overtime.',
  Undertime: 'Every undertime request of your company: employees leaving before their shift ends.',
};

/** /hr/leave-requests, /hr/ot-requests, /hr/ut-requests: HR's view of one kind across the company. */
export function HrRequestsPage({ kind }: { kind: RequestKind }) {
  const [filing, setFiling] = useState(false);
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
      <RequestsTable kind={kind} scope="Company" />
      {filing && <RequestDialog kind={kind} forEmployee onClose={() => setFiling(false)} />}
    </>
  );
}
