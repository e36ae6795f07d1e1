import { randomUUID } from 'node:crypto';
import {
  dayPay,
  DEFAULT_TABLES,
  pagibig,
  philhealth,
  PayrollInputError,
  sss,
  type PayrollTables,
} from '@hrpay/payroll';
import {
  formatIsoDate,
  premiumTable,
  premiumValues,
  ProblemTypes,
  type CreatePayComponentRequest,
  type CreateStatutoryRowRequest,
  type PayComponentListRequest,
  type PayrollGeneralSettings,
  type StatutoryRow,
  type StatutoryRowKind,
  type StatutoryTables,
  type UpdatePayComponentRequest,
  type UpdatePayrollGeneralSettingsRequest,
  type ValidationError,
  ValidationMessages,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { refuseAnotherCompanysBody } from '../../lib/body-ids.js';
import { manilaToday } from '../../lib/manila.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { payrollSettingsRepo as repo, type StatutoryRowDb } from './repository.js';
import {
  EDITION_ENGINE,
  editionErrors,
  editionField,
  editionFields,
  toEngineEdition,
} from './statutory-editions.js';

type ParsedUpdate = ReturnType<typeof UpdatePayrollGeneralSettingsRequest.parse>;
type ParsedComponent = ReturnType<typeof CreatePayComponentRequest.parse>;
type ParsedStatutoryRow = ReturnType<typeof CreateStatutoryRowRequest.parse>;

const STALE =
  'The payroll settings were changed by someone else since you opened them. Reload to see the latest version.';
const STALE_COMPONENT =
  'This pay component was changed by someone else since you opened it. Reload and try again.';

/** The engine's tables, newest first in each list, as the settings page shows them (read-only). */
const rows = <T extends object>(tables: readonly T[]) =>
  [...tables].reverse().map((t) => ({ ...t }) as Record<string, unknown>);
const statutoryView = (t: PayrollTables, added: StatutoryRow[]): StatutoryTables => ({
  Sss: rows(t.sss),
  PhilHealth: rows(t.philhealth),
  PagIbig: rows(t.pagibig),
  Withholding: rows(t.withholding),
  AnnualTax: rows(t.annualIncomeTax),
  BenefitsCeiling: rows(t.benefitsCeiling),
  DeMinimis: rows(t.deMinimis),
  Premiums: rows(t.premiums),
  Added: added,
});

/** The engine's list each added kind belongs to, and the engine call that applies it to a month. */
const ENGINE: Record<
  StatutoryRowKind,
  {
    list:
      | 'sss'
      | 'philhealth'
      | 'pagibig'
      | 'premiums'
      | (typeof EDITION_ENGINE)[keyof typeof EDITION_ENGINE]['list'];
    name: string;
    apply: (t: PayrollTables, month: string, pay: string) => void;
  }
> = {
  Sss: {
    list: 'sss',
    name: 'SSS',
    apply: (tables, applicableMonth, monthlyCompensation) =>
      sss({ monthlyCompensation, applicableMonth, tables }),
  },
  PhilHealth: {
    list: 'philhealth',
    name: 'PhilHealth',
    apply: (tables, applicableMonth, monthlyBasicSalary) =>
      philhealth({ monthlyBasicSalary, applicableMonth, tables }),
  },
  PagIbig: {
    list: 'pagibig',
    name: 'Pag-IBIG',
    apply: (tables, applicableMonth, monthlyFundSalary) =>
      pagibig({ monthlyFundSalary, applicableMonth, tables }),
  },
  Premiums: {
    list: 'premiums',
    name: 'holiday premium',
    // Compiles every premium edition (each multiplier and their products) and picks the one of that month.
    apply: (tables, month, dailyRate) =>
      dayPay({ dailyRate, dayType: 'regular_holiday', date: `${month}-01`, tables }),
  },
  ...EDITION_ENGINE,
};

/** Figures that must not exceed another (the engine clamps with them and would answer nonsense otherwise). */
const ORDERED: Record<StatutoryRowKind, [lower: string, upper: string, message: string][]> = {
  Sss: [
    ['minMsc', 'maxMsc', 'The minimum MSC cannot be more than the maximum MSC'],
    ['regularSsCap', 'maxMsc', 'The regular SS cap cannot be more than the maximum MSC'],
  ],
  PhilHealth: [['floor', 'ceiling', 'The floor cannot be more than the ceiling']],
  PagIbig: [
    ['lowThreshold', 'maxFundSalary', 'The low-rate threshold cannot be more than the maximum fund salary'],
  ],
  Premiums: [],
  Withholding: [],
  AnnualTax: [],
  BenefitsCeiling: [],
  DeMinimis: [],
};
const cents = (money: string) => {
  const [whole = '0', frac = ''] = money.split('.');
  return Number(whole) * 100 + Number(`${frac}00`.slice(0, 2));
};

const toStatutoryRow = (r: StatutoryRowDb, today: string): StatutoryRow => ({
  StatutoryRowId: r.id,
  Kind: r.kind,
  EffectiveFrom: r.effective_from,
  Source: r.source,
  Values: r.payload,
  CanDelete: r.effective_from > today,
  CreatedAt: new Date(r.created_at).toISOString(),
});

/** A stored edition as the engine's table: flat figures, or premiums nested per day (premiumTable). */
const editionOf = (
  kind: StatutoryRowKind,
  effectiveFrom: string,
  source: string,
  payload: Record<string, string>,
) => ({
  effectiveFrom,
  source,
  ...(kind === 'Premiums' ? premiumTable(payload) : toEngineEdition(kind, payload, effectiveFrom)),
});

/** The engine's tables with the company's added editions appended to their lists (the engine sorts by date). */
function mergeTables(added: StatutoryRowDb[]): PayrollTables {
  if (!added.length) return DEFAULT_TABLES; // same object: the engine's compile cache keeps working
  const tables = { ...DEFAULT_TABLES };
  for (const r of added) {
    const { list } = ENGINE[r.kind];
    (tables[list] as object[]) = [...tables[list], editionOf(r.kind, r.effective_from, r.source, r.payload)];
  }
  return tables;
}

/** DOLE's premiums in force on `date` (the engine's own table), as flat Values. */
function dolePremiums(date: string) {
  const inForce = DEFAULT_TABLES.premiums.filter((t) => t.effectiveFrom <= date);
  const dole = inForce.reduce((a, b) => (b.effectiveFrom > a.effectiveFrom ? b : a), inForce[0]!);
  return premiumValues(dole);
}
/** A multiplier or rate the engine accepted (at most 4 decimals) in ten-thousandths, to compare exactly. */
const scaled = (figure: string) => Math.round(Number(figure) * 10_000);

/**
 * `tables.sss[1].employeeRate` (the engine's field) -> `Values.employeeRate` (the request's);
 * `tables.premiums[1].days.regular_holiday.worked` -> `Values.regular_holiday.worked`.
 */
const requestField = (engineField: string) => {
  const nested = editionField(engineField);
  if (nested) return nested;
  const figure = /^tables\.\w+\[\d+\]\.(?:days\.)?(\w+(?:\.\w+)?)$/.exec(engineField)?.[1];
  if (figure === 'effectiveFrom') return 'EffectiveFrom';
  return figure ? `Values.${figure}` : 'Values';
};

/** Payroll settings of the signed-in Payroll user's company. */
export const payrollSettingsService = {
  async general(tx: Tx, user: CurrentUser, forUpdate = false): Promise<PayrollGeneralSettings> {
    const settings = await repo.get(tx, user.tenantId, user.companyId, forUpdate);
    if (!settings) throw problems.notFound('The company has no payroll settings.');
    return settings;
  },

  async updateGeneral(tx: Tx, user: CurrentUser, input: ParsedUpdate) {
    refuseAnotherCompanysBody(input, user.companyId);
    const before = await this.general(tx, user, true);
    if (
      before.RowVersion !== input.RowVersion ||
      !(await repo.update(tx, user.tenantId, user.companyId, input))
    ) {
      throw problems.stale(STALE);
    }
    const after = await this.general(tx, user);
    await writeAudit(tx, user, {
      entity: 'payroll-settings',
      entityId: user.companyId,
      action: 'update',
      before,
      after,
    });
    return after;
  },

  /** The company's statutory tables as compute passes them to the engine (defaults plus its added editions). */
  async companyTables(tx: Tx, tenantId: string, companyId: string): Promise<PayrollTables> {
    return mergeTables(await repo.statutoryRows(tx, tenantId, companyId));
  },

  async statutoryTables(tx: Tx, user: CurrentUser): Promise<StatutoryTables> {
    const added = await repo.statutoryRows(tx, user.tenantId, user.companyId);
    const today = manilaToday();
    return statutoryView(
      mergeTables(added),
      added.map((r) => toStatutoryRow(r, today)),
    );
  },

  /**
   * A new edition of one table for a future month. The figures go through the engine (its table compile and the
   * contribution for that month, on sample pay) before anything is stored; what it refuses is a 400 naming the
   * field.
   */
  async addStatutoryRow(tx: Tx, user: CurrentUser, input: ParsedStatutoryRow): Promise<StatutoryRow> {
    const today = manilaToday();
    const engine = ENGINE[input.Kind];
    const fields = editionFields(input.Kind, input.Values);
    const errors: ValidationError[] = [];
    const premiums = input.Kind === 'Premiums';
    // Premiums may start this month (a company raising its rates now); finalised periods used the old ones, so
    // never earlier. Contributions only from a future month.
    if (premiums && input.EffectiveFrom < `${today.slice(0, 7)}-01`)
      errors.push({
        Code: 'EffectiveFrom',
        Description: 'The date cannot be before this month: finalised periods used the rates in force then',
      });
    else if (!premiums && input.EffectiveFrom <= today)
      errors.push({ Code: 'EffectiveFrom', Description: 'The date must be after today' });
    else if (!input.EffectiveFrom.endsWith('-01'))
      errors.push({
        Code: 'EffectiveFrom',
        Description: 'The date must be the first day of a month',
      });
    for (const key of Object.keys(input.Values))
      if (!Object.hasOwn(fields, key))
        errors.push({ Code: `Values.${key}`, Description: `Not a figure of the ${engine.name} table` });
    for (const key of Object.keys(fields))
      if (!input.Values[key])
        errors.push({ Code: `Values.${key}`, Description: ValidationMessages.required });
    const added = await repo.statutoryRows(tx, user.tenantId, user.companyId);
    const tables = mergeTables(added);
    if (
      !errors.some((e) => e.Code === 'EffectiveFrom') &&
      tables[engine.list].some((t) => t.effectiveFrom === input.EffectiveFrom)
    )
      errors.push({
        Code: 'EffectiveFrom',
        Description: `A ${engine.name} table already takes effect on ${formatIsoDate(input.EffectiveFrom)}`,
      });
    // The engine divides by the MSC step.
    if (input.Kind === 'Sss' && input.Values.mscStep && cents(input.Values.mscStep) === 0)
      errors.push({ Code: 'Values.mscStep', Description: 'The MSC step must be more than 0' });
    if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);

    const payload = Object.fromEntries(Object.keys(fields).map((k) => [k, input.Values[k]!]));
    const edition = editionOf(input.Kind, input.EffectiveFrom, input.Source, payload);
    const trial = { ...tables, [engine.list]: [...tables[engine.list], edition] } as PayrollTables;
    try {
      // Low, middle and very high pay: every clamp and rate of the new edition is exercised once.
      for (const pay of ['0.00', '20000.00', '1000000.00'])
        engine.apply(trial, input.EffectiveFrom.slice(0, 7), pay);
    } catch (error) {
      if (!(error instanceof PayrollInputError)) throw error;
      throw problems.badRequest(`The payroll engine refused the ${engine.name} table.`, [
        { Code: requestField(error.field), Description: error.message.replace(/^\S+: /, '') },
      ]);
    }
    // The engine parsed every figure, so they are plain decimals: compare them in centavos.
    for (const [lower, upper, message] of ORDERED[input.Kind])
      if (cents(payload[lower]!) > cents(payload[upper]!))
        errors.push({ Code: `Values.${lower}`, Description: message });
    errors.push(...editionErrors(input.Kind, payload));
    for (const [key, type] of Object.entries(fields))
      if (type === 'rate' && Number(payload[key]) >= 1)
        errors.push({
          Code: `Values.${key}`,
          Description: 'Enter a rate as a fraction below 1 (0.05 for 5%)',
        });
    // DOLE's premiums are minimums (Labor Code Arts. 86, 87, 93, 94): a company may pay more, never less.
    if (premiums) {
      const dole = dolePremiums(input.EffectiveFrom);
      for (const key of Object.keys(fields))
        if (scaled(payload[key]!) < scaled(dole[key]!))
          errors.push({ Code: `Values.${key}`, Description: `At least ${dole[key]} (DOLE)` });
    }
    if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);

    const row = await repo.insertStatutoryRow(tx, user.tenantId, user.companyId, user.userId, {
      kind: input.Kind,
      effectiveFrom: input.EffectiveFrom,
      source: input.Source,
      payload,
    });
    const saved = toStatutoryRow(row, today);
    await writeAudit(tx, user, {
      entity: 'statutory-table',
      entityId: row.id,
      action: 'create',
      after: saved,
    });
    return saved;
  },

  async removeStatutoryRow(tx: Tx, user: CurrentUser, id: string) {
    const row = await repo.statutoryRow(tx, user.tenantId, user.companyId, id);
    if (!row) throw problems.notFound('The statutory table row was not found.');
    const before = toStatutoryRow(row, manilaToday());
    if (!before.CanDelete) {
      throw problems.conflict(
        `This ${ENGINE[row.kind].name} table has been in force since ${formatIsoDate(row.effective_from)} and can no longer be deleted. Add a newer one instead.`,
        ProblemTypes.invalidState,
      );
    }
    await repo.deleteStatutoryRow(tx, user.tenantId, row.id);
    await writeAudit(tx, user, { entity: 'statutory-table', entityId: row.id, action: 'delete', before });
    return {
      Message: `The ${ENGINE[row.kind].name} table from ${formatIsoDate(row.effective_from)} was deleted.`,
    };
  },

  // ---------- pay components ----------

  listPayComponents: (tx: Tx, user: CurrentUser, req: ReturnType<typeof PayComponentListRequest.parse>) =>
    repo.listPayComponents(tx, user.tenantId, user.companyId, req),

  payComponentOptions: (tx: Tx, user: CurrentUser) =>
    repo.payComponentOptions(tx, user.tenantId, user.companyId),

  async payComponentWithUsage(tx: Tx, user: CurrentUser, id: string, forUpdate = false) {
    const found = await repo.payComponent(tx, user.tenantId, user.companyId, id, forUpdate);
    if (!found) throw problems.notFound('The pay component was not found.');
    return found;
  },

  async getPayComponent(tx: Tx, user: CurrentUser, id: string, forUpdate = false) {
    const {
      ItemCount: _i,
      AdjustmentCount: _a,
      ...component
    } = await this.payComponentWithUsage(tx, user, id, forUpdate);
    return component;
  },

  async createPayComponent(tx: Tx, user: CurrentUser, input: ParsedComponent) {
    await checkComponentFields(tx, user, input);
    const id = randomUUID();
    await repo.insertPayComponent(tx, user.tenantId, user.companyId, id, input);
    const saved = await this.getPayComponent(tx, user, id);
    await writeAudit(tx, user, { entity: 'pay-component', entityId: id, action: 'create', after: saved });
    return saved;
  },

  async updatePayComponent(
    tx: Tx,
    user: CurrentUser,
    id: string,
    input: ReturnType<typeof UpdatePayComponentRequest.parse>,
  ) {
    const found = await this.payComponentWithUsage(tx, user, id, true);
    if (found.RowVersion !== input.RowVersion) throw problems.stale(STALE_COMPONENT);
    if (found.UsageCount > 0 && input.Code !== found.Code)
      throw problems.conflict(
        `The code of ${found.Name} cannot change: ${usedBy(found)} it. Add a new component instead.`,
        ProblemTypes.stillReferenced,
      );
    await checkComponentFields(tx, user, input, found.PayComponentId);
    if (!(await repo.updatePayComponent(tx, user.tenantId, found.PayComponentId, input.RowVersion, input))) {
      throw problems.stale(STALE_COMPONENT);
    }
    const { ItemCount: _i, AdjustmentCount: _a, ...before } = found;
    const after = await this.getPayComponent(tx, user, found.PayComponentId);
    await writeAudit(tx, user, { entity: 'pay-component', entityId: id, action: 'update', before, after });
    return after;
  },

  async removePayComponent(tx: Tx, user: CurrentUser, id: string) {
    const found = await this.payComponentWithUsage(tx, user, id, true);
    if (found.UsageCount > 0) {
      throw problems.conflict(
        `${found.Name} cannot be deleted: ${usedBy(found)} it. Deactivate it instead.`,
        ProblemTypes.stillReferenced,
      );
    }
    const { ItemCount: _i, AdjustmentCount: _a, ...before } = found;
    await repo.deletePayComponent(tx, user.tenantId, found.PayComponentId);
    await writeAudit(tx, user, { entity: 'pay-component', entityId: id, action: 'delete', before });
    return { Message: `${found.Name} was deleted.` };
  },
};

/** "2 recurring items and 1 payroll adjustment use" */
function usedBy({
  ItemCount: items,
  AdjustmentCount: adjustments,
}: {
  ItemCount: number;
  AdjustmentCount: number;
}) {
  const count = (n: number, noun: string) => `${n.toLocaleString('en-PH')} ${noun}${n === 1 ? '' : 's'}`;
  const parts = [
    ...(items ? [count(items, 'recurring item')] : []),
    ...(adjustments ? [count(adjustments, 'payroll adjustment')] : []),
  ];
  return `${parts.join(' and ')} ${items + adjustments === 1 ? 'uses' : 'use'}`;
}

async function checkComponentFields(tx: Tx, user: CurrentUser, input: ParsedComponent, selfId?: string) {
  const errors: ValidationError[] = [];
  const taken = await repo.payComponentTaken(
    tx,
    user.tenantId,
    user.companyId,
    input.Code,
    input.Name,
    selfId,
  );
  if (taken.code)
    errors.push({ Code: 'Code', Description: `Another pay component has the code ${input.Code}` });
  if (taken.name) errors.push({ Code: 'Name', Description: `Another pay component is named ${input.Name}` });
  if (errors.length) throw problems.badRequest('One or more fields are invalid.', errors);
}
