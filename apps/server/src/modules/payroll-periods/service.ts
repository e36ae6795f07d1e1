import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  formatIsoDate,
  formatDateRange,
  adjustmentTaxClass,
  isReservedPayCode,
  PayProfileMessages,
  ProblemTypes,
  thirteenthMonthLate,
  cutoffOfKindProblem,
  thirteenthMonthDueDate,
  type CreatePayrollAdjustmentRequest,
  type CreatePayrollPeriodRequest,
  type PayrollPeriodDetail,
  type PayrollPeriodListRequest,
  type PayrollPeriodProposal,
  type PayslipDetail,
  type PayslipListRequest,
  type UpdatePayrollPeriodRequest,
  type ValidationError,
} from '@hrpay/contracts';
import type { Database, Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { addDays, manilaToday } from '../../lib/manila.js';
import { problems } from '../../lib/problem.js';
import { requireInCompany, type CurrentUser, type RequestContext } from '../../lib/route-access.js';
import { payrollSettingsService } from '../payroll-settings/service.js';
import {
  clearPayslips,
  computeEmployee,
  employeeIdsOf,
  insertPayslips,
  readInputs,
  type ComputeInputs,
  type ComputedPayslip,
} from './compute.js';
import {
  periodsRepo as repo,
  payslipItem,
  REQUEST_NOT_STORED_MESSAGE,
  STALE_MESSAGE,
  type PeriodRow,
} from './repository.js';

type ParsedCreate = ReturnType<typeof CreatePayrollPeriodRequest.parse>;
type ParsedUpdate = ReturnType<typeof UpdatePayrollPeriodRequest.parse>;
type ParsedList = ReturnType<typeof PayrollPeriodListRequest.parse>;
type ParsedPayslipList = ReturnType<typeof PayslipListRequest.parse>;
type ParsedAdjustment = ReturnType<typeof CreatePayrollAdjustmentRequest.parse>;

const ENTITY = 'payroll-period';
const STALE = 'The payroll period was changed by someone else since you opened it. Reload and try again.';
/** A compute job that shows no progress for this long was cut off (a restart): it is reported as failed.
 *  PAYROLL_STALE_JOB_MS shortens it for the kill test (test/payroll-crash.test.ts) only. */
const STALE_JOB_MS = Number(process.env.PAYROLL_STALE_JOB_MS) || 10 * 60_000;
/** Employees read, computed and stored together (one progress step). PAYROLL_COMPUTE_CHUNK makes it small in
 *  test/payroll-periods.test.ts, so its hand-computed periods run through several chunks. */
const chunkSize = () => Number(process.env.PAYROLL_COMPUTE_CHUNK) || 2_000;

const invalid = (detail: string) => problems.conflict(detail, ProblemTypes.invalidState);
const editable = (p: PeriodRow) => p.status === 'Draft' || p.status === 'Computed';
/** Whether the period's computed payslips still stand for these dates and employees. */
const computedFor = (
  p: PeriodRow,
  start: string,
  end: string,
  payDate: string,
  employeeIds: string[] | null,
) =>
  p.cutoff_start === start &&
  p.cutoff_end === end &&
  p.pay_date === payDate &&
  JSON.stringify([...(p.employee_ids ?? [])].sort()) === JSON.stringify([...(employeeIds ?? [])].sort());

// ---------------------------------------------------------------- dates of a regular period

const lastDayOfMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
};
const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const withDay = (date: string, day: number) => `${date.slice(0, 8)}${String(day).padStart(2, '0')}`;

/** The regular cut-off that starts on (or, for the first one, contains) `from`. */
function cutoffFrom(
  frequency: PeriodRow['frequency'],
  from: string,
  rules: { FirstCutoffEndDay: number; WeeklyCutoffEndDay: number },
  first: boolean,
): { start: string; end: string } {
  if (frequency === 'Monthly') {
    const start = first ? withDay(from, 1) : from;
    return { start, end: lastDayOfMonth(start) };
  }
  if (frequency === 'Weekly') {
    const end = addDays(from, (rules.WeeklyCutoffEndDay - dayOfWeek(from) + 7) % 7);
    return { start: first ? addDays(end, -6) : from, end };
  }
  const day = Number(from.slice(8, 10));
  if (day <= rules.FirstCutoffEndDay) {
    return { start: first ? withDay(from, 1) : from, end: withDay(from, rules.FirstCutoffEndDay) };
  }
  return {
    start: first ? withDay(from, rules.FirstCutoffEndDay + 1) : from,
    end: lastDayOfMonth(from),
  };
}

/** "an approved period", "a draft period": the status with its article, capitalised as `an` is. */
const aPeriod = (status: string, an: 'An' | 'an') =>
  `${/^[aeiou]/i.test(status) ? an : an === 'An' ? 'A' : 'a'} ${status.toLowerCase()} period`;

/** A final pay never pays again a day another period already pays the employee (409). */
async function refuseDoublePay(
  tx: Tx,
  user: CurrentUser,
  companyId: string,
  employeeIds: string[],
  start: string,
  end: string,
  exceptId: string | null,
) {
  const clash = await repo.paidElsewhere(tx, user.tenantId, companyId, employeeIds, start, end, exceptId);
  if (clash)
    throw problems.conflict(
      `The cut-off overlaps the period "${clash.period}", which already pays employee ${clash.employee_number} for some of these days; start the final pay after that period's cut-off, or exclude the employee's payslip there first.`,
      ProblemTypes.overlap,
    );
}

/**
 * A final pay is the last pay of an employee who has left: each employee must be separated, the cut-off must
 * reach the separation date (the days up to it are paid, the pro-rated 13th month and unused SIL with them,
 * Labor Advisory 06-2020), and nobody is given a second final pay once one is finalised (it would pay the SIL
 * cash and the 13th month again). A cut-off wholly after the separation is a final pay whose last salary a
 * regular payroll already paid: it pays the 13th month, the SIL cash and the loans, no salary (compute.ts).
 */
async function refuseNotLeaving(
  tx: Tx,
  user: CurrentUser,
  companyId: string,
  employeeIds: string[],
  end: string,
  exceptId: string | null,
) {
  const errors: ValidationError[] = [];
  for (const e of await repo.separations(tx, user.tenantId, companyId, employeeIds)) {
    if (!e.separation_date)
      errors.push({
        Code: 'EmployeeIds',
        Description: `EmployeeIds: employee ${e.employee_number} is not separated; record the separation before a final pay`,
      });
    else if (e.separation_date > end)
      errors.push({
        Code: 'CutoffEnd',
        Description: `CutoffEnd: the cut-off must reach the separation date of employee ${e.employee_number} (${formatIsoDate(e.separation_date)})`,
      });
  }
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
  const paid = await repo.finalisedFinalPay(tx, user.tenantId, companyId, employeeIds, exceptId);
  if (paid)
    throw problems.conflict(
      `Employee ${paid.employee_number} already has a finalised final pay ("${paid.period}"); a correction is an adjustment period of it.`,
      ProblemTypes.duplicate,
    );
}

/** The company's separated employees no final pay period names yet (the proposal, the payroll dashboard). */
export function finalPayDue(tx: Tx, user: CurrentUser, companyId: string) {
  return repo.finalPayDue(tx, user.tenantId, companyId);
}

/** Cut-off end + lag, moved back to the working day before when it falls on a weekend or one of the company's
 *  non-working holidays (never before the cut-off starts). */
export function payDateOf(start: string, end: string, lag: number, holidays: Set<string>) {
  let date = addDays(end, lag);
  while (dayOfWeek(date) === 0 || dayOfWeek(date) === 6 || holidays.has(date)) date = addDays(date, -1);
  return date < start ? start : date;
}

export function nameOf(frequency: PeriodRow['frequency'], start: string, end: string, firstEndDay: number) {
  const month = new Date(`${start}T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if (frequency === 'Monthly') return `${month} payroll`;
  // The cut-off dates show beside the name on every screen; ISO dates in it read as raw data to the user.
  if (frequency === 'SemiMonthly')
    return `${month} ${Number(start.slice(8, 10)) <= firstEndDay ? '1st' : '2nd'} cut-off`;
  const day = (date: string) =>
    new Date(`${date}T00:00:00Z`).toLocaleString('en-PH', { dateStyle: 'medium', timeZone: 'UTC' });
  return `Week ${day(start)} to ${day(end)}`;
}

// ---------------------------------------------------------------- the service

/**
 * Payroll periods (issue 10 §3): CRUD, the compute job, review (payslips, adjustments, hold / exclude, the
 * register) and the transitions Draft -> Computed -> Approved -> Finalised -> Paid. The compute job follows the
 * import's pattern (docs/decisions/0005): the row is the job, it starts after the request commits and is claimed
 * with a conditional UPDATE; the payslips are replaced in one transaction, chunk by chunk of employees, and the
 * progress is kept in memory and overlaid on the row.
 */
export function payrollPeriodsService(db: Database, log: FastifyBaseLogger) {
  const running = new Set<string>();
  /** A running compute's progress: its transaction's writes are invisible to the page polling the period. */
  const progress = new Map<string, { done: number; total: number }>();

  const company = (user: CurrentUser, companyId?: string) =>
    requireInCompany(user, companyId) ?? user.companyId;

  async function mustGet(tx: Tx, user: CurrentUser, id: string, forUpdate = false) {
    const row = await repo.get(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!row) throw problems.notFound('The payroll period was not found.');
    return settleIfStale(tx, user.tenantId, row);
  }

  /** A job nobody is working on any more (the server restarted) is marked failed, so it can be computed again. */
  async function settleIfStale(tx: Tx, tenantId: string, row: PeriodRow): Promise<PeriodRow> {
    const active = row.job_status === 'Queued' || row.job_status === 'Running';
    if (!active || running.has(row.id) || Date.now() - new Date(row.updated_at).getTime() < STALE_JOB_MS)
      return row;
    const message = 'The compute was interrupted (the server restarted). Nothing was changed; compute again.';
    await repo.failJob(tx, tenantId, row.id, message);
    return { ...row, job_status: 'Failed', job_error: message };
  }

  const jobActive = (p: PeriodRow) => p.job_status === 'Queued' || p.job_status === 'Running';

  async function detail(tx: Tx, user: CurrentUser, id: string): Promise<PayrollPeriodDetail> {
    await mustGet(tx, user, id);
    const {
      detail: d,
      computedBy,
      approverMustDiffer,
    } = (await repo.detail(tx, user.tenantId, user.companyId, id))!;
    const live = progress.get(id);
    if (live && d.JobStatus === 'Running') {
      d.JobProgress = live.done;
      d.JobTotal = live.total;
    }
    const busy = d.JobStatus === 'Queued' || d.JobStatus === 'Running';
    const draftish = d.Status === 'Draft' || d.Status === 'Computed';
    const awaitsAnother = d.Status === 'Computed' && approverMustDiffer && computedBy === user.userId;
    return {
      ...d,
      CanEdit: draftish && !busy,
      CanCompute: draftish && !busy,
      CanApprove:
        d.Status === 'Computed' && !busy && !awaitsAnother && !d.NeedsRecompute && d.RequestsNotStored === 0,
      AwaitsAnotherApprover: awaitsAnother,
      CanReturnToDraft: d.Status === 'Approved',
      // Attendance stored again, or a request decided, after the compute: return it for changes and compute it.
      CanFinalise: d.Status === 'Approved' && d.StaleReason === null,
      CanMarkPaid: d.Status === 'Finalised',
    };
  }

  async function audit(
    tx: Tx,
    user: CurrentUser,
    id: string,
    action: string,
    before: unknown,
    after: unknown,
  ) {
    await writeAudit(tx, user, {
      entity: ENTITY,
      entityId: id,
      action: action === 'create' || action === 'delete' ? action : 'update',
      before,
      after: after && typeof after === 'object' ? { Transition: action, ...after } : after,
    });
  }

  // ---------------------------------------------------------------- the compute job

  /**
   * Reads, computes and writes the employees `ids` chunk by chunk and answers how many payslips carry warnings.
   * The next chunk's read is sent before this chunk's write, so on a pipelined PostgreSQL connection the database
   * runs the previous write and the next read while this chunk computes; only one chunk's inputs and payslips
   * are held at a time.
   */
  async function computeByChunks(
    id: string,
    ids: string[],
    read: (chunk: string[]) => Promise<ComputeInputs>,
    write: (slips: ComputedPayslip[]) => Promise<unknown>,
  ): Promise<number> {
    const total = ids.length;
    const CHUNK = chunkSize();
    progress.set(id, { done: 0, total });
    let warned = 0;
    let writing: Promise<unknown> = Promise.resolve();
    let reading: Promise<ComputeInputs> | null = null;
    // A pending read or write that fails while another is awaited rejects later: handled where awaited.
    const next = (i: number) => {
      reading = i < total ? read(ids.slice(i, i + CHUNK)) : null;
      reading?.catch(() => {});
    };
    next(0);
    // Where the time goes, printed with PAYROLL_COMPUTE_TRACE=1 (the benchmark): waits on the database vs compute.
    const trace = { readWait: 0, compute: 0, writeWait: 0 };
    let at = performance.now();
    const lap = (key: keyof typeof trace) => {
      const now = performance.now();
      trace[key] += now - at;
      at = now;
    };
    for (let i = 0; i < total; i += CHUNK) {
      const inputs = await reading!;
      lap('readWait');
      next(i + CHUNK);
      const slips = inputs.employees.map((e) => computeEmployee(inputs, e));
      warned += slips.filter((s) => s.warnings.length).length;
      lap('compute');
      await writing;
      lap('writeWait');
      writing = write(slips);
      writing.catch(() => {});
      progress.set(id, { done: Math.min(total, i + CHUNK), total });
    }
    await writing;
    lap('writeWait');
    if (process.env.PAYROLL_COMPUTE_TRACE) console.error('payroll compute', JSON.stringify(trace));
    return warned;
  }

  async function runCompute(tenantId: string, id: string, actor: CurrentUser) {
    // This process's job from the start (before the claim's await): a read between queue and claim must not
    // take it for an interrupted one.
    running.add(id);
    let claimed = false;
    try {
      claimed = await db.withTenant(tenantId, (tx) => repo.claimJob(tx, tenantId, id));
    } finally {
      if (!claimed) running.delete(id);
    }
    if (!claimed) return;
    /** The period locked for the store, unless it moved on meanwhile (nothing is written then). */
    const lockPeriod = async (tx: Tx) => {
      const period = await repo.get(tx, tenantId, actor.companyId, id, true);
      return period && period.job_status === 'Running' && editable(period) ? period : null;
    };
    const finish = async (tx: Tx, period: PeriodRow, total: number, withWarnings: number) => {
      await repo.setStatus(
        tx,
        tenantId,
        id,
        'Computed',
        `, job_status = 'Done', job_progress = $4, job_total = $4, job_error = NULL, computed_at = now()`,
        [total],
      );
      await audit(
        tx,
        actor,
        id,
        'compute',
        { Status: period.status },
        { Status: 'Computed', Employees: total, WithWarnings: withWarnings },
      );
    };
    try {
      if (db.kind === 'postgres') {
        // One transaction: lock the period, delete its payslips, then read, compute and insert by chunks; a
        // failure or a kill anywhere rolls it all back, the previous payslips untouched.
        await db.withTenant(tenantId, async (tx) => {
          const period = await lockPeriod(tx);
          if (!period) return;
          const settings = await payrollSettingsService.general(tx, actor);
          const tables = await payrollSettingsService.companyTables(tx, tenantId, period.company_id);
          const ids = await employeeIdsOf(tx, tenantId, period);
          const statusOf = await clearPayslips(tx, tenantId, period);
          const warned = await computeByChunks(
            id,
            ids,
            (chunk) => readInputs(tx, tenantId, period, settings, tables, chunk),
            (slips) => insertPayslips(tx, tenantId, period, slips, statusOf),
          );
          await finish(tx, period, ids.length, warned);
        });
      } else {
        // PGlite has one connection: a long transaction would hold every other request (the progress polls
        // too). The chunks are read in short transactions, the payslips kept, and stored in one at the end.
        const { period, settings, tables, ids } = await db.withTenant(tenantId, async (tx) => {
          const period = await repo.get(tx, tenantId, actor.companyId, id);
          if (!period) throw new Error('the period is gone');
          const settings = await payrollSettingsService.general(tx, actor);
          const tables = await payrollSettingsService.companyTables(tx, tenantId, period.company_id);
          return { period, settings, tables, ids: await employeeIdsOf(tx, tenantId, period) };
        });
        const chunks: ComputedPayslip[][] = [];
        const warned = await computeByChunks(
          id,
          ids,
          (chunk) =>
            db.withTenant(tenantId, (tx) => readInputs(tx, tenantId, period, settings, tables, chunk)),
          async (slips) => chunks.push(slips),
        );
        await db.withTenant(tenantId, async (tx) => {
          const locked = await lockPeriod(tx);
          if (!locked) return;
          const statusOf = await clearPayslips(tx, tenantId, locked);
          for (const slips of chunks) await insertPayslips(tx, tenantId, locked, slips, statusOf);
          await finish(tx, locked, ids.length, warned);
        });
      }
    } catch (error) {
      log.error({ err: error, payrollPeriodId: id }, 'payroll compute failed');
      await db.withTenant(tenantId, (tx) =>
        repo.failJob(
          tx,
          tenantId,
          id,
          'The payroll could not be computed; the previous payslips are unchanged. Try again; if it keeps failing, contact support.',
        ),
      );
    } finally {
      progress.delete(id);
      running.delete(id);
    }
  }

  // ---------------------------------------------------------------- idempotent transitions

  async function idempotent(
    ctx: RequestContext,
    id: string,
    action: 'finalise' | 'mark-paid',
    key: string | undefined,
    body: unknown,
    work: () => Promise<PayrollPeriodDetail>,
  ): Promise<{ status: number; body: unknown }> {
    if (!key || !key.trim() || key.length > 200) {
      throw problems.badRequest('The Idempotency-Key header is required (at most 200 characters).', [
        { Code: 'Idempotency-Key', Description: 'Idempotency-Key: send a unique key per finalise request' },
      ]);
    }
    const { tx, user } = ctx;
    // The period must be the user's before anything is stored under its name.
    await mustGet(tx, user, id);
    const scope = `${ENTITY}:${id}:${action}`;
    const hash = createHash('sha256')
      .update(JSON.stringify(body ?? {}))
      .digest('hex');
    const claim = await repo.claimIdempotencyKey(tx, user.tenantId, scope, key, hash);
    if (!claim.claimed) {
      if (!claim.stored || claim.stored.request_hash !== hash)
        throw problems.conflict(
          'This Idempotency-Key was already used for a different request.',
          ProblemTypes.duplicate,
        );
      return { status: claim.stored.status_code, body: claim.stored.response };
    }
    const answer = await work();
    await repo.storeIdempotentAnswer(tx, user.tenantId, scope, key, 200, answer);
    return { status: 200, body: answer };
  }

  const checkVersion = (p: PeriodRow, rowVersion: number) => {
    if (p.row_version !== rowVersion) throw problems.stale(STALE);
  };

  return {
    detail,

    list: (tx: Tx, user: CurrentUser, request: ParsedList) =>
      repo.list(tx, user.tenantId, company(user, request.CompanyId), request),

    async proposal(tx: Tx, user: CurrentUser, companyId?: string): Promise<PayrollPeriodProposal> {
      const id = company(user, companyId);
      const settings = await payrollSettingsService.general(tx, { ...user, companyId: id });
      const frequency = (settings.PayFrequency ?? 'SemiMonthly') as PeriodRow['frequency'];
      const last = await repo.lastRegularEnd(tx, user.tenantId, id);
      const { start, end } = last
        ? cutoffFrom(frequency, addDays(last, 1), settings, false)
        : cutoffFrom(frequency, manilaToday(), settings, true);
      return {
        CompanyId: id,
        Kind: 'Regular',
        Name: nameOf(frequency, start, end, settings.FirstCutoffEndDay),
        Frequency: frequency,
        CutoffStart: start,
        CutoffEnd: end,
        PayDate: payDateOf(
          start,
          end,
          settings.PayDateLagDays,
          await repo.holidays(tx, user.tenantId, id, start, addDays(end, settings.PayDateLagDays)),
        ),
        LastRegularCutoffEnd: last,
        FinalPayDue: await finalPayDue(tx, user, id),
      };
    },

    async create(tx: Tx, user: CurrentUser, input: ParsedCreate): Promise<PayrollPeriodDetail> {
      const companyId = company(user, input.CompanyId);
      const owner = await repo.lockCompany(tx, user.tenantId, companyId);
      if (!owner) throw problems.notFound('The company was not found.');
      if (input.Kind === 'Regular') {
        const clash = await repo.overlappingRegular(
          tx,
          user.tenantId,
          companyId,
          input.CutoffStart,
          input.CutoffEnd,
          null,
        );
        if (clash)
          throw problems.conflict(
            `The cut-off overlaps the regular period "${clash}"; regular periods never overlap.`,
            ProblemTypes.overlap,
          );
      }
      let employeeIds: string[] | null = null;
      if (input.Kind === 'FinalPay') {
        employeeIds = [...new Set(input.EmployeeIds ?? [])];
        const found = await repo.employeesOfCompany(tx, user.tenantId, companyId, employeeIds);
        if (found.size !== employeeIds.length)
          throw problems.badRequest('One or more fields are invalid.', [
            { Code: 'EmployeeIds', Description: 'EmployeeIds: an employee was not found in the company' },
          ]);
        await refuseNotLeaving(tx, user, companyId, employeeIds, input.CutoffEnd, null);
        await refuseDoublePay(tx, user, companyId, employeeIds, input.CutoffStart, input.CutoffEnd, null);
      }
      let referencesPeriodId: string | null = null;
      if (input.Kind === 'Adjustment') {
        const ref = await repo.get(tx, user.tenantId, companyId, input.ReferencesPeriodId!);
        if (!ref)
          throw problems.badRequest('One or more fields are invalid.', [
            { Code: 'ReferencesPeriodId', Description: 'ReferencesPeriodId: the period was not found' },
          ]);
        if (ref.status !== 'Finalised' && ref.status !== 'Paid')
          throw invalid(`An adjustment corrects a finalised period; "${ref.name}" is ${ref.status}.`);
        referencesPeriodId = ref.id;
      }
      const id = randomUUID();
      await repo.insert(tx, user.tenantId, {
        id,
        companyId,
        name: input.Name,
        kind: input.Kind,
        frequency: input.Frequency ?? owner.pay_frequency,
        start: input.CutoffStart,
        end: input.CutoffEnd,
        payDate: input.PayDate,
        employeeIds,
        referencesPeriodId,
        remarks: input.Remarks ?? null,
        userId: user.userId,
      });
      const after = await detail(tx, user, id);
      await audit(tx, user, id, 'create', undefined, after);
      return after;
    },

    async update(tx: Tx, user: CurrentUser, id: string, input: ParsedUpdate) {
      const before = await mustGet(tx, user, id, true);
      checkVersion(before, input.RowVersion);
      if (!editable(before) || jobActive(before))
        throw invalid(
          jobActive(before)
            ? 'The period is being computed; wait for the compute to finish.'
            : `${aPeriod(before.status, 'An')} cannot be edited.`,
        );
      if (before.kind === 'Regular') {
        const clash = await repo.overlappingRegular(
          tx,
          user.tenantId,
          before.company_id,
          input.CutoffStart,
          input.CutoffEnd,
          id,
        );
        if (clash)
          throw problems.conflict(
            `The cut-off overlaps the regular period "${clash}"; regular periods never overlap.`,
            ProblemTypes.overlap,
          );
      }
      const cutoffProblem = cutoffOfKindProblem(before.kind, input.CutoffStart, input.CutoffEnd);
      if (cutoffProblem)
        throw problems.badRequest('One or more fields are invalid.', [
          { Code: 'CutoffEnd', Description: `CutoffEnd: ${cutoffProblem}` },
        ]);
      if (before.kind === 'ThirteenthMonth' && input.PayDate > thirteenthMonthDueDate(input.CutoffEnd))
        throw problems.badRequest('One or more fields are invalid.', [
          {
            Code: 'PayDate',
            Description: `PayDate: ${thirteenthMonthLate(input.CutoffEnd)}`,
          },
        ]);
      let employeeIds = before.employee_ids;
      if (before.kind === 'FinalPay' && input.EmployeeIds) {
        employeeIds = [...new Set(input.EmployeeIds)];
        const found = await repo.employeesOfCompany(tx, user.tenantId, before.company_id, employeeIds);
        if (found.size !== employeeIds.length || !employeeIds.length)
          throw problems.badRequest('One or more fields are invalid.', [
            { Code: 'EmployeeIds', Description: 'EmployeeIds: an employee was not found in the company' },
          ]);
      }
      if (before.kind === 'FinalPay' && employeeIds?.length) {
        await refuseNotLeaving(tx, user, before.company_id, employeeIds, input.CutoffEnd, id);
        await refuseDoublePay(
          tx,
          user,
          before.company_id,
          employeeIds,
          input.CutoffStart,
          input.CutoffEnd,
          id,
        );
      }
      const ok = await repo.update(tx, user.tenantId, id, input.RowVersion, {
        name: input.Name,
        start: input.CutoffStart,
        end: input.CutoffEnd,
        payDate: input.PayDate,
        employeeIds,
        remarks: input.Remarks ?? null,
        // Payslips computed for other dates or employees no longer match the period: it needs a compute again.
        // A new name or remarks (or the GET body sent back unchanged) keeps what was computed.
        status: computedFor(before, input.CutoffStart, input.CutoffEnd, input.PayDate, employeeIds)
          ? before.status
          : 'Draft',
      });
      if (!ok) throw problems.stale(STALE);
      const after = await detail(tx, user, id);
      await audit(tx, user, id, 'update', before, after);
      return after;
    },

    async remove(tx: Tx, user: CurrentUser, id: string) {
      const before = await mustGet(tx, user, id, true);
      if (!editable(before) || jobActive(before))
        throw invalid(
          jobActive(before)
            ? 'The period is being computed; wait for the compute to finish.'
            : `${aPeriod(before.status, 'An')} cannot be deleted.`,
        );
      await repo.remove(tx, user.tenantId, id);
      await audit(tx, user, id, 'delete', before, undefined);
      return { Message: `Payroll period "${before.name}" was deleted.` };
    },

    async compute(ctx: RequestContext, id: string, rowVersion: number) {
      const { tx, user } = ctx;
      const before = await mustGet(tx, user, id, true);
      checkVersion(before, rowVersion);
      if (jobActive(before)) throw invalid('The period is already being computed.');
      if (!editable(before)) throw invalid(`${aPeriod(before.status, 'An')} cannot be computed again.`);
      await repo.queueJob(tx, user.tenantId, id, user.userId);
      ctx.afterCommit(() => void runCompute(user.tenantId, id, user));
      return detail(tx, user, id);
    },

    async approve(tx: Tx, user: CurrentUser, id: string, rowVersion: number) {
      const before = await mustGet(tx, user, id, true);
      checkVersion(before, rowVersion);
      if (before.status !== 'Computed' || jobActive(before))
        throw invalid(
          before.status === 'Draft' && before.computed_at
            ? 'The period changed since it was computed; compute it again before approving.'
            : `Only a computed period can be approved; this one is ${before.status}${jobActive(before) ? ' and being computed' : ''}.`,
        );
      if (
        before.computed_by === user.userId &&
        (await payrollSettingsService.general(tx, user)).ApproverMustDiffer
      ) {
        throw invalid(
          'Another payroll user must approve this period: you computed it, and the payroll settings require a second person to approve.',
        );
      }
      // Attendance stored again, or a request decided, after the compute: the payslips pay the old days.
      const stale = await repo.staleReason(tx, user.tenantId, id);
      if (stale) throw invalid(STALE_MESSAGE[stale]);
      // A request decided after its days were stored: the payslips pay those days without it, and computing again
      // does not change that until HR stores them again (compute's REQUEST_NOT_STORED_WARNING).
      if ((await repo.requestsNotStored(tx, user.tenantId, id)) > 0)
        throw invalid(REQUEST_NOT_STORED_MESSAGE);
      // A payslip the engine refused is a 0.00 payslip, not a computed one: approving would pay the employee
      // nothing and send nothing to SSS, PhilHealth or Pag-IBIG for them.
      const failed = await repo.failedPayslips(tx, user.tenantId, id);
      if (failed.length) {
        throw invalid(
          `${failed.length === 1 ? 'The payslip' : `${failed.length} payslips`} of ${failed
            .slice(0, 3)
            .join(
              ', ',
            )}${failed.length > 3 ? ' and others' : ''} could not be computed: correct what ${failed.length === 1 ? 'its warning says' : 'their warnings say'} and compute again, or exclude ${failed.length === 1 ? 'it' : 'them'}.`,
        );
      }
      await refuseBeforeEarlier(tx, user, before, 'approved');
      await repo.setStatus(tx, user.tenantId, id, 'Approved', ', approved_by = $4, approved_at = now()', [
        user.userId,
      ]);
      const after = await detail(tx, user, id);
      await audit(tx, user, id, 'approve', { Status: before.status }, { Status: after.Status });
      return after;
    },

    async returnToDraft(tx: Tx, user: CurrentUser, id: string, rowVersion: number) {
      const before = await mustGet(tx, user, id, true);
      checkVersion(before, rowVersion);
      if (before.status !== 'Approved')
        throw invalid(
          before.status === 'Finalised' || before.status === 'Paid'
            ? 'A finalised period is never reopened; correct it with an adjustment period.'
            : `Only an approved period can be returned for changes; this one is ${before.status}.`,
        );
      await repo.setStatus(tx, user.tenantId, id, 'Computed', ', approved_by = NULL, approved_at = NULL');
      const after = await detail(tx, user, id);
      await audit(tx, user, id, 'return-to-draft', { Status: before.status }, { Status: after.Status });
      return after;
    },

    finalise: (ctx: RequestContext, id: string, key: string | undefined, body: { RowVersion: number }) =>
      idempotent(ctx, id, 'finalise', key, body, async () => {
        const { tx, user } = ctx;
        const before = await mustGet(tx, user, id, true);
        checkVersion(before, body.RowVersion);
        if (before.status !== 'Approved')
          throw invalid(`Only an approved period can be finalised; this one is ${before.status}.`);
        // Attendance stored again, or a request decided, after the compute (approve refuses the same): finalising
        // would pay the old days. The way out: return it for changes and compute it again.
        const stale = await repo.staleReason(tx, user.tenantId, id);
        if (stale)
          throw invalid(`${STALE_MESSAGE[stale]} Return the period for changes to compute it again.`);
        await refuseBeforeEarlier(tx, user, before, 'finalised');
        if (before.kind === 'FinalPay' && before.employee_ids?.length) {
          const paid = await repo.finalisedFinalPay(
            tx,
            user.tenantId,
            before.company_id,
            before.employee_ids,
            id,
          );
          if (paid)
            throw invalid(
              `Employee ${paid.employee_number} already has a finalised final pay ("${paid.period}"); exclude their payslip here, or correct the finalised one with an adjustment period.`,
            );
        }
        const overpaid = await repo.loanOverpayments(tx, user.tenantId, id);
        if (overpaid.length) {
          const o = overpaid[0]!;
          throw invalid(
            `The payslip of ${o.employee_number} deducts ${o.amount} for loan ${o.code}, but only ${o.balance} is left of it now (another period paid it since this one was computed); return the period for changes and compute it again.`,
          );
        }
        const leaveCash = before.kind === 'FinalPay' ? await finalPayLeaveCash(tx, user, id) : [];
        // Unused leave converted to cash is paid once: refused when another period's payslip paid it since.
        const paidElsewhere = await repo.leaveCashPaidElsewhere(tx, user.tenantId, id);
        if (paidElsewhere.length) {
          const p = paidElsewhere[0]!;
          throw invalid(
            `The payslip of ${p.employee_number} pays "${p.description}", which another finalised payroll has paid since this period was computed; return the period for changes and compute it again.`,
          );
        }
        // A carried deduction is taken once: refused when another period's payslip took it since.
        const gone = (await repo.lockCarried(tx, user.tenantId, id)).filter((c) => c.waived || c.taken);
        if (gone.length) {
          const c = gone[0]!;
          throw invalid(
            `The payslip of ${c.employee_number} deducts "${c.description}", carried from an earlier payroll, which ${c.waived ? 'was waived' : 'another finalised payroll has deducted'} since this period was computed; return the period for changes and compute it again.`,
          );
        }
        await repo.setStatus(
          tx,
          user.tenantId,
          id,
          'Finalised',
          ', finalised_by = $4, finalised_at = now()',
          [user.userId],
        );
        await repo.postLoanPayments(tx, user.tenantId, id, before.pay_date, user.userId);
        await repo.postLeaveCashPayments(tx, user.tenantId, id);
        await repo.postCarryovers(tx, user.tenantId, id);
        for (const c of leaveCash)
          await repo.postLeaveCashConversion(tx, user.tenantId, {
            companyId: before.company_id,
            employeeId: c.employeeId,
            leaveTypeId: c.leaveTypeId,
            entryDate: before.pay_date,
            days: c.days,
            reason: `Unused days converted to cash in the final pay "${before.name}"`,
            sourceKey: `final-pay:${id}`,
            userId: user.userId,
            periodId: id,
          });
        const after = await detail(tx, user, id);
        await audit(
          tx,
          user,
          id,
          'finalise',
          { Status: before.status },
          {
            Status: after.Status,
            ...(leaveCash.length
              ? {
                  LeaveCashConversions: leaveCash.map((c) => ({
                    EmployeeId: c.employeeId,
                    LeaveTypeId: c.leaveTypeId,
                    Days: c.days,
                  })),
                }
              : {}),
          },
        );
        await staleAfter(tx, user, before);
        return after;
      }),

    markPaid: (ctx: RequestContext, id: string, key: string | undefined, body: { RowVersion: number }) =>
      idempotent(ctx, id, 'mark-paid', key, body, async () => {
        const { tx, user } = ctx;
        const before = await mustGet(tx, user, id, true);
        checkVersion(before, body.RowVersion);
        if (before.status !== 'Finalised')
          throw invalid(`Only a finalised period can be marked paid; this one is ${before.status}.`);
        await repo.setStatus(tx, user.tenantId, id, 'Paid', ', paid_at = now()');
        const after = await detail(tx, user, id);
        await audit(tx, user, id, 'mark-paid', { Status: before.status }, { Status: after.Status });
        return after;
      }),

    // ---------------------------------------------------------------- review

    async payslips(tx: Tx, user: CurrentUser, id: string, request: ParsedPayslipList) {
      await mustGet(tx, user, id);
      return repo.payslips(tx, user.tenantId, id, request);
    },

    async payslip(tx: Tx, user: CurrentUser, payslipId: string): Promise<PayslipDetail> {
      const row = await repo.payslip(tx, user.tenantId, user.companyId, payslipId);
      if (!row) throw problems.notFound('The payslip was not found.');
      return {
        ...payslipItem(row),
        PayrollPeriodId: row.payroll_period_id,
        TaxableBase: row.taxable_base,
        Result: row.result,
        Lines: await repo.lines(tx, user.tenantId, payslipId),
        Adjustments: await repo.adjustments(tx, user.tenantId, row.payroll_period_id, row.employee_id),
        ComputedAt: new Date(row.computed_at).toISOString(),
      };
    },

    async setPayslipStatus(
      tx: Tx,
      user: CurrentUser,
      payslipId: string,
      status: 'Included' | 'Held' | 'Excluded',
      remarks?: string | null,
    ) {
      const row = await repo.payslip(tx, user.tenantId, user.companyId, payslipId);
      if (!row) throw problems.notFound('The payslip was not found.');
      const period = await mustGet(tx, user, row.payroll_period_id, true);
      // After approval pay can still be withheld (held: out of the bank file, still in the register) or released
      // again; excluding or re-including an excluded payslip changes the totals and needs a compute.
      const holdOnly = period.status === 'Approved' && status !== 'Excluded' && row.status !== 'Excluded';
      if ((!editable(period) && !holdOnly) || jobActive(period))
        throw invalid(
          period.status === 'Approved'
            ? 'Payslips of an approved period can only be held or released from hold; return it for changes to exclude or include an employee.'
            : `Payslips of ${aPeriod(period.status, 'an')} cannot be held, included or excluded.`,
        );
      await repo.setPayslipStatus(tx, user.tenantId, payslipId, status);
      await tx.query(
        `UPDATE payroll_periods SET row_version = row_version + 1, updated_at = now() WHERE tenant_id = $1 AND id = $2`,
        [user.tenantId, period.id],
      );
      await writeAudit(tx, user, {
        entity: 'payslip',
        entityId: payslipId,
        action: 'update',
        before: { Status: row.status },
        after: {
          Status: status,
          PayrollPeriodId: period.id,
          EmployeeId: row.employee_id,
          Remarks: remarks ?? null,
        },
      });
      return this.payslip(tx, user, payslipId);
    },

    /**
     * Releases the pay of a payslip held back from a finalised (or paid) period: from today it is paid by the bank
     * file of the period's pay released on this day, not by the period's own file. The payslip and the period's
     * figures do not change (they were final, held pay included); the release is its own row, once a payslip.
     */
    async releaseHeldPay(tx: Tx, user: CurrentUser, payslipId: string, remarks?: string | null) {
      const row = await repo.payslip(tx, user.tenantId, user.companyId, payslipId);
      if (!row) throw problems.notFound('The payslip was not found.');
      const period = await mustGet(tx, user, row.payroll_period_id, true);
      if (period.status !== 'Finalised' && period.status !== 'Paid')
        throw invalid(
          row.status === 'Held'
            ? 'Held pay is released once the period is finalised; until then, include the payslip again to pay it with the period.'
            : 'Only held pay of a finalised period can be released.',
        );
      if (row.status !== 'Held')
        throw invalid(
          `${row.full_name} was not held back in ${period.name}: ${row.status === 'Included' ? 'the pay went out with the period' : 'the payslip is excluded'}.`,
        );
      if (row.released_on)
        throw invalid(
          `The held pay of ${row.full_name} was already released on ${formatIsoDate(row.released_on)}.`,
        );
      const on = manilaToday();
      const released = await repo.releasePayslip(tx, user.tenantId, {
        payslipId,
        periodId: period.id,
        on,
        userId: user.userId,
        remarks: remarks ?? null,
      });
      // Two releases at once: the second finds the first's row.
      if (!released) throw invalid(`The held pay of ${row.full_name} was already released.`);
      await writeAudit(tx, user, {
        entity: 'payslip',
        entityId: payslipId,
        action: 'update',
        before: { Status: 'Held', ReleasedOn: null },
        after: {
          Status: 'Held',
          ReleasedOn: on,
          NetPay: row.net_pay,
          PayrollPeriodId: period.id,
          EmployeeId: row.employee_id,
          Remarks: remarks ?? null,
        },
      });
      return this.payslip(tx, user, payslipId);
    },

    async adjustments(tx: Tx, user: CurrentUser, id: string) {
      await mustGet(tx, user, id);
      return { Items: await repo.adjustments(tx, user.tenantId, id) };
    },

    async addAdjustment(tx: Tx, user: CurrentUser, id: string, input: ParsedAdjustment) {
      const period = await mustGet(tx, user, id, true);
      if (!editable(period) || jobActive(period))
        throw invalid(
          jobActive(period)
            ? 'The period is being computed; wait for the compute to finish.'
            : `Adjustments of a ${period.status.toLowerCase()} period cannot change.`,
        );
      const found = await repo.employeesOfCompany(tx, user.tenantId, period.company_id, [input.EmployeeId]);
      const errors: ValidationError[] = [];
      if (!found.size)
        errors.push({
          Code: 'EmployeeId',
          Description: 'EmployeeId: the employee was not found in the company',
        });
      // The documents sort lines by code: one of the engine's own would count as its tax, SSS or overtime. Checked
      // here rather than in the contract, after the period's state (a closed period refuses any adjustment first).
      if (isReservedPayCode(input.Code))
        errors.push({ Code: 'Code', Description: `Code: ${PayProfileMessages.reservedCode}` });
      if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
      // Payroll walkthrough: the payroll officer, on the payroll himself, added a bonus to his own payslip. A
      // change to one's own pay is made by a colleague (the audit trail names who), whatever the approval settings.
      if (user.employeeId === input.EmployeeId)
        throw invalid(
          'You cannot add an adjustment to your own payslip: ask another payroll user to add it.',
        );
      const adjustmentId = randomUUID();
      await repo.insertAdjustment(tx, user.tenantId, {
        id: adjustmentId,
        periodId: id,
        employeeId: input.EmployeeId,
        kind: input.Kind,
        code: input.Code,
        description: input.Description,
        amount: input.Amount,
        // TaxClass, or the older Taxable flag (false: 13th month and other benefits; contracts).
        taxClass: adjustmentTaxClass(input),
        deMinimis: input.Kind === 'Earning' ? (input.DeMinimis ?? null) : null,
        reason: input.Reason,
        userId: user.userId,
      });
      await needsRecompute(tx, user.tenantId, period);
      const after = (await repo.adjustment(tx, user.tenantId, id, adjustmentId))!;
      await writeAudit(tx, user, {
        entity: 'payroll-adjustment',
        entityId: adjustmentId,
        action: 'create',
        after,
      });
      return after;
    },

    async removeAdjustment(tx: Tx, user: CurrentUser, id: string, adjustmentId: string) {
      const period = await mustGet(tx, user, id, true);
      const before = await repo.adjustment(tx, user.tenantId, id, adjustmentId);
      if (!before) throw problems.notFound('The adjustment was not found.');
      if (!editable(period) || jobActive(period))
        throw invalid(`Adjustments of a ${period.status.toLowerCase()} period cannot change.`);
      await repo.deleteAdjustment(tx, user.tenantId, adjustmentId);
      await needsRecompute(tx, user.tenantId, period);
      await writeAudit(tx, user, {
        entity: 'payroll-adjustment',
        entityId: adjustmentId,
        action: 'delete',
        before,
      });
      return { Message: 'The adjustment was removed; compute the period again.' };
    },

    /** The payroll register of the period: one row per payslip (Excluded ones marked), as CSV, XLSX or PDF. */
  };

  /**
   * Approve and finalise refuse while a period this one's figures read is computed but not finalised (the rule:
   * repository unfinishedEarlier). Finalising that one first, then computing this one again, gives the figures
   * the law asks for (year-to-date tax and its year-end adjustment, the month's contributions, the 13th month
   * already paid, loan balances).
   */
  async function refuseBeforeEarlier(tx: Tx, user: CurrentUser, p: PeriodRow, as: 'approved' | 'finalised') {
    const earlier = await repo.unfinishedEarlier(tx, user.tenantId, p);
    if (earlier)
      throw invalid(
        `The period "${earlier.name}" (${formatDateRange(earlier.cutoff_start, earlier.cutoff_end)}) comes before this one and is ${earlier.status.toLowerCase()}, not finalised: this period's year-to-date figures, contributions of the month, 13th month and loan balances are read from finalised periods. Finalise "${earlier.name}" first (or exclude the employees it shares with this one there), then compute this period again; it cannot be ${as} before.`,
      );
  }

  /**
   * What the final pay's payslips convert to cash of each leave type (SIL and the types convertible to cash), each
   * checked against the employee's balance now: a leave used or granted since the compute changes the days, and
   * the period must be computed again (409).
   */
  async function finalPayLeaveCash(tx: Tx, user: CurrentUser, id: string) {
    const out: { employeeId: string; leaveTypeId: string; days: number }[] = [];
    for (const r of await repo.finalPayLeaveCash(tx, user.tenantId, id)) {
      if (r.days === null)
        throw invalid(
          `The payslip of ${r.employee_number} was computed before the final pay kept what it converts of each leave type; return the period for changes and compute it again.`,
        );
      const paid = Number(r.days);
      const balance = Number(r.balance);
      const leave = r.type_code === 'SIL' ? 'SIL' : (r.type_name ?? 'leave').toLowerCase();
      if (!r.leave_type_id || Math.abs(paid - balance) > 0.001)
        throw invalid(
          `The payslip of ${r.employee_number} converts ${paid} unused ${leave === 'SIL' ? 'service incentive leave' : leave} day(s) to cash, but the ${leave} balance is ${balance} day(s) now; return the period for changes and compute it again.`,
        );
      out.push({ employeeId: r.employee_id, leaveTypeId: r.leave_type_id, days: paid });
    }
    return out;
  }

  /**
   * `done` was finalised: every other period of the company whose computed figures read it (repository
   * dependentsOf) is returned to needing a compute, its approval withdrawn, with an audit row each; so a period
   * computed before an earlier one was finalised is never approved or finalised on the old figures.
   */
  async function staleAfter(tx: Tx, user: CurrentUser, done: PeriodRow) {
    const reason = `The period "${done.name}" was finalised after this one was computed; its year-to-date figures, contributions of the month, 13th month and loan balances change: compute it again.`;
    for (const q of await repo.dependentsOf(tx, user.tenantId, done)) {
      await repo.markNeedsRecompute(
        tx,
        user.tenantId,
        q.id,
        `The period "${done.name}" was finalised while this one was being computed; compute it again.`,
      );
      await audit(
        tx,
        user,
        q.id,
        'needs-recompute',
        { Status: q.status },
        { Status: 'Draft', NeedsRecompute: true, FinalisedPeriodId: done.id, Reason: reason },
      );
    }
  }

  /** An adjustment changed: a computed period needs a compute again (back to Draft, payslips kept to see). */
  async function needsRecompute(tx: Tx, tenantId: string, period: PeriodRow) {
    await repo.setStatus(tx, tenantId, period.id, 'Draft');
  }
}

export type PayrollPeriodsService = ReturnType<typeof payrollPeriodsService>;
