import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { applyServerErrors } from './form-fields';

// HR walkthrough: under Add Shift's Time out the API's message read "TimeOut: The shift cannot end at the time
// it starts", the field's code before the words.
describe('applyServerErrors', () => {
  it("puts each field's message under it without the API's field name, and keeps the name on the others", () => {
    const error = new ApiError(400, {
      status: 400,
      errors: [
        { Code: 'TimeOut', Description: 'TimeOut: The shift cannot end at the time it starts' },
        { Code: 'Name', Description: 'Name is taken' },
        { Code: 'Break', Description: 'Break: Take the break inside the shift' },
      ],
    });
    const setError = vi.fn();
    const left = applyServerErrors(error, ['TimeOut', 'Name'], setError);
    expect(setError.mock.calls.map(([field, e]) => [field, e.message])).toEqual([
      ['TimeOut', 'The shift cannot end at the time it starts'],
      ['Name', 'Name is taken'],
    ]);
    expect(left).toEqual(['Break: Take the break inside the shift']);
  });
});
