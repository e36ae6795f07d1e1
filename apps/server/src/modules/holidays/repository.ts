import type { CreateHolidayRequest, Holiday, HolidayListRequest, HolidayType } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { Conditions, containsPattern, pageClause } from '../../lib/lists.js';
import { isDoubleHoliday } from './day-type.js';

/** The SQL of holidays. Every statement is confined to one company of one tenant. */

interface HolidayRow {
  id: string;
  company_id: string;
  date: string;
  name: string;
  type: HolidayType;
  national_date: string | null;
  work_location_id: string | null;
  work_location_name: string | null;
  is_draft: boolean;
  others: { type: HolidayType; workLocationId: string | null }[];
  row_version: number;
  created_at: Date;
  updated_at: Date;
}

// The other confirmed holidays of the company on the same date, for the same place or all: whether the holiday is
// part of a double one is decided from them by the payroll rule (isDoubleHoliday), not here.
const SELECT_HOLIDAY = `
  SELECT h.id, h.company_id, h.date::text, h.name, h.type, h.national_date::text, h.work_location_id,
         wl.name AS work_location_name, h.is_draft, h.row_version, h.created_at, h.updated_at,
         (SELECT coalesce(json_agg(json_build_object('type', o.type, 'workLocationId', o.work_location_id)), '[]')
            FROM holidays o
           WHERE o.tenant_id = h.tenant_id AND o.company_id = h.company_id AND o.date = h.date
             AND o.id <> h.id AND NOT o.is_draft
             AND (o.work_location_id IS NULL OR h.work_location_id IS NULL
                  OR o.work_location_id = h.work_location_id)) AS others
    FROM holidays h
    LEFT JOIN work_locations wl ON wl.tenant_id = h.tenant_id AND wl.id = h.work_location_id`;

const SORT = { Date: 'h.date', Name: 'lower(h.name)', Type: 'h.type' } as const;

function toHoliday(r: HolidayRow): Holiday {
  return {
    HolidayId: r.id,
    CompanyId: r.company_id,
    Date: r.date,
    Name: r.name,
    Type: r.type,
    IsNational: r.national_date !== null,
    ProclaimedDate: r.national_date !== null && r.national_date !== r.date ? r.national_date : null,
    WorkLocationId: r.work_location_id,
    WorkLocationName: r.work_location_name,
    IsDraft: r.is_draft,
    IsDouble: !r.is_draft && isDoubleHoliday({ type: r.type, workLocationId: r.work_location_id }, r.others),
    RowVersion: r.row_version,
    CreatedAt: new Date(r.created_at).toISOString(),
    UpdatedAt: new Date(r.updated_at).toISOString(),
  };
}

const columns = (input: CreateHolidayRequest) => [
  input.Date,
  input.Name.trim(),
  input.Type,
  input.WorkLocationId ?? null,
  input.IsDraft ?? false,
];

export const holidaysRepo = {
  /** Years with a confirmed company-wide regular holiday: their calendar is on file (see HolidayCalendarYears). */
  async calendarYears(tx: Tx, tenantId: string, companyId: string) {
    const rows = await tx.query<{ year: number }>(
      `SELECT DISTINCT extract(year FROM h.date)::int AS year FROM holidays h
        WHERE h.tenant_id = $1 AND h.company_id = $2 AND h.type = 'Regular' AND h.work_location_id IS NULL
          AND NOT h.is_draft
        ORDER BY 1`,
      [tenantId, companyId],
    );
    return rows.map((r) => r.year);
  },

  async list(tx: Tx, tenantId: string, companyId: string, req: ReturnType<typeof HolidayListRequest.parse>) {
    const where = new Conditions(tenantId, companyId).add('h.tenant_id = $1 AND h.company_id = $2');
    if (req.Search) where.add('h.name ILIKE $?', containsPattern(req.Search));
    if (req.Year)
      where.add(`h.date >= make_date($?, 1, 1)`, req.Year).add(`h.date < make_date($?, 1, 1)`, req.Year + 1);
    if (req.Type) where.add('h.type = $?', req.Type);
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM holidays h WHERE ${where.sql}`,
      where.params,
    );
    const page = pageClause(req, SORT, { sortBy: 'Date', tieBreaker: 'h.id' }, where);
    const rows = await tx.query<HolidayRow>(`${SELECT_HOLIDAY} WHERE ${where.sql} ${page}`, where.params);
    return { Items: rows.map(toHoliday), TotalCount: total!.n };
  },

  async get(tx: Tx, tenantId: string, companyId: string, id: string, forUpdate = false) {
    const [row] = await tx.query<HolidayRow>(
      `${SELECT_HOLIDAY} WHERE h.tenant_id = $1 AND h.company_id = $2 AND h.id = $3${forUpdate ? ' FOR UPDATE OF h' : ''}`,
      [tenantId, companyId, id],
    );
    return row ? toHoliday(row) : null;
  },

  /** Whether another holiday of the same name falls on the date for the same place. */
  async taken(tx: Tx, tenantId: string, companyId: string, input: CreateHolidayRequest, exceptId?: string) {
    const rows = await tx.query(
      `SELECT 1 FROM holidays WHERE tenant_id = $1 AND company_id = $2 AND date = $3 AND lower(name) = lower($4)
          AND work_location_id IS NOT DISTINCT FROM $5 AND ($6::uuid IS NULL OR id <> $6)`,
      [tenantId, companyId, input.Date, input.Name.trim(), input.WorkLocationId ?? null, exceptId ?? null],
    );
    return rows.length > 0;
  },

  async workLocationInCompany(tx: Tx, tenantId: string, companyId: string, id: string) {
    const rows = await tx.query(
      `SELECT 1 FROM work_locations WHERE tenant_id = $1 AND company_id = $2 AND id = $3`,
      [tenantId, companyId, id],
    );
    return rows.length > 0;
  },

  async insert(tx: Tx, tenantId: string, companyId: string, id: string, input: CreateHolidayRequest) {
    await tx.query(
      `INSERT INTO holidays (tenant_id, company_id, id, date, name, type, work_location_id, is_draft)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [tenantId, companyId, id, ...columns(input)],
    );
  },

  async update(tx: Tx, tenantId: string, id: string, rowVersion: number, input: CreateHolidayRequest) {
    const rows = await tx.query(
      `UPDATE holidays SET date = $4, name = $5, type = $6, work_location_id = $7, is_draft = $8,
              row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, ...columns(input)],
    );
    return rows.length > 0;
  },

  /**
   * The first finalised (or paid) payroll period of the company that paid attendance on `date` (a Regular or
   * FinalPay one, with a payslip of an employee the holiday applies to: of its work location, or any for a
   * company-wide one), by name, or null. Its pay was computed with the calendar as it was: the holiday cannot
   * change there (as the period's punches and attendance cannot, migrations 0022 and 0035).
   */
  async finalisedPeriodOn(
    tx: Tx,
    tenantId: string,
    companyId: string,
    date: string,
    workLocationId: string | null,
  ) {
    const [row] = await tx.query<{ name: string }>(
      `SELECT p.name FROM payroll_periods p
        WHERE p.tenant_id = $1 AND p.company_id = $2 AND p.status IN ('Finalised', 'Paid')
          AND p.kind IN ('Regular', 'FinalPay') AND $3::date BETWEEN p.cutoff_start AND p.cutoff_end
          AND EXISTS (SELECT 1 FROM payslips s JOIN employees e ON e.tenant_id = s.tenant_id AND e.id = s.employee_id
                       WHERE s.tenant_id = p.tenant_id AND s.payroll_period_id = p.id AND s.status <> 'Excluded'
                         AND ($4::uuid IS NULL OR e.work_location_id = $4))
        ORDER BY p.cutoff_start, p.name LIMIT 1`,
      [tenantId, companyId, date, workLocationId],
    );
    return row?.name ?? null;
  },

  async delete(tx: Tx, tenantId: string, id: string) {
    await tx.query(`DELETE FROM holidays WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },

  /** The company's own (not national) confirmed holidays of `year` into `year + 1` as drafts, same month and day. */
  async copyYear(tx: Tx, tenantId: string, companyId: string, year: number) {
    const [row] = await tx.query<{ copied: number; total: number }>(
      `WITH src AS (
         SELECT name, type, work_location_id,
                -- Feb 29 falls on Feb 28 in a common year.
                CASE WHEN extract(month FROM date) = 2 AND extract(day FROM date) = 29
                          AND NOT ((($3 + 1) % 4 = 0 AND ($3 + 1) % 100 <> 0) OR ($3 + 1) % 400 = 0)
                     THEN make_date($3 + 1, 2, 28)
                     ELSE make_date($3 + 1, extract(month FROM date)::int, extract(day FROM date)::int) END AS next_date
           FROM holidays
          WHERE tenant_id = $1 AND company_id = $2 AND national_date IS NULL AND NOT is_draft
            AND date >= make_date($3, 1, 1) AND date < make_date($3 + 1, 1, 1)),
       ins AS (
         INSERT INTO holidays (tenant_id, company_id, date, name, type, work_location_id, is_draft)
         SELECT $1, $2, next_date, name, type, work_location_id, true FROM src
         ON CONFLICT DO NOTHING RETURNING 1)
       SELECT (SELECT count(*)::int FROM ins) AS copied, (SELECT count(*)::int FROM src) AS total`,
      [tenantId, companyId, year],
    );
    return { Copied: row!.copied, Skipped: row!.total - row!.copied };
  },

  /** Confirmed holidays between two dates for the company, or one work location of it (with the company-wide). */
  days: (
    tx: Tx,
    tenantId: string,
    companyId: string,
    from: string,
    to: string,
    workLocationId: string | null,
  ) =>
    tx.query<{ date: string; name: string; type: HolidayType }>(
      `SELECT date::text, name, type FROM holidays
        WHERE tenant_id = $1 AND company_id = $2 AND date BETWEEN $3 AND $4 AND NOT is_draft
          AND (work_location_id IS NULL OR work_location_id = $5)
        ORDER BY date, type, name`,
      [tenantId, companyId, from, to, workLocationId],
    ),
};
