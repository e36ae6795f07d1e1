import { ModulePlaceholder } from '@/components/module-placeholder';

export default function PayrollPeriodDetailsPage() {
  return <ModulePlaceholder description="The payslips of one payroll period, employee by employee." />;
}
