import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PlainTextField } from '@/components/plain-text-field';
import Typography from '@mui/material/Typography';
import type { UserTypeName } from '@hrpay/contracts';
import { PasswordField } from '@/components/password-field';
import { errorMessage } from '@/lib/error-handler';
import { useRouteHandle } from '@/lib/route-handle';
import { storeTokens } from '@/lib/session';
import { forgotPasswordRouteFor, homeFor, loginRouteFor } from '@/lib/user-type-routes';
import { email, password, required, rule } from '@/lib/rules';
import { login } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { SIGN_IN_AUDIENCE } from '@/lib/user-type-labels';
import { SubmitButton } from '../components/submit-button';

const OTHER_SIGN_INS: readonly UserTypeName[] = ['PortalUser', 'HRUser', 'PayrollUser', 'Admin'];

// Plain react-hook-form rules with the spec §5 messages: zod stays off the sign-in route (issue 11).
type Values = { email: string; password: string };

/** /admin/login, /hr/login, /payroll/login, /portal/login: the route's handle says which type signs in. */
export default function LoginPage() {
  const userType = useRouteHandle()?.userType ?? 'PortalUser';
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const tokens = await login(values.email, values.password, userType);
      storeTokens(tokens.AccessToken, tokens.RefreshToken);
      await navigate(homeFor(userType), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Sign-in failed. Please try again.'));
    }
  });

  const audience = SIGN_IN_AUDIENCE[userType];
  return (
    <AuthCard title={`${audience.title} sign in`} subtitle={audience.description}>
      <Box component="form" noValidate onSubmit={submit}>
        {failure && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {failure}
          </Alert>
        )}
        <PlainTextField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          error={!!errors.email}
          helperText={errors.email?.message}
          {...register('email', { validate: rule(required, email) })}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={!!errors.password}
          helperText={errors.password?.message}
          {...register('password', { validate: rule(required, password) })}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
          <Link component={RouterLink} to={forgotPasswordRouteFor(userType)} variant="body2">
            Forgot password?
          </Link>
        </Box>
        <SubmitButton busy={isSubmitting}>Sign in</SubmitButton>
        {/* A wrong-type sign-in answers the generic failure (no account enumeration), so the other doors
            are always in sight. */}
        <Box component="nav" aria-label="Other sign-in pages" sx={{ textAlign: 'center', mt: 2 }}>
          <Typography variant="body2" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            Not {audience.title === 'Employee Portal' ? 'an employee' : `${audience.title} staff`}? Sign in as
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
            {OTHER_SIGN_INS.filter((other) => other !== userType).map((other) => (
              <Link key={other} component={RouterLink} to={loginRouteFor(other)} variant="body2">
                {SIGN_IN_AUDIENCE[other].title}
              </Link>
            ))}
          </Box>
        </Box>
      </Box>
    </AuthCard>
  );
}
