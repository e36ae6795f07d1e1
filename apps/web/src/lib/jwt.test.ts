import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/test/tokens';
import { decodeJwtPayload } from './jwt';

describe('decodeJwtPayload', () => {
  it('reads the payload, including non-ASCII text (base64url)', () => {
    const token = fakeToken({ name: 'José Peña', n: 1 });
    expect(decodeJwtPayload(token)).toEqual({ name: 'José Peña', n: 1 });
  });

  it('answers null for anything that is not a readable three-part token', () => {
    for (const token of ['garbage', 'a.b', 'a.!!!.c', `x.${btoa('[1,2]')}.y`, `x.${btoa('"text"')}.y`, '']) {
      expect(decodeJwtPayload(token)).toBeNull();
    }
  });
});
