/** Issue 10 §1: employee payroll details, rates, recurring items, loans, loan types and the bulk rate update. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ProblemTypes,
  type EmployeePayDetails,
  type EmployeePayRow,
  type Loan,
  type LoanType,
  type PayItem,
  type PayRate,
  type RateImportResult,
} from '@hrpay/contracts';
import { manilaToday } from '../src/lib/manila.js';
import { caller, createTestApp, demo, errorCodes, signIn, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let payroll: Session;
let logisticsPayroll: Session;
let hr: Session;
let admin: Session;
const call = caller(() => t.app);
const BASE = '/api/v1/employee-payroll-details';
let maria: EmployeePayRow; // DM-0001
let jose: EmployeePayRow; // DM-0002
let otherTenantEmployee: string;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = manilaToday();

async function auditRows(entity: string, entityId?: string) {
  return t.db.withTenant(payroll.tenantId, (tx) =>
    tx.query<{ action: string; before: unknown; after: unknown }>(
      `SELECT action, before, after FROM audit_log WHERE entity = $1 AND ($2::text IS NULL OR entity_id::text = $2)
        ORDER BY at`,
      [entity, entityId ?? null],
    ),
  );
}

function multipart(fileName: string, content: Buffer | string) {
  const boundary = `----hrpay${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (step: 'preview' | 'commit', fileName: string, content: Buffer | string, who = payroll) => {
  const body = multipart(fileName, content);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/rate-imports/${step}`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
};

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  hr = await signIn(t.app, demo.hr);
  admin = await signIn(t.app, demo.admin);
  const list = (
    await call(payroll, 'POST', `${BASE}/list`, { SortBy: 'EmployeeNumber', PageSize: 100 })
  ).json();
  maria = list.Items.find((r: EmployeePayRow) => r.EmployeeNumber === 'DM-0001');
  jose = list.Items.find((r: EmployeePayRow) => r.EmployeeNumber === 'DM-0002');
  const other = await signIn(t.app, demo.otherAdmin);
  const [row] = await t.db.withTenant(other.tenantId, (tx) =>
    tx.query<{ id: string }>(`SELECT id FROM employees LIMIT 1`),
  );
  otherTenantEmployee = row!.id;
});
afterAll(() => t?.close());

describe('employee payroll details grid', () => {
  it("lists the company's employees with the rate in force and no flags when the 201 file is complete", async () => {
    const res = await call(payroll, 'POST', `${BASE}/list`, { SortBy: 'EmployeeNumber' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.TotalCount).toBeGreaterThan(2);
    expect(maria).toMatchObject({
      FullName: expect.stringContaining('Santos'),
      RateType: 'Monthly',
      Rate: '23500.00',
      PaymentMethod: 'Bank',
      BankName: 'BDO Unibank',
      NoRate: false,
      NoBankAccount: false,
      MissingTIN: false,
    });
    expect(body.Items.every((r: EmployeePayRow) => r.EmployeeNumber.startsWith('DM-'))).toBe(true);
    // Logistics payroll sees only its own company.
    const logistics = (await call(logisticsPayroll, 'POST', `${BASE}/list`, {})).json();
    expect(logistics.Items.some((r: EmployeePayRow) => r.EmployeeNumber.startsWith('DM-'))).toBe(false);
    expect((await call(hr, 'POST', `${BASE}/list`, {})).statusCode).toBe(403);
    expect((await call(admin, 'POST', `${BASE}/list`, {})).statusCode).toBe(403);
  });

  it('flags missing data and filters on it, by search and department', async () => {
    await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query(
        `UPDATE employees SET tin = NULL, bank_account_number = NULL, basic_rate = NULL WHERE id = $1`,
        [jose.EmployeeId],
      ),
    );
    const missing = (await call(payroll, 'POST', `${BASE}/list`, { MissingData: true })).json();
    expect(missing.Items.map((r: EmployeePayRow) => r.EmployeeNumber)).toEqual(['DM-0002']);
    expect(missing.Items[0]).toMatchObject({
      NoRate: true,
      Rate: null,
      NoBankAccount: true,
      MissingTIN: true,
      MissingSSS: false,
    });
    const search = (await call(payroll, 'POST', `${BASE}/list`, { Search: 'santos' })).json();
    expect(search.Items.map((r: EmployeePayRow) => r.EmployeeNumber)).toContain('DM-0001');
    const departments = (await call(payroll, 'GET', `${BASE}/department-options`)).json();
    const finance = departments.find((d: { Name: string }) => d.Name === 'Finance');
    const inFinance = (
      await call(payroll, 'POST', `${BASE}/list`, { DepartmentId: finance.DepartmentId })
    ).json();
    expect(inFinance.Items.map((r: EmployeePayRow) => r.DepartmentName)).toEqual(
      inFinance.Items.map(() => 'Finance'),
    );
    expect(inFinance.Items.map((r: EmployeePayRow) => r.EmployeeNumber)).toContain('DM-0002');
    const bad = await call(payroll, 'POST', `${BASE}/list`, { MissingData: 'yes', Extra: 1 });
    expect(bad.statusCode).toBe(400);
    const sorted = (
      await call(payroll, 'POST', `${BASE}/list`, { SortBy: 'Rate', SortDirection: 'desc' })
    ).json();
    expect(sorted.Items[0].Rate).not.toBeNull();
  });

  it('exports the grid as XLSX and CSV', async () => {
    const csv = await call(payroll, 'POST', `${BASE}/export`, { Format: 'csv', MissingData: true });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('DM-0002');
    expect(csv.body).toContain('No TIN');
    expect(csv.body).not.toContain('DM-0001');
    const xlsx = await call(payroll, 'POST', `${BASE}/export`, {});
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('pay profile', () => {
  it('reads defaults and takes its own GET body back with edits, audited; stale 409', async () => {
    const res = await call(payroll, 'GET', `${BASE}/${maria.EmployeeId}`);
    expect(res.statusCode, res.body).toBe(200);
    const read = res.json() as EmployeePayDetails;
    expect(read).toMatchObject({
      EmployeeNumber: 'DM-0001',
      PaymentMethod: 'Bank',
      IsMinimumWageEarner: false,
      Divisor: null,
      RowVersion: 1,
      CurrentRate: { RateType: 'Monthly', Rate: '23500.00' },
      Flags: [],
    });
    const put = await call(payroll, 'PUT', `${BASE}/${maria.EmployeeId}`, {
      ...read,
      IsMinimumWageEarner: true,
      ExemptSss: true,
      Divisor: 313,
      BankName: 'Metrobank',
      BankAccountNumber: '123-456-7890',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      IsMinimumWageEarner: true,
      ExemptSss: true,
      Divisor: 313,
      BankName: 'Metrobank',
      BankAccountNumber: '123-456-7890',
      RowVersion: 2,
    });
    const stale = await call(payroll, 'PUT', `${BASE}/${maria.EmployeeId}`, read);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().type).toBe(ProblemTypes.staleRowVersion);
    const again = await call(payroll, 'PUT', `${BASE}/${maria.EmployeeId}`, {
      ...put.json(),
      PaymentMethod: 'Cash',
      BankAccountNumber: '',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ RowVersion: 3, PaymentMethod: 'Cash', BankAccountNumber: null });
    // Cash payment: no bank account needed.
    expect(again.json().Flags).toEqual([]);
    // Saved again unchanged: no audit row that changes nothing.
    const unchanged = await call(payroll, 'PUT', `${BASE}/${maria.EmployeeId}`, again.json());
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const audit = await auditRows('employee-pay-profile', maria.EmployeeId);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      action: 'update',
      before: { BankName: 'BDO Unibank' },
      after: { BankName: 'Metrobank' },
    });
    // HR sees the bank change in the employee's history.
    const history = (await call(hr, 'GET', `/api/v1/employees/${maria.EmployeeId}/history`)).json();
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Changes: expect.arrayContaining([{ Field: 'BankName', Before: 'BDO Unibank', After: 'Metrobank' }]),
        }),
      ]),
    );
  });

  it('refuses bad values, unknown fields, another company and another tenant', async () => {
    const read = (await call(payroll, 'GET', `${BASE}/${jose.EmployeeId}`)).json();
    const bad = await call(payroll, 'PUT', `${BASE}/${jose.EmployeeId}`, {
      ...read,
      PaymentMethod: 'Gold',
      Divisor: 0,
      BankAccountNumber: 'abc',
      Nope: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad)).toEqual(
      expect.arrayContaining(['PaymentMethod', 'Divisor', 'BankAccountNumber']),
    );
    expect((await call(logisticsPayroll, 'GET', `${BASE}/${jose.EmployeeId}`)).statusCode).toBe(404);
    expect((await call(logisticsPayroll, 'PUT', `${BASE}/${jose.EmployeeId}`, read)).statusCode).toBe(404);
    expect((await call(payroll, 'GET', `${BASE}/${otherTenantEmployee}`)).statusCode).toBe(404);
    // The body names the address's employee (another's own id in the body is a 400, whatever the address).
    const theirs = { ...read, EmployeeId: otherTenantEmployee };
    expect((await call(payroll, 'PUT', `${BASE}/${otherTenantEmployee}`, theirs)).statusCode).toBe(404);
    expect((await call(payroll, 'GET', `${BASE}/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('rates', () => {
  it('keep history: the starting rate, a past raise in force, a future raise not yet', async () => {
    const start = (await call(payroll, 'GET', `${BASE}/${maria.EmployeeId}/rates`)).json() as PayRate[];
    expect(start).toEqual([
      expect.objectContaining({ IsStartingRate: true, Rate: '23500.00', IsCurrent: true, PayRateId: null }),
    ]);
    const past = addDays(today, -30);
    const future = addDays(today, 30);
    const raise = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/rates`, {
      EffectiveFrom: past,
      RateType: 'Monthly',
      Rate: '25,000',
      Reason: 'Merit increase',
    });
    expect(raise.statusCode, raise.body).toBe(201);
    expect(raise.json()).toMatchObject({
      Rate: '25000.00',
      HoursPerDay: '8.00',
      ColaPerDay: '0.00',
      IsCurrent: true,
    });
    const next = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/rates`, {
      EffectiveFrom: future,
      RateType: 'Daily',
      Rate: '1200.50',
      HoursPerDay: 8,
      ColaPerDay: '25',
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ IsFuture: true, IsCurrent: false, ColaPerDay: '25.00' });
    const history = (await call(payroll, 'GET', `${BASE}/${maria.EmployeeId}/rates`)).json() as PayRate[];
    expect(history.map((r) => [r.EffectiveFrom === future, r.Rate, r.IsCurrent])).toEqual([
      [true, '1200.50', false],
      [false, '25000.00', true],
      [false, '23500.00', false],
    ]);
    const details = (await call(payroll, 'GET', `${BASE}/${maria.EmployeeId}`)).json();
    expect(details.CurrentRate).toMatchObject({ EffectiveFrom: past, Rate: '25000.00' });
    const grid = (await call(payroll, 'POST', `${BASE}/list`, { Search: 'DM-0001' })).json();
    expect(grid.Items[0]).toMatchObject({ Rate: '25000.00', RateType: 'Monthly' });

    // A second rate on the same date: 409.
    const dup = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/rates`, {
      EffectiveFrom: past,
      RateType: 'Monthly',
      Rate: '26000',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().type).toBe(ProblemTypes.duplicate);

    // Only a future rate can be deleted.
    const inForce = await call(
      payroll,
      'DELETE',
      `${BASE}/${maria.EmployeeId}/rates/${raise.json().PayRateId}`,
    );
    expect(inForce.statusCode).toBe(409);
    expect(inForce.json().type).toBe(ProblemTypes.invalidState);
    const del = await call(payroll, 'DELETE', `${BASE}/${maria.EmployeeId}/rates/${next.json().PayRateId}`);
    expect(del.statusCode, del.body).toBe(200);
    const gone = await call(payroll, 'DELETE', `${BASE}/${maria.EmployeeId}/rates/${next.json().PayRateId}`);
    expect(gone.statusCode).toBe(404);
    // Another employee's path does not reach this rate.
    const wrongEmployee = await call(
      payroll,
      'DELETE',
      `${BASE}/${jose.EmployeeId}/rates/${raise.json().PayRateId}`,
    );
    expect(wrongEmployee.statusCode).toBe(404);
    const audit = await auditRows('employee-pay-rate');
    expect(audit.map((a) => a.action)).toEqual(['create', 'create', 'delete']);
  });

  it('validate the rate fields with clear messages', async () => {
    const bad = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/rates`, {
      EffectiveFrom: '2026-02-30',
      RateType: 'Hourly',
      Rate: '0',
      HoursPerDay: 30,
      ColaPerDay: '-1',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad)).toEqual(
      expect.arrayContaining(['EffectiveFrom', 'RateType', 'Rate', 'HoursPerDay', 'ColaPerDay']),
    );
    const beforeHire = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/rates`, {
      EffectiveFrom: '1990-01-01',
      RateType: 'Monthly',
      Rate: '1000',
    });
    expect(beforeHire.statusCode).toBe(400);
    expect(errorCodes(beforeHire)).toEqual(['EffectiveFrom']);
    const foreign = await call(logisticsPayroll, 'POST', `${BASE}/${maria.EmployeeId}/rates`, {
      EffectiveFrom: today,
      RateType: 'Monthly',
      Rate: '1000',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(payroll, 'GET', `${BASE}/${otherTenantEmployee}/rates`)).statusCode).toBe(404);
  });
});

describe('recurring items', () => {
  it('are added, edited and deleted with de minimis kinds of the engine, audited', async () => {
    const add = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/items`, {
      Kind: 'Earning',
      Code: 'rice',
      Description: 'Rice subsidy',
      Amount: '1,000',
      DeMinimis: 'riceSubsidy',
      EffectiveFrom: today,
    });
    expect(add.statusCode, add.body).toBe(201);
    const item = add.json() as PayItem;
    expect(item).toMatchObject({ Code: 'RICE', Amount: '1000.00', Taxable: false, DeMinimis: 'riceSubsidy' });
    const list = (await call(payroll, 'GET', `${BASE}/${maria.EmployeeId}/items`)).json();
    expect(list).toHaveLength(1);
    const edit = await call(payroll, 'PUT', `${BASE}/${maria.EmployeeId}/items/${item.PayItemId}`, {
      ...item,
      Amount: '1500',
      EffectiveTo: addDays(today, 60),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ Amount: '1500.00', RowVersion: 2 });
    const stale = await call(payroll, 'PUT', `${BASE}/${maria.EmployeeId}/items/${item.PayItemId}`, item);
    expect(stale.statusCode).toBe(409);
    const bad = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/items`, {
      Kind: 'Deduction',
      Code: 'bad code!',
      Description: '',
      Amount: 'abc',
      DeMinimis: 'riceSubsidy',
      EffectiveFrom: today,
      EffectiveTo: addDays(today, -1),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad)).toEqual(expect.arrayContaining(['Code', 'Description', 'Amount']));
    const badKind = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/items`, {
      Kind: 'Earning',
      Code: 'X',
      Description: 'X',
      Amount: '1',
      DeMinimis: 'carAllowance',
      EffectiveFrom: today,
    });
    expect(badKind.statusCode).toBe(400);
    expect(errorCodes(badKind)).toEqual(['DeMinimis']);
    const rules = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/items`, {
      Kind: 'Deduction',
      Code: 'X',
      Description: 'X',
      Amount: '1',
      DeMinimis: 'riceSubsidy',
      EffectiveFrom: today,
      EffectiveTo: addDays(today, -1),
    });
    expect(errorCodes(rules)).toEqual(expect.arrayContaining(['EffectiveTo', 'DeMinimis']));
    expect(
      (await call(logisticsPayroll, 'DELETE', `${BASE}/${maria.EmployeeId}/items/${item.PayItemId}`))
        .statusCode,
    ).toBe(404);
    const del = await call(payroll, 'DELETE', `${BASE}/${maria.EmployeeId}/items/${item.PayItemId}`);
    expect(del.statusCode).toBe(200);
    expect((await auditRows('employee-pay-item', item.PayItemId)).map((a) => a.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });
});

describe('loans and loan types', () => {
  let types: LoanType[];
  let loan: Loan;

  it('list the seeded loan types of the company and keep them unique', async () => {
    const res = await call(payroll, 'POST', '/api/v1/loan-types/list', { SortBy: 'Code' });
    expect(res.statusCode, res.body).toBe(200);
    types = res.json().Items;
    expect(types.map((x) => x.Code)).toEqual(['COMPANY', 'HDMF-CAL', 'HDMF-MPL', 'SSS-CAL', 'SSS-SAL']);
    const options = (await call(payroll, 'GET', '/api/v1/loan-types/options')).json();
    expect(options).toHaveLength(5);
    const dup = await call(payroll, 'POST', '/api/v1/loan-types', {
      Code: 'sss-sal',
      Name: 'SSS Salary Loan',
    });
    expect(dup.statusCode).toBe(400);
    expect(errorCodes(dup)).toEqual(['Code', 'Name']);
    const created = await call(payroll, 'POST', '/api/v1/loan-types', {
      Code: 'emerg',
      Name: 'Emergency Loan',
      Agency: 'Company',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ Code: 'EMERG', IsActive: true, LoanCount: 0 });
    const one = await call(payroll, 'GET', `/api/v1/loan-types/${created.json().LoanTypeId}`);
    expect(one.statusCode).toBe(200);
    const edited = await call(payroll, 'PUT', `/api/v1/loan-types/${created.json().LoanTypeId}`, {
      ...one.json(),
      Name: 'Emergency Cash Loan',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await call(payroll, 'PUT', `/api/v1/loan-types/${created.json().LoanTypeId}`, one.json())).statusCode,
    ).toBe(409);
    expect(
      (await call(logisticsPayroll, 'GET', `/api/v1/loan-types/${created.json().LoanTypeId}`)).statusCode,
    ).toBe(404);
    const del = await call(payroll, 'DELETE', `/api/v1/loan-types/${created.json().LoanTypeId}`);
    expect(del.statusCode).toBe(200);
    expect((await auditRows('loan-type')).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('adds a loan, edits it while unpaid, adjusts the ledger and derives the balance', async () => {
    const sss = types.find((x) => x.Code === 'SSS-SAL')!;
    const bad = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/loans`, {
      LoanTypeId: sss.LoanTypeId,
      Principal: '1000',
      Amortization: '2000',
      StartDate: today,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCodes(bad)).toEqual(['Amortization']);
    const add = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/loans`, {
      LoanTypeId: sss.LoanTypeId,
      ReferenceNumber: 'SSS-123',
      Principal: '20,000',
      Amortization: '1000',
      StartDate: today,
    });
    expect(add.statusCode, add.body).toBe(201);
    loan = add.json();
    expect(loan).toMatchObject({ Balance: '20000.00', TotalPaid: '0.00', Status: 'Active', Ledger: [] });
    const edit = await call(payroll, 'PUT', `${BASE}/${maria.EmployeeId}/loans/${loan.LoanId}`, {
      ...loan,
      Amortization: '1666.67',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    loan = edit.json();
    const adj = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/loans/${loan.LoanId}/adjustments`, {
      EntryDate: today,
      Amount: '5000.10',
      Remarks: 'Paid over the counter',
    });
    expect(adj.statusCode, adj.body).toBe(201);
    expect(adj.json()).toMatchObject({ Balance: '14999.90', TotalPaid: '5000.10' });
    expect(adj.json().Ledger).toHaveLength(1);
    // Edit after a ledger entry: refused.
    const late = await call(payroll, 'PUT', `${BASE}/${maria.EmployeeId}/loans/${loan.LoanId}`, {
      ...adj.json(),
      Amortization: '100',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().type).toBe(ProblemTypes.invalidState);
    const over = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/loans/${loan.LoanId}/adjustments`, {
      EntryDate: today,
      Amount: '15000',
      Remarks: 'too much',
    });
    expect(over.statusCode).toBe(400);
    const noRemarks = await call(
      payroll,
      'POST',
      `${BASE}/${maria.EmployeeId}/loans/${loan.LoanId}/adjustments`,
      {
        EntryDate: today,
        Amount: '1',
        Remarks: ' ',
      },
    );
    expect(errorCodes(noRemarks)).toEqual(['Remarks']);
    const back = await call(payroll, 'POST', `${BASE}/${maria.EmployeeId}/loans/${loan.LoanId}/adjustments`, {
      EntryDate: today,
      Amount: '-0.10',
      Remarks: 'Correction',
    });
    expect(back.json()).toMatchObject({ Balance: '15000.00' });
    const payoff = await call(
      payroll,
      'POST',
      `${BASE}/${maria.EmployeeId}/loans/${loan.LoanId}/adjustments`,
      {
        EntryDate: today,
        Amount: '15000',
        Remarks: 'Settled',
      },
    );
    expect(payoff.json()).toMatchObject({ Balance: '0.00', Status: 'Paid' });
    const list = (await call(payroll, 'GET', `${BASE}/${maria.EmployeeId}/loans`)).json() as Loan[];
    expect(list[0]!.Ledger.map((e) => e.Amount)).toEqual(['5000.10', '-0.10', '15000.00']);
    // The ledger is insert-only for the app role.
    await expect(
      t.db.withTenant(payroll.tenantId, (tx) => tx.query(`UPDATE loan_ledger SET amount = 0`)),
    ).rejects.toThrow();
    // A paid loan cannot be cancelled.
    const cancelPaid = await call(
      payroll,
      'POST',
      `${BASE}/${maria.EmployeeId}/loans/${loan.LoanId}/cancel`,
      {
        RowVersion: payoff.json().RowVersion,
      },
    );
    expect(cancelPaid.statusCode).toBe(409);
  });

  it('cancels an active loan; a loan type in use is still referenced; scope holds', async () => {
    const sss = types.find((x) => x.Code === 'HDMF-MPL')!;
    const add = (
      await call(payroll, 'POST', `${BASE}/${jose.EmployeeId}/loans`, {
        LoanTypeId: sss.LoanTypeId,
        Principal: '10000',
        Amortization: '500',
        StartDate: today,
      })
    ).json() as Loan;
    const foreign = await call(
      logisticsPayroll,
      'POST',
      `${BASE}/${jose.EmployeeId}/loans/${add.LoanId}/cancel`,
      {
        RowVersion: add.RowVersion,
      },
    );
    expect(foreign.statusCode).toBe(404);
    const stale = await call(payroll, 'POST', `${BASE}/${jose.EmployeeId}/loans/${add.LoanId}/cancel`, {
      RowVersion: add.RowVersion + 1,
    });
    expect(stale.statusCode).toBe(409);
    const cancel = await call(payroll, 'POST', `${BASE}/${jose.EmployeeId}/loans/${add.LoanId}/cancel`, {
      RowVersion: add.RowVersion,
      Remarks: 'Filed by mistake',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ Status: 'Cancelled', Remarks: 'Filed by mistake' });
    const inUse = await call(payroll, 'DELETE', `/api/v1/loan-types/${sss.LoanTypeId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().type).toBe(ProblemTypes.stillReferenced);
    // Deactivated, it is refused for a new loan.
    const type = (await call(payroll, 'GET', `/api/v1/loan-types/${sss.LoanTypeId}`)).json();
    await call(payroll, 'PUT', `/api/v1/loan-types/${sss.LoanTypeId}`, { ...type, IsActive: false });
    const inactive = await call(payroll, 'POST', `${BASE}/${jose.EmployeeId}/loans`, {
      LoanTypeId: sss.LoanTypeId,
      Principal: '100',
      Amortization: '50',
      StartDate: today,
    });
    expect(errorCodes(inactive)).toEqual(['LoanTypeId']);
    // Another company's loan type is not found.
    const logisticsType = (await call(logisticsPayroll, 'GET', '/api/v1/loan-types/options')).json()[0];
    const crossType = await call(payroll, 'POST', `${BASE}/${jose.EmployeeId}/loans`, {
      LoanTypeId: logisticsType.LoanTypeId,
      Principal: '100',
      Amortization: '50',
      StartDate: today,
    });
    expect(errorCodes(crossType)).toEqual(['LoanTypeId']);
    expect((await call(payroll, 'GET', `${BASE}/${otherTenantEmployee}/loans`)).statusCode).toBe(404);
    expect((await auditRows('employee-loan', add.LoanId)).map((a) => a.action)).toEqual(['create', 'update']);
  });
});

describe('bulk rate update', () => {
  const future = addDays(today, 10);

  it('previews per-row errors and commits nothing while any row is wrong', async () => {
    const csv = [
      'Employee Number,Effective Date,Rate Type,Rate',
      `DM-0003,${future},Monthly,"30,000.00"`,
      `DM-9999,${future},Monthly,1000`,
      `DM-0004,2026-13-01,Hourly,abc`,
      `DM-0003,${future},Monthly,31000`,
    ].join('\n');
    const preview = await upload('preview', 'rates.csv', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json() as RateImportResult;
    expect(result).toMatchObject({ TotalRows: 4, NewRows: 1, ErrorRows: 3, Committed: false });
    expect(result.Errors.map((e) => [e.Row, e.Column])).toEqual([
      [3, 'EmployeeNumber'],
      [4, 'EffectiveDate'],
      [4, 'RateType'],
      [4, 'Rate'],
      [5, 'EffectiveDate'],
    ]);
    const commit = await upload('commit', 'rates.csv', csv);
    expect(commit.statusCode).toBe(400);
    expect(commit.json().errors.length).toBe(5);
    const [n] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM employee_pay_rates WHERE reason LIKE 'Bulk%'`),
    );
    expect(n!.n).toBe(0);
  });

  it('commits a clean file all at once; the same file again adds nothing', async () => {
    const csv = [
      'EmployeeNumber,EffectiveDate,RateType,Rate',
      `DM-0003,${future},Monthly,30000`,
      `dm-0004,${future},daily,850.5`,
    ].join('\r\n');
    const commit = await upload('commit', 'rates.csv', csv);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({ Committed: true, NewRows: 2, UnchangedRows: 0 });
    const again = await upload('commit', 'rates.csv', csv);
    expect(again.json()).toMatchObject({ Committed: true, NewRows: 0, UnchangedRows: 2 });
    const [n] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM employee_pay_rates WHERE reason LIKE 'Bulk%'`),
    );
    expect(n!.n).toBe(2);
    const audit = await auditRows('employee-pay-rate');
    expect(audit.filter((a) => a.action === 'import')).toHaveLength(1);
    // Another company's payroll cannot touch these employees.
    const foreign = await upload('preview', 'rates.csv', csv, logisticsPayroll);
    expect((foreign.json() as RateImportResult).Errors.map((e) => e.Column)).toEqual([
      'EmployeeNumber',
      'EmployeeNumber',
    ]);
  });

  it('two concurrent commits of the same file add its rates once', async () => {
    const day = addDays(today, 20);
    const csv = `EmployeeNumber,EffectiveDate,RateType,Rate\nDM-0003,${day},Monthly,31000\nDM-0004,${day},Daily,900`;
    const [a, b] = await Promise.all([upload('commit', 'same.csv', csv), upload('commit', 'same.csv', csv)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json().NewRows + b.json().NewRows).toBe(2);
    const [n] = await t.db.withTenant(payroll.tenantId, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM employee_pay_rates WHERE effective_from = $1`, [
        day,
      ]),
    );
    expect(n!.n).toBe(2);
  });

  it('reads XLSX and refuses bad files', async () => {
    const { default: excel } = await import('exceljs');
    const book = new excel.Workbook();
    const sheet = book.addWorksheet('Rates');
    sheet.addRow(['EmployeeNumber', 'EffectiveDate', 'RateType', 'Rate']);
    sheet.addRow(['DM-0005', new Date(`${future}T00:00:00Z`), 'Monthly', 40000]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const preview = await upload('preview', 'rates.xlsx', xlsx);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().Rows[0]).toMatchObject({ EffectiveDate: future, Rate: '40000.00', Action: 'New' });
    const template = await call(payroll, 'GET', `${BASE}/rate-imports/template`);
    expect(template.statusCode).toBe(200);
    expect(template.body).toContain('EmployeeNumber,EffectiveDate,RateType,Rate');
    expect((await upload('preview', 'rates.txt', 'x')).statusCode).toBe(415);
    const empty = await upload('preview', 'rates.csv', '');
    expect(empty.statusCode).toBe(400);
    // A file's 400 is a validation problem like any other 400 (ARCHITECTURE §4), not `about:blank`.
    expect(empty.json()).toMatchObject({ type: ProblemTypes.validation, detail: 'The file is empty.' });
    expect((await upload('preview', 'rates.csv', 'Name,Rate\nx,1')).statusCode).toBe(400);
    expect((await upload('preview', 'rates.xlsx', 'not a zip')).statusCode).toBe(415);
    expect(
      (await upload('preview', 'rates.csv', 'EmployeeNumber,EffectiveDate,RateType,Rate\n', hr)).statusCode,
    ).toBe(403);
  });
});

describe('bulk rate update at its limit', () => {
  it('commits 5,000 rows in one request', async () => {
    const list = (
      await call(payroll, 'POST', `${BASE}/list`, { PageSize: 10, SortBy: 'EmployeeNumber' })
    ).json();
    const numbers = (list.Items as EmployeePayRow[]).map((r) => r.EmployeeNumber);
    const lines = ['EmployeeNumber,EffectiveDate,RateType,Rate'];
    for (let day = 0; lines.length <= 5_000; day++) {
      for (const n of numbers)
        if (lines.length <= 5_000) lines.push(`${n},${addDays(today, 400 + day)},Daily,${700 + day}.25`);
    }
    const started = Date.now();
    const res = await upload('commit', 'many.csv', lines.join('\n'));
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ Committed: true, NewRows: 5_000 });
    expect(Date.now() - started).toBeLessThan(30_000);
    const tooMany = await upload('preview', 'many.csv', `${lines.join('\n')}\nDM-0001,2099-01-01,Daily,1`);
    expect(tooMany.statusCode).toBe(413);
  }, 120_000);
});

describe('fuzzing the payroll details routes', () => {
  it('answers 4xx problem details, never 5xx, to random bodies and ids', async () => {
    const routes = t.app.apiRoutes.filter(
      (r) => (r.url.includes('/employee-payroll-details') || r.url.includes('/loan-types')) && !r.multipart,
    );
    expect(routes.length).toBeGreaterThan(15);
    const ids = [maria.EmployeeId, otherTenantEmployee, '00000000-0000-4000-8000-000000000000', 'x'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...ids),
        fc.oneof(
          fc.anything({ maxDepth: 2 }),
          fc.dictionary(
            fc.constantFrom('Rate', 'Amount', 'EffectiveFrom', 'RowVersion', 'Code', 'Principal', 'Divisor'),
            fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.double()),
          ),
        ),
        async (route, id, payload) => {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: route.url.replace(/:[A-Za-z]+/g, id),
            headers: payroll.headers,
            payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : (payload as object),
          });
          expect(res.statusCode, `${route.method} ${route.url} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
