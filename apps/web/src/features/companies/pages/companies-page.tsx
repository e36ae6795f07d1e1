import { ModulePlaceholder } from '@/components/module-placeholder';

export default function CompaniesPage() {
  return (
    <ModulePlaceholder description="The legal employers of your account: TIN, SSS, PhilHealth and Pag-IBIG employer numbers, addresses and pay schedules." />
  );
}
