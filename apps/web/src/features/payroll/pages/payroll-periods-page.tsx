import { ModulePlaceholder } from '@/components/module-placeholder';

export default function PayrollPeriodsPage() {
  return (
    <ModulePlaceholder description="Payroll periods: compute, review and finalise payroll, then release payslips." />
  );
}
