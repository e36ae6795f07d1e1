import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { User } from '@hrpay/contracts';
import { useConfirm } from '@/components/confirm-dialog';
import { handleError } from '@/lib/error-handler';
import { useDeleteUser } from '../api/delete-user';
import { useResendInvitation } from '../api/resend-invitation';

/** Delete (confirmed first) and resend the invitation, with their toasts; the server's 409 detail is shown as is. */
export function useUserActions() {
  const confirm = useConfirm();
  const { mutateAsync: deleteUser } = useDeleteUser();
  const { mutateAsync: resendInvitation } = useResendInvitation();

  const remove = useCallback(
    async (user: User) => {
      const agreed = await confirm({
        title: 'Delete user',
        message: `Delete ${user.FullName} (${user.Email})? They will no longer be able to sign in.`,
        confirmLabel: 'Delete',
        destructive: true,
      });
      if (!agreed) return;
      try {
        await deleteUser(user.UserId);
        toast.success('User deleted');
      } catch (error) {
        handleError(error, 'The user could not be deleted.');
      }
    },
    [confirm, deleteUser],
  );

  const resend = useCallback(
    async (user: User) => {
      try {
        const { Message } = await resendInvitation(user.UserId);
        toast.success(Message);
      } catch (error) {
        handleError(error, 'The invitation could not be sent.');
      }
    },
    [resendInvitation],
  );

  return { remove, resend };
}
