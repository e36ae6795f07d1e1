import { ModulePlaceholder } from '@/components/module-placeholder';

export default function MyOtRequestsPage() {
  return <ModulePlaceholder description="File overtime and follow your requests from filing to approval." />;
}
