import { ModulePlaceholder } from '@/components/module-placeholder';

export default function LeaveRequestsPage() {
  return <ModulePlaceholder description="Leave requests filed by employees, with their approval status." />;
}
