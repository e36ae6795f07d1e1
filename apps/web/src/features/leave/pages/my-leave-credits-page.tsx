import { ModulePlaceholder } from '@/components/module-placeholder';

export default function MyLeaveCreditsPage() {
  return <ModulePlaceholder description="Your leave balances by leave type." />;
}
