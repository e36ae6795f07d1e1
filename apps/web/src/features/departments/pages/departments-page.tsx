import { ModulePlaceholder } from '@/components/module-placeholder';

export default function DepartmentsPage() {
  return <ModulePlaceholder description="The departments of the company and the employees in each." />;
}
