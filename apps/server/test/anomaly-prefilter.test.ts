/**
 * The attendance view's "only anomalies" filter computes only the employees who may have an anomaly (the
 * repository's `anomalyCandidates`, a SQL prefilter that must be a superset). Through HTTP, its rows must be
 * exactly the whole view's rows with an anomaly, in both orders: for named cases at the edges of the prefilter's
 * rules (a lone punch late at night on an overnight shift, a punch on a rest day, punches before the shift or
 * inside its break only, two punches in the same minute, a punch just past a day's window, a schedule changing in
 * the range, a shift over 12 hours, a flexible shift) and for employees with random shifts and punches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDay } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let hr: Session;
let companyId: string;
const call = caller(() => t.app);
const sql = <T>(text: string, params: unknown[] = []) =>
  t.db.withTenant(hr.tenantId, (tx) => tx.query<T>(text, params));

/** Monday 2 November (All Souls' Day, a special non-working day) to Sunday 8 November 2026. */
const RANGE = { DateFrom: '2026-11-02', DateTo: '2026-11-08' };
const DATES = ['2026-11-01', ...Array.from({ length: 7 }, (_, i) => `2026-11-0${i + 2}`), '2026-11-09'];

let serial = 0;
async function shift(name: string, timeIn: string, timeOut: string, more: Record<string, unknown> = {}) {
  const fields = { break_minutes: 60, grace_minutes: 0, is_flexible: false, required_hours: null, ...more };
  const [row] = await sql<{ id: string }>(
    `INSERT INTO shifts (tenant_id, company_id, name, time_in, time_out, break_minutes, grace_minutes, is_flexible,
            required_hours, rest_days)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '{0}') RETURNING id`,
    [
      hr.tenantId,
      companyId,
      `AP ${name}`,
      timeIn,
      timeOut,
      fields.break_minutes,
      fields.grace_minutes,
      fields.is_flexible,
      fields.required_hours,
    ],
  );
  return row!.id;
}

/** An employee with schedules (effective date, shift) and punches (Manila wall clock with seconds, direction). */
async function employee(
  name: string,
  schedules: [string, string | null][],
  punches: [string, 'In' | 'Out' | 'Unknown'][],
) {
  serial++;
  const [row] = await sql<{ id: string }>(
    `INSERT INTO employees (tenant_id, company_id, employee_number, last_name, first_name, hire_date)
     VALUES ($1, $2, $3, 'Prefilter', $4, '2025-01-06') RETURNING id`,
    [hr.tenantId, companyId, `AP-${String(serial).padStart(4, '0')}`, name],
  );
  const id = row!.id;
  for (const [effective, shiftId] of schedules) {
    await sql(
      `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id) VALUES ($1, $2, $3, $4)`,
      [hr.tenantId, id, effective, shiftId],
    );
  }
  for (const [at, direction] of punches) {
    await sql(
      `INSERT INTO time_logs (tenant_id, company_id, employee_id, punched_at, direction, source)
       VALUES ($1, $2, $3, ($4::timestamp AT TIME ZONE 'Asia/Manila'), $5, 'Import') ON CONFLICT DO NOTHING`,
      [hr.tenantId, companyId, id, at, direction],
    );
  }
  return id;
}

/** A small deterministic generator (mulberry32), so a failure can be run again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const clock = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** The wall clock `minutes` after midnight of `date` (may run into the next days or back), with seconds. */
const at = (date: string, minutes: number, seconds = 0) => {
  const ms = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000 + seconds * 1000;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
};

const named: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  hr = await signIn(t.app, demo.hr);
  const [user] = await sql<{ company_id: string }>(`SELECT company_id FROM users WHERE email = $1`, [
    demo.hr.email,
  ]);
  companyId = user!.company_id;
  const day = await shift('Day', '08:00', '17:00');
  const night = await shift('Night', '22:00', '06:00');
  const long = await shift('Long', '07:00', '21:00');
  const eighteen = await shift('Eighteen', '07:00', '01:00');
  const early = await shift('Early', '05:00', '14:00');
  const flexible = await shift('Flexible', '07:00', '19:00', { is_flexible: true, required_hours: 8 });
  const morning = await shift('Morning', '06:00', '10:00', { break_minutes: 0 });
  const allBreak = await shift('All break', '09:00', '10:00', { break_minutes: 60 });
  const graveyard = await shift('Graveyard', '20:00', '08:00', { grace_minutes: 15 });
  const since = '2025-01-06';

  // Clean days (an in and an out around the shift): never an anomaly.
  const clean = (date: string): [string, 'In' | 'Out'][] => [
    [`${date} 07:55:00`, 'In'],
    [`${date} 17:05:00`, 'Out'],
  ];
  named.clean = await employee('Clean', [[since, day]], DATES.flatMap(clean));
  named.overnightLone = await employee(
    'Overnight lone punch',
    [[since, night]],
    [[`2026-11-04 23:30:00`, 'In']],
  );
  // Sunday 8 November is the day shift's rest day.
  named.restDay = await employee(
    'Rest day punch',
    [[since, day]],
    [...DATES.slice(1, 7).flatMap(clean), [`2026-11-08 10:00:00`, 'Unknown']],
  );
  named.beforeShift = await employee(
    'Before the shift',
    [[since, day]],
    [
      [`2026-11-03 05:00:00`, 'In'],
      [`2026-11-03 07:30:00`, 'Out'],
    ],
  );
  named.inBreak = await employee(
    'In the break',
    [[since, day]],
    [
      [`2026-11-05 12:05:00`, 'In'],
      [`2026-11-05 12:55:00`, 'Out'],
    ],
  );
  named.afterShift = await employee(
    'After the shift',
    [[since, day]],
    [
      [`2026-11-06 17:00:00`, 'In'],
      [`2026-11-06 23:00:00`, 'Out'],
    ],
  );
  named.sameMinute = await employee(
    'Same minute',
    [[since, day]],
    [
      [`2026-11-04 08:00:10`, 'In'],
      [`2026-11-04 08:00:50`, 'Out'],
    ],
  );
  named.twoOuts = await employee(
    'Two outs',
    [[since, day]],
    [
      [`2026-11-04 12:00:00`, 'Out'],
      [`2026-11-04 17:00:00`, 'Out'],
    ],
  );
  named.outThenIn = await employee(
    'Out then in',
    [[since, day]],
    [
      [`2026-11-04 07:00:00`, 'Out'],
      [`2026-11-04 08:00:00`, 'In'],
    ],
  );
  // The day shift's window ends at 01:00 the next day: an out at 01:00 is in no day's window.
  named.pastWindow = await employee(
    'Past the window',
    [[since, day]],
    [
      [`2026-11-04 08:00:00`, 'In'],
      [`2026-11-05 01:00:00`, 'Out'],
    ],
  );
  named.scheduleChange = await employee(
    'Schedule change',
    [
      [since, day],
      ['2026-11-05', night],
    ],
    [...['2026-11-02', '2026-11-03', '2026-11-04'].flatMap(clean), [`2026-11-05 23:00:00`, 'In']],
  );
  // Early work on the day shift's last Wednesday (no minute of the shift), before an early shift from Friday.
  named.earlyLater = await employee(
    'Early shift later',
    [
      [since, day],
      ['2026-11-06', early],
    ],
    [
      [`2026-11-04 05:00:00`, 'In'],
      [`2026-11-04 07:30:00`, 'Out'],
    ],
  );
  // Saturday on a flexible shift from that day: 45 minutes, less than the break (a plain day on the day shift).
  named.flexibleSaturday = await employee(
    'Flexible from Saturday',
    [
      [since, day],
      ['2026-11-07', flexible],
    ],
    [
      [`2026-11-07 08:00:00`, 'In'],
      [`2026-11-07 08:45:00`, 'Out'],
    ],
  );
  named.long = await employee(
    'Long shift',
    [[since, long]],
    [
      [`2026-11-03 06:50:00`, 'In'],
      [`2026-11-04 01:00:00`, 'Out'],
      [`2026-11-04 06:55:00`, 'In'],
    ],
  );
  // An 18-hour shift (07:00 to 01:00): a day's window ends halfway from its end to the next start, at 04:00, not
  // at the next window's start (03:00) as for shifts of up to 16 hours.
  named.eighteenHours = await employee(
    'Eighteen hours',
    [[since, eighteen]],
    [
      [`2026-11-04 03:30:00`, 'In'],
      [`2026-11-04 10:00:00`, 'Out'],
    ],
  );
  // A flexible day no fixed rule would flag: 45 minutes in the band, less than the hour's break.
  named.flexibleShort = await employee(
    'Flexible short',
    [[since, flexible]],
    [
      [`2026-11-03 07:00:00`, 'In'],
      [`2026-11-03 07:45:00`, 'Out'],
    ],
  );
  named.flexible = await employee(
    'Flexible',
    [[since, flexible]],
    [
      [`2026-11-03 05:00:00`, 'In'],
      [`2026-11-03 06:30:00`, 'Out'],
    ],
  );
  named.allBreak = await employee(
    'All break',
    [[since, allBreak]],
    [
      [`2026-11-03 08:55:00`, 'In'],
      [`2026-11-03 10:05:00`, 'Out'],
    ],
  );
  named.noShift = await employee('No shift', [[since, null]], [[`2026-11-03 10:00:00`, 'In']]);
  named.noSchedule = await employee('No schedule', [], [[`2026-11-03 10:00:00`, 'In']]);

  // Random employees: each a shift (sometimes changing in the range), a few punches a day around the shift,
  // of any direction, with seconds; some days none.
  const next = random(20261130);
  const shifts: [string, number][] = [
    [day, 480],
    [night, 1320],
    [long, 420],
    [eighteen, 420],
    [flexible, 420],
    [morning, 360],
    [early, 300],
    [allBreak, 540],
    [graveyard, 1200],
  ];
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  for (let n = 0; n < 60; n++) {
    const [first, start] = pick(shifts);
    const schedules: [string, string | null][] = [[since, first]];
    if (next() < 0.2) schedules.push([pick(DATES), pick(shifts)[0]]);
    const punches: [string, 'In' | 'Out' | 'Unknown'][] = [];
    for (const date of DATES) {
      const count = pick([0, 0, 1, 2, 2, 2, 2, 3, 4]);
      for (let k = 0; k < count; k++) {
        const minutes = start + Math.floor((next() - 0.3) * 1000);
        const direction = next() < 0.1 ? 'Unknown' : pick(['In', 'Out'] as const);
        punches.push([at(date, minutes, Math.floor(next() * 60)), direction]);
      }
      // Mostly the usual day: in just before the start, out some nine hours later.
      if (count === 2 && next() < 0.6) {
        punches.splice(punches.length - 2, 2);
        punches.push([at(date, start - Math.floor(next() * 30)), 'In']);
        punches.push([at(date, start + 540 + Math.floor(next() * 60)), 'Out']);
      }
    }
    await employee(`Random ${n} ${clock(start)}`, schedules, punches);
  }
  // Approved overtime before the start on a day of "Before the shift" (the early work then paid).
  await sql(
    `INSERT INTO time_requests (tenant_id, company_id, kind, employee_id, date_from, date_to, starts_at, ends_at,
            minutes, reason, status, filed_by_user_id, decided_by_user_id, decided_at)
     SELECT $1, $2, 'Overtime', $3, '2026-11-03', '2026-11-03', '2026-11-03 05:00+08', '2026-11-03 07:30+08', 150,
            'Inventory', 'Approved', u.id, u.id, now()
       FROM users u WHERE u.email = $4`,
    [hr.tenantId, companyId, named.beforeShift, demo.hr.email],
  );
});
afterAll(async () => {
  await t?.close();
});

const page = async (body: object) => {
  const res = await call(hr, 'POST', '/api/v1/timelogs/attendance', { ...RANGE, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { Items: AttendanceDay[]; TotalCount: number };
};

/** Every row of the answer, page after page of 500. */
async function all(body: object) {
  const rows: AttendanceDay[] = [];
  for (let Page = 1; ; Page++) {
    const got = await page({ ...body, Page, PageSize: 500 });
    rows.push(...got.Items);
    if (rows.length >= got.TotalCount || got.Items.length === 0) {
      expect(rows).toHaveLength(got.TotalCount);
      return rows;
    }
  }
}

const flagged = (rows: AttendanceDay[]) => rows.filter((d) => d.Anomalies.length > 0);

describe('the anomaly filter leaves out only employees who cannot have an anomaly', () => {
  it('answers the whole view rows with an anomaly, in both orders, on every page', async () => {
    for (const OrderBy of ['Employee', 'Date'] as const) {
      const expected = flagged(await all({ OrderBy }));
      const got = await all({ OrderBy, OnlyAnomalies: true });
      expect(got).toEqual(expected);
      // Pages of 7: each a stretch of the whole.
      const second = await page({ OrderBy, OnlyAnomalies: true, PageSize: 7, Page: 2 });
      expect(second).toEqual({ Items: expected.slice(7, 14), TotalCount: expected.length });
    }
  });

  it('flags each named case as the rules say', async () => {
    const rows = await all({ OnlyAnomalies: true });
    const of = (id: string) =>
      rows.filter((d) => d.EmployeeId === id).map((d) => `${d.Date} ${d.Anomalies.join('+')}`);
    expect(of(named.clean!)).toEqual([]);
    expect(of(named.overnightLone!)).toEqual(['2026-11-04 SinglePunch+MissingOut']);
    expect(of(named.restDay!)).toEqual(['2026-11-08 SinglePunch']);
    // Approved overtime covers the early work: paid, yet no minute of the shift worked.
    expect(of(named.beforeShift!)).toEqual(['2026-11-03 NoWorkInShift']);
    expect(of(named.inBreak!)).toEqual(['2026-11-05 NoWorkInShift']);
    expect(of(named.afterShift!)).toEqual(['2026-11-06 NoWorkInShift']);
    expect(of(named.sameMinute!)).toEqual(['2026-11-04 MissingOut']);
    expect(of(named.twoOuts!)).toEqual(['2026-11-04 MissingIn']);
    expect(of(named.outThenIn!)).toEqual(['2026-11-04 MissingOut']);
    expect(of(named.pastWindow!)).toEqual(['2026-11-04 SinglePunch+MissingOut']);
    expect(of(named.scheduleChange!)).toEqual(['2026-11-05 SinglePunch+MissingOut']);
    expect(of(named.earlyLater!)).toEqual(['2026-11-04 NoWorkInShift']);
    expect(of(named.flexibleSaturday!)).toEqual(['2026-11-07 NoWorkInShift']);
    expect(of(named.long!).length).toBeGreaterThan(0);
    expect(of(named.eighteenHours!)).toEqual([
      '2026-11-03 SinglePunch+MissingOut',
      '2026-11-04 SinglePunch+MissingIn',
    ]);
    expect(of(named.flexibleShort!)).toEqual(['2026-11-03 NoWorkInShift']);
    expect(of(named.flexible!)).toEqual(['2026-11-03 NoWorkInShift']);
    expect(of(named.allBreak!)).toEqual(['2026-11-03 NoWorkInShift']);
    expect(of(named.noShift!)).toEqual(['2026-11-03 SinglePunch+MissingOut']);
    expect(of(named.noSchedule!)).toEqual(['2026-11-03 SinglePunch+MissingOut']);
    // The random employees hold every kind.
    const kinds = new Set(rows.flatMap((d) => d.Anomalies));
    expect([...kinds].sort()).toEqual(['MissingIn', 'MissingOut', 'NoWorkInShift', 'SinglePunch']);
  });

  it('holds the same for one employee and for a department', async () => {
    for (const id of Object.values(named)) {
      const expected = flagged(await all({ EmployeeId: id }));
      expect(await all({ EmployeeId: id, OnlyAnomalies: true })).toEqual(expected);
    }
    const [dept] = await sql<{ department_id: string }>(
      `SELECT department_id FROM employees WHERE company_id = $1 AND department_id IS NOT NULL LIMIT 1`,
      [companyId],
    );
    // Every other employee of ours joins it.
    await sql(
      `UPDATE employees SET department_id = $1
        WHERE company_id = $2 AND employee_number LIKE 'AP-%' AND right(employee_number, 1) IN ('1', '3', '5', '7', '9')`,
      [dept!.department_id, companyId],
    );
    const expected = flagged(await all({ DepartmentId: dept!.department_id }));
    expect(await all({ DepartmentId: dept!.department_id, OnlyAnomalies: true })).toEqual(expected);
  });
});
