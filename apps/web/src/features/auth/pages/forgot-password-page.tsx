import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PlainTextField } from '@/components/plain-text-field';
import { handleError } from '@/lib/error-handler';
import { useRouteHandle } from '@/lib/route-handle';
import { loginRouteFor } from '@/lib/user-type-routes';
import { email, required, rule } from '@/lib/rules';
import { requestPasswordReset } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { SIGN_IN_AUDIENCE } from '@/lib/user-type-labels';
import { SubmitButton } from '../components/submit-button';

/** The same answer whether or not the account exists, so the page never tells who has an account. */
export const RESET_LINK_SENT =
  'If an account exists for that e-mail, we have sent it a link to reset the password. Check your inbox (and spam folder); the link works for a limited time.';

type Values = { email: string };

/** /admin/forgot-password and the other three: asks for a reset link for that type's account. */
export default function ForgotPasswordPage() {
  const userType = useRouteHandle()?.userType ?? 'PortalUser';
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values.email, userType);
      setSent(true);
    } catch (error) {
      handleError(error, 'The reset link could not be requested. Please try again.');
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle={`${SIGN_IN_AUDIENCE[userType].title} account. Enter your e-mail and we will send you a link to choose a new password.`}
    >
      {sent ? (
        <Alert severity="success" role="status">
          {RESET_LINK_SENT}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <PlainTextField
            label="E-mail"
            type="email"
            autoComplete="username"
            autoFocus
            error={!!errors.email}
            helperText={errors.email?.message}
            {...register('email', { validate: rule(required, email) })}
          />
          <SubmitButton busy={isSubmitting}>Send reset link</SubmitButton>
        </Box>
      )}
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to={loginRouteFor(userType)} variant="body2">
          Back to sign in
        </Link>
      </Box>
    </AuthCard>
  );
}
