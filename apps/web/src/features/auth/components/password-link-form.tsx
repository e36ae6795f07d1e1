import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PasswordField } from '@/components/password-field';
import { errorMessage, validationMessages } from '@/lib/error-handler';
import { password, required, textField, withPasswordConfirmation } from '@/lib/validators';
import { setPasswordWithLink } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { SubmitButton } from './submit-button';

const schema = withPasswordConfirmation(
  z.object({ newPassword: textField(required, password), confirmPassword: textField(required) }),
  'newPassword',
  'confirmPassword',
);
type Values = z.infer<typeof schema>;

export interface PasswordLinkFormProps {
  purpose: 'reset' | 'invite';
  title: string;
  subtitle: string;
  submitLabel: string;
}

/**
 * /reset-password and /account-setup: the token comes from the e-mailed link (?token=); the person chooses a
 * password twice. On success, a link to sign in.
 */
export function PasswordLinkForm({ purpose, title, subtitle, submitLabel }: PasswordLinkFormProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblems([]);
    try {
      const answer = await setPasswordWithLink(purpose, token, values.newPassword);
      setDone(answer?.Message || 'Your password has been set. You can now sign in.');
    } catch (error) {
      const messages = validationMessages(error);
      setProblems(messages.length ? messages : [errorMessage(error, 'The password could not be set.')]);
    }
  });

  if (done) {
    return (
      <AuthCard title={title}>
        <Alert severity="success" sx={{ mb: 2 }}>
          {done}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained" fullWidth size="large">
          Sign in
        </Button>
      </AuthCard>
    );
  }

  if (!token) {
    return (
      <AuthCard title={title}>
        <Alert severity="warning" sx={{ mb: 2 }}>
          This page opens from the link in your e-mail. The link you followed is incomplete: open the e-mail
          again and use the whole link, or ask for a new one.
        </Alert>
        <Button component={RouterLink} to="/" fullWidth>
          Back to home
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <Box component="form" noValidate onSubmit={submit}>
        {problems.length > 0 && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {problems.join(' ')}
          </Alert>
        )}
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          autoFocus
          error={!!errors.newPassword}
          helperText={errors.newPassword?.message ?? 'At least 6 characters.'}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          error={!!errors.confirmPassword}
          helperText={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
      </Box>
    </AuthCard>
  );
}
