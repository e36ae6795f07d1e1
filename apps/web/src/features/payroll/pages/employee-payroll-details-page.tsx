import { ModulePlaceholder } from '@/components/module-placeholder';

export default function EmployeePayrollDetailsPage() {
  return (
    <ModulePlaceholder description="Each employee's pay profile: rate, pay frequency, tax status, allowances and deductions." />
  );
}
