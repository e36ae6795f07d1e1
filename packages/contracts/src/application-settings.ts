import { z } from 'zod';
import { optionalFreeText } from './field-rules.js';
import { outputOnly, RowVersion } from './lists.js';

/** Issue 10 §2: company-level options the rest of the app reads; Payroll keeps them at /application-settings. */
export const TimeFormat = z.enum(['24h', '12h']);
export type TimeFormat = z.infer<typeof TimeFormat>;

const optionalText = (max: number) => optionalFreeText(max);

export const ApplicationSettingsFields = {
  /** The time pickers' clock. */
  TimeFormat: TimeFormat.default('24h'),
  /** A line printed at the foot of every payslip. */
  PayslipFooter: optionalText(500),
  PayslipSignatoryName: optionalText(100),
  PayslipSignatoryTitle: optionalText(100),
  /** Payslip PDFs open with the employee's birth date (YYYYMMDD). */
  PayslipPasswordProtected: z.boolean().default(false),
  /** The name mail from HRPAY is sent under (the address stays the server's). */
  MailSenderName: optionalText(100),
};

export const ApplicationSettings = z.object({
  CompanyId: z.uuid(),
  CompanyName: z.string(),
  TimeFormat,
  PayslipFooter: z.string().nullable(),
  PayslipSignatoryName: z.string().nullable(),
  PayslipSignatoryTitle: z.string().nullable(),
  PayslipPasswordProtected: z.boolean(),
  MailSenderName: z.string().nullable(),
  RowVersion: z.number().int(),
  UpdatedAt: z.string(),
});
export type ApplicationSettings = z.infer<typeof ApplicationSettings>;

export const UpdateApplicationSettingsRequest = z.strictObject({
  ...ApplicationSettingsFields,
  RowVersion,
  ...outputOnly({ CompanyId: z.uuid(), CompanyName: z.string(), UpdatedAt: z.string() }),
});
export type UpdateApplicationSettingsRequest = z.input<typeof UpdateApplicationSettingsRequest>;
