import { ModulePlaceholder } from '@/components/module-placeholder';

export default function AddCompanyPage() {
  return (
    <ModulePlaceholder description="Register a new employer with its government registration numbers." />
  );
}
