import { ModulePlaceholder } from '@/components/module-placeholder';

export default function EmployeesPage() {
  return (
    <ModulePlaceholder description="Employee 201 files: personal data, employment status, position, department and shift." />
  );
}
