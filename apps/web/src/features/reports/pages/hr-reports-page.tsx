import { ModulePlaceholder } from '@/components/module-placeholder';

export default function HrReportsPage() {
  return <ModulePlaceholder description="HR reports: headcount, attendance, leave and overtime summaries." />;
}
