import type { Company, CompanyListRequest, CreateCompanyRequest } from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { Conditions, containsPattern, pageClause } from '../../lib/lists.js';

interface CompanyRow {
  id: string;
  name: string;
  registered_name: string | null;
  tin: string | null;
  rdo_code: string | null;
  sss_employer_number: string | null;
  philhealth_employer_number: string | null;
  pagibig_employer_number: string | null;
  address: string | null;
  zip_code: string | null;
  email: string | null;
  phone: string | null;
  pay_frequency: Company['PayFrequency'];
  is_active: boolean;
  employee_count: number;
  user_count: number;
  row_version: number;
  created_at: Date;
  updated_at: Date;
}

const SELECT_COMPANY = `
  SELECT c.id, c.name, c.registered_name, c.tin, c.rdo_code, c.sss_employer_number, c.philhealth_employer_number,
         c.pagibig_employer_number, c.address, c.zip_code, c.email, c.phone, c.pay_frequency, c.is_active,
         c.row_version, c.created_at, c.updated_at,
         (SELECT count(*)::int FROM employees e WHERE e.tenant_id = c.tenant_id AND e.company_id = c.id) AS employee_count,
         (SELECT count(*)::int FROM users u WHERE u.tenant_id = c.tenant_id AND u.company_id = c.id) AS user_count
    FROM companies c`;

const SORT_COLUMNS = {
  Name: 'lower(c.name)',
  Tin: 'c.tin',
  PayFrequency: 'c.pay_frequency',
  IsActive: 'c.is_active',
  EmployeeCount: 'employee_count',
  CreatedAt: 'c.created_at',
} as const;

export function toCompany(row: CompanyRow): Company {
  return {
    CompanyId: row.id,
    Name: row.name,
    RegisteredName: row.registered_name,
    Tin: row.tin,
    RdoCode: row.rdo_code,
    SssEmployerNumber: row.sss_employer_number,
    PhilHealthEmployerNumber: row.philhealth_employer_number,
    PagIbigEmployerNumber: row.pagibig_employer_number,
    Address: row.address,
    ZipCode: row.zip_code,
    Email: row.email,
    Phone: row.phone,
    PayFrequency: row.pay_frequency,
    IsActive: row.is_active,
    EmployeeCount: row.employee_count,
    UserCount: row.user_count,
    RowVersion: row.row_version,
    CreatedAt: new Date(row.created_at).toISOString(),
    UpdatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The stored form of the editable fields: trimmed, empty text as null. */
export function companyColumns(input: CreateCompanyRequest) {
  const text = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return [
    input.Name.trim(),
    text(input.RegisteredName),
    text(input.Tin),
    text(input.RdoCode),
    text(input.SssEmployerNumber),
    text(input.PhilHealthEmployerNumber),
    text(input.PagIbigEmployerNumber),
    text(input.Address),
    text(input.ZipCode),
    text(input.Email),
    text(input.Phone),
    input.PayFrequency ?? 'SemiMonthly',
    input.IsActive ?? true,
  ];
}

export const companiesRepo = {
  async list(tx: Tx, tenantId: string, req: ReturnType<typeof CompanyListRequest.parse>) {
    const where = new Conditions(tenantId).add('c.tenant_id = $1');
    if (req.Search) {
      where.add(
        `(c.name ILIKE $? OR c.registered_name ILIKE $? OR c.tin ILIKE $?)`,
        containsPattern(req.Search),
      );
    }
    if (req.IsActive !== undefined) where.add('c.is_active = $?', req.IsActive);
    const [total] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM companies c WHERE ${where.sql}`,
      where.params,
    );
    const page = pageClause(req, SORT_COLUMNS, { sortBy: 'Name', tieBreaker: 'c.id' }, where);
    const rows = await tx.query<CompanyRow>(`${SELECT_COMPANY} WHERE ${where.sql} ${page}`, where.params);
    return { Items: rows.map(toCompany), TotalCount: total!.n };
  },

  async get(tx: Tx, tenantId: string, id: string, forUpdate = false): Promise<Company | null> {
    const [row] = await tx.query<CompanyRow>(
      `${SELECT_COMPANY} WHERE c.tenant_id = $1 AND c.id = $2${forUpdate ? ' FOR UPDATE OF c' : ''}`,
      [tenantId, id],
    );
    return row ? toCompany(row) : null;
  },

  async options(tx: Tx, tenantId: string) {
    return tx.query<{ CompanyId: string; Name: string; IsActive: boolean }>(
      `SELECT id AS "CompanyId", name AS "Name", is_active AS "IsActive" FROM companies
        WHERE tenant_id = $1 ORDER BY lower(name), id`,
      [tenantId],
    );
  },

  async nameTaken(tx: Tx, tenantId: string, name: string, exceptId?: string): Promise<boolean> {
    const rows = await tx.query(
      // Case and runs of spaces do not make another name ("Peñafrancia  Foods" is "Peñafrancia Foods").
      `SELECT 1 FROM companies
        WHERE tenant_id = $1 AND ($3::uuid IS NULL OR id <> $3)
          AND regexp_replace(lower(name), '[[:space:]]+', ' ', 'g') = regexp_replace(lower($2), '[[:space:]]+', ' ', 'g')`,
      [tenantId, name, exceptId ?? null],
    );
    return rows.length > 0;
  },

  async tinTaken(tx: Tx, tenantId: string, tin: string, exceptId?: string): Promise<boolean> {
    const rows = await tx.query(
      // The same taxpayer however written: digits only, a 9-digit TIN being the head office's (branch 000).
      `SELECT 1 FROM companies
        WHERE tenant_id = $1 AND ($3::uuid IS NULL OR id <> $3)
          AND rpad(regexp_replace(tin, '[^0-9]', '', 'g'), 12, '0') = rpad(regexp_replace($2, '[^0-9]', '', 'g'), 12, '0')`,
      [tenantId, tin, exceptId ?? null],
    );
    return rows.length > 0;
  },

  async insert(tx: Tx, tenantId: string, id: string, input: CreateCompanyRequest): Promise<void> {
    await tx.query(
      `INSERT INTO companies (tenant_id, id, name, registered_name, tin, rdo_code, sss_employer_number,
                              philhealth_employer_number, pagibig_employer_number, address, zip_code, email, phone,
                              pay_frequency, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [tenantId, id, ...companyColumns(input)],
    );
  },

  /** Updates when the row version matches; answers whether it did. */
  async update(
    tx: Tx,
    tenantId: string,
    id: string,
    rowVersion: number,
    input: CreateCompanyRequest,
  ): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE companies SET name = $4, registered_name = $5, tin = $6, rdo_code = $7, sss_employer_number = $8,
              philhealth_employer_number = $9, pagibig_employer_number = $10, address = $11, zip_code = $12,
              email = $13, phone = $14, pay_frequency = $15, is_active = $16,
              row_version = row_version + 1, updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND row_version = $3 RETURNING id`,
      [tenantId, id, rowVersion, ...companyColumns(input)],
    );
    return rows.length > 0;
  },

  /** What still refers to a company, in words, or null when nothing does. */
  async references(tx: Tx, tenantId: string, id: string): Promise<string | null> {
    const [row] = await tx.query<{ employees: number; users: number; imports: number }>(
      `SELECT (SELECT count(*)::int FROM employees WHERE tenant_id = $1 AND company_id = $2) AS employees,
              (SELECT count(*)::int FROM users WHERE tenant_id = $1 AND company_id = $2) AS users,
              (SELECT count(*)::int FROM employee_imports WHERE tenant_id = $1 AND company_id = $2
                                                        AND status IN ('Queued', 'Validating', 'Committing')) AS imports`,
      [tenantId, id],
    );
    const parts: string[] = [];
    const plural = (n: number, word: string) => `${n.toLocaleString('en-PH')} ${word}${n === 1 ? '' : 's'}`;
    if (row!.employees) parts.push(plural(row!.employees, 'employee'));
    if (row!.users) parts.push(plural(row!.users, 'user'));
    if (row!.imports) parts.push('an import in progress');
    return parts.length ? parts.join(' and ') : null;
  },

  /** Removes the company's own lookups and finished imports, then the company. */
  async delete(tx: Tx, tenantId: string, id: string): Promise<void> {
    for (const table of [
      'payroll_periods',
      'holidays',
      'leave_types',
      'loan_types',
      'pay_components',
      'company_statutory_tables',
      'employee_imports',
      'employment_statuses',
      'shifts',
      'positions',
      'departments',
      'work_locations',
    ]) {
      await tx.query(`DELETE FROM ${table} WHERE tenant_id = $1 AND company_id = $2`, [tenantId, id]);
    }
    await tx.query(`DELETE FROM companies WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  },
};
