import { z } from 'zod';
import { ProblemTypes } from './constants.js';

/** One validation item (spec §3: Code, Description). */
export const ValidationError = z.object({ Code: z.string(), Description: z.string() });
export type ValidationError = z.infer<typeof ValidationError>;

export type ProblemType = (typeof ProblemTypes)[keyof typeof ProblemTypes];

/** RFC 9457 problem details with the spec's `errors` array (ARCHITECTURE §4). */
export const ProblemDetails = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(ValidationError).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;
