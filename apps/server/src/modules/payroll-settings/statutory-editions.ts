/**
 * The BIR and de minimis editions a company adds (issue 10 §2): their flat request Values (`semi-monthly.2.rate`,
 * `riceSubsidy`) <-> the engine's nested table shape, the engine calls that try an edition out, and the checks
 * the engine does not make (bracket order and continuity). The Values are stored flat, as sent.
 */
import {
  annualIncomeTax,
  benefitsExemption,
  DEFAULT_TABLES,
  deMinimisCeiling,
  formatMoney,
  parseMoney,
  withholdingTax,
  type PayFrequency,
  type PayrollTables,
  type TaxBracket,
} from '@hrpay/payroll';
import {
  DE_MINIMIS_KINDS,
  MAX_TAX_BRACKETS,
  STATUTORY_BRACKET_GROUPS,
  STATUTORY_ROW_FIELDS,
  type StatutoryRowKind,
  type ValidationError,
} from '@hrpay/contracts';

type Flat = Record<string, string>;
type EditionKind = 'Withholding' | 'AnnualTax' | 'BenefitsCeiling' | 'DeMinimis';

const FREQUENCIES = STATUTORY_BRACKET_GROUPS.Withholding as readonly PayFrequency[];

/** The engine's list, name and trial call of each kind (merged into the service's ENGINE map). */
export const EDITION_ENGINE: Record<
  EditionKind,
  {
    list: 'withholding' | 'annualIncomeTax' | 'benefitsCeiling' | 'deMinimis';
    name: string;
    apply: (t: PayrollTables, month: string, pay: string) => void;
  }
> = {
  Withholding: {
    list: 'withholding',
    name: 'BIR withholding',
    apply: (tables, month, taxableCompensation) => {
      for (const period of FREQUENCIES)
        withholdingTax({ period, taxableCompensation, asOf: `${month}-01`, tables });
    },
  },
  AnnualTax: {
    list: 'annualIncomeTax',
    name: 'BIR annual income tax',
    apply: (tables, month, annualTaxableIncome) =>
      annualIncomeTax({ annualTaxableIncome, taxYear: Number(month.slice(0, 4)), tables }),
  },
  BenefitsCeiling: {
    list: 'benefitsCeiling',
    name: '13th-month and other benefits ceiling',
    apply: (tables, month, thirteenthMonthAndOtherBenefits) =>
      benefitsExemption({ thirteenthMonthAndOtherBenefits, year: Number(month.slice(0, 4)), tables }),
  },
  DeMinimis: {
    list: 'deMinimis',
    name: 'de minimis',
    apply: (tables, month) => {
      for (const kind of DE_MINIMIS_KINDS) deMinimisCeiling({ kind, asOf: `${month}-01`, tables });
    },
  },
};

const BRACKET_KEY = /^(.+)\.(\d{1,2})\.\w+$/;

/**
 * The figures a request of this kind must carry. A tax table has as many brackets per group as the request
 * sends (at least one, at most MAX_TAX_BRACKETS), each with the kind's figures: `brackets.0.over`, ...
 */
export function editionFields(kind: StatutoryRowKind, values: Flat) {
  const figures = STATUTORY_ROW_FIELDS[kind];
  const groups = STATUTORY_BRACKET_GROUPS[kind];
  if (!groups) return figures;
  const fields: Record<string, (typeof figures)[string]> = {};
  for (const group of groups) {
    let count = 1;
    for (const key of Object.keys(values)) {
      const m = BRACKET_KEY.exec(key);
      if (m?.[1] === group && Number(m[2]) < MAX_TAX_BRACKETS) count = Math.max(count, Number(m[2]) + 1);
    }
    for (let i = 0; i < count; i++)
      for (const [figure, type] of Object.entries(figures)) fields[`${group}.${i}.${figure}`] = type;
  }
  return fields;
}

const bracketsOf = (values: Flat, group: string): TaxBracket[] => {
  const list: TaxBracket[] = [];
  for (let i = 0; values[`${group}.${i}.over`] !== undefined; i++)
    list.push({
      over: values[`${group}.${i}.over`]!,
      fixed: values[`${group}.${i}.fixed`]!,
      rate: values[`${group}.${i}.rate`]!,
    });
  return list;
};

/** The period (month / year) of each de minimis benefit in the engine's table in force on `date`. */
const perInForce = (date: string) =>
  DEFAULT_TABLES.deMinimis.reduce((found, t) => (t.effectiveFrom <= date ? t : found)).ceilings;

/** A stored edition's figures in the engine's shape (without effectiveFrom and source). */
export function toEngineEdition(kind: StatutoryRowKind, values: Flat, effectiveFrom: string): object {
  switch (kind) {
    case 'Withholding':
      return { periods: Object.fromEntries(FREQUENCIES.map((p) => [p, bracketsOf(values, p)])) };
    case 'AnnualTax':
      return { brackets: bracketsOf(values, 'brackets') };
    case 'DeMinimis': {
      const per = perInForce(effectiveFrom);
      return {
        ceilings: Object.fromEntries(
          DE_MINIMIS_KINDS.map((k) => [k, { amount: values[k], per: per[k].per }]),
        ),
        overtimeMealShareOfMinimumWage: values.overtimeMealShareOfMinimumWage,
      };
    }
    default:
      return values;
  }
}

/** The engine's name of a nested figure -> the request's: `tables.withholding[1].periods.daily[2].rate` -> `Values.daily.2.rate`. */
export function editionField(engineField: string): string | undefined {
  const bracket = /^tables\.\w+\[\d+\]\.(?:periods\.)?([\w-]+)\[(\d+)\]\.(\w+)$/.exec(engineField);
  if (bracket) return `Values.${bracket[1]}.${bracket[2]}.${bracket[3]}`;
  const ceiling = /^tables\.deMinimis\[\d+\]\.ceilings\.(\w+)\.amount$/.exec(engineField)?.[1];
  return ceiling && `Values.${ceiling}`;
}

/** A rate as an integer over 10,000 ("0.15" -> 1500); undefined if it is not a plain fraction. */
const rateOf = (rate: string) => {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(rate);
  return m ? Number(m[1]) * 10_000 + Number(`${m[2] ?? ''}0000`.slice(0, 4)) : undefined;
};
const PLAIN_RATE = 'Enter the rate as a plain fraction with up to 4 decimals (0.15 for 15%)';

/**
 * What the engine does not check, run after it accepted the figures (so amounts parse): the meal share is a plain
 * rate; each tax bracket list starts at 0.00 with no tax, goes up strictly, and is continuous (a bracket's fixed
 * tax is the one before plus its rate on the amount between, to the centavo).
 */
export function editionErrors(kind: StatutoryRowKind, values: Flat): ValidationError[] {
  const errors: ValidationError[] = [];
  if (kind === 'DeMinimis' && rateOf(values.overtimeMealShareOfMinimumWage ?? '') === undefined)
    errors.push({ Code: 'Values.overtimeMealShareOfMinimumWage', Description: PLAIN_RATE });
  for (const group of STATUTORY_BRACKET_GROUPS[kind] ?? []) {
    const list = bracketsOf(values, group).map((b, i) => {
      const rate = rateOf(b.rate);
      if (rate === undefined) errors.push({ Code: `Values.${group}.${i}.rate`, Description: PLAIN_RATE });
      return { over: parseMoney(b.over, 'over'), fixed: parseMoney(b.fixed, 'fixed'), rate };
    });
    const first = list[0]!;
    if (first.over !== 0)
      errors.push({ Code: `Values.${group}.0.over`, Description: 'The first bracket starts at 0.00' });
    if (first.fixed !== 0 || first.rate !== 0)
      errors.push({
        Code: `Values.${group}.0.${first.fixed !== 0 ? 'fixed' : 'rate'}`,
        Description: 'The first bracket is tax-free: its fixed tax and rate are 0',
      });
    for (let i = 1; i < list.length; i++) {
      const [before, b] = [list[i - 1]!, list[i]!];
      if (b.over <= before.over) {
        errors.push({
          Code: `Values.${group}.${i}.over`,
          Description: `Brackets go up: this one must start above ${formatMoney(before.over)}`,
        });
        continue;
      }
      // A rate that is not a fraction below 1 has its own error.
      if (before.rate === undefined || before.rate >= 10_000) continue;
      // BigInt: a rate over 10,000 times centavos can pass 2^53; half up to the centavo.
      const expected =
        before.fixed + Number((BigInt(before.rate) * BigInt(b.over - before.over) + 5_000n) / 10_000n);
      if (b.fixed !== expected)
        errors.push({
          Code: `Values.${group}.${i}.fixed`,
          Description: `The table is not continuous: the fixed tax here must be ${formatMoney(expected)} (the bracket before's fixed tax plus its rate on the amount between)`,
        });
    }
  }
  return errors;
}
