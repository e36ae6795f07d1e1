import { describe, expect, it, vi, afterEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { ApiError } from '@/lib/api-error';
import { renderApp } from '@/test/render-app';
import { ChangePasswordDialog } from './change-password-dialog';

const post = vi.fn();
const logout = vi.fn();
vi.mock('@/lib/api-client', () => ({ apiClient: { post: (...args: unknown[]) => post(...args) } }));
vi.mock('@/lib/logout', () => ({ logout: () => logout() }));

afterEach(() => {
  post.mockReset();
  logout.mockReset();
});

function renderDialog(onClose = vi.fn()) {
  renderApp(<ChangePasswordDialog open onClose={onClose} />);
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  return {
    onClose,
    current: field('Current Password'),
    next: field('New Password'),
    confirm: field('Confirm New Password'),
    submit: () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' })),
  };
}

describe('ChangePasswordDialog', () => {
  it('is titled Change Password and validates before sending', async () => {
    const form = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
    form.submit();
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    fireEvent.change(form.current, { target: { value: 'demo1234' } });
    fireEvent.change(form.next, { target: { value: 'abc' } });
    fireEvent.change(form.confirm, { target: { value: 'abd' } });
    form.submit();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Passwords must match')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('lists server validation errors until a field is edited', async () => {
    post.mockRejectedValue(
      new ApiError(400, {
        title: 'Bad Request',
        status: 400,
        detail: 'The password was not changed.',
        errors: [{ Code: 'PasswordMismatch', Description: 'Current password is incorrect.' }],
      }),
    );
    const form = renderDialog();
    fireEvent.change(form.current, { target: { value: 'wrong-one' } });
    fireEvent.change(form.next, { target: { value: 'brand-new-1' } });
    fireEvent.change(form.confirm, { target: { value: 'brand-new-1' } });
    form.submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Current password is incorrect.');
    expect(post).toHaveBeenCalledWith('/api/v1/users/change-password', {
      CurrentPassword: 'wrong-one',
      NewPassword: 'brand-new-1',
    });
    fireEvent.change(form.current, { target: { value: 'demo1234' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('without validation items shows an error toast with the detail or the fallback', async () => {
    const toastError = vi.spyOn(toast, 'error').mockReturnValue('id');
    post.mockRejectedValue(new ApiError(500, { title: 'Internal Server Error', status: 500 }));
    const form = renderDialog();
    fireEvent.change(form.current, { target: { value: 'demo1234' } });
    fireEvent.change(form.next, { target: { value: 'brand-new-1' } });
    fireEvent.change(form.confirm, { target: { value: 'brand-new-1' } });
    form.submit();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Failed to change password'));
  });

  it('on success toasts, closes and logs out', async () => {
    const toastSuccess = vi.spyOn(toast, 'success').mockReturnValue('id');
    post.mockResolvedValue({ Message: 'Password changed successfully' });
    const form = renderDialog();
    fireEvent.change(form.current, { target: { value: 'demo1234' } });
    fireEvent.change(form.next, { target: { value: 'brand-new-1' } });
    fireEvent.change(form.confirm, { target: { value: 'brand-new-1' } });
    form.submit();
    await waitFor(() => expect(logout).toHaveBeenCalled());
    expect(toastSuccess).toHaveBeenCalledWith('Password changed successfully');
    expect(form.onClose).toHaveBeenCalled();
  });
});
