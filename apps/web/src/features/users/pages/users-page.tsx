import { ModulePlaceholder } from '@/components/module-placeholder';

export default function UsersPage() {
  return (
    <ModulePlaceholder description="Who can sign in to HRPAY: administrators, HR and payroll staff, and employees using the portal." />
  );
}
