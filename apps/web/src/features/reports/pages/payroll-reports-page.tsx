import { ModulePlaceholder } from '@/components/module-placeholder';

export default function PayrollReportsPage() {
  return <ModulePlaceholder description="Payroll registers, statutory remittance reports and alphalists." />;
}
