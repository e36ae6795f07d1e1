import { ModulePlaceholder } from '@/components/module-placeholder';

export default function AddEmployeePage() {
  return <ModulePlaceholder description="Create an employee record." />;
}
