import { ModulePlaceholder } from '@/components/module-placeholder';

export default function ApplicationSettingsPage() {
  return <ModulePlaceholder description="Company-wide settings for payroll processing." />;
}
