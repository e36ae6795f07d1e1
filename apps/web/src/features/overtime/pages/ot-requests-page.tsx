import { ModulePlaceholder } from '@/components/module-placeholder';

export default function OtRequestsPage() {
  return (
    <ModulePlaceholder description="Overtime requests filed by employees, with their approval status." />
  );
}
