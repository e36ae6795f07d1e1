import type { Database, Tx } from '../db/database.js';
import { seedDemoPayroll } from './demo-payroll.js';
import { manilaToday } from '../lib/manila.js';
import { leaveRepo } from '../modules/leave/repository.js';
import { insertUser, provisionTenant } from './provision.js';

export const DEMO_PASSWORD = 'demo1234';

interface EmployeeSeed {
  number: string;
  first: string;
  last: string;
  department: string;
  position: string;
  shift: string;
  supervisor?: string;
}

async function seedPeople(tx: Tx, tenantId: string, companyId: string, employees: EmployeeSeed[]) {
  const ids = {
    department: new Map<string, string>(),
    position: new Map<string, string>(),
    shift: new Map<string, string>(),
  };
  const shifts: Record<string, [string, string]> = {
    'Day Shift': ['08:00', '17:00'],
    'Mid Shift': ['14:00', '23:00'],
    'Night Shift': ['22:00', '07:00'],
  };
  // Monday to Friday, as the company's rate factor (261 days a year, the payroll settings' default) pays: a
  // Sunday-only rest day would be a 6-day week paid by a 5-day week's factor (the compute warns of it).
  for (const [name, [timeIn, timeOut]] of Object.entries(shifts)) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO shifts (tenant_id, company_id, name, time_in, time_out, rest_days)
       VALUES ($1, $2, $3, $4, $5, '{0,6}') RETURNING id`,
      [tenantId, companyId, name, timeIn, timeOut],
    );
    ids.shift.set(name, row!.id);
  }
  for (const e of employees) {
    for (const kind of ['department', 'position'] as const) {
      const name = e[kind];
      if (ids[kind].has(name)) continue;
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO ${kind === 'department' ? 'departments' : 'positions'} (tenant_id, company_id, name)
         VALUES ($1, $2, $3) RETURNING id`,
        [tenantId, companyId, name],
      );
      ids[kind].set(name, row!.id);
    }
  }
  const employeeIds = new Map<string, string>();
  for (const e of employees) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, department_id, position_id,
                              shift_id, supervisor_id, hire_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, DATE '2024-01-15') RETURNING id`,
      [
        tenantId,
        companyId,
        e.number,
        e.first,
        e.last,
        ids.department.get(e.department),
        ids.position.get(e.position),
        ids.shift.get(e.shift),
        e.supervisor ? employeeIds.get(e.supervisor) : null,
      ],
    );
    employeeIds.set(e.number, row!.id);
  }
  await completeRecords(tx, tenantId, companyId);
  // This year's leave credits, as the accrual run would have granted them.
  await leaveRepo.runAccrual(tx, tenantId, companyId, manilaToday(), null);
  return employeeIds;
}

/** The rest of the company record and of each 201 file, so the admin screens show what a real account holds. */
async function completeRecords(tx: Tx, tenantId: string, companyId: string) {
  await tx.query(
    `UPDATE companies SET rdo_code = '047', sss_employer_number = '03-9123456-7',
            philhealth_employer_number = '01-234567890-1', pagibig_employer_number = '2001-2345-6789',
            address = '12 Industrial Ave., Brgy. Bagumbayan, Taguig City', zip_code = '1630',
            email = 'hr@' || lower(regexp_replace(name, '[^A-Za-z]', '', 'g')) || '.example', phone = '(02) 8123 4567'
      WHERE tenant_id = $1 AND id = $2`,
    [tenantId, companyId],
  );
  // The company came with the standard employment statuses (migration 0048's trigger); the demo staff are regular.
  const [status] = await tx.query<{ id: string }>(
    `SELECT id FROM employment_statuses WHERE tenant_id = $1 AND company_id = $2 AND name = 'Regular'`,
    [tenantId, companyId],
  );
  await tx.query(
    `UPDATE employees SET employment_status_id = $3, employment_type = 'FullTime', rate_type = 'Monthly',
            basic_rate = 22000 + 1500 * (substring(employee_number from '[0-9]+$')::int),
            civil_status = 'Single', bank_name = 'BDO Unibank',
            bank_account_number = '0012' || lpad(substring(employee_number from '[0-9]+$'), 8, '0')
      WHERE tenant_id = $1 AND company_id = $2`,
    [tenantId, companyId, status!.id],
  );
  // A 201 file as HR keeps it: birthdays spread over the coming weeks (the dashboard has some to show), gender,
  // nationality and government ids made from the employee number, and today's schedule.
  await tx.query(
    `WITH n AS (SELECT id, substring(employee_number from '[0-9]+$')::int AS k FROM employees
                 WHERE tenant_id = $1 AND company_id = $2)
     UPDATE employees e SET
            birth_date = (current_date - make_interval(years => 24 + n.k * 3))::date + n.k * 9,
            gender = CASE WHEN e.first_name IN ('Maria', 'Ana', 'Liza', 'Grace', 'Teresa', 'Joy', 'Helen', 'Rosa')
                          THEN 'Female' ELSE 'Male' END,
            nationality = 'Filipino', mobile_number = '0917' || lpad((1000000 + n.k)::text, 7, '0'),
            tin = '2' || lpad(n.k::text, 2, '0') || '-456-' || lpad((n.k * 37)::text, 3, '0'),
            sss_number = '34-' || lpad((1234000 + n.k)::text, 7, '0') || '-' || (n.k % 10)::text,
            philhealth_number = '12-' || lpad((345678000 + n.k)::text, 9, '0') || '-' || (n.k % 10)::text,
            pagibig_number = '1210-' || lpad((5000 + n.k)::text, 4, '0') || '-' || lpad(n.k::text, 4, '0')
       FROM n WHERE e.tenant_id = $1 AND e.id = n.id`,
    [tenantId, companyId],
  );
  await tx.query(
    `WITH l AS (INSERT INTO work_locations (tenant_id, company_id, name) VALUES ($1, $2, 'Head Office'), ($1, $2, 'Main Plant')
                RETURNING id, name)
     UPDATE employees SET work_location_id = (SELECT id FROM l WHERE name = 'Head Office')
      WHERE tenant_id = $1 AND company_id = $2`,
    [tenantId, companyId],
  );
  await tx.query(
    `INSERT INTO employee_schedules (tenant_id, employee_id, effective_date, shift_id)
     SELECT tenant_id, id, hire_date, shift_id FROM employees
      WHERE tenant_id = $1 AND company_id = $2 AND shift_id IS NOT NULL`,
    [tenantId, companyId],
  );
}

/**
 * Pending leave, overtime and undertime requests in each company, of one employee (one with a portal account
 * whose supervisor is an approver, when there is one), routed as filing would: to the supervisor's approver,
 * else to HR. Leave two weeks ahead (off Sundays); overtime two hours after the shift; undertime its last hour.
 */
async function seedSampleRequests(tx: Tx, tenantId: string) {
  await tx.query(
    `WITH filer AS (
       SELECT DISTINCT ON (e.company_id) e.tenant_id, e.company_id, e.id, s.time_out,
              (SELECT u.id FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.supervisor_id
                  AND u.is_approver AND u.is_active LIMIT 1) AS approver,
              coalesce((SELECT u.id FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.id LIMIT 1),
                       (SELECT u.id FROM users u WHERE u.tenant_id = e.tenant_id AND u.company_id = e.company_id
                           AND u.user_type = 'HRUser' LIMIT 1)) AS filed_by,
              (current_date + 14 + CASE WHEN extract(dow FROM current_date + 14) = 0 THEN 1 ELSE 0 END) AS day
         FROM employees e JOIN shifts s ON s.tenant_id = e.tenant_id AND s.id = e.shift_id
        WHERE e.tenant_id = $1 AND e.supervisor_id IS NOT NULL
        ORDER BY e.company_id,
                 EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.id) DESC,
                 EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = e.tenant_id AND u.employee_id = e.supervisor_id
                            AND u.is_approver) DESC,
                 e.employee_number)
     INSERT INTO time_requests (tenant_id, company_id, kind, employee_id, leave_type_id, date_from, date_to, days,
                                starts_at, ends_at, minutes, reason, approver_user_id, filed_by_user_id)
     SELECT f.tenant_id, f.company_id, 'Leave', f.id, t.id, f.day, f.day, 1, NULL, NULL, NULL,
            'Family matter in the province', f.approver, f.filed_by
       FROM filer f JOIN leave_types t ON t.tenant_id = f.tenant_id AND t.company_id = f.company_id AND t.code = 'VL'
     UNION ALL
     SELECT f.tenant_id, f.company_id, 'Overtime', f.id, NULL, f.day + 1, f.day + 1, NULL,
            ((f.day + 1 + f.time_out)::text || '+08')::timestamptz, ((f.day + 1 + f.time_out)::text || '+08')::timestamptz + interval '2 hours',
            120, 'Month-end inventory count', f.approver, f.filed_by
       FROM filer f
     UNION ALL
     SELECT f.tenant_id, f.company_id, 'Undertime', f.id, NULL, f.day + 2, f.day + 2, NULL,
            ((f.day + 2 + f.time_out)::text || '+08')::timestamptz - interval '1 hour', ((f.day + 2 + f.time_out)::text || '+08')::timestamptz,
            60, 'Medical check-up', f.approver, f.filed_by
       FROM filer f`,
    [tenantId],
  );
}

/** Two tenants shaped alike, so a newcomer can sign in at once and tests can probe isolation. */
export async function seedDemo(
  db: Database,
  { payrollHistory = false }: { payrollHistory?: boolean } = {},
): Promise<{ seeded: boolean }> {
  const exists = await db.withoutTenant((tx) =>
    tx.query(`SELECT 1 FROM login_lookup('admin@demo.hrpay.test')`),
  );
  if (exists.length > 0) return { seeded: false };
  const tenantIds: string[] = [];

  await provisionTenant(
    db,
    {
      tenantName: 'Demo Holdings',
      companyName: 'Demo Manufacturing Inc.',
      companyTin: '123-456-789-000',
      admin: { email: 'admin@demo.hrpay.test', fullName: 'Carmela Villanueva', password: DEMO_PASSWORD },
    },
    async (tx, { tenantId, companyId }) => {
      tenantIds.push(tenantId);
      const employees = await seedPeople(tx, tenantId, companyId, [
        {
          number: 'DM-0001',
          first: 'Maria',
          last: 'Santos',
          department: 'Human Resources',
          position: 'HR Officer',
          shift: 'Day Shift',
        },
        {
          number: 'DM-0002',
          first: 'Jose',
          last: 'Reyes',
          department: 'Finance',
          position: 'Payroll Specialist',
          shift: 'Day Shift',
        },
        {
          number: 'DM-0003',
          first: 'Ana',
          last: 'Cruz',
          department: 'Production',
          position: 'Production Supervisor',
          shift: 'Day Shift',
        },
        {
          number: 'DM-0004',
          first: 'Juan',
          last: 'Dela Cruz',
          department: 'Production',
          position: 'Machine Operator',
          shift: 'Day Shift',
          supervisor: 'DM-0003',
        },
        {
          number: 'DM-0005',
          first: 'Liza',
          last: 'Mendoza',
          department: 'Production',
          position: 'Machine Operator',
          shift: 'Night Shift',
          supervisor: 'DM-0003',
        },
        {
          number: 'DM-0006',
          first: 'Ramon',
          last: 'Bautista',
          department: 'Warehouse',
          position: 'Warehouse Associate',
          shift: 'Mid Shift',
          supervisor: 'DM-0003',
        },
        {
          number: 'DM-0007',
          first: 'Grace',
          last: 'Garcia',
          department: 'Finance',
          position: 'Accounting Clerk',
          shift: 'Day Shift',
          supervisor: 'DM-0002',
        },
      ]);
      const users = [
        { email: 'hr@demo.hrpay.test', fullName: 'Maria Santos', userType: 'HRUser', employee: 'DM-0001' },
        {
          email: 'payroll@demo.hrpay.test',
          fullName: 'Jose Reyes',
          userType: 'PayrollUser',
          employee: 'DM-0002',
        },
        {
          email: 'approver@demo.hrpay.test',
          fullName: 'Ana Cruz',
          userType: 'PortalUser',
          employee: 'DM-0003',
          isApprover: true,
        },
        {
          email: 'employee@demo.hrpay.test',
          fullName: 'Juan Dela Cruz',
          userType: 'PortalUser',
          employee: 'DM-0004',
        },
      ] as const;
      for (const u of users) {
        await insertUser(tx, tenantId, {
          email: u.email,
          fullName: u.fullName,
          userType: u.userType,
          companyId,
          password: DEMO_PASSWORD,
          employeeId: employees.get(u.employee),
          isApprover: 'isApprover' in u ? u.isApprover : false,
        });
      }

      // A second company of the same tenant: an HR user of one company must see nothing of the other.
      const [logistics] = await tx.query<{ id: string }>(
        `INSERT INTO companies (tenant_id, name, registered_name, tin)
         VALUES ($1, 'Demo Logistics Corp.', 'Demo Logistics Corp.', '123-456-790-000') RETURNING id`,
        [tenantId],
      );
      const logisticsPeople = await seedPeople(tx, tenantId, logistics!.id, [
        {
          number: 'DL-0001',
          first: 'Teresa',
          last: 'Ong',
          department: 'People',
          position: 'HR Officer',
          shift: 'Day Shift',
        },
        {
          number: 'DL-0002',
          first: 'Mark',
          last: 'Villareal',
          department: 'Fleet',
          position: 'Driver',
          shift: 'Day Shift',
          supervisor: 'DL-0001',
        },
        {
          number: 'DL-0003',
          first: 'Joy',
          last: 'Pascual',
          department: 'People',
          position: 'Payroll Officer',
          shift: 'Mid Shift',
          supervisor: 'DL-0001',
        },
      ]);
      await insertUser(tx, tenantId, {
        email: 'hr@logistics.demo.hrpay.test',
        fullName: 'Teresa Ong',
        userType: 'HRUser',
        companyId: logistics!.id,
        password: DEMO_PASSWORD,
        employeeId: logisticsPeople.get('DL-0001'),
      });
      await insertUser(tx, tenantId, {
        email: 'payroll@logistics.demo.hrpay.test',
        fullName: 'Joy Pascual',
        userType: 'PayrollUser',
        companyId: logistics!.id,
        password: DEMO_PASSWORD,
        employeeId: logisticsPeople.get('DL-0003'),
      });
      await seedSampleRequests(tx, tenantId);
    },
  );

  await provisionTenant(
    db,
    {
      tenantName: 'Other Tenant Corp',
      companyName: 'Other Tenant Corp',
      companyTin: '987-654-321-000',
      admin: { email: 'admin@other.hrpay.test', fullName: 'Oscar Ramos', password: DEMO_PASSWORD },
    },
    async (tx, { tenantId, companyId }) => {
      tenantIds.push(tenantId);
      const employees = await seedPeople(tx, tenantId, companyId, [
        {
          number: 'OT-0001',
          first: 'Helen',
          last: 'Aquino',
          department: 'People Operations',
          position: 'HR Generalist',
          shift: 'Day Shift',
        },
        {
          number: 'OT-0002',
          first: 'Pedro',
          last: 'Navarro',
          department: 'Operations',
          position: 'Technician',
          shift: 'Mid Shift',
          supervisor: 'OT-0001',
        },
        {
          number: 'OT-0003',
          first: 'Rosa',
          last: 'Lim',
          department: 'Operations',
          position: 'Technician',
          shift: 'Night Shift',
          supervisor: 'OT-0001',
        },
      ]);
      await insertUser(tx, tenantId, {
        email: 'hr@other.hrpay.test',
        fullName: 'Helen Aquino',
        userType: 'HRUser',
        companyId,
        password: DEMO_PASSWORD,
        employeeId: employees.get('OT-0001'),
      });
      await insertUser(tx, tenantId, {
        email: 'employee@other.hrpay.test',
        fullName: 'Pedro Navarro',
        userType: 'PortalUser',
        companyId,
        password: DEMO_PASSWORD,
        employeeId: employees.get('OT-0002'),
      });
      await seedSampleRequests(tx, tenantId);
    },
  );
  if (payrollHistory) {
    // Every company with employees gets last month and its completed cut-offs since finalised by its payroll user
    // (the tenant's Admin where the company has none).
    const companies = [];
    for (const tenantId of tenantIds)
      companies.push(
        ...(await db.withTenant(tenantId, (tx) =>
          tx.query<{ tenant_id: string; company_id: string; user_id: string }>(
            `SELECT c.tenant_id, c.id AS company_id,
                    coalesce((SELECT u.id FROM users u WHERE u.tenant_id = c.tenant_id AND u.company_id = c.id
                                AND u.email LIKE 'payroll@%' LIMIT 1),
                             (SELECT u.id FROM users u WHERE u.tenant_id = c.tenant_id AND u.email LIKE 'admin@%'
                               LIMIT 1)) AS user_id
               FROM companies c ORDER BY c.name`,
          ),
        )),
      );
    for (const c of companies)
      await seedDemoPayroll(db, { tenantId: c.tenant_id, companyId: c.company_id, actingUserId: c.user_id });
  }
  return { seeded: true };
}

export const DEMO_USERS_TEXT = `Demo data (password ${DEMO_PASSWORD} for every user):
  Demo Holdings / Demo Manufacturing Inc.
    admin@demo.hrpay.test     Admin        /admin/login
    hr@demo.hrpay.test        HRUser       /hr/login
    payroll@demo.hrpay.test   PayrollUser  /payroll/login
    approver@demo.hrpay.test  PortalUser (approver)  /portal/login
    employee@demo.hrpay.test  PortalUser   /portal/login
  Demo Holdings / Demo Logistics Corp. (a second company of the same tenant)
    hr@logistics.demo.hrpay.test       HRUser       /hr/login
    payroll@logistics.demo.hrpay.test  PayrollUser  /payroll/login
  Other Tenant Corp
    admin@other.hrpay.test    Admin
    hr@other.hrpay.test       HRUser
    employee@other.hrpay.test PortalUser`;
