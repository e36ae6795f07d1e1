/**
 * Withholding tax on compensation: the taxable base is the taxable lines less the mandatory employee
 * contributions (NIRC Sec. 32(B)(7)(f); a minimum wage earner's day-based pay is exempt, RA 10963 / RR 11-2018),
 * taxed by the BIR withholding table for the pay frequency (RR 11-2018 Annex E, per-period method) or by the
 * annualised (cumulative) method, and trued up on the last payroll of the year (RR 2-98 as amended by
 * RR 11-2018: annual tax on the year's compensation less tax withheld; a negative figure is a refund).
 * REFERENCE.md §4.1, §4.2, §4.7, §8.6.
 */
import { formatMoney, mulDivHalfUp, parseMoneyOpt } from '../../money.js';
import { pickAnnual, pickWithholding, type PayrollTables } from '../../tables/index.js';
import { annualTaxCore, withholdingCore } from '../tax.js';
import { daysBetween } from './inputs.js';
import type { PayslipWork } from './terms.js';
import type { Payslip } from './types.js';

export interface Withholding {
  taxableBase: number;
  ytdTaxable: number;
  ytdWithheld: number;
  /** Tax due this period (negative: a year-end refund). */
  wtax: number;
  yearEnd: Payslip['yearEnd'];
}

/** Fills the Withholding of `w` (its Contributions already in); `taxableEarnings`: the taxable lines. */
export function withholding(
  w: PayslipWork,
  ytdIn: Record<string, unknown>,
  tables: PayrollTables,
  taxableEarnings: number,
): void {
  const eeShares = w.sssEe + w.phEe + w.pgEe; // the employee's SSS + PhilHealth + Pag-IBIG this period
  const { mwe, doTax, lastOfYear, taxMethod, year, month, end, weekly, frequency, periodsPerMonth, cutoff } =
    w;
  const taxableBase = Math.max(0, taxableEarnings - (mwe ? 0 : eeShares));
  const ytdTaxable = parseMoneyOpt(ytdIn.taxableCompensation, 'ytd.taxableCompensation');
  const ytdWithheld = parseMoneyOpt(ytdIn.withholdingTax, 'ytd.withholdingTax');
  let wtax = 0;
  let yearEnd: Payslip['yearEnd'];
  if (doTax) {
    if (lastOfYear) {
      // RR 2-98 as amended by RR 11-2018: annualise on the last payroll; a negative adjustment is a refund.
      const annualT = pickAnnual(tables, `${year}-12-31`, 'period.end', 'annual income tax');
      const annualTaxable = ytdTaxable + taxableBase;
      const annual = annualTaxCore(annualT.brackets, annualTaxable).tax;
      wtax = annual - ytdWithheld;
      yearEnd = {
        annualTaxableCompensation: formatMoney(annualTaxable),
        annualTax: formatMoney(annual),
        withheldBefore: formatMoney(ytdWithheld),
        adjustment: formatMoney(wtax),
      };
    } else if (taxMethod === 'per-period') {
      const wt = pickWithholding(tables, end, 'period.end', 'BIR withholding');
      wtax = withholdingCore(wt.periods[frequency], taxableBase).tax;
    } else {
      // Cumulative: project the year from the year-to-date average; withhold the tax due so far less withheld.
      const annualT = pickAnnual(tables, `${year}-12-31`, 'period.end', 'annual income tax');
      // Weekly: idx = this week's number among the weeks ending in the year, ppy = how many end in it (52 or 53).
      const doy = weekly ? daysBetween(`${year}-01-01`, end) : 0;
      const idx = weekly ? Math.floor(doy / 7) + 1 : (month - 1) * periodsPerMonth + cutoff;
      const ppy = weekly ? idx + Math.floor(daysBetween(end, `${year}-12-31`) / 7) : 12 * periodsPerMonth;
      const projected = mulDivHalfUp(ytdTaxable + taxableBase, ppy, 1, idx);
      const toDate = mulDivHalfUp(annualTaxCore(annualT.brackets, projected).tax, idx, 1, ppy);
      wtax = Math.max(0, toDate - ytdWithheld);
    }
  }
  w.taxableBase = taxableBase;
  w.ytdTaxable = ytdTaxable;
  w.ytdWithheld = ytdWithheld;
  w.wtax = wtax;
  w.yearEnd = yearEnd;
}
