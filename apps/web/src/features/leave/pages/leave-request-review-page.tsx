import { ModulePlaceholder } from '@/components/module-placeholder';

export default function LeaveRequestReviewPage() {
  return <ModulePlaceholder description="Review a leave request and approve or decline it." />;
}
