import { z } from 'zod';
import { ValidationMessages } from './validation-messages.js';

// Apart from validation-messages.ts, which the sign-in page reads without loading zod.

/** Characters that show nothing (zero-width space, joiners, word joiner, byte-order mark). */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/**
 * A required name or text: trimmed, in Unicode's composed form (an "Ñ" typed as N + combining tilde is the same
 * name as the one-character "Ñ", for uniqueness and sorting alike), and not only invisible characters.
 */
export function requiredText(max: number) {
  return z
    .string()
    .trim()
    .normalize('NFC')
    .min(1, ValidationMessages.required)
    .refine((v) => v === '' || v.replace(INVISIBLE, '').trim() !== '', ValidationMessages.required)
    .max(max, ValidationMessages.maxLength(max));
}
