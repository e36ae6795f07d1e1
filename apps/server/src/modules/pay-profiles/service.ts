import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  formatIsoDate,
  ProblemTypes,
  type CancelLoanRequest,
  type CreateLoanRequest,
  type CreateLoanTypeRequest,
  type CreatePayItemRequest,
  type CreatePayRateRequest,
  type DeMinimisKind,
  type EmployeePayDetails,
  type EmployeePayListRequest,
  type Loan,
  type LoanAdjustmentRequest,
  type LoanType,
  type LoanTypeListRequest,
  type PayItem,
  type PayRate,
  type UpdateEmployeePayDetailsRequest,
  type UpdateLoanRequest,
  type UpdateLoanTypeRequest,
  type UpdatePayItemRequest,
  type SavePreviousEmployerRequest,
  type ValidationError,
  EMPLOYEE_PAY_FLAGS,
} from '@hrpay/contracts';
import type { DeMinimisKind as EngineDeMinimisKind } from '@hrpay/payroll';
import type { Tx } from '../../db/database.js';
import { writeAudit, writeUpdateAudit } from '../../lib/audit.js';
import { manilaToday } from '../../lib/manila.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { employeesService } from '../employees/service.js';
import {
  flagPeriodsToRecompute,
  previousEmployerChanged,
  refuseInsideClosedPeriod,
} from './period-effects.js';
import { payProfilesRepo as repo, toPayRate, type PayDetailsDb } from './repository.js';

// The contract's de minimis kinds are the engine's, exactly (a compile error here when they drift apart).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameDeMinimisKinds: Same<DeMinimisKind, EngineDeMinimisKind> = true;
void _sameDeMinimisKinds;

export const STALE_PAY_DETAILS =
  "This employee's payroll details were changed by someone else since you opened them. Reload to see the latest version.";
const STALE_ITEM =
  'This recurring item was changed by someone else since you opened it. Reload and try again.';
const STALE_LOAN = 'This loan was changed by someone else since you opened it. Reload and try again.';
const STALE_PREVIOUS_EMPLOYER =
  "This year's previous employer was recorded or changed by someone else since you opened it. Reload and try again.";
const STALE_LOAN_TYPE =
  'This loan type was changed by someone else since you opened it. Reload and try again.';

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const cents = (money: string) => BigInt(money.replace('.', ''));
const pesos = (c: bigint) => {
  const negative = c < 0n;
  const s = (negative ? -c : c).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
};

function toDetails(r: PayDetailsDb): EmployeePayDetails {
  return {
    EmployeeId: r.id,
    EmployeeNumber: r.employee_number,
    FullName: r.full_name,
    DepartmentName: r.department_name,
    HireDate: r.hire_date,
    Status: r.separated ? 'Separated' : 'Active',
    TIN: r.tin,
    SSSNumber: r.sss_number,
    PhilHealthNumber: r.philhealth_number,
    PagIbigNumber: r.pagibig_number,
    CurrentRate:
      r.cur_rate && r.cur_type
        ? {
            EffectiveFrom: r.cur_from,
            RateType: r.cur_type,
            Rate: r.cur_rate,
            HoursPerDay: r.cur_hours ?? '8.00',
            ColaPerDay: r.cur_cola ?? '0.00',
          }
        : null,
    Flags: EMPLOYEE_PAY_FLAGS.filter((f) => r.flags[f]),
    UpdatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
    IsMinimumWageEarner: r.mwe,
    PaymentMethod: r.payment_method,
    ExemptSss: r.exempt_sss,
    ExemptPhilHealth: r.exempt_philhealth,
    ExemptPagIbig: r.exempt_pagibig,
    ExemptWithholdingTax: r.exempt_withholding_tax,
    Divisor: r.divisor,
    BankName: r.bank_name,
    BankAccountNumber: r.bank_account_number,
    RowVersion: r.row_version,
  };
}

/**
 * Employee payroll details of the signed-in Payroll user's own company (the company comes from the user):
 * profile and bank, effective-dated rates, recurring items, loans with a ledger, and the loan types.
 */
export const payProfilesService = {
  list: (tx: Tx, user: CurrentUser, req: ReturnType<typeof EmployeePayListRequest.parse>) =>
    repo.list(tx, user.tenantId, user.companyId, manilaToday(), req),
  exportPages: (tx: Tx, user: CurrentUser, req: Parameters<typeof repo.exportPages>[4]) =>
    repo.exportPages(tx, user.tenantId, user.companyId, manilaToday(), req),

  async details(tx: Tx, user: CurrentUser, employeeId: string, forUpdate = false) {
    const row = await repo.details(tx, user.tenantId, user.companyId, manilaToday(), employeeId, forUpdate);
    if (!row) throw problems.notFound('The employee was not found.');
    return toDetails(row);
  },

  async update(tx: Tx, user: CurrentUser, employeeId: string, input: UpdateEmployeePayDetailsRequest) {
    const before = await this.details(tx, user, employeeId, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_PAY_DETAILS);
    const saved = await repo.saveProfile(
      tx,
      user.tenantId,
      user.companyId,
      before.EmployeeId,
      input.RowVersion,
      {
        mwe: input.IsMinimumWageEarner ?? false,
        method: input.PaymentMethod ?? 'Bank',
        sss: input.ExemptSss ?? false,
        philhealth: input.ExemptPhilHealth ?? false,
        pagibig: input.ExemptPagIbig ?? false,
        tax: input.ExemptWithholdingTax ?? false,
        divisor: input.Divisor ?? null,
      },
    );
    if (!saved) throw problems.stale(STALE_PAY_DETAILS);
    const bankName = text(input.BankName);
    const account = text(input.BankAccountNumber);
    if (bankName !== before.BankName || account !== before.BankAccountNumber) {
      await employeesService.setBankAccount(
        tx,
        user,
        before.EmployeeId,
        { BankName: before.BankName, BankAccountNumber: before.BankAccountNumber },
        { BankName: bankName, BankAccountNumber: account },
      );
    }
    const after = await this.details(tx, user, before.EmployeeId);
    await writeUpdateAudit(tx, user, {
      entity: 'employee-pay-profile',
      entityId: after.EmployeeId,
      before,
      after,
    });
    return after;
  },

  // ---------- rates ----------

  async rates(tx: Tx, user: CurrentUser, employeeId: string): Promise<PayRate[]> {
    const employee = await this.details(tx, user, employeeId);
    const today = manilaToday();
    const rows = await repo.rates(tx, user.tenantId, employee.EmployeeId);
    const current = rows.find((r) => r.effective_from <= today)?.id ?? null;
    const list = rows.map((r) => toPayRate(r, today, current));
    const starting = await startingRate(tx, user, employee);
    if (starting) list.push({ ...starting, IsCurrent: current === null });
    return list;
  },

  async addRate(tx: Tx, user: CurrentUser, employeeId: string, input: CreatePayRateRequest) {
    const employee = await this.details(tx, user, employeeId, true);
    const rate = input as ReturnType<typeof import('@hrpay/contracts').CreatePayRateRequest.parse>;
    if (employee.HireDate && rate.EffectiveFrom < employee.HireDate) {
      throw problems.badRequest('One or more fields are invalid.', [
        {
          Code: 'EffectiveFrom',
          Description: `The rate cannot take effect before the hire date (${formatIsoDate(employee.HireDate)})`,
        },
      ]);
    }
    const existing = await repo.rates(tx, user.tenantId, employee.EmployeeId);
    if (existing.some((r) => r.effective_from === rate.EffectiveFrom)) {
      throw problems.conflict(
        `${employee.FullName} already has a rate effective on ${formatIsoDate(rate.EffectiveFrom)}. Delete it first or choose another date.`,
        ProblemTypes.duplicate,
      );
    }
    await refuseInsideClosedPeriod(
      tx,
      user,
      employee.EmployeeId,
      rate.EffectiveFrom,
      `A rate effective ${formatIsoDate(rate.EffectiveFrom)}`,
    );
    const id = await repo.insertRate(tx, user.tenantId, user.companyId, user.userId, {
      employeeId: employee.EmployeeId,
      effectiveFrom: rate.EffectiveFrom,
      rateType: rate.RateType,
      rate: rate.Rate,
      hoursPerDay: rate.HoursPerDay,
      colaPerDay: rate.ColaPerDay,
      reason: text(rate.Reason),
    });
    await flagPeriodsToRecompute(tx, user, employee.EmployeeId, rate.EffectiveFrom, null);
    const saved = (await this.rates(tx, user, employee.EmployeeId)).find((r) => r.PayRateId === id)!;
    await writeAudit(tx, user, { entity: 'employee-pay-rate', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async removeRate(tx: Tx, user: CurrentUser, employeeId: string, rateId: string) {
    const employee = await this.details(tx, user, employeeId, true);
    const rate = await repo.rate(tx, user.tenantId, employee.EmployeeId, rateId);
    if (!rate) throw problems.notFound('The rate was not found.');
    if (rate.effective_from <= manilaToday()) {
      throw problems.conflict(
        'Only a rate that takes effect after today can be deleted; a rate already in force is history. Add a new rate instead.',
        ProblemTypes.invalidState,
      );
    }
    await repo.deleteRate(tx, user.tenantId, rate.id);
    await flagPeriodsToRecompute(tx, user, employee.EmployeeId, rate.effective_from, null);
    await writeAudit(tx, user, {
      entity: 'employee-pay-rate',
      entityId: rate.id,
      action: 'delete',
      before: toPayRate(rate, manilaToday(), null),
    });
    return { Message: `The rate effective ${formatIsoDate(rate.effective_from)} was deleted.` };
  },

  // ---------- recurring items ----------

  async items(tx: Tx, user: CurrentUser, employeeId: string) {
    const employee = await this.details(tx, user, employeeId);
    return repo.items(tx, user.tenantId, employee.EmployeeId);
  },

  async addItem(tx: Tx, user: CurrentUser, employeeId: string, input: CreatePayItemRequest) {
    const employee = await this.details(tx, user, employeeId, true);
    await refuseInsideClosedPeriod(
      tx,
      user,
      employee.EmployeeId,
      input.EffectiveFrom,
      `A recurring item effective ${formatIsoDate(input.EffectiveFrom)}`,
    );
    const id = await repo.insertItem(
      tx,
      user.tenantId,
      user.companyId,
      employee.EmployeeId,
      itemValues(input),
    );
    await flagPeriodsToRecompute(
      tx,
      user,
      employee.EmployeeId,
      input.EffectiveFrom,
      input.EffectiveTo ?? null,
    );
    const saved = (await repo.item(tx, user.tenantId, employee.EmployeeId, id))!;
    await writeAudit(tx, user, { entity: 'employee-pay-item', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async getItem(tx: Tx, user: CurrentUser, employeeId: string, itemId: string, forUpdate = false) {
    const employee = await this.details(tx, user, employeeId);
    const item = await repo.item(tx, user.tenantId, employee.EmployeeId, itemId, forUpdate);
    if (!item) throw problems.notFound('The recurring item was not found.');
    return item;
  },

  async updateItem(
    tx: Tx,
    user: CurrentUser,
    employeeId: string,
    itemId: string,
    input: UpdatePayItemRequest,
  ) {
    const before = await this.getItem(tx, user, employeeId, itemId, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_ITEM);
    if (input.EffectiveFrom !== before.EffectiveFrom)
      await refuseInsideClosedPeriod(
        tx,
        user,
        before.EmployeeId,
        input.EffectiveFrom,
        `A recurring item effective ${formatIsoDate(input.EffectiveFrom)}`,
      );
    if (!(await repo.updateItem(tx, user.tenantId, before.PayItemId, input.RowVersion, itemValues(input)))) {
      throw problems.stale(STALE_ITEM);
    }
    await flagPeriodsToRecompute(tx, user, before.EmployeeId, before.EffectiveFrom, before.EffectiveTo);
    await flagPeriodsToRecompute(tx, user, before.EmployeeId, input.EffectiveFrom, input.EffectiveTo ?? null);
    const after = (await repo.item(tx, user.tenantId, before.EmployeeId, before.PayItemId))!;
    await writeUpdateAudit(tx, user, {
      entity: 'employee-pay-item',
      entityId: after.PayItemId,
      before,
      after,
    });
    return after;
  },

  async removeItem(tx: Tx, user: CurrentUser, employeeId: string, itemId: string) {
    const before = await this.getItem(tx, user, employeeId, itemId, true);
    await repo.deleteItem(tx, user.tenantId, before.PayItemId);
    await flagPeriodsToRecompute(tx, user, before.EmployeeId, before.EffectiveFrom, before.EffectiveTo);
    await writeAudit(tx, user, {
      entity: 'employee-pay-item',
      entityId: before.PayItemId,
      action: 'delete',
      before,
    });
    return { Message: `${before.Description} was deleted.` };
  },

  // ---------- compensation from a previous employer of the year ----------

  async previousEmployers(tx: Tx, user: CurrentUser, employeeId: string) {
    const employee = await this.details(tx, user, employeeId);
    return { Items: await repo.previousEmployers(tx, user.tenantId, employee.EmployeeId) };
  },

  /**
   * Records (or corrects) the year's compensation from a previous employer, as its 2316 states it: the year-end
   * adjustment of this employer annualises it with its own (compute.ts), and the 2316 shows it in Part III. A
   * computed payroll of that year goes back to needing a compute.
   */
  async savePreviousEmployer(
    tx: Tx,
    user: CurrentUser,
    employeeId: string,
    year: number,
    input: z.output<typeof SavePreviousEmployerRequest>,
  ) {
    if (input.Year !== undefined && input.Year !== year)
      throw problems.badRequest('Year in the body does not match the address.', [
        { Code: 'Year', Description: `Year: is ${input.Year}'s; this address is ${year}'s` },
      ]);
    const employee = await this.details(tx, user, employeeId, true);
    const [before] = await repo.previousEmployers(tx, user.tenantId, employee.EmployeeId, year, true);
    const rowVersion = before ? (input.RowVersion ?? -1) : null;
    if (before && rowVersion !== before.RowVersion) throw problems.stale(STALE_PREVIOUS_EMPLOYER);
    if (!before && input.RowVersion) throw problems.stale(STALE_PREVIOUS_EMPLOYER);
    await previousEmployerChanged(tx, user, employee.EmployeeId, year);
    const saved = await repo.savePreviousEmployer(
      tx,
      user.tenantId,
      user.companyId,
      employee.EmployeeId,
      year,
      input,
      rowVersion,
    );
    if (!saved) throw problems.stale(STALE_PREVIOUS_EMPLOYER);
    const [after] = await repo.previousEmployers(tx, user.tenantId, employee.EmployeeId, year);
    await writeAudit(tx, user, {
      entity: 'employee-previous-employer',
      entityId: employee.EmployeeId,
      action: before ? 'update' : 'create',
      before,
      after,
    });
    return after!;
  },

  async deletePreviousEmployer(tx: Tx, user: CurrentUser, employeeId: string, year: number) {
    const employee = await this.details(tx, user, employeeId, true);
    const [before] = await repo.previousEmployers(tx, user.tenantId, employee.EmployeeId, year, true);
    if (!before) throw problems.notFound(`No previous employer is recorded for ${year}.`);
    await previousEmployerChanged(tx, user, employee.EmployeeId, year);
    await repo.deletePreviousEmployer(tx, user.tenantId, employee.EmployeeId, year);
    await writeAudit(tx, user, {
      entity: 'employee-previous-employer',
      entityId: employee.EmployeeId,
      action: 'delete',
      before,
    });
    return { Message: `The previous employer of ${year} was removed.` };
  },

  // ---------- deductions carried from earlier payrolls ----------

  async carriedDeductions(tx: Tx, user: CurrentUser, employeeId: string) {
    const employee = await this.details(tx, user, employeeId);
    return { Items: await repo.carriedDeductions(tx, user.tenantId, employee.EmployeeId) };
  },

  /**
   * Forgives an open carried deduction: no payroll deducts it any more. A computed payroll that carried it goes
   * back to needing a compute; an approved one is refused on finalise until computed again (payroll periods).
   */
  async waiveCarriedDeduction(tx: Tx, user: CurrentUser, employeeId: string, id: string, reason: string) {
    const employee = await this.details(tx, user, employeeId, true);
    const [before] = await repo.carriedDeductions(tx, user.tenantId, employee.EmployeeId, id);
    if (!before) throw problems.notFound('The carried deduction was not found.');
    const from = await repo.waiveCarriedDeduction(
      tx,
      user.tenantId,
      employee.EmployeeId,
      id,
      user.userId,
      reason,
    );
    if (!from) {
      // Read again: a finalise may have taken it up since the read above.
      const [now] = await repo.carriedDeductions(tx, user.tenantId, employee.EmployeeId, id);
      throw problems.conflict(
        now?.Status === 'Waived'
          ? `This deduction was already waived${now.WaivedByName ? ` by ${now.WaivedByName}` : ''}.`
          : `This deduction was already taken up by ${now?.TakenInPeriodName ?? 'a finalised payroll'}; only an open one can be waived.`,
        ProblemTypes.invalidState,
      );
    }
    await flagPeriodsToRecompute(tx, user, employee.EmployeeId, from, null);
    const [after] = await repo.carriedDeductions(tx, user.tenantId, employee.EmployeeId, id);
    await writeAudit(tx, user, {
      entity: 'deduction-carryover',
      entityId: id,
      action: 'update',
      before: { Status: before.Status, Amount: before.Amount, EmployeeId: employee.EmployeeId },
      after: { Status: after!.Status, WaiveReason: reason },
    });
    return after!;
  },

  // ---------- loans ----------

  async loans(tx: Tx, user: CurrentUser, employeeId: string) {
    const employee = await this.details(tx, user, employeeId);
    return repo.loans(tx, user.tenantId, employee.EmployeeId);
  },

  async getLoan(tx: Tx, user: CurrentUser, employeeId: string, loanId: string, forUpdate = false) {
    const employee = await this.details(tx, user, employeeId);
    const found = await repo.loan(tx, user.tenantId, employee.EmployeeId, loanId, forUpdate);
    if (!found) throw problems.notFound('The loan was not found.');
    return found;
  },

  async addLoan(tx: Tx, user: CurrentUser, employeeId: string, input: CreateLoanRequest) {
    const employee = await this.details(tx, user, employeeId, true);
    await checkLoanType(tx, user, input.LoanTypeId);
    const id = await repo.insertLoan(
      tx,
      user.tenantId,
      user.companyId,
      employee.EmployeeId,
      loanValues(input),
    );
    const { loan } = (await repo.loan(tx, user.tenantId, employee.EmployeeId, id))!;
    await writeAudit(tx, user, { entity: 'employee-loan', entityId: id, action: 'create', after: loan });
    return loan;
  },

  async updateLoan(tx: Tx, user: CurrentUser, employeeId: string, loanId: string, input: UpdateLoanRequest) {
    const { loan: before, ledgerCount } = await this.getLoan(tx, user, employeeId, loanId, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_LOAN);
    if (before.Status !== 'Active' || ledgerCount > 0) {
      throw problems.conflict(
        before.Status !== 'Active'
          ? `This loan is ${before.Status.toLowerCase()} and can no longer be edited.`
          : 'This loan already has payments or adjustments in its ledger and can no longer be edited. Add an adjustment instead.',
        ProblemTypes.invalidState,
      );
    }
    if (input.LoanTypeId !== before.LoanTypeId) await checkLoanType(tx, user, input.LoanTypeId);
    if (!(await repo.updateLoan(tx, user.tenantId, before.LoanId, input.RowVersion, loanValues(input)))) {
      throw problems.stale(STALE_LOAN);
    }
    const { loan: after } = (await repo.loan(tx, user.tenantId, before.EmployeeId, before.LoanId))!;
    await writeAudit(tx, user, {
      entity: 'employee-loan',
      entityId: loanId,
      action: 'update',
      before,
      after,
    });
    return after;
  },

  async cancelLoan(tx: Tx, user: CurrentUser, employeeId: string, loanId: string, input: CancelLoanRequest) {
    const { loan: before } = await this.getLoan(tx, user, employeeId, loanId, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_LOAN);
    if (before.Status !== 'Active') {
      throw problems.conflict(
        `This loan is ${before.Status.toLowerCase()}; only an active loan can be cancelled.`,
        ProblemTypes.invalidState,
      );
    }
    await repo.setLoanStatus(tx, user.tenantId, before.LoanId, 'Cancelled', text(input.Remarks));
    const { loan: after } = (await repo.loan(tx, user.tenantId, before.EmployeeId, before.LoanId))!;
    await writeAudit(tx, user, {
      entity: 'employee-loan',
      entityId: loanId,
      action: 'update',
      before,
      after,
    });
    return after;
  },

  /** A manual ledger entry (insert-only): the balance stays between zero and the principal. */
  async adjustLoan(
    tx: Tx,
    user: CurrentUser,
    employeeId: string,
    loanId: string,
    input: LoanAdjustmentRequest,
  ) {
    const { loan: before } = await this.getLoan(tx, user, employeeId, loanId, true);
    if (before.Status === 'Cancelled') {
      throw problems.conflict('A cancelled loan takes no ledger entries.', ProblemTypes.invalidState);
    }
    const amount = input.Amount as string;
    const balance = cents(before.Balance) - cents(amount);
    if (cents(amount) === 0n) {
      throw problems.badRequest('One or more fields are invalid.', [
        { Code: 'Amount', Description: 'The amount must not be 0' },
      ]);
    }
    if (balance < 0n || balance > cents(before.Principal)) {
      throw problems.badRequest('One or more fields are invalid.', [
        {
          Code: 'Amount',
          Description:
            balance < 0n
              ? `The adjustment is more than the balance of ${before.Balance}`
              : `The balance cannot go above the principal of ${before.Principal}`,
        },
      ]);
    }
    await repo.insertLedger(
      tx,
      user.tenantId,
      user.userId,
      before.LoanId,
      input.EntryDate,
      amount,
      input.Remarks.trim(),
    );
    const status = balance === 0n ? 'Paid' : 'Active';
    if (status !== before.Status) await repo.setLoanStatus(tx, user.tenantId, before.LoanId, status);
    const { loan: after } = (await repo.loan(tx, user.tenantId, before.EmployeeId, before.LoanId))!;
    await writeAudit(tx, user, {
      entity: 'employee-loan',
      entityId: loanId,
      action: 'update',
      before: { Balance: before.Balance, Status: before.Status },
      after: { Adjustment: amount, Remarks: input.Remarks, Balance: after.Balance, Status: after.Status },
    });
    return after;
  },

  // ---------- loan types ----------

  listLoanTypes: (tx: Tx, user: CurrentUser, req: ReturnType<typeof LoanTypeListRequest.parse>) =>
    repo.listLoanTypes(tx, user.tenantId, user.companyId, req),

  loanTypeOptions: (tx: Tx, user: CurrentUser) => repo.loanTypeOptions(tx, user.tenantId, user.companyId),

  async getLoanType(tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<LoanType> {
    const type = await repo.loanType(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!type) throw problems.notFound('The loan type was not found.');
    return type;
  },

  async createLoanType(tx: Tx, user: CurrentUser, input: CreateLoanTypeRequest) {
    await checkLoanTypeFields(tx, user, input);
    const id = randomUUID();
    await repo.insertLoanType(tx, user.tenantId, user.companyId, id, input);
    const saved = await this.getLoanType(tx, user, id);
    await writeAudit(tx, user, { entity: 'loan-type', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async updateLoanType(tx: Tx, user: CurrentUser, id: string, input: UpdateLoanTypeRequest) {
    const before = await this.getLoanType(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_LOAN_TYPE);
    await checkLoanTypeFields(tx, user, input, before.LoanTypeId);
    if (!(await repo.updateLoanType(tx, user.tenantId, before.LoanTypeId, input.RowVersion, input))) {
      throw problems.stale(STALE_LOAN_TYPE);
    }
    const after = await this.getLoanType(tx, user, before.LoanTypeId);
    await writeAudit(tx, user, { entity: 'loan-type', entityId: id, action: 'update', before, after });
    return after;
  },

  async removeLoanType(tx: Tx, user: CurrentUser, id: string) {
    const before = await this.getLoanType(tx, user, id, true);
    if (before.LoanCount > 0) {
      throw problems.conflict(
        `${before.Name} cannot be deleted: ${before.LoanCount.toLocaleString('en-PH')} loan${before.LoanCount === 1 ? '' : 's'} ${before.LoanCount === 1 ? 'uses' : 'use'} it. Deactivate it instead.`,
        ProblemTypes.stillReferenced,
      );
    }
    await repo.deleteLoanType(tx, user.tenantId, before.LoanTypeId);
    await writeAudit(tx, user, { entity: 'loan-type', entityId: id, action: 'delete', before });
    return { Message: `${before.Name} was deleted.` };
  },
};

/** The 201 starting rate as the oldest entry of the history (not a row: it cannot be deleted here). */
async function startingRate(
  tx: Tx,
  user: CurrentUser,
  employee: EmployeePayDetails,
): Promise<PayRate | null> {
  const [row] = await tx.query<{ rate_type: 'Monthly' | 'Daily' | null; basic_rate: string | null }>(
    `SELECT rate_type, basic_rate::text AS basic_rate FROM employees WHERE tenant_id = $1 AND id = $2`,
    [user.tenantId, employee.EmployeeId],
  );
  if (!row?.rate_type || !row.basic_rate || cents(row.basic_rate) <= 0n) return null;
  return {
    PayRateId: null,
    EmployeeId: employee.EmployeeId,
    EffectiveFrom: employee.HireDate,
    RateType: row.rate_type,
    Rate: row.basic_rate,
    HoursPerDay: '8.00',
    ColaPerDay: '0.00',
    Reason: 'Starting rate (201 file)',
    IsCurrent: false,
    IsFuture: false,
    IsStartingRate: true,
    CreatedAt: null,
  };
}

function itemValues(input: CreatePayItemRequest): unknown[] {
  const v = input as PayItem & { Taxable?: boolean };
  const deduction = v.Kind === 'Deduction';
  return [
    v.Kind,
    v.Code,
    v.Description.trim(),
    v.Amount,
    deduction ? false : (v.Taxable ?? true) && !v.DeMinimis,
    deduction ? null : (v.DeMinimis ?? null),
    v.EffectiveFrom,
    v.EffectiveTo ?? null,
  ];
}

function loanValues(input: CreateLoanRequest): unknown[] {
  return [
    input.LoanTypeId,
    text(input.ReferenceNumber),
    input.Principal,
    input.Amortization,
    input.StartDate,
    text(input.Remarks),
  ];
}

async function checkLoanType(tx: Tx, user: CurrentUser, id: string) {
  const type = await repo.loanType(tx, user.tenantId, user.companyId, id);
  if (!type || !type.IsActive) {
    throw problems.badRequest('One or more fields are invalid.', [
      {
        Code: 'LoanTypeId',
        Description: type ? `${type.Name} is inactive` : 'The loan type was not found in this company',
      },
    ]);
  }
}

async function checkLoanTypeFields(tx: Tx, user: CurrentUser, input: CreateLoanTypeRequest, selfId?: string) {
  const errors: ValidationError[] = [];
  const taken = await repo.loanTypeTaken(tx, user.tenantId, user.companyId, input.Code, input.Name, selfId);
  if (taken.code) errors.push({ Code: 'Code', Description: `Another loan type has the code ${input.Code}` });
  if (taken.name) errors.push({ Code: 'Name', Description: `Another loan type is named ${input.Name}` });
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}

export type { Loan };
export { cents, pesos };
