import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import { PasswordField } from '@/components/password-field';
import { errorMessage, validationMessages } from '@/lib/error-handler';
import { logout } from '@/lib/logout';
import { password, required, textField, withPasswordConfirmation } from '@/lib/validators';
import { useChangePassword } from '../api/change-password';

/** Spec §9. */
export const CHANGE_PASSWORD_DIALOG_MAX_WIDTH = 400;
export const PASSWORD_CHANGED = 'Password changed successfully';
export const PASSWORD_CHANGE_FAILED = 'Failed to change password';

const schema = withPasswordConfirmation(
  z.object({
    currentPassword: textField(required),
    newPassword: textField(required, password),
    confirmPassword: textField(required),
  }),
  'newPassword',
  'confirmPassword',
);
type Values = z.infer<typeof schema>;
const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change Password (spec §2, §5, §8): three required fields, new password of 6+ characters, matching
 * confirmation. Server validation errors are listed inside the dialog until a field is edited. On success: the
 * toast, the dialog closes, and the user is logged out (the server has ended every session).
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mutation = useChangePassword();
  const busy = mutation.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={false}
      aria-labelledby="change-password-title"
      slotProps={{ paper: { sx: { maxWidth: CHANGE_PASSWORD_DIALOG_MAX_WIDTH } } }}
    >
      {/* Mounted afresh on each opening (the dialog unmounts its content when closed): empty fields, no errors. */}
      <ChangePasswordForm onClose={onClose} mutation={mutation} />
    </Dialog>
  );
}

function ChangePasswordForm({
  onClose,
  mutation,
}: {
  onClose: () => void;
  mutation: ReturnType<typeof useChangePassword>;
}) {
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: empty });

  // Editing any field clears the shown server errors.
  const clearServerErrors = { onChange: () => setServerErrors([]) };

  const submit = handleSubmit(async (values) => {
    setServerErrors([]);
    try {
      await mutation.mutateAsync({
        CurrentPassword: values.currentPassword,
        NewPassword: values.newPassword,
      });
    } catch (error) {
      const messages = validationMessages(error);
      if (messages.length) setServerErrors(messages);
      else toast.error(errorMessage(error, PASSWORD_CHANGE_FAILED));
      return;
    }
    toast.success(PASSWORD_CHANGED);
    onClose();
    await logout();
  });

  const busy = mutation.isPending;
  // The form is the dialog's surface (a flat Paper filling the 400 px dialog paper).
  return (
    <Paper component="form" elevation={0} noValidate onSubmit={submit} sx={{ bgcolor: 'transparent' }}>
      <DialogTitle id="change-password-title">Change Password</DialogTitle>
      <DialogContent>
        {serverErrors.length > 0 && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {serverErrors.length === 1 ? (
              serverErrors[0]
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {serverErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          autoFocus
          disabled={busy}
          error={!!errors.currentPassword}
          helperText={errors.currentPassword?.message}
          {...register('currentPassword', clearServerErrors)}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          disabled={busy}
          error={!!errors.newPassword}
          helperText={errors.newPassword?.message}
          {...register('newPassword', clearServerErrors)}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          disabled={busy}
          error={!!errors.confirmPassword}
          helperText={errors.confirmPassword?.message}
          {...register('confirmPassword', clearServerErrors)}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Change Password
        </Button>
      </DialogActions>
    </Paper>
  );
}
