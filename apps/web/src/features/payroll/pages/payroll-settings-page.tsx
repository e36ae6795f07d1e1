import { ModulePlaceholder } from '@/components/module-placeholder';

export default function PayrollSettingsPage() {
  return (
    <ModulePlaceholder description="Statutory tables (SSS, PhilHealth, Pag-IBIG, BIR withholding tax) with their effective dates, and pay rules." />
  );
}
