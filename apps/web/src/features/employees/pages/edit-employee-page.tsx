import { ModulePlaceholder } from '@/components/module-placeholder';

export default function EditEmployeePage() {
  return <ModulePlaceholder description="Update an employee record." />;
}
