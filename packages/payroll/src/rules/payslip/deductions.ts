/**
 * Deductions in priority order: SSS, PhilHealth, Pag-IBIG, withholding tax, then the other deductions (loans and
 * the like) as given. Deductions are those the law allows (Labor Code Art. 113; statutory shares and tax by their
 * own laws, loans with the employee's authority); one that does not fit in the pay left above
 * settings.minimumNetPay is deferred whole (or in part with allowPartial), so net pay is never negative. A
 * deferred statutory share is still the amount due for the period (README.md "Deductions").
 */
import { formatMoney, parseMoney } from '../../money.js';
import { bool } from '../../validate.js';
import { code, itemFields, items } from './inputs.js';
import type { Slip } from './slip.js';
import type { PayslipWork } from './terms.js';

/** Takes the deductions off `slip` (shares and tax from `w`); returns the withholding tax actually withheld. */
export function takeDeductions(slip: Slip, w: PayslipWork, inp: Record<string, unknown>): number {
  const { minNet, lastOfYear, sssEe, sssEeSS, sssEeMpf, phEe, pgEe, wtax } = w;
  if (sssEe) {
    const d = `SSS employee share (regular SS ${formatMoney(sssEeSS)}, MPF ${formatMoney(sssEeMpf)})`;
    slip.deduct('SSS', d, sssEe, false, minNet);
  }
  if (phEe) slip.deduct('PHIC', 'PhilHealth employee share', phEe, false, minNet);
  if (pgEe) slip.deduct('HDMF', 'Pag-IBIG employee share', pgEe, false, minNet);
  let withheld = 0;
  if (wtax) {
    const d =
      wtax < 0
        ? 'Year-end tax refund'
        : lastOfYear
          ? 'Withholding tax (year-end adjustment)'
          : 'Withholding tax';
    withheld = slip.deduct('WTAX', d, wtax, false, minNet);
  }
  const other = items(inp.deductions, 'deductions');
  for (let i = 0; i < other.length; i++) {
    const d = other[i]!;
    const F = itemFields('deductions', i);
    const cd = code(d.code, F.code!);
    const description = d.description === undefined ? cd : code(d.description, F.description!);
    const amount = parseMoney(d.amount, F.amount!);
    slip.deduct(cd, description, amount, bool(d.allowPartial, F.allowPartial!, false), minNet);
  }
  return withheld;
}
