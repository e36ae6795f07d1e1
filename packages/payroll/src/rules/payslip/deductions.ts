/**
 * Deductions in priority order: SSS, PhilHealth, Pag-IBIG, withholding tax, then the other deductions (loans and
 * the like) as given. Deductions are those the law allows (Labor Code Art. 113; statutory shares and tax by their
 * own laws, loans with the employee's authority); one that does not fit in the pay left above
 * settings.minimumNetPay is deferred whole (or in part with allowPartial), so net pay is never negative. A
 * deferred statutory share is still the amount due for the period (README.md "Deductions").
 */
import { formatGrouped, parseMoney } from '../../money.js';
import { bool } from '../../validate.js';
import { code, itemFields, items } from './inputs.js';
import type { Slip } from './slip.js';
import type { PayslipWork } from './terms.js';

// The SSS line's description names its two parts. Employees on the same salary credit share it, so recent ones are
// kept (a pure function of the two amounts, written once per slot: nothing of one payslip reaches another).
const SSS_SLOTS = 256;
const sssKeySs = new Float64Array(SSS_SLOTS).fill(NaN);
const sssKeyMpf = new Float64Array(SSS_SLOTS);
const sssText: string[] = new Array<string>(SSS_SLOTS).fill('');

function sssDescription(ss: number, mpf: number): string {
  const slot = Math.imul((ss | 0) ^ Math.imul(mpf | 0, 0x85ebca6b), 0x9e3779b1) >>> 24;
  if (sssKeySs[slot] === ss && sssKeyMpf[slot] === mpf) return sssText[slot]!;
  const d = `SSS employee share (regular SS ${formatGrouped(ss)}, MPF ${formatGrouped(mpf)})`;
  sssKeySs[slot] = ss;
  sssKeyMpf[slot] = mpf;
  sssText[slot] = d;
  return d;
}

/** Takes the deductions off `slip` (shares and tax from `w`); returns the withholding tax actually withheld. */
export function takeDeductions(slip: Slip, w: PayslipWork, inp: Record<string, unknown>): number {
  const { minNet, lastOfYear, sssEe, sssEeSS, sssEeMpf, phEe, pgEe, wtax } = w;
  if (sssEe) {
    slip.deduct('SSS', sssDescription(sssEeSS, sssEeMpf), sssEe, false, minNet);
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
