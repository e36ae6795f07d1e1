import { ModulePlaceholder } from '@/components/module-placeholder';

export default function EditCompanyPage() {
  return <ModulePlaceholder description="Update an employer's details and registration numbers." />;
}
