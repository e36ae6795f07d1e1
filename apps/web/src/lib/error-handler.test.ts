import { describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify';
import { ApiError } from './api-error';
import { errorMessage, handleError, validationMessages } from './error-handler';

describe('error handler (spec §8)', () => {
  it('prefers the server detail, then the fallback, then Something went wrong', () => {
    const withDetail = new ApiError(400, {
      title: 'Bad Request',
      status: 400,
      detail: 'The period is closed.',
    });
    const withoutDetail = new ApiError(500, { title: 'Internal Server Error', status: 500 });
    expect(errorMessage(withDetail, 'Failed to save')).toBe('The period is closed.');
    expect(errorMessage(withoutDetail, 'Failed to save')).toBe('Failed to save');
    expect(errorMessage(withoutDetail)).toBe('Something went wrong');
    expect(errorMessage(new Error('boom'))).toBe('Something went wrong');
  });

  it('gives the fallback when the server was not reached: there is no server detail', () => {
    const offline = new ApiError(0, null, 'The server could not be reached.');
    expect(errorMessage(offline, 'Failed to load employees')).toBe('Failed to load employees');
    expect(errorMessage(offline)).toBe('Something went wrong');
  });

  it('lists validation errors as Description, else Code, else Validation error', () => {
    const error = new ApiError(400, {
      title: 'Bad Request',
      status: 400,
      errors: [
        { Code: 'PasswordMismatch', Description: 'Current password is incorrect.' },
        { Code: 'TooShort', Description: '' },
        {} as never,
      ],
    });
    expect(validationMessages(error)).toEqual([
      'Current password is incorrect.',
      'TooShort',
      'Validation error',
    ]);
    expect(validationMessages(new Error('x'))).toEqual([]);
  });

  it('handleError shows an error toast with that message', async () => {
    const spy = vi.spyOn(toast, 'error').mockReturnValue('id');
    handleError(new ApiError(409, { title: 'Conflict', status: 409, detail: 'Changed by someone else.' }));
    // The toast library loads with the first toast (lib/toast-host.ts), so the toast follows a moment later.
    await vi.waitFor(() => expect(spy).toHaveBeenCalledWith('Changed by someone else.'));
    handleError(new Error('x'), 'Failed to load');
    await vi.waitFor(() => expect(spy).toHaveBeenLastCalledWith('Failed to load'));
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
