import { describe, expect, it } from 'vitest';
import { UpdateEmployeePayDetailsRequest } from '@hrpay/contracts';
import { bodyResolver, NOT_A_NUMBER } from './body-resolver';

const profile = {
  IsMinimumWageEarner: false,
  PaymentMethod: 'Bank' as const,
  ExemptSss: false,
  ExemptPhilHealth: false,
  ExemptPagIbig: false,
  ExemptWithholdingTax: false,
  Divisor: '',
  BankName: 'BDO Unibank',
  BankAccountNumber: '001200000006',
  RowVersion: 1,
};
type Profile = typeof profile;
// As the profile tab makes its body: the divisor's text as a number, empty as none.
const toBody = (v: Profile) => ({ ...v, Divisor: v.Divisor.trim() === '' ? null : Number(v.Divisor) });
const check = (values: Profile) =>
  bodyResolver<Profile>(UpdateEmployeePayDetailsRequest, toBody)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('bodyResolver', () => {
  it('says "Enter a number" for a number field holding text, not zod\'s "expected number, received NaN"', async () => {
    const { errors } = await check({ ...profile, Divisor: 'abc' });
    expect(errors.Divisor?.message).toBe(NOT_A_NUMBER);
  });

  it("keeps the schema's own messages", async () => {
    expect((await check({ ...profile, Divisor: '400' })).errors.Divisor?.message).toBe(
      'Value must be at most 366',
    );
    expect((await check({ ...profile, Divisor: '2.5' })).errors.Divisor?.message).toBe(
      'Enter a whole number',
    );
  });

  it("hands the form's own values on when the body is valid", async () => {
    const { values, errors } = await check({ ...profile, Divisor: '313' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ Divisor: '313' });
  });
});
