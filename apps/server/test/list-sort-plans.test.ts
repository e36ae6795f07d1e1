/**
 * The punches list (HR > Punches) and the request lists at scale (100,000 employees, 8.8 million punches): the
 * default order, newest punch first, is read from the index of the company's punches instead of sorting them all
 * for each page, and the counts join employees only when a filter is on them. The answers stay those of plain SQL:
 * the same order (ties by id), the same totals, with filters and without.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  PayslipListRequest,
  TimeLogListRequest,
  TimeRequestListRequest,
  type TimeLog,
  type TimeRequest,
} from '@hrpay/contracts';
import type { Tx } from '../src/db/database.js';
import { Conditions, notNull, orderClause, pageClause } from '../src/lib/lists.js';
import { periodsRepo } from '../src/modules/payroll-periods/repository.js';
import { requestsRepo } from '../src/modules/requests/repository.js';
import { timeLogsRepo } from '../src/modules/timelogs/repository.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

describe('orderClause', () => {
  const columns = {
    At: notNull('t.at'),
    Note: 't.note',
    Name: ['lower(e.last_name)', notNull('lower(e.first_name)')],
  } as const;
  const defaults = { sortBy: 'At', tieBreaker: 't.id' } as const;

  it('sorts a notNull key without NULLS LAST and keeps NULLS LAST on the others', () => {
    expect(orderClause({ SortDirection: 'desc' }, columns, defaults)).toBe('ORDER BY t.at DESC, t.id DESC');
    expect(orderClause({ SortBy: 'At' }, columns, defaults)).toBe('ORDER BY t.at ASC, t.id ASC');
    expect(orderClause({ SortBy: 'Note', SortDirection: 'desc' }, columns, defaults)).toBe(
      'ORDER BY t.note DESC NULLS LAST, t.id DESC',
    );
    // A name stays a name sort key either way.
    expect(orderClause({ SortBy: 'Name', SortDirection: 'desc' }, columns, defaults)).toBe(
      'ORDER BY name_sort_key(e.last_name) DESC NULLS LAST, name_sort_key(e.first_name) DESC, t.id DESC',
    );
  });

  it('pageClause adds the page as parameters after the ORDER BY', () => {
    const where = new Conditions('tenant');
    expect(pageClause({ Page: 3, PageSize: 20, SortDirection: 'desc' }, columns, defaults, where)).toBe(
      'ORDER BY t.at DESC, t.id DESC LIMIT $2 OFFSET $3',
    );
    expect(where.params).toEqual(['tenant', 20, 40]);
  });
});

let t: TestApp;
let hr: Session;
let hrUserId: string;
let companyId: string;
let ids: Record<string, string>;
let departments: Record<string, string>;

const call = caller(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  hrUserId = String(hr.claims.sub);
  await t.db.withTenant(hr.tenantId, async (tx) => {
    const [user] = await tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE id = $1`, [
      hrUserId,
    ]);
    companyId = user!.company_id;
    const employees = await tx.query<{ id: string; employee_number: string }>(
      `SELECT id, employee_number FROM employees`,
    );
    ids = Object.fromEntries(employees.map((e) => [e.employee_number, e.id]));
    const names = await tx.query<{ id: string; name: string }>(
      `SELECT id, name FROM departments WHERE company_id = $1`,
      [companyId],
    );
    departments = Object.fromEntries(names.map((d) => [d.name, d.id]));
    // Ten days of punches of every employee of the tenant's two companies. Out at 17:00 sharp for everyone and in
    // at 08:00 to 08:02: instants shared by several employees, so order and pages rest on the tie-breaker.
    await tx.query(
      `INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source, reason)
       SELECT e.tenant_id, e.company_id, e.id,
              ((date '2026-07-01' + d)::timestamp + p.at + make_interval(mins => CASE WHEN p.dir = 'In' THEN k % 3 ELSE 0 END))
                AT TIME ZONE 'Asia/Manila',
              CASE WHEN (k + d) % 7 = 0 THEN 'Unknown' ELSE p.dir END,
              (ARRAY['Import', 'Device', 'Manual'])[1 + (k + d) % 3],
              CASE WHEN (k + d) % 3 = 2 THEN 'Forgot to punch' END
         FROM (SELECT *, row_number() OVER (ORDER BY employee_number)::int AS k FROM employees) e
        CROSS JOIN generate_series(0, 9) AS g(d)
        CROSS JOIN (VALUES ('In', time '08:00'), ('Out', time '17:00')) AS p(dir, at)`,
    );
    // Overtime requests of every employee, filed in one statement (one filing instant: ties again).
    await tx.query(
      `INSERT INTO time_requests (tenant_id, company_id, kind, employee_id, date_from, date_to, starts_at, ends_at,
                                  minutes, reason, status, filed_by_user_id)
       SELECT e.tenant_id, e.company_id, 'Overtime', e.id, date '2026-07-01' + d, date '2026-07-01' + d,
              ((date '2026-07-01' + d) + time '17:00') AT TIME ZONE 'Asia/Manila',
              ((date '2026-07-01' + d) + time '19:00') AT TIME ZONE 'Asia/Manila', 120,
              CASE WHEN d % 2 = 0 THEN 'Inventory count' ELSE 'Machine repair' END,
              (ARRAY['Pending', 'Approved', 'Rejected', 'Cancelled'])[1 + (d + k) % 4], $1
         FROM (SELECT *, row_number() OVER (ORDER BY employee_number)::int AS k FROM employees) e
        CROSS JOIN generate_series(0, 5) AS g(d)`,
      [hrUserId],
    );
  });
});
afterAll(() => t?.close());

/** Plain SQL as the app role, in the HR user's tenant. */
const sql = <Row>(text: string, params: unknown[] = []) =>
  t.db.withTenant(hr.tenantId, (tx) => tx.query<Row>(text, params));

/** A filter of the punches list with the same filter in plain SQL (over time_logs t and employees e). */
interface Case {
  name: string;
  body: Record<string, unknown>;
  where: string;
  params: unknown[];
}

describe('punches list', () => {
  const cases = (): Case[] => [
    { name: 'no filter', body: {}, where: 'true', params: [] },
    {
      name: 'search by name',
      body: { Search: 'cruz' },
      where: `e.last_name IN ('Cruz', 'Dela Cruz')`,
      params: [],
    },
    {
      name: 'search by number',
      body: { Search: 'dm-0003' },
      where: `e.employee_number = 'DM-0003'`,
      params: [],
    },
    {
      name: 'department',
      body: { DepartmentId: departments.Production },
      where: 'e.department_id = $2',
      params: [departments.Production],
    },
    {
      name: 'employee',
      body: { EmployeeId: ids['DM-0004'] },
      where: 't.employee_id = $2',
      params: [ids['DM-0004']],
    },
    { name: 'source', body: { Source: 'Device' }, where: `t.source = 'Device'`, params: [] },
    {
      name: 'dates',
      body: { DateFrom: '2026-07-03', DateTo: '2026-07-05' },
      where: `t.punched_at >= '2026-07-03 00:00+08' AND t.punched_at < '2026-07-06 00:00+08'`,
      params: [],
    },
  ];

  async function reference(c: Case, order: string) {
    const rows = await sql<{ id: string }>(
      `SELECT t.id FROM time_logs t JOIN employees e ON e.id = t.employee_id
        WHERE t.company_id = $1 AND ${c.where} ORDER BY ${order}`,
      [companyId, ...c.params],
    );
    return rows.map((r) => r.id);
  }

  async function page(body: object) {
    const res = await call(hr, 'POST', '/api/v1/timelogs/list', body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { Items: TimeLog[]; TotalCount: number };
    return { ids: answer.Items.map((i) => i.TimeLogId), total: answer.TotalCount };
  }

  it('pages newest first, ties by id, with the total of plain SQL, with each filter and without', async () => {
    for (const c of cases()) {
      const all = await reference(c, 't.punched_at DESC, t.id DESC');
      expect(all.length, c.name).toBeGreaterThan(c.name === 'employee' ? 10 : 12);
      // Pages of 5 cut the groups of punches at one instant.
      for (const n of [1, 2]) {
        expect(await page({ ...c.body, PageSize: 5, Page: n }), `${c.name}, page ${n}`).toEqual({
          ids: all.slice(5 * (n - 1), 5 * n),
          total: all.length,
        });
      }
    }
    // The HR user's own company only: the other company's punches are in the same tenant.
    const [tenantWide] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM time_logs`);
    expect((await page({})).total).toBeLessThan(tenantWide!.n);
  });

  it('sorts by each column the same as plain SQL, both ways', async () => {
    const orders: [string, string][] = [
      ['PunchedAt', 't.punched_at'],
      ['Direction', 't.direction'],
      ['Source', 't.source'],
      ['EmployeeNumber', 'lower(e.employee_number)'],
    ];
    const c = cases()[0]!;
    for (const [sortBy, column] of orders) {
      for (const direction of ['asc', 'desc'] as const) {
        const all = await reference(c, `${column} ${direction}, t.id ${direction}`);
        const body = { SortBy: sortBy, SortDirection: direction, PageSize: 7, Page: 2 };
        expect(await page(body), `${sortBy} ${direction}`).toEqual({
          ids: all.slice(7, 14),
          total: all.length,
        });
      }
    }
  });
});

describe('request lists', () => {
  async function total(kind: 'ot-requests' | 'leave-requests', body: object) {
    const res = await call(hr, 'POST', `/api/v1/${kind}/list`, { Scope: 'Company', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { Items: TimeRequest[]; TotalCount: number }).TotalCount;
  }
  const reference = async (kind: string, where: string, params: unknown[] = []) =>
    (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM time_requests r JOIN employees e ON e.id = r.employee_id
          WHERE r.company_id = $1 AND r.kind = $2 AND ${where}`,
        [companyId, kind, ...params],
      )
    )[0]!.n;

  it('counts as plain SQL does, with each filter and without', async () => {
    const cases: [object, string, unknown[]][] = [
      [{}, 'true', []],
      [{ Status: 'Approved' }, `r.status = 'Approved'`, []],
      [{ DepartmentId: departments.Production }, 'e.department_id = $3', [departments.Production]],
      [{ EmployeeId: ids['DM-0005'] }, 'r.employee_id = $3', [ids['DM-0005']]],
      [{ Search: 'reyes' }, `e.last_name = 'Reyes'`, []],
      [{ Search: 'repair' }, `r.reason = 'Machine repair'`, []],
      [
        { DateFrom: '2026-07-02', DateTo: '2026-07-03' },
        `r.date_from BETWEEN '2026-07-02' AND '2026-07-03'`,
        [],
      ],
      [
        { Status: 'Pending', DepartmentId: departments.Production },
        `r.status = 'Pending' AND e.department_id = $3`,
        [departments.Production],
      ],
    ];
    for (const [body, where, params] of cases) {
      const expected = await reference('Overtime', where, params);
      expect(expected, JSON.stringify(body)).toBeGreaterThan(0);
      expect(await total('ot-requests', body), JSON.stringify(body)).toBe(expected);
    }
    // The seeded leave requests (vacation leave), by type.
    const [vl] = await sql<{ id: string }>(
      `SELECT id FROM leave_types WHERE company_id = $1 AND code = 'VL'`,
      [companyId],
    );
    expect(await total('leave-requests', {})).toBe(await reference('Leave', 'true'));
    expect(await total('leave-requests', { LeaveTypeId: vl!.id })).toBe(
      await reference('Leave', 'r.leave_type_id = $3', [vl!.id]),
    );
  });
});

// ---- plans (as the app role, sorts disabled: only a page that must sort the matching punches shows a Sort) ----

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
const relationsOf = (plan: PlanNode) => [
  ...new Set(nodesOf(plan).flatMap((n) => (n['Relation Name'] ? [n['Relation Name']] : []))),
];

/** The plan of every statement a repository call sends, in order. */
function plansOf(list: (tx: Tx) => Promise<unknown>): Promise<PlanNode[]> {
  return t.db.withTenant(hr.tenantId, async (tx) => {
    const sent: { text: string; params: unknown[] }[] = [];
    await list({
      query: <Row>(text: string, params: unknown[] = []) => {
        sent.push({ text, params: [...params] }); // a copy: the list adds its page's parameters later
        return tx.query<Row>(text, params);
      },
    });
    await tx.query('SET LOCAL enable_sort = off');
    const plans: PlanNode[] = [];
    for (const s of sent) {
      const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${s.text}`, s.params);
      const plan = row!['QUERY PLAN'];
      plans.push((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
    }
    return plans;
  });
}

describe('plans', () => {
  const punches = (body: object) =>
    plansOf((tx) => timeLogsRepo.list(tx, hr.tenantId, companyId, TimeLogListRequest.parse(body)));

  it('reads a page of punches newest first from the index when every filter bounds that scan', async () => {
    for (const body of [
      {},
      { EmployeeId: ids['DM-0004'] },
      { DateFrom: '2026-07-02', DateTo: '2026-07-04' },
    ]) {
      const [, page] = await punches(body);
      const nodes = nodesOf(page!);
      expect(
        nodes.map((n) => n['Node Type']),
        JSON.stringify(body),
      ).not.toContain('Sort');
      expect(nodes, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ 'Relation Name': 'time_logs', 'Scan Direction': 'Backward' }),
      );
    }
    const [, page] = await punches({});
    expect(nodesOf(page!)).toContainEqual(
      expect.objectContaining({ 'Index Name': 'time_logs_company_time_idx' }),
    );
  });

  it('sorts the matching punches when a filter may match few of them (a search for a name nobody has)', async () => {
    for (const body of [
      { Search: 'nobody' },
      { DepartmentId: departments.Production },
      { Source: 'Device' },
    ]) {
      const [, page] = await punches(body);
      expect(
        nodesOf(page!).map((n) => n['Node Type']),
        JSON.stringify(body),
      ).toContain('Sort');
    }
  });

  it('counts punches, requests and payslips without employees unless a filter is on them', async () => {
    expect(relationsOf((await punches({}))[0]!)).toEqual(['time_logs']);
    expect(relationsOf((await punches({ Source: 'Import', DateFrom: '2026-07-02' }))[0]!)).toEqual([
      'time_logs',
    ]);
    expect(relationsOf((await punches({ Search: 'reyes' }))[0]!)).toContain('employees');
    expect(relationsOf((await punches({ DepartmentId: departments.Production }))[0]!)).toContain('employees');

    const viewer = { userId: hrUserId, employeeId: null };
    const requests = (body: object) =>
      plansOf((tx) =>
        requestsRepo.list(
          tx,
          hr.tenantId,
          companyId,
          'Overtime',
          viewer,
          TimeRequestListRequest.parse({ Scope: 'Company', ...body }),
        ),
      );
    expect(relationsOf((await requests({}))[0]!)).toEqual(['time_requests']);
    expect(relationsOf((await requests({ Status: 'Pending' }))[0]!)).toEqual(['time_requests']);
    expect(relationsOf((await requests({ Search: 'reyes' }))[0]!)).toContain('employees');
    expect(relationsOf((await requests({ DepartmentId: departments.Production }))[0]!)).toContain(
      'employees',
    );

    // A period's payslips (the plan is the same for any period id).
    const periodId = randomUUID();
    const payslips = (body: object) =>
      plansOf((tx) => periodsRepo.payslips(tx, hr.tenantId, periodId, PayslipListRequest.parse(body)));
    expect(relationsOf((await payslips({}))[0]!)).toEqual(['payslips']);
    expect(relationsOf((await payslips({ Status: 'Held', HasWarnings: true }))[0]!)).toEqual(['payslips']);
    expect(relationsOf((await payslips({ Search: 'reyes' }))[0]!)).toContain('employees');
    expect(relationsOf((await payslips({ DepartmentId: departments.Production }))[0]!)).toContain(
      'employees',
    );
  });
});
