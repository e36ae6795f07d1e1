import { ModulePlaceholder } from '@/components/module-placeholder';

export default function TimeLogsPage() {
  return <ModulePlaceholder description="Time in and time out records of employees, imported or entered." />;
}
