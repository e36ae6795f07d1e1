import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PlainTextField } from '@/components/plain-text-field';
import Typography from '@mui/material/Typography';
import type { UserTypeName } from '@hrpay/contracts';
import { PasswordField } from '@/components/password-field';
import { errorMessage } from '@/lib/error-message';
import { useRouteHandle } from '@/lib/route-handle';
import { storeTokens } from '@/lib/session';
import { forgotPasswordRouteFor, homeFor, loginRouteFor } from '@/lib/user-type-routes';
import { email, password, required, rule } from '@/lib/rules';
import { login } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { SIGN_IN_AUDIENCE } from '@/lib/user-type-labels';
import { SubmitButton } from '../components/submit-button';

const OTHER_SIGN_INS: readonly UserTypeName[] = ['PortalUser', 'HRUser', 'PayrollUser', 'Admin'];

// Two fields checked by the spec §5 validators in plain React state: neither zod nor react-hook-form travel
// with the sign-in route (issue 11). As with the other forms: checked on submit, then again on every change,
// and the first invalid field takes the focus.
type Values = { email: string; password: string };
type Field = keyof Values;
const RULES: Record<Field, (value: string) => string | true> = {
  email: rule(required, email),
  password: rule(required, password),
};
const FIELDS: readonly Field[] = ['email', 'password'];

function check(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const answer = RULES[field](values[field]);
    if (answer !== true) errors[field] = answer;
  }
  return errors;
}

/** /admin/login, /hr/login, /payroll/login, /portal/login: the route's handle says which type signs in. */
export default function LoginPage() {
  const userType = useRouteHandle()?.userType ?? 'PortalUser';
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) setErrors(check(next));
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    const invalid = FIELDS.find((name) => found[name]);
    if (invalid) {
      const input = event.currentTarget.elements.namedItem(invalid);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      const tokens = await login(values.email, values.password, userType);
      storeTokens(tokens.AccessToken, tokens.RefreshToken);
      await navigate(homeFor(userType), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Sign-in failed. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  const audience = SIGN_IN_AUDIENCE[userType];
  return (
    <AuthCard title={`${audience.title} sign in`} subtitle={audience.description}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        {failure && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {failure}
          </Alert>
        )}
        <PlainTextField
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          error={!!errors.email}
          helperText={errors.email}
          {...field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={!!errors.password}
          helperText={errors.password}
          {...field('password')}
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
