import { ModulePlaceholder } from '@/components/module-placeholder';

export default function MyUtRequestsPage() {
  return <ModulePlaceholder description="File undertime and follow your requests from filing to approval." />;
}
