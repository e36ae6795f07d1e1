import { PasswordLinkForm } from '../components/password-link-form';

export default function ResetPasswordPage() {
  return (
    <PasswordLinkForm
      purpose="reset"
      title="Reset your password"
      subtitle="Choose a new password for your HRPAY account."
      submitLabel="Reset password"
    />
  );
}
