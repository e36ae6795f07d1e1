import { PasswordLinkForm } from '../components/password-link-form';

export default function AccountSetupPage() {
  return (
    <PasswordLinkForm
      purpose="invite"
      title="Set up your account"
      subtitle="Welcome to HRPAY. Choose the password you will sign in with."
      submitLabel="Set password"
    />
  );
}
