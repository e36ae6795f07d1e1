import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { RatesTab } from './rates-tab';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('an empty required money field', () => {
  it('says "This field is required" (spec §5) on Add Rate, not the malformed-amount message', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfirmProvider>
          <RatesTab employeeId="11111111-1111-4111-8111-111111111111" />
        </ConfirmProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rate' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const rate = within(dialog).getByRole('textbox', { name: /^Rate/ });
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(rate.getAttribute('aria-describedby')!)!.textContent;
    expect(message).toBe('This field is required');
    expect(dialog.textContent).not.toContain('at most 2 decimals');
    // Only the rates were read: nothing was added.
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
