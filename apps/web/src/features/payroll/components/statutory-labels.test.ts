import { describe, expect, it } from 'vitest';
import { PREMIUM_DAYS, STATUTORY_BRACKET_GROUPS, STATUTORY_ROW_FIELDS } from '@hrpay/contracts';
import { label } from './statutory-labels';

/** What the fallback makes of a name: its words, the first capitalised ("cbaProductivityIncentive" -> "Cba ..."). */
const generated = (key: string) => {
  const words = key
    .replace(/[_-]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

describe('statutory table labels', () => {
  it('names every field of every table, not by its generated words', () => {
    // The names whose words already are the label ("Rate", "Over", "Daily", "Christmas gift", ...).
    const plainWords = new Set([
      'rate',
      'over',
      'daily',
      'weekly',
      'semi-monthly',
      'monthly',
      'brackets',
      'riceSubsidy',
      'laundryAllowance',
      'christmasGift',
      'nightDifferential',
      'regular_holiday',
      'worked',
      'overtime',
      'per',
    ]);
    const fields = [
      ...Object.values(STATUTORY_ROW_FIELDS).flatMap((f) => Object.keys(f)),
      ...Object.values(STATUTORY_BRACKET_GROUPS).flat(),
      ...PREMIUM_DAYS,
      'fixed',
      'ceilings',
      'amount',
      'per',
      'days',
      'worked',
      'overtime',
      'unworked',
    ].filter((key) => !key.includes('.') && !plainWords.has(key));
    expect(fields.length).toBeGreaterThan(40);
    for (const key of fields) expect(label(key), key).not.toBe(generated(key));
  });

  it('uses the Philippine payroll names of the days and benefits', () => {
    expect(label('special_non_working')).toBe('Special non-working day');
    expect(label('double_special_non_working_rest_day')).toBe('Double special non-working day on a rest day');
    expect(label('double_regular_holiday')).toBe('Double holiday');
    expect(label('double_regular_holiday_rest_day')).toBe('Double holiday on a rest day');
    expect(label('ordinary_rest_day')).toBe('Rest day');
    expect(label('cbaProductivityIncentive')).toBe('CBA / productivity incentive');
    expect(label('medicalAllowanceDependents')).toBe('Medical cash allowance to dependents');
    expect(label('employeeRateLow')).toBe('Employee share, up to threshold');
    expect(label('employeeRateHigh')).toBe('Employee share, above threshold');
    expect(label('overtimeMealShareOfMinimumWage')).toBe(
      'OT / night shift meal allowance (share of minimum wage)',
    );
  });

  it("reads a field the table's way where it differs", () => {
    expect(label('rate', 'PhilHealth')).toBe('Premium rate');
    expect(label('rate', 'Withholding')).toBe('Rate');
    expect(label('ceiling', 'BenefitsCeiling')).toBe('Yearly exclusion ceiling');
    expect(label('ceiling', 'PhilHealth')).toBe('Salary ceiling');
  });

  it('names a premium figure by its day and part', () => {
    expect(label('regular_holiday.worked')).toBe('Regular holiday: worked');
    expect(label('special_non_working_rest_day.unworked')).toBe(
      'Special non-working day on a rest day: not worked',
    );
  });

  it('still makes words of a name it does not know', () => {
    expect(label('someNewField')).toBe('Some new field');
    expect(label('another_new_field')).toBe('Another new field');
  });
});
