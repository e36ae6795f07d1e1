import { ModulePlaceholder } from '@/components/module-placeholder';

export default function MyPayslipsPage() {
  return <ModulePlaceholder description="Your payslips by pay period, to view and download." />;
}
