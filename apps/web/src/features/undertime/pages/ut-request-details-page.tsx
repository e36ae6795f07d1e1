import { ModulePlaceholder } from '@/components/module-placeholder';

export default function UtRequestDetailsPage() {
  return <ModulePlaceholder description="The details of one undertime request." />;
}
