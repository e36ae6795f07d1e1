/**
 * The payslip under construction: its lines and the running totals the later steps read (gross, taxable
 * earnings, SSS compensation, amount deducted), and the deduction rule that never takes net pay below
 * settings.minimumNetPay (Labor Code Art. 113 allows deductions; none may leave a negative net — README
 * "Deductions"). One instance per computePayslip call.
 */
import { formatMoney } from '../../money.js';
import type { DeferredDeduction, PayslipLine } from './types.js';

/** Accumulates lines and the running totals that feed contributions and tax. */
export class Slip {
  lines: PayslipLine[] = [];
  gross = 0;
  taxableEarnings = 0;
  sssComp = 0;
  deducted = 0;
  deferred: DeferredDeduction[] = [];
  notes: string[] = [];

  earn(
    c: string,
    description: string,
    quantity: number,
    unit: PayslipLine['unit'],
    rate: string,
    amount: number,
    taxable: boolean,
    inSss: boolean,
  ) {
    this.lines.push({
      code: c,
      description,
      kind: 'earning',
      quantity,
      unit,
      rate,
      amount: formatMoney(amount),
      taxable,
    });
    this.gross += amount;
    if (taxable) this.taxableEarnings += amount;
    if (inSss) this.sssComp += amount;
  }

  /** Takes a deduction if it fits above `minNet`; otherwise defers all of it (or the rest, when partial). */
  deduct(c: string, description: string, amount: number, partial: boolean, minNet: number): number {
    const available = this.gross - minNet - this.deducted;
    let take = amount;
    if (amount > 0 && amount > available) {
      take = partial ? Math.max(0, available) : 0;
      this.deferred.push({
        code: c,
        description,
        amount: formatMoney(amount),
        deducted: formatMoney(take),
        deferred: formatMoney(amount - take),
      });
    }
    if (take !== 0) {
      const m = formatMoney(take);
      this.lines.push({
        code: c,
        description,
        kind: 'deduction',
        quantity: 1,
        unit: 'period',
        rate: m,
        amount: m,
        taxable: false,
      });
      this.deducted += take;
    }
    return take;
  }
}
