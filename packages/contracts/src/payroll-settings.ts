import { z } from 'zod';
import { calendarDate, optionalFreeText, requiredText } from './field-rules.js';
import { HolidayDayType } from './holidays.js';
import { Money } from './money.js';
import { listRequest, listResponse, outputOnly, RowVersion } from './lists.js';
import { DeMinimisKind, PayCode } from './pay-profiles.js';
import { ValidationMessages as M } from './validation-messages.js';

/** Issue 10 §2: the payroll engine's settings of a company and its cut-off and pay-date rules. */
export const CONTRIBUTION_SPLITS = ['equal', 'first-cutoff', 'second-cutoff', 'month-to-date'] as const;
export const TAX_METHODS = ['per-period', 'annualised'] as const;
export const WEEKLY_CONTRIBUTIONS = ['last-week', 'month-to-date'] as const;

const int = (min: number, max: number) =>
  z.number(M.required).int('Enter a whole number').min(min, M.min(min)).max(max, M.max(max));

/** A bank's payroll enrolment code of the company (BPI, BDO); empty: none on file. */
const enrolmentCode = optionalFreeText(10).transform((v) => v || null);
/** The funding account a bank debits for the payroll: 10 or 12 digits (spaces and dashes as typed); digits kept. */
const fundingAccount = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || /^\d{10}(\d{2})?$/.test(v.replace(/[ -]/g, '')),
    'Enter the 10- or 12-digit funding account',
  )
  .nullable()
  .optional()
  .transform((v) => v?.replace(/[ -]/g, '') || null);

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
  /** The region's daily minimum wage (RTWPB wage order); compute warns about daily rates below it. */
  MinimumDailyWage: Money().nullable().default(null),
  /** Semi-monthly: the first cut-off ends on this day of the month. */
  FirstCutoffEndDay: int(1, 27),
  /** Weekly: the day a week's cut-off ends (0 Sunday .. 6 Saturday). */
  WeeklyCutoffEndDay: int(0, 6),
  /** The pay date, in days after the cut-off ends. */
  PayDateLagDays: int(0, 31),
  /** Segregation of duties (OUTPUTS.md, run states): a period is approved by another user than the one who
   *  computed it. Off by default, for a company with one payroll officer. */
  ApproverMustDiffer: z.boolean().default(false),
  /** The company's enrolment with BPI and BDO for their payroll credit files (the Reports page fills them in). */
  BpiCompanyCode: enrolmentCode,
  BpiCompanyAccount: fundingAccount,
  BdoCompanyCode: enrolmentCode,
  BdoCompanyAccount: fundingAccount,
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
  MinimumDailyWage: z.string().nullable(),
  FirstCutoffEndDay: z.number().int(),
  WeeklyCutoffEndDay: z.number().int(),
  PayDateLagDays: z.number().int(),
  ApproverMustDiffer: z.boolean(),
  BpiCompanyCode: z.string().nullable(),
  BpiCompanyAccount: z.string().nullable(),
  BdoCompanyCode: z.string().nullable(),
  BdoCompanyAccount: z.string().nullable(),
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

// ---------- Pay components (the company's earning and deduction codes) ----------

export const PAY_COMPONENT_KINDS = ['Earning', 'Deduction'] as const;
export const PayComponentMessages = {
  deMinimisOnEarning: 'Only an earning can be de minimis',
} as const;

export const PayComponentFields = {
  Code: PayCode,
  Name: requiredText(100),
  Kind: z.enum(PAY_COMPONENT_KINDS),
  /** Earnings: taxable unless de minimis; a deduction is never taxable. */
  Taxable: z.boolean().default(true),
  DeMinimis: DeMinimisKind.nullable().optional(),
  IsActive: z.boolean().default(true),
};
const deMinimisOnEarning = <T extends { Kind: string; DeMinimis?: string | null }>(v: T) =>
  v.Kind === 'Earning' || !v.DeMinimis;
const PayComponentOutput = {
  PayComponentId: z.uuid(),
  /** Recurring items and payroll adjustments of the company with this code. */
  UsageCount: z.number().int(),
  CreatedAt: z.string(),
};
export const PayComponent = z.object({
  ...PayComponentOutput,
  Code: z.string(),
  Name: z.string(),
  Kind: z.enum(PAY_COMPONENT_KINDS),
  Taxable: z.boolean(),
  DeMinimis: DeMinimisKind.nullable(),
  IsActive: z.boolean(),
  RowVersion: z.number().int(),
});
export type PayComponent = z.infer<typeof PayComponent>;
export const CreatePayComponentRequest = z
  .strictObject(PayComponentFields)
  .refine(deMinimisOnEarning, { path: ['DeMinimis'], message: PayComponentMessages.deMinimisOnEarning });
export type CreatePayComponentRequest = z.input<typeof CreatePayComponentRequest>;
export const UpdatePayComponentRequest = z
  .strictObject({ ...PayComponentFields, RowVersion, ...outputOnly(PayComponentOutput) })
  .refine(deMinimisOnEarning, { path: ['DeMinimis'], message: PayComponentMessages.deMinimisOnEarning });
export type UpdatePayComponentRequest = z.input<typeof UpdatePayComponentRequest>;
export const PAY_COMPONENT_SORTABLE = ['Code', 'Name', 'Kind', 'IsActive'] as const;
export const PayComponentListRequest = listRequest(PAY_COMPONENT_SORTABLE, {
  Kind: z.enum(PAY_COMPONENT_KINDS).optional(),
  IsActive: z.boolean().optional(),
});
export type PayComponentListRequest = z.input<typeof PayComponentListRequest>;
export const PayComponentListResponse = listResponse(PayComponent);
/** The active components, for the recurring item and adjustment pickers. */
export const PayComponentOption = PayComponent.pick({
  PayComponentId: true,
  Code: true,
  Name: true,
  Kind: true,
  Taxable: true,
  DeMinimis: true,
});
export type PayComponentOption = z.infer<typeof PayComponentOption>;
export const PayComponentOptionsResponse = z.array(PayComponentOption);

// ---------- Statutory table rows a company adds for a future date ----------

/**
 * The tables a company may add an edition of: contributions, the BIR tax tables, the benefits ceiling and de
 * minimis ceilings for a future month, and its holiday premiums (a company may pay more than DOLE, never less).
 */
export const STATUTORY_ROW_KINDS = [
  'Sss',
  'PhilHealth',
  'PagIbig',
  'Premiums',
  'Withholding',
  'AnnualTax',
  'BenefitsCeiling',
  'DeMinimis',
] as const;
export type StatutoryRowKind = (typeof STATUTORY_ROW_KINDS)[number];

/** The engine's premium days (packages/payroll tables/premiums.ts): each day type, and on a rest day. */
export const PREMIUM_DAYS = HolidayDayType.options.flatMap((d) => [d, `${d}_rest_day`]);
const PREMIUM_PARTS = ['worked', 'overtime', 'unworked'] as const;
/** The engine's premium table: multipliers per day, and the night differential (decimal strings). */
export interface PremiumFigures {
  days: Record<string, Record<(typeof PREMIUM_PARTS)[number], string>>;
  nightDifferential: string;
}
/** A premium edition's flat Values ("regular_holiday.worked": "2.00") as the engine's nested table. */
export const premiumTable = (values: Record<string, string>): PremiumFigures => ({
  days: Object.fromEntries(
    PREMIUM_DAYS.map((d) => [d, Object.fromEntries(PREMIUM_PARTS.map((p) => [p, values[`${d}.${p}`]!]))]),
  ) as PremiumFigures['days'],
  nightDifferential: values.nightDifferential!,
});
/** The engine's nested premium table as flat Values (the inverse of premiumTable). */
export const premiumValues = (table: PremiumFigures): Record<string, string> => ({
  ...Object.fromEntries(
    PREMIUM_DAYS.flatMap((d) => PREMIUM_PARTS.map((p) => [`${d}.${p}`, String(table.days[d]?.[p] ?? '')])),
  ),
  nightDifferential: String(table.nightDifferential),
});

/**
 * Each kind's figures, the engine table's field names: money ("5000.00"), a rate ("0.05"), a number of days, or a
 * premium multiplier of the daily rate ("2.00"; premiums are keyed day.part, e.g. "regular_holiday.worked"). A
 * bracket kind (STATUTORY_BRACKET_GROUPS) lists one bracket's figures, sent as `<group>.<index>.<figure>`.
 */
export const STATUTORY_ROW_FIELDS: Record<
  StatutoryRowKind,
  Record<string, 'money' | 'rate' | 'days' | 'multiplier'>
> = {
  Sss: {
    minMsc: 'money',
    maxMsc: 'money',
    mscStep: 'money',
    regularSsCap: 'money',
    employeeRate: 'rate',
    employerRate: 'rate',
    ecThreshold: 'money',
    ecLow: 'money',
    ecHigh: 'money',
  },
  PhilHealth: { rate: 'rate', floor: 'money', ceiling: 'money' },
  PagIbig: {
    lowThreshold: 'money',
    employeeRateLow: 'rate',
    employeeRateHigh: 'rate',
    employerRate: 'rate',
    maxFundSalary: 'money',
  },
  Premiums: {
    ...Object.fromEntries(
      PREMIUM_DAYS.flatMap((d) => PREMIUM_PARTS.map((p) => [`${d}.${p}`, 'multiplier' as const])),
    ),
    nightDifferential: 'rate',
  },
  Withholding: { over: 'money', fixed: 'money', rate: 'rate' },
  AnnualTax: { over: 'money', fixed: 'money', rate: 'rate' },
  BenefitsCeiling: { ceiling: 'money' },
  // Only the amounts: each benefit keeps the period (per month / year) of the table in force.
  DeMinimis: {
    monetizedVacationLeaveDays: 'days',
    medicalAllowanceDependents: 'money',
    riceSubsidy: 'money',
    uniformAllowance: 'money',
    medicalAssistance: 'money',
    laundryAllowance: 'money',
    achievementAward: 'money',
    christmasGift: 'money',
    cbaProductivityIncentive: 'money',
    overtimeMealShareOfMinimumWage: 'rate',
  },
};
/** Tax tables: their brackets' groups (the pay frequencies of the withholding table), bracket 0 first. */
export const STATUTORY_BRACKET_GROUPS: Partial<Record<StatutoryRowKind, readonly string[]>> = {
  Withholding: ['daily', 'weekly', 'semi-monthly', 'monthly'],
  AnnualTax: ['brackets'],
};
export const MAX_TAX_BRACKETS = 12;

export const CreateStatutoryRowRequest = z.strictObject({
  Kind: z.enum(STATUTORY_ROW_KINDS),
  /** The first day of a month: strictly after today; premiums from this month on. */
  EffectiveFrom: calendarDate,
  /** The issuance the figures come from. */
  Source: requiredText(200),
  /** The figures as decimal strings, keyed by the engine's field names (STATUTORY_ROW_FIELDS). */
  Values: z.record(z.string(), z.string().trim().max(20, M.maxLength(20))),
});
export type CreateStatutoryRowRequest = z.input<typeof CreateStatutoryRowRequest>;
export const StatutoryRow = z.object({
  StatutoryRowId: z.uuid(),
  Kind: z.enum(STATUTORY_ROW_KINDS),
  EffectiveFrom: z.string(),
  Source: z.string(),
  Values: z.record(z.string(), z.string()),
  /** Still in the future, so it can be deleted. */
  CanDelete: z.boolean(),
  CreatedAt: z.string(),
});
export type StatutoryRow = z.infer<typeof StatutoryRow>;

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
  /** The editions the company added (also merged into their tables above). */
  Added: z.array(StatutoryRow),
});
export type StatutoryTables = z.infer<typeof StatutoryTables>;
