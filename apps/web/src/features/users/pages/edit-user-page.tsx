import { ModulePlaceholder } from '@/components/module-placeholder';

export default function EditUserPage() {
  return <ModulePlaceholder description="Change a user's type, company or status." />;
}
