import { ModulePlaceholder } from '@/components/module-placeholder';

export default function UtRequestsPage() {
  return (
    <ModulePlaceholder description="Undertime requests filed by employees, with their approval status." />
  );
}
