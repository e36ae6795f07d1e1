import { z } from 'zod';
import { Money } from './money.js';
import { outputOnly, RowVersion } from './lists.js';
import { ValidationMessages as M } from './validation-messages.js';

/** Issue 10 §2: the payroll engine's settings of a company and its cut-off and pay-date rules. */
export const CONTRIBUTION_SPLITS = ['equal', 'first-cutoff', 'second-cutoff', 'month-to-date'] as const;
export const TAX_METHODS = ['per-period', 'annualised'] as const;
export const WEEKLY_CONTRIBUTIONS = ['last-week', 'month-to-date'] as const;

const int = (min: number, max: number) =>
  z.number(M.required).int('Enter a whole number').min(min, M.min(min)).max(max, M.max(max));

export const PayrollGeneralSettingsFields = {
  /** Days-per-year factor for monthly <-> daily rates (DOLE Handbook Ch. 1 E): 261, 313 or 365 are usual. */
  Divisor: int(1, 366),
  /** How the monthly SSS, PhilHealth and Pag-IBIG contributions fall on the two semi-monthly cut-offs. */
  ContributionSplit: z.enum(CONTRIBUTION_SPLITS),
  /** Per-period withholding tables (RR 11-2018 Annex E, trued up in December) or annualised. */
  TaxMethod: z.enum(TAX_METHODS),
  WeeklyContributions: z.enum(WEEKLY_CONTRIBUTIONS),
  /** Take-home pay that loans and other deductions may not eat into. */
  MinimumNetPay: Money({ allowZero: true }),
  /** Semi-monthly: the first cut-off ends on this day of the month. */
  FirstCutoffEndDay: int(1, 27),
  /** Weekly: the day a week's cut-off ends (0 Sunday .. 6 Saturday). */
  WeeklyCutoffEndDay: int(0, 6),
  /** The pay date, in days after the cut-off ends. */
  PayDateLagDays: int(0, 31),
};

export const PayrollGeneralSettings = z.object({
  CompanyId: z.uuid(),
  CompanyName: z.string(),
  /** From the company record (the Admin keeps it). */
  PayFrequency: z.string().nullable(),
  Divisor: z.number().int(),
  ContributionSplit: z.enum(CONTRIBUTION_SPLITS),
  TaxMethod: z.enum(TAX_METHODS),
  WeeklyContributions: z.enum(WEEKLY_CONTRIBUTIONS),
  MinimumNetPay: z.string(),
  FirstCutoffEndDay: z.number().int(),
  WeeklyCutoffEndDay: z.number().int(),
  PayDateLagDays: z.number().int(),
  RowVersion: z.number().int(),
  UpdatedAt: z.string(),
});
export type PayrollGeneralSettings = z.infer<typeof PayrollGeneralSettings>;

export const UpdatePayrollGeneralSettingsRequest = z.strictObject({
  ...PayrollGeneralSettingsFields,
  RowVersion,
  ...outputOnly({
    CompanyId: z.uuid(),
    CompanyName: z.string(),
    PayFrequency: z.string().nullable(),
    UpdatedAt: z.string(),
  }),
});
export type UpdatePayrollGeneralSettingsRequest = z.input<typeof UpdatePayrollGeneralSettingsRequest>;

/**
 * The engine's statutory tables as it applies them, read-only, each row with the date it takes effect and its
 * source (money and rates as decimal strings).
 */
const row = z.record(z.string(), z.unknown());
export const StatutoryTables = z.object({
  Sss: z.array(row),
  PhilHealth: z.array(row),
  PagIbig: z.array(row),
  Withholding: z.array(row),
  AnnualTax: z.array(row),
  BenefitsCeiling: z.array(row),
  DeMinimis: z.array(row),
  Premiums: z.array(row),
});
export type StatutoryTables = z.infer<typeof StatutoryTables>;
