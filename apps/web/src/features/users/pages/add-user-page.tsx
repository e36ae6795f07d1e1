import { ModulePlaceholder } from '@/components/module-placeholder';

export default function AddUserPage() {
  return (
    <ModulePlaceholder description="Invite a person to HRPAY; they receive an e-mail to set up their account." />
  );
}
