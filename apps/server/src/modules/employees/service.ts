import { randomUUID } from 'node:crypto';
import {
  formatIsoDate,
  normalizePagIbigNumber,
  normalizePhilHealthNumber,
  normalizeSssNumber,
  normalizeTin,
  ProblemTypes,
  SEPARATION_REASON_LABELS,
  EmployeeMessages,
  type CreateEmployeeRequest,
  type Employee,
  type EmployeeHistoryEntry,
  type EmployeeExportRequest,
  type EmployeeListRequest,
  type HrDashboard,
  type SeparateEmployeeRequest,
  type ValidationError,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit, writeUpdateAudit } from '../../lib/audit.js';
import { writeExport, type ExportColumn } from '../../lib/export.js';
import { manilaToday } from '../../lib/manila.js';
import { hasSeparated } from './employment.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { normalizeMobile } from '../employee-import/validate-rows.js';
import {
  EMPLOYEE_COLUMNS,
  employeeRecordsRepo as repo,
  hrDashboardRepo,
  type EmployeeBatch,
} from './repository.js';

export type { EmployeeBatchColumn } from './repository.js';
import { pendingRequestCounts } from '../requests/service.js';

export const STALE_EMPLOYEE =
  'This employee was changed by someone else since you opened it. Reload to see the latest version.';

const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const canonical = (v: string | null | undefined, normalize: (s: string) => string | null) =>
  text(v) ? normalize(text(v)!) : null;

/** The stored values of the editable fields, in the order of EMPLOYEE_COLUMNS. */
function columnValues(input: CreateEmployeeRequest) {
  const restDays = input.RestDays ? [...input.RestDays].sort((a, b) => a - b) : null;
  return {
    restDays,
    values: [
      input.EmployeeNumber.trim(),
      input.LastName.trim(),
      input.FirstName.trim(),
      text(input.MiddleName),
      text(input.Suffix),
      text(input.Nickname),
      text(input.BirthDate),
      text(input.BirthPlace),
      input.Gender ?? null,
      input.CivilStatus ?? null,
      text(input.Nationality),
      text(input.Religion),
      text(input.Email),
      canonical(input.MobileNumber, normalizeMobile),
      text(input.PresentAddress),
      text(input.PermanentAddress),
      text(input.EmergencyContactName),
      text(input.EmergencyContactRelationship),
      text(input.EmergencyContactPhone),
      canonical(input.TIN, normalizeTin),
      canonical(input.SSSNumber, normalizeSssNumber),
      canonical(input.PhilHealthNumber, normalizePhilHealthNumber),
      canonical(input.PagIbigNumber, normalizePagIbigNumber),
      input.DepartmentId ?? null,
      input.PositionId ?? null,
      input.EmploymentStatusId,
      input.EmploymentType ?? null,
      input.HireDate,
      text(input.RegularizationDate),
      input.SupervisorId ?? null,
      input.WorkLocationId ?? null,
      input.ShiftId ?? null,
      restDays,
      text(input.DeviceUserId),
    ],
  };
}

const column = (
  header: string,
  value: ExportColumn<Employee>['value'],
  width?: number,
  date?: boolean,
): ExportColumn<Employee> => ({ header, value, width, date });
/** A date of the record: a date cell in the spreadsheet. */
const dateColumn = (header: string, value: ExportColumn<Employee>['value']) =>
  column(header, value, 12, true);
/**
 * A mobile number as it is written on forms, "0917 123 4567": a spreadsheet opening the CSV keeps it as text
 * (digits alone, "09171234567", became the number 9171234567); the import reads it back. Anything else as it is.
 */
const groupedMobile = (v: string | null) =>
  v && /^09\d{9}$/.test(v) ? `${v.slice(0, 4)} ${v.slice(4, 7)} ${v.slice(7)}` : v;
/** The master list (201 file) as HR offices keep it in a spreadsheet. */
export const MASTER_LIST_COLUMNS: ExportColumn<Employee>[] = [
  column('Employee number', (e) => e.EmployeeNumber, 16),
  column('Last name', (e) => e.LastName, 18),
  column('First name', (e) => e.FirstName, 18),
  column('Middle name', (e) => e.MiddleName, 16),
  column('Suffix', (e) => e.Suffix, 8),
  column('Nickname', (e) => e.Nickname),
  dateColumn('Birth date', (e) => e.BirthDate),
  column('Birth place', (e) => e.BirthPlace, 20),
  column('Sex', (e) => e.Gender, 8),
  column('Civil status', (e) => e.CivilStatus),
  column('Nationality', (e) => e.Nationality),
  column('Religion', (e) => e.Religion),
  column('E-mail', (e) => e.Email, 28),
  column('Mobile number', (e) => groupedMobile(e.MobileNumber), 14),
  column('Present address', (e) => e.PresentAddress, 36),
  column('Permanent address', (e) => e.PermanentAddress, 36),
  column('Emergency contact', (e) => e.EmergencyContactName, 22),
  column('Relationship', (e) => e.EmergencyContactRelationship),
  column('Emergency contact phone', (e) => groupedMobile(e.EmergencyContactPhone), 16),
  column('TIN', (e) => e.TIN, 16),
  column('SSS number', (e) => e.SSSNumber, 14),
  column('PhilHealth number', (e) => e.PhilHealthNumber, 16),
  column('Pag-IBIG number', (e) => e.PagIbigNumber, 16),
  column('Department', (e) => e.DepartmentName, 20),
  column('Position', (e) => e.PositionName, 22),
  column('Employment status', (e) => e.EmploymentStatusName, 16),
  column('Employment type', (e) =>
    e.EmploymentType === 'PartTime' ? 'Part-time' : e.EmploymentType ? 'Full-time' : null,
  ),
  dateColumn('Hire date', (e) => e.HireDate),
  dateColumn('Regularization date', (e) => e.RegularizationDate),
  column('Supervisor', (e) => e.SupervisorName, 22),
  column('Work location', (e) => e.WorkLocationName, 16),
  column('Terminal user ID', (e) => e.DeviceUserId),
  column('Shift', (e) => e.ShiftName, 14),
  column('Status', (e) => e.Status),
  dateColumn('Separation date', (e) => e.SeparationDate),
  column('Separation reason', (e) =>
    e.SeparationReason ? SEPARATION_REASON_LABELS[e.SeparationReason] : null,
  ),
];

/** Audit rows hold the record as the API shows it; what only describes the row itself is left out. */
const auditImage = (e: Employee) => {
  const { RowVersion: _v, UpdatedAt: _u, CreatedAt: _c, ...rest } = e;
  return rest;
};

/** Keys of an audit image that say nothing about the person (bookkeeping of the row). */
const NOT_CHANGES = new Set([
  'id',
  'RowVersion',
  'row_version',
  'UpdatedAt',
  'updated_at',
  'CreatedAt',
  'created_at',
  'last_import_id',
  'company_id',
  'CompanyId',
  'EmployeeId',
  'search_text',
  'birth_md',
  'ImportId',
  'FullName',
]);
const pascal = (key: string) =>
  key.includes('_') ? key.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase()) : key;

/** Bulk writes take their column arrays as array literals too (built by the caller as it lets rows go). */
export { arrayLiteral } from './repository.js';

/**
 * The employee 201 file of the signed-in HR user's own company (the company comes from the user, never the
 * client): unique employee numbers and government ids in the company, references inside the company, a
 * supervisor chain without loops, schedule history, separation that keeps the record and closes its account.
 */
export const employeesService = {
  list: (tx: Tx, user: CurrentUser, req: ReturnType<typeof EmployeeListRequest.parse>) =>
    repo.list(tx, user.tenantId, user.companyId, req),

  /** The master list (201) of the list's filter as a file; answers its temporary path. */
  exportFile: (tx: Tx, user: CurrentUser, req: ReturnType<typeof EmployeeExportRequest.parse>) =>
    writeExport(
      req.Format,
      'Employees',
      MASTER_LIST_COLUMNS,
      repo.exportPages(tx, user.tenantId, user.companyId, req),
    ),

  /**
   * A bulk write of the employee import (the employees repository owns every write to employees): one
   * statement for the whole batch, audit rows included. The caller holds the company's lock and checked the rows.
   */
  writeBatch: (
    tx: Tx,
    actor: CurrentUser,
    kind: 'insert' | 'update',
    batch: Omit<EmployeeBatch, 'tenantId' | 'actorUserId'>,
  ) => {
    const full = { ...batch, tenantId: actor.tenantId, actorUserId: actor.userId };
    return kind === 'insert' ? repo.insertBatch(tx, full) : repo.updateBatch(tx, full);
  },

  /** The import's commit: no form write sets a government id in the company until it ends (see the repository). */
  lockGovernmentIdsForImport: (tx: Tx, tenantId: string, companyId: string) =>
    repo.lockGovernmentIds(tx, tenantId, companyId, null),

  /** Before a series of bulk writes (see the repository). */
  replanBeforeBatches: (tx: Tx) => repo.replanBeforeBatches(tx),

  async get(tx: Tx, user: CurrentUser, id: string, forUpdate = false): Promise<Employee> {
    const employee = await repo.get(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!employee) throw problems.notFound('The employee was not found.');
    return employee;
  },

  async create(tx: Tx, user: CurrentUser, input: CreateEmployeeRequest): Promise<Employee> {
    const id = randomUUID();
    const { values, restDays } = columnValues(input);
    await lockGovernmentIds(tx, user, values);
    await checkFields(tx, user, input, values, null);
    await repo.insert(tx, user.tenantId, user.companyId, id, values);
    if (input.ShiftId || restDays) {
      // The first schedule starts on the hire date (the contract refuses another date), so attendance, which
      // reads the history by date, finds one for every day of employment.
      await repo.recordSchedule(tx, user.tenantId, id, input.HireDate, input.ShiftId ?? null, restDays);
    }
    const saved = await this.get(tx, user, id);
    await writeAudit(tx, user, {
      entity: 'employee',
      entityId: id,
      action: 'create',
      after: auditImage(saved),
    });
    return saved;
  },

  async update(
    tx: Tx,
    user: CurrentUser,
    id: string,
    input: CreateEmployeeRequest & { RowVersion: number },
  ): Promise<Employee> {
    const { values, restDays } = columnValues(input);
    // Before the row's lock (see lockGovernmentIds).
    await lockGovernmentIds(tx, user, values);
    const before = await this.get(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_EMPLOYEE);
    const scheduleChanged =
      !sameId(input.ShiftId, before.ShiftId) ||
      JSON.stringify(restDays) !== JSON.stringify(before.RestDays ?? null);
    if (before.HireDate && input.HireDate !== before.HireDate) {
      await alignFirstSchedule(tx, user, before.EmployeeId, before.HireDate, input.HireDate);
    }
    const scheduleFrom = scheduleChanged
      ? await checkScheduleChange(
          tx,
          user,
          before.EmployeeId,
          input.HireDate,
          text(input.ScheduleEffectiveDate),
        )
      : null;
    await checkFields(tx, user, input, values, before);
    if (!(await repo.update(tx, user.tenantId, before.EmployeeId, input.RowVersion, values))) {
      throw problems.stale(STALE_EMPLOYEE);
    }
    if (scheduleChanged) {
      await repo.recordSchedule(
        tx,
        user.tenantId,
        before.EmployeeId,
        scheduleFrom!,
        input.ShiftId ?? null,
        restDays,
      );
    }
    const after = await this.get(tx, user, before.EmployeeId);
    await writeUpdateAudit(tx, user, {
      entity: 'employee',
      entityId: after.EmployeeId,
      before: auditImage(before),
      after: auditImage(after),
    });
    return after;
  },

  /**
   * The employee leaves: the record stays. The separation date is the last day of work (a resignation's 30 days'
   * notice, Labor Code Art. 300, is served at work): through it the employee stays in the lists, pickers and
   * counts and may sign in; after it they drop out and sign-in is refused (auth compares the date, so nothing
   * has to run at midnight). A date already past closes the linked account at once, as before.
   */
  async separate(tx: Tx, user: CurrentUser, id: string, input: SeparateEmployeeRequest): Promise<Employee> {
    const before = await this.get(tx, user, id, true);
    if (before.RowVersion !== input.RowVersion) throw problems.stale(STALE_EMPLOYEE);
    if (before.HireDate && input.SeparationDate < before.HireDate) {
      throw problems.badRequest('One or more fields are invalid.', [
        { Code: 'SeparationDate', Description: EmployeeMessages.separationBeforeHire },
      ]);
    }
    const sep = {
      date: input.SeparationDate,
      reason: input.SeparationReason,
      remarks: text(input.SeparationRemarks),
    };
    if (!(await repo.separate(tx, user.tenantId, before.EmployeeId, input.RowVersion, sep))) {
      throw problems.stale(STALE_EMPLOYEE);
    }
    const userId = hasSeparated(input.SeparationDate, manilaToday())
      ? await repo.disableLinkedUser(tx, user.tenantId, before.EmployeeId)
      : null;
    if (userId) {
      await writeAudit(tx, user, {
        entity: 'user',
        entityId: userId,
        action: 'update',
        before: { IsActive: true },
        after: {
          IsActive: false,
          Reason: `Employee separated (${SEPARATION_REASON_LABELS[input.SeparationReason]})`,
        },
      });
    }
    const after = await this.get(tx, user, before.EmployeeId);
    await writeAudit(tx, user, {
      entity: 'employee',
      entityId: after.EmployeeId,
      action: 'update',
      before: auditImage(before),
      after: auditImage(after),
    });
    return after;
  },

  /**
   * Undoes a separation recorded in error, or a scheduled one called off (a resignation withdrawn); a closed
   * account stays closed until an Admin enables it (a scheduled separation closed none).
   */
  async reinstate(tx: Tx, user: CurrentUser, id: string, rowVersion: number): Promise<Employee> {
    const before = await this.get(tx, user, id, true);
    if (before.RowVersion !== rowVersion) throw problems.stale(STALE_EMPLOYEE);
    if (before.SeparationDate === null) {
      throw problems.conflict(`${before.FullName} is not separated.`, ProblemTypes.invalidState);
    }
    const none = { date: null, reason: null, remarks: null };
    if (!(await repo.separate(tx, user.tenantId, before.EmployeeId, rowVersion, none))) {
      throw problems.stale(STALE_EMPLOYEE);
    }
    const after = await this.get(tx, user, before.EmployeeId);
    await writeAudit(tx, user, {
      entity: 'employee',
      entityId: after.EmployeeId,
      action: 'update',
      before: auditImage(before),
      after: auditImage(after),
    });
    return after;
  },

  async remove(tx: Tx, user: CurrentUser, id: string): Promise<{ Message: string }> {
    const before = await this.get(tx, user, id, true);
    const refs = await repo.references(tx, user.tenantId, before.EmployeeId);
    const n = (count: number, one: string, many: string) =>
      `${count.toLocaleString('en-PH')} ${count === 1 ? one : many}`;
    const parts = [
      refs.users ? 'a user account' : null,
      refs.reports ? n(refs.reports, 'employee reports', 'employees report') + ' to them' : null,
      refs.heads ? n(refs.heads, 'department is', 'departments are') + ' headed by them' : null,
      refs.periods ? n(refs.periods, 'payroll period names', 'payroll periods name') + ' them' : null,
      refs.punches ? n(refs.punches, 'time log', 'time logs') : null,
      refs.requests
        ? n(refs.requests, 'leave, overtime or undertime request', 'leave, overtime or undertime requests')
        : null,
      refs.leave ? n(refs.leave, 'leave credit entry', 'leave credit entries') : null,
      refs.loans ? n(refs.loans, 'loan', 'loans') : null,
      refs.pay ? n(refs.pay, 'payslip or pay adjustment', 'payslips or pay adjustments') : null,
    ].filter(Boolean);
    if (parts.length) {
      throw problems.conflict(
        `${before.FullName} cannot be deleted: ${parts.join(', ')}. Separate the employee instead; the record stays on file.`,
        ProblemTypes.stillReferenced,
      );
    }
    const credits = await repo.delete(tx, user.tenantId, before.EmployeeId);
    await writeAudit(tx, user, {
      entity: 'employee',
      entityId: before.EmployeeId,
      action: 'delete',
      // The accrual's credits went with the record: the audit row says how many.
      before: credits ? { ...auditImage(before), AccruedLeaveEntriesRemoved: credits } : auditImage(before),
    });
    return { Message: `${before.FullName} was deleted.` };
  },

  /**
   * The bank and account number payroll keeps on the 201 file (issue 10 §1). The caller (the pay-profiles
   * service) has the employee locked and passes what it read; the change shows in the employee's history.
   */
  async setBankAccount(
    tx: Tx,
    user: CurrentUser,
    id: string,
    before: { BankName: string | null; BankAccountNumber: string | null },
    after: { BankName: string | null; BankAccountNumber: string | null },
  ): Promise<void> {
    if (
      !(await repo.setBankAccount(
        tx,
        user.tenantId,
        user.companyId,
        id,
        after.BankName,
        after.BankAccountNumber,
      ))
    ) {
      throw problems.notFound('The employee was not found.');
    }
    await writeAudit(tx, user, { entity: 'employee', entityId: id, action: 'update', before, after });
  },

  async schedules(tx: Tx, user: CurrentUser, id: string) {
    const employee = await this.get(tx, user, id);
    return repo.schedules(tx, user.tenantId, employee.EmployeeId);
  },

  /** The record's changes from the audit log, newest first, as field / before / after. */
  async history(tx: Tx, user: CurrentUser, id: string): Promise<EmployeeHistoryEntry[]> {
    const employee = await this.get(tx, user, id);
    const rows = await repo.history(tx, user.tenantId, employee.EmployeeId);
    return rows.map((r) => {
      const before = (r.before ?? {}) as Record<string, unknown>;
      const after = (r.after ?? {}) as Record<string, unknown>;
      const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
      const changes = [...keys]
        .filter((k) => !NOT_CHANGES.has(k))
        .filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null))
        .filter((k) => r.action !== 'create' || (after[k] !== null && after[k] !== undefined))
        .map((k) => ({ Field: pascal(k), Before: before[k] ?? null, After: after[k] ?? null }));
      return {
        At: new Date(r.at).toISOString(),
        Action: r.action,
        ActorName: r.actor,
        Changes: changes,
      };
    });
  },
};

/**
 * When a change of shift or rest days takes effect: today unless given. The employee's shift on file is the one
 * in force today (lists, counts, the master list and the portal read it; attendance reads the history by date),
 * so a change can neither start in the future nor slip in before a schedule already recorded. An employee yet
 * to start (hired in the future) has their first schedule changed: from the hire date.
 */
async function checkScheduleChange(
  tx: Tx,
  user: CurrentUser,
  employeeId: string,
  hireDate: string,
  requested: string | null,
): Promise<string> {
  const today = manilaToday();
  const start = hireDate > today ? hireDate : today;
  const from = requested ?? start;
  const latest = await repo.latestScheduleDate(tx, user.tenantId, employeeId);
  const problem =
    from > start
      ? 'A change of schedule cannot take effect in the future: save it on or after the day it starts'
      : latest !== null && from < latest
        ? `A schedule from ${formatIsoDate(latest)} is already recorded: the change must take effect on or after that day`
        : null;
  if (problem) {
    throw problems.badRequest('One or more fields are invalid.', [
      { Code: 'ScheduleEffectiveDate', Description: problem },
    ]);
  }
  return from;
}

/**
 * A change of hire date keeps the first schedule on the hire date (attendance reads the history by date): a first
 * schedule that started on the old hire date, or that the new one passes, moves to the new hire date. A later
 * change of schedule on or before the new hire date would be lost that way: refused.
 */
async function alignFirstSchedule(tx: Tx, user: CurrentUser, employeeId: string, from: string, to: string) {
  const dates = (await repo.schedules(tx, user.tenantId, employeeId)).map((s) => s.EffectiveDate).reverse();
  const [first, second] = dates;
  if (first === undefined) return;
  if (second !== undefined && second <= to) {
    throw problems.badRequest('One or more fields are invalid.', [
      { Code: 'HireDate', Description: EmployeeMessages.hireAfterScheduleChange(formatIsoDate(second)) },
    ]);
  }
  if (first === from || first < to) await repo.moveSchedule(tx, user.tenantId, employeeId, first, to);
}

/** Two ids naming the same record (ids are compared case-insensitively, as PostgreSQL's uuid does). */
const sameId = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The government ids of columnValues' values, by their index there (EMPLOYEE_COLUMNS) and a name for their lock. */
const GOVERNMENT_ID_VALUES: [number, string][] = (
  [
    ['tin', 'tin'],
    ['sss_number', 'sss'],
    ['philhealth_number', 'philhealth'],
    ['pagibig_number', 'pagibig'],
  ] as const
).map(([column, kind]) => [EMPLOYEE_COLUMNS.indexOf(column), kind]);

/**
 * A form write that sets government ids waits for any other write setting the same ids in the company (and
 * for an import's commit) before its check reads who holds them: the check then sees what they stored.
 */
async function lockGovernmentIds(tx: Tx, user: CurrentUser, values: unknown[]) {
  const ids = GOVERNMENT_ID_VALUES.filter(([i]) => values[i] !== null).map(
    ([i, kind]) => `${kind}/${String(values[i])}`,
  );
  if (ids.length) await repo.lockGovernmentIds(tx, user.tenantId, user.companyId, ids);
}

/** Every field rule that needs the database, reported together so the form shows them all at once. */
async function checkFields(
  tx: Tx,
  user: CurrentUser,
  input: CreateEmployeeRequest,
  values: unknown[],
  before: Employee | null,
) {
  const selfId = before?.EmployeeId ?? null;
  const errors: ValidationError[] = [];
  const at = (i: number) => (values[i] as string | null) ?? null;
  const taken = await repo.taken(
    tx,
    user.tenantId,
    user.companyId,
    { number: at(0)!, tin: at(19), sss: at(20), philhealth: at(21), pagibig: at(22), device: at(33) },
    selfId,
  );
  if (taken.number) {
    errors.push({ Code: 'EmployeeNumber', Description: `Employee number ${taken.number} is already in use` });
  }
  const idTaken: [keyof typeof taken, string, string][] = [
    ['tin', 'TIN', 'TIN'],
    ['sss', 'SSSNumber', 'SSS number'],
    ['philhealth', 'PhilHealthNumber', 'PhilHealth number'],
    ['pagibig', 'PagIbigNumber', 'Pag-IBIG number'],
    ['device', 'DeviceUserId', 'Terminal user ID'],
  ];
  for (const [key, code, label] of idTaken) {
    if (taken[key])
      errors.push({ Code: code, Description: `${label} already belongs to employee ${taken[key]}` });
  }

  const inactive = 'is inactive: choose an active one';
  const refs = [
    { code: 'DepartmentId', table: 'departments', id: input.DepartmentId, what: 'department', inactive },
    { code: 'PositionId', table: 'positions', id: input.PositionId, what: 'position', inactive },
    {
      code: 'EmploymentStatusId',
      table: 'employment_statuses',
      id: input.EmploymentStatusId,
      what: 'employment status',
      inactive,
    },
    {
      code: 'WorkLocationId',
      table: 'work_locations',
      id: input.WorkLocationId,
      what: 'work location',
      inactive,
    },
    { code: 'ShiftId', table: 'shifts', id: input.ShiftId, what: 'shift', inactive },
    {
      code: 'SupervisorId',
      table: 'employees',
      id: input.SupervisorId,
      what: 'supervisor',
      inactive: 'has been separated: their account is closed, so they cannot approve requests',
    },
  ] as const;
  const states = await repo.referenceStates(tx, user.tenantId, user.companyId, refs);
  refs.forEach((r, i) => {
    if (states[i] === 'missing') {
      errors.push({ Code: r.code, Description: `The ${r.what} was not found in this company` });
    } else if (states[i] === 'inactive' && !sameId(r.id, before?.[r.code])) {
      // A record may keep an item that became inactive after it was chosen; a new choice must be active.
      errors.push({ Code: r.code, Description: `The ${r.what} ${r.inactive}` });
    }
  });
  if (before?.SeparationDate && input.HireDate > before.SeparationDate) {
    errors.push({ Code: 'HireDate', Description: EmployeeMessages.hireAfterSeparation });
  }

  if (input.SupervisorId && selfId) {
    if (input.SupervisorId.toLowerCase() === selfId.toLowerCase()) {
      errors.push({ Code: 'SupervisorId', Description: 'An employee cannot be their own supervisor' });
    } else if (states[5] !== 'missing') {
      const chain = await repo.supervisorChain(tx, user.tenantId, input.SupervisorId);
      if (chain.some((id) => id.toLowerCase() === selfId.toLowerCase())) {
        errors.push({
          Code: 'SupervisorId',
          Description:
            'The supervisor reports to this employee (directly or through others): that would be a loop',
        });
      }
    }
  }
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}

/** The HR dashboard of the signed-in user's company (issue 8 §5). */
export async function hrDashboard(tx: Tx, user: CurrentUser): Promise<HrDashboard> {
  const { tenantId, companyId } = user;
  const today = manilaToday();
  const monthStart = `${today.slice(0, 7)}-01`;
  const counts = await hrDashboardRepo.counts(tx, tenantId, companyId, today, monthStart);
  return {
    ActiveCount: counts.active,
    SeparatedCount: counts.separated,
    ByDepartment: await hrDashboardRepo.groupCounts(tx, tenantId, companyId, today, 'department'),
    ByEmploymentStatus: await hrDashboardRepo.groupCounts(tx, tenantId, companyId, today, 'status'),
    ByEmploymentType: await hrDashboardRepo.groupCounts(tx, tenantId, companyId, today, 'type'),
    HiresThisMonth: counts.hires,
    SeparationsThisMonth: counts.separations,
    Trend: await hrDashboardRepo.trend(tx, tenantId, companyId, today, monthStart),
    RecentHires: await hrDashboardRepo.recentHires(tx, tenantId, companyId, today),
    UpcomingAnniversaries: await hrDashboardRepo.anniversaries(tx, tenantId, companyId, today, 30),
    MissingGovernmentIds: await hrDashboardRepo.missingGovernmentIds(tx, tenantId, companyId, today),
    MissingBankAccountCount: counts.missing_bank,
    PendingRequests: await pendingRequestCounts(tx, user),
  };
}
