import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '@/lib/api-error';
import { renderApp } from '@/test/render-app';
import HrReportsPage from './hr-reports-page';

const downloadPost = vi.fn();
vi.mock('@/lib/api-client', () => ({
  apiClient: { downloadPost: (...args: unknown[]) => downloadPost(...args) },
  saveFile: vi.fn(),
}));
afterEach(() => downloadPost.mockReset());

describe('HrReportsPage', () => {
  // HR review: after the server refused the range, the red message stayed under To once the date was fixed.
  it('drops a date refusal as soon as either date is changed', async () => {
    downloadPost.mockRejectedValue(
      new ApiError(400, {
        status: 400,
        detail: 'Invalid request',
        errors: [{ Code: 'To', Description: 'To: To cannot be before From' }],
      }),
    );
    renderApp(<HrReportsPage />, { path: '/hr/reports', name: 'Reports' });
    const card = screen.getByRole('region', { name: 'New hires and separations' });
    fireEvent.change(within(card).getByLabelText('From'), { target: { value: '2026-12-31' } });
    fireEvent.change(within(card).getByLabelText('To'), { target: { value: '2026-01-01' } });
    fireEvent.click(within(card).getByRole('button', { name: /download Excel/ }));
    expect(await within(card).findByText('To cannot be before From')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('To'), { target: { value: '2026-12-31' } });
    expect(within(card).queryByText('To cannot be before From')).toBeNull();
    // Fixing the other end of the range answers it too.
    fireEvent.change(within(card).getByLabelText('To'), { target: { value: '2026-01-01' } });
    fireEvent.click(within(card).getByRole('button', { name: /download Excel/ }));
    expect(await within(card).findByText('To cannot be before From')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('From'), { target: { value: '2025-12-01' } });
    expect(within(card).queryByText('To cannot be before From')).toBeNull();
  });
});
