import { ModulePlaceholder } from '@/components/module-placeholder';

export default function MyLeaveRequestsPage() {
  return <ModulePlaceholder description="File leave and follow your requests from filing to approval." />;
}
