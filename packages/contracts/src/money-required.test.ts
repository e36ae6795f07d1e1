import { describe, expect, it } from 'vitest';
import { Money, MoneyMessages } from './money.js';
import { CreateLoanRequest, CreatePayItemRequest, CreatePayRateRequest } from './pay-profiles.js';
import { CreatePayrollAdjustmentFields } from './payroll-periods.js';
import { ValidationMessages } from './validation-messages.js';

const messageOf = (
  result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } },
  path: string,
) => result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;

describe('an empty required money field (spec §5)', () => {
  it('says "This field is required", blank or empty; a malformed amount keeps its own message', () => {
    for (const text of ['', '   ']) {
      const result = Money().safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(ValidationMessages.required);
    }
    expect(Money({ allowZero: true }).safeParse('').error!.issues[0]!.message).toBe(
      ValidationMessages.required,
    );
    expect(Money().safeParse('12.345').error!.issues[0]!.message).toBe(MoneyMessages.malformed);
  });

  it("is what Add Rate's Rate, Add Loan's amounts and Add Item's amount say when left empty", () => {
    const rate = CreatePayRateRequest.safeParse({
      EffectiveFrom: '2026-01-01',
      RateType: 'Monthly',
      Rate: '',
    });
    expect(messageOf(rate, 'Rate')).toBe(ValidationMessages.required);
    const loan = CreateLoanRequest.safeParse({ Principal: '', Amortization: '' });
    expect(messageOf(loan, 'Principal')).toBe(ValidationMessages.required);
    expect(messageOf(loan, 'Amortization')).toBe(ValidationMessages.required);
    const item = CreatePayItemRequest.safeParse({ Amount: '' });
    expect(messageOf(item, 'Amount')).toBe(ValidationMessages.required);
  });
});

describe('an empty adjustment code (payroll officer walkthrough)', () => {
  it('says "This field is required" alone, like every other empty field; a bad code keeps its own message', () => {
    const codeIssues = (Code: string) =>
      CreatePayrollAdjustmentFields.safeParse({ Code }).error!.issues.filter((i) => i.path[0] === 'Code');
    for (const empty of ['', '  ']) {
      expect(codeIssues(empty).map((i) => i.message)).toEqual([ValidationMessages.required]);
    }
    expect(codeIssues('not ok!').map((i) => i.message)).toEqual(['Use 1 to 20 letters, digits, - or _']);
  });
});
