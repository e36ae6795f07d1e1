import { z } from 'zod';

/** One validation item (spec §3: Code, Description). */
export const ValidationError = z.object({ Code: z.string(), Description: z.string() });
export type ValidationError = z.infer<typeof ValidationError>;

/** RFC 9457 problem details with the spec's `errors` array (ARCHITECTURE §4). */
export const ProblemDetails = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(ValidationError).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;
