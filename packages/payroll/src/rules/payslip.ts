/**
 * computePayslip: one employee, one pay period. Integer centavos throughout; each line is rounded half-up once
 * from its exact fraction (REFERENCE.md §8.4 option (a)); totals are sums of the rounded lines.
 *
 * This module assembles the payslip from the steps in `payslip/`, in the order of README.md "How it pays":
 * terms.ts (period, settings, profile) → attendance.ts (the days) → earnings.ts (attendance pay) →
 * allowances.ts (allowances, de minimis, benefits bucket) → contributions.ts (SSS, PhilHealth, Pag-IBIG) →
 * withholding.ts (tax) → deductions.ts (priority order, deferral). Every step reads and validates its own part
 * of the input in that order, so the first bad field is the one reported. State of one call is made for that
 * call (the Slip) or taken from a one-slot pool and handed back (the attendance tally, zeroed, see attendance.ts;
 * the workspace, every field written by readTerms, see terms.ts); nothing of one payslip reaches the next.
 */
import { formatMoney, parseMoneyOpt } from '../money.js';
import { compileHolidays, pickPremiums, resolveTables } from '../tables/index.js';
import { obj } from '../validate.js';
import { allowancesAndBenefits } from './payslip/allowances.js';
import { giveBackTally, tallyAttendance, takeTally } from './payslip/attendance.js';
import { contributions } from './payslip/contributions.js';
import { takeDeductions } from './payslip/deductions.js';
import { attendanceEarnings } from './payslip/earnings.js';
import { EMPTY } from './payslip/inputs.js';
import { rateChangeAdjustments } from './payslip/rate-changes.js';
import { Slip } from './payslip/slip.js';
import { giveBackWork, readTerms } from './payslip/terms.js';
import type { Payslip, PayslipInput } from './payslip/types.js';
import { withholding } from './payslip/withholding.js';

export type * from './payslip/types.js';

export function computePayslip(input: PayslipInput): Payslip {
  const inp = obj(input, 'input');
  const tables = resolveTables(input.tables);
  const slip = new Slip();

  const w = readTerms(inp);
  const { start, end, weekly, frequency, cutoff, lastWeek, divisor, split, taxMethod, weeklyMode } = w;
  const premiums = pickPremiums(tables, end, 'period.end', 'premium pay');

  // ---- attendance → per (day type, rest day) sums of minutes × multiplier → earning lines
  const hol = compileHolidays(tables);
  // An exception leaves the tally out of the pool; the next call then makes a new one.
  const t = takeTally();
  tallyAttendance(
    t,
    inp.attendance,
    start,
    end,
    w.hpd,
    hol,
    premiums.list,
    w.monthly,
    w.restCovered,
    w.cola !== 0,
  );
  let basicEarned = attendanceEarnings(slip, w, t, premiums.list);
  giveBackTally(t);
  // ---- a rate that changed inside the period: the days before it at their own rate
  basicEarned += rateChangeAdjustments(slip, w, inp.attendance, hol, premiums.list, basicEarned);

  // ---- allowances, de minimis and the 90,000 benefits bucket
  const ytdIn = inp.ytd === undefined ? EMPTY : obj(inp.ytd, 'ytd');
  allowancesAndBenefits(w, slip, inp, ytdIn, tables);

  // ---- contributions: monthly tables, split across cut-offs (REFERENCE §8.5)
  contributions(w, inp, tables, slip.sssComp);

  // ---- withholding tax, then deductions in priority order
  withholding(w, ytdIn, tables, slip.taxableEarnings);
  const withheld = takeDeductions(slip, w, inp);
  const {
    sssEe,
    sssEeMpf,
    sssEr,
    sssEc,
    phEe,
    phEr,
    pgEe,
    pgEr,
    taxableBase,
    ytdTaxable,
    ytdWithheld,
    yearEnd,
  } = w;

  const f = formatMoney;
  const ytdBasic = parseMoneyOpt(ytdIn.basicSalaryEarned, 'ytd.basicSalaryEarned');
  const period = weekly
    ? { start, end, frequency, cutoff, lastWeekOfMonth: lastWeek }
    : { start, end, frequency, cutoff };
  const lines = slip.lines;
  const gross = f(slip.gross);
  const deductions = f(slip.deducted);
  const netPay = f(slip.gross - slip.deducted);
  const taxableBaseText = f(taxableBase);
  const withholdingTax = f(withheld);
  const employeeShares = {
    sss: f(sssEe),
    sssMpf: f(sssEeMpf),
    philhealth: f(phEe),
    pagibig: f(pgEe),
    total: f(sssEe + phEe + pgEe),
  };
  const employerShares = {
    sss: f(sssEr),
    sssEC: f(sssEc),
    philhealth: f(phEr),
    pagibig: f(pgEr),
    total: f(sssEr + sssEc + phEr + pgEr),
  };
  const contributionBases = {
    sssCompensation: f(w.sssMonthly),
    philhealthBasicSalary: f(w.mbs),
    pagibigFundSalary: f(w.hdmfMonthly),
  };
  const deferred = slip.deferred;
  const ytd = {
    taxableCompensation: f(ytdTaxable + taxableBase),
    withholdingTax: f(ytdWithheld + withheld),
    benefitsReceived: f(w.bucketUsed),
    basicSalaryEarned: f(ytdBasic + basicEarned),
  };
  const settingsUsed = weeklyMode
    ? { divisor, contributionSplit: split, taxMethod, weeklyContributions: weeklyMode }
    : { divisor, contributionSplit: split, taxMethod };
  const notes = slip.notes;
  // employeeId last, as it always was: one literal with it and one without, so the payslip is made whole rather
  // than given a property after it is built (which moves it to a new shape and a separate property store).
  const id = inp.employeeId;
  const out: Payslip =
    typeof id === 'string'
      ? {
          period,
          lines,
          gross,
          deductions,
          netPay,
          taxableBase: taxableBaseText,
          withholdingTax,
          employeeShares,
          employerShares,
          contributionBases,
          deferred,
          ytd,
          settingsUsed,
          notes,
          employeeId: id,
        }
      : {
          period,
          lines,
          gross,
          deductions,
          netPay,
          taxableBase: taxableBaseText,
          withholdingTax,
          employeeShares,
          employerShares,
          contributionBases,
          deferred,
          ytd,
          settingsUsed,
          notes,
        };
  if (yearEnd) out.yearEnd = yearEnd;
  giveBackWork(w);
  return out;
}
