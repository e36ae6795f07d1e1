import {
  formatIsoDate,
  ProblemTypes,
  type PayrollDashboard,
  PortalPayslipDetail,
  PortalPayslipRow,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser, RequestContext } from '../../lib/route-access.js';
import type { Mailer } from '../../lib/mailer.js';
import { writeAudit } from '../../lib/audit.js';
import { manilaToday } from '../../lib/manila.js';
import { finalPayDue } from '../payroll-periods/service.js';
import { documentsSource } from './documents-source.js';
import { payslipsPdf } from './payslip-files.js';
import { payrollOutputsRepo as repo, type PayslipHeaderRow, type PeriodFiguresRow } from './repository.js';

const TREND_PERIODS = 12;
/** Held payslips the dashboard lists (the oldest first: the longest kept waiting). */
const HELD_PAY_LISTED = 50;

const headerOf = (r: PayslipHeaderRow): PortalPayslipRow => ({
  Id: r.id,
  PayrollPeriodId: r.payroll_period_id,
  PeriodName: r.period_name,
  Kind: r.kind,
  CutoffStart: r.cutoff_start,
  CutoffEnd: r.cutoff_end,
  PayDate: r.pay_date,
  PeriodStatus: r.period_status,
  Gross: r.gross,
  Deductions: r.deductions,
  NetPay: r.net_pay,
  PayHeld: r.pay_held,
  ReleasedOn: r.released_on,
});

const figuresOf = (r: PeriodFiguresRow) => ({
  PayrollPeriodId: r.id,
  Name: r.name,
  Kind: r.kind,
  CutoffStart: r.cutoff_start,
  CutoffEnd: r.cutoff_end,
  PayDate: r.pay_date,
  Gross: r.gross,
  Deductions: r.deductions,
  NetPay: r.net_pay,
  EmployerCost: r.employer_cost,
  Headcount: r.headcount,
});

/**
 * The next payout to fund: the earliest pay date of an open period, or of a finalised one not yet marked paid
 * whose pay date has not passed (finalised on the 10th for the 15th, it is still the next pay date).
 */
function nextPayDate(finalised: string | null, open: { pay_date: string }[]): string | null {
  const dates = [...open.map((p) => p.pay_date), ...(finalised ? [finalised] : [])];
  return dates.length ? dates.reduce((a, b) => (b < a ? b : a)) : null;
}

/** The employee a portal call is about: always the caller's own, never one named by the client. */
function ownEmployee(user: CurrentUser): string {
  if (!user.employeeId) throw problems.notFound('Your account is not linked to an employee record.');
  return user.employeeId;
}

export const payrollOutputsService = {
  async myPayslips(tx: Tx, user: CurrentUser): Promise<PortalPayslipRow[]> {
    if (!user.employeeId) return [];
    return (await repo.employeePayslips(tx, user.tenantId, user.employeeId)).map(headerOf);
  },

  async myPayslip(tx: Tx, user: CurrentUser, payslipId: string): Promise<PortalPayslipDetail> {
    const row = await repo.employeePayslip(tx, user.tenantId, ownEmployee(user), payslipId);
    if (!row) throw problems.notFound();
    const lines = await repo.lines(tx, user.tenantId, payslipId);
    return {
      ...headerOf(row),
      EmployeeNumber: row.employee_number,
      FullName: row.full_name,
      WithholdingTax: row.withholding_tax,
      YearToDateTaxable: row.ytd_taxable ?? '0.00',
      YearToDateTax: row.ytd_tax ?? '0.00',
      Lines: lines.map((l) => ({
        Code: l.code,
        Description: l.description,
        Kind: l.kind,
        Quantity: Number(l.quantity),
        Unit: l.unit,
        Rate: l.rate,
        Amount: l.amount,
      })),
    };
  },

  /** The PDF of one of the caller's own payslips (protected with their birth date when the company says so). */
  async myPayslipPdf(tx: Tx, user: CurrentUser, payslipId: string) {
    const row = await repo.employeePayslip(tx, user.tenantId, ownEmployee(user), payslipId);
    if (!row) throw problems.notFound();
    return payslipsPdf(tx, user, { periodId: row.payroll_period_id, employeeId: row.employee_id });
  },

  /** Payroll: every payslip of a finalised period in one PDF, or one employee's. */
  periodPayslipsPdf(tx: Tx, user: CurrentUser, periodId: string, employeeId?: string) {
    return payslipsPdf(tx, user, { periodId, employeeId });
  },

  /**
   * Tells every employee of a finalised period with an e-mail address that the payslip is ready, through the
   * outbox. The mail carries the net pay and the portal link, not the PDF: pay details stay behind the sign-in.
   */
  async emailPayslipNotices(ctx: RequestContext, mailer: Mailer, appBaseUrl: string, periodId: string) {
    const { tx, user } = ctx;
    const period = await documentsSource.period(tx, user.tenantId, user.companyId, periodId);
    if (!period) throw problems.notFound();
    if (period.status !== 'Finalised' && period.status !== 'Paid')
      throw problems.conflict(
        'Payslips are released when the period is finalised.',
        ProblemTypes.invalidState,
      );
    const recipients = await repo.payslipRecipients(tx, user.tenantId, user.companyId, periodId);
    const ids: string[] = [];
    for (const r of recipients)
      ids.push(
        await mailer.queue(tx, user.tenantId, {
          to: r.email,
          subject: `Your payslip for ${period.name}`,
          text: [
            `Hello ${r.first_name},`,
            '',
            `Your payslip for ${period.name} (pay date ${formatIsoDate(period.pay_date)}) is ready: net pay PHP ${r.net_pay}.`,
            `Sign in to see it and download the PDF: ${appBaseUrl}/portal/payslips`,
          ].join('\n'),
        }),
      );
    await writeAudit(tx, user, {
      entity: 'payroll-period',
      entityId: periodId,
      action: 'update',
      before: null,
      after: { Transition: 'email-payslips', Recipients: ids.length },
    });
    if (ids.length) ctx.afterCommit(() => void mailer.deliver(user.tenantId, ids));
    return { Sent: ids.length };
  },

  async dashboard(tx: Tx, user: CurrentUser): Promise<PayrollDashboard> {
    // The headline and the trend are the regular payroll: a final pay or an adjustment for a few employees is
    // not "the last period" (its one employee is not the employees paid). Any kind is a payout to fund.
    const [regular, finalisedPayDate, open, problemsRow, finalPays, held] = await Promise.all([
      repo.finalisedPeriodFigures(tx, user.tenantId, user.companyId, TREND_PERIODS),
      repo.nextFinalisedPayDate(tx, user.tenantId, user.companyId, manilaToday()),
      repo.openPeriods(tx, user.tenantId, user.companyId),
      repo.dataProblems(tx, user.tenantId, user.companyId),
      finalPayDue(tx, user, user.companyId),
      repo.heldPay(tx, user.tenantId, user.companyId, HELD_PAY_LISTED),
    ]);
    const trend = regular.map(figuresOf).reverse();
    return {
      LastFinalised: trend.at(-1) ?? null,
      Trend: trend,
      OpenPeriods: open.map((p) => ({
        PayrollPeriodId: p.id,
        Name: p.name,
        Status: p.status,
        JobStatus: p.job_status,
        PayDate: p.pay_date,
      })),
      NextPayDate: nextPayDate(finalisedPayDate, open),
      FinalPayDue: finalPays,
      HeldPay: held.map((h) => ({
        PayslipId: h.id,
        PayrollPeriodId: h.payroll_period_id,
        PeriodName: h.period_name,
        PayDate: h.pay_date,
        EmployeeNumber: h.employee_number,
        FullName: h.full_name,
        NetPay: h.net_pay,
      })),
      ActiveEmployees: problemsRow.active,
      DataProblems: {
        NoRate: problemsRow.no_rate,
        NoBankAccount: problemsRow.no_bank_account,
        MissingTIN: problemsRow.missing_tin,
        MissingSSS: problemsRow.missing_sss,
        MissingPhilHealth: problemsRow.missing_philhealth,
        MissingPagIbig: problemsRow.missing_pagibig,
      },
    };
  },
};
