import { RecordLoadError, RecordLoading } from '@/components/edit-page';
import { PageHeader } from '@/components/page-header';
import { useMyLeaveCredits } from '../api/leave';
import { LeaveBalances } from '../components/leave-balances';

/** /portal/leave-credits: the employee's balances per leave type and the entries that make them. */
export default function MyLeaveCreditsPage() {
  const credits = useMyLeaveCredits();
  if (credits.isPending) return <RecordLoading what="leave credits" />;
  if (credits.isError) {
    return (
      <RecordLoadError
        what="leave credits"
        error={credits.error}
        onRetry={() => void credits.refetch()}
        back="/portal/dashboard"
        backLabel="Back to the dashboard"
      />
    );
  }
  return (
    <>
      <PageHeader subtitle="Available days are your balance less what pending requests already hold." />
      <LeaveBalances credits={credits.data} />
    </>
  );
}
