/**
 * Statutory contributions of the payslip: the monthly bases (SSS monthly salary credit on all compensation but
 * benefits and de minimis, Circular 2024-006; PhilHealth on the monthly basic salary or EEMR, Circular 2018-0001
 * and the 5% premium from 2024; Pag-IBIG on the monthly fund salary, Circular 460), the table amounts, and this
 * period's part under settings.contributionSplit (semi-monthly) or settings.weeklyContributions (weekly) —
 * REFERENCE.md §1–§3, §8.5, §8.7. A month without compensation has no contribution (README "Contributions").
 */
import { PayrollInputError } from '../../errors.js';
import { divHalfUp, mulDivHalfUp } from '../../money.js';
import { pickPagibig, pickPhilhealth, pickSss, type PayrollTables } from '../../tables/index.js';
import { obj } from '../../validate.js';
import { pagibigCore, philhealthCore, sssCore } from '../contributions.js';
import { mtdMoney } from './inputs.js';
import type { PayslipWork } from './terms.js';
import type { ContributionSplit, PayslipFrequency } from './types.js';

/** Centavos: the monthly bases and this period's shares. */
export interface Contributions {
  sssMonthly: number;
  mbs: number;
  hdmfMonthly: number;
  sssEeSS: number;
  sssEeMpf: number;
  /** Employee SSS, regular SS + MPF. */
  sssEe: number;
  sssEr: number;
  sssEc: number;
  phEe: number;
  phEr: number;
  pgEe: number;
  pgEr: number;
}

/** Fills the Contributions of `w`; `sssComp` is this period's SSS compensation, `w.hdmfPeriod` its allowances in
 *  the Pag-IBIG fund salary. */
export function contributions(
  w: PayslipWork,
  inp: Record<string, unknown>,
  tables: PayrollTables,
  sssComp: number,
): void {
  const hdmfPeriod = w.hdmfPeriod;
  const { monthStart, frequency, weekly, cutoff, split, lastWeek, monthly, rateCents, divisor, weeklyMode } =
    w;
  const { doSss: sssOn, doPhic: phicOn, doHdmf: hdmfOn } = w;
  // Monthly tables, split across cut-offs per settings.contributionSplit (REFERENCE §8.5);
  // weekly payrolls always work on the month to date (earlier weeks ending in the month + this week).
  const mtd = inp.monthToDate === undefined ? undefined : obj(inp.monthToDate, 'monthToDate');
  const actualMonth =
    frequency === 'monthly' ||
    weekly ||
    (cutoff === 2 && (split === 'second-cutoff' || split === 'month-to-date'));
  if (actualMonth && frequency === 'semi-monthly' && mtd === undefined) {
    throw new PayrollInputError('monthToDate', `is required for the ${split} split on the second cut-off`);
  }
  if (lastWeek && mtd === undefined) {
    throw new PayrollInputError('monthToDate', 'is required on the last weekly payroll of the month');
  }
  // PhilHealth: monthly basic salary; daily-paid use the EEMR (daily × factor / 12), Circular 2018-0001.
  const mbs = monthly ? rateCents : mulDivHalfUp(rateCents, divisor, 1, 12);
  const sssMonthly = Math.max(
    0,
    frequency === 'monthly'
      ? sssComp
      : actualMonth
        ? mtdMoney(mtd, 'sssCompensation') + sssComp
        : sssComp * 2,
  );
  const hdmfMonthly =
    mbs +
    (frequency === 'monthly'
      ? hdmfPeriod
      : actualMonth
        ? mtdMoney(mtd, 'pagibigAllowances') + hdmfPeriod
        : hdmfPeriod * 2);
  // A month that paid no compensation carries no contribution (RA 11199: SSS is on the compensation, "all actual
  // remuneration for employment", and the table's minimum credit is for a month with some; PhilHealth and
  // Pag-IBIG are on the salary of a month that paid one): every share is 0.00 and nothing is deferred; the
  // agencies' files list the employee with remark "no earnings" (README "Contributions"). sssMonthly is the month's
  // compensation as this period sees it: this period's, the month to date's, or this cut-off's projected to a
  // month (a first cut-off without pay projects a month without pay and takes nothing; the month's amount is then
  // the second cut-off's to take, on the "month-to-date" split).
  const paid = sssMonthly > 0;
  const s = sssCore(sssMonthly, pickSss(tables, monthStart, 'period.start', 'SSS'));
  const ph = philhealthCore(mbs, pickPhilhealth(tables, monthStart, 'period.start', 'PhilHealth'));
  const pg = pagibigCore(hdmfMonthly, pickPagibig(tables, monthStart, 'period.start', 'Pag-IBIG'));
  // Weekly: due on the last week of the month ("last-week") or every week ("month-to-date").
  const due = lastWeek || weeklyMode === 'month-to-date';
  const doSss = sssOn && paid;
  const doPhic = phicOn && paid;
  const doHdmf = hdmfOn && paid;

  const sssEeSS = share(frequency, split, cutoff, mtd, due, doSss, s.employeeSS, 'sssEmployeeSS');
  const sssEeMpf = share(frequency, split, cutoff, mtd, due, doSss, s.employeeMPF, 'sssEmployeeMPF');
  const sssEe = sssEeSS + sssEeMpf;
  const sssEr = share(frequency, split, cutoff, mtd, due, doSss, s.employerSS + s.employerMPF, 'sssEmployer');
  const sssEc = share(frequency, split, cutoff, mtd, due, doSss, s.employerEC, 'sssEC');
  const phEe = share(frequency, split, cutoff, mtd, due, doPhic, ph.employeeShare, 'philhealthEmployee');
  const phEr = share(frequency, split, cutoff, mtd, due, doPhic, ph.employerShare, 'philhealthEmployer');
  const pgEe = share(frequency, split, cutoff, mtd, due, doHdmf, pg.employee, 'pagibigEmployee');
  const pgEr = share(frequency, split, cutoff, mtd, due, doHdmf, pg.employer, 'pagibigEmployer');
  w.sssMonthly = sssMonthly;
  w.mbs = mbs;
  w.hdmfMonthly = hdmfMonthly;
  w.sssEeSS = sssEeSS;
  w.sssEeMpf = sssEeMpf;
  w.sssEe = sssEe;
  w.sssEr = sssEr;
  w.sssEc = sssEc;
  w.phEe = phEe;
  w.phEr = phEr;
  w.pgEe = pgEe;
  w.pgEr = pgEr;
}

/** This period's part of a monthly contribution under the company's split (REFERENCE §8.5). */
function share(
  frequency: PayslipFrequency,
  split: ContributionSplit,
  cutoff: 1 | 2,
  mtd: Record<string, unknown> | undefined,
  /** Weekly: whether this week deducts the contributions. */
  due: boolean,
  on: boolean,
  full: number,
  mtdKey: string,
): number {
  if (!on) return 0;
  if (frequency === 'monthly') return full;
  // Weekly, on the month-to-date basis of the "month-to-date" split (REFERENCE §8.5 (C)/(D); SSS, PhilHealth and
  // Pag-IBIG are monthly amounts on the month's compensation, §8.7): the month's amount on the compensation so far
  // less what earlier weeks of the month took (nothing under "last-week"), so the month remits the table amount.
  if (frequency === 'weekly') return due ? full - mtdMoney(mtd, mtdKey) : 0;
  switch (split) {
    case 'equal': // half on each cut-off; the odd centavo on the first
      return cutoff === 1 ? divHalfUp(full, 2) : full - divHalfUp(full, 2);
    case 'first-cutoff':
      return cutoff === 1 ? full : 0;
    case 'second-cutoff':
      return cutoff === 2 ? full : 0;
    case 'month-to-date': // half on a projection first, then the month's actual amount less what was taken
      return cutoff === 1 ? divHalfUp(full, 2) : full - mtdMoney(mtd, mtdKey);
  }
}
