import { ModulePlaceholder } from '@/components/module-placeholder';

export default function ShiftsPage() {
  return (
    <ModulePlaceholder description="Work schedules: time in, time out and breaks, assigned to employees." />
  );
}
