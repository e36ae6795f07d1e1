/**
 * Bank credit files split by the employee's bank, through HTTP (PGlite by default, PostgreSQL on request): a BPI
 * or BDO payroll file credits that bank's accounts only, so it holds the bank-paid employees whose pay profile
 * names that bank ("BDO", "BDO Unibank", "Banco de Oro"; "BPI", "Bank of the Philippine Islands", ...), its
 * trailer adds up to those lines, and the employees of other banks are left out and named in the
 * X-Bank-File-Left-Out header. One paid by bank with no bank name stops the file with a 409 naming them: left out,
 * they would go unpaid unnoticed. The generic CSV (for any bank) still lists every bank-paid employee.
 * Net pays come from the engine's payslips (payroll-fixtures), added up here in centavos.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payslip } from '@hrpay/payroll';
import type { Tx } from '../src/db/database.js';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { insertPeriod, semiMonthlySlip } from './payroll-fixtures.js';

let t: TestApp;
let payroll: Session;
let tenantId: string;
let companyId: string;
let periodId: string;
const call = caller(() => t.app);
const asTenant = <T>(work: (tx: Tx) => Promise<T>) => t.db.withTenant(tenantId, work);
const BANK = '/api/v1/payroll/reports/bank-file';
const cents = (text: string) => Math.round(Number(text) * 100);

interface Staff {
  number: string;
  bank: string | null;
  account: string;
  rate: string;
  method?: 'Cash';
  id?: string;
  slip?: Payslip;
}
// Monthly salaries of 20,000 to 27,000; their 1-15 November 2026 payslips pay each a different net.
const staff: Staff[] = [
  { number: 'BK-0001', bank: 'BDO Unibank', account: '001200000101', rate: '20000.00' },
  { number: 'BK-0002', bank: 'Banco de Oro', account: '0012-0000-0102', rate: '21000.00' },
  { number: 'BK-0003', bank: 'BPI', account: '1234-5678-90', rate: '25000.00' },
  { number: 'BK-0004', bank: 'Bank of the Philippine Islands', account: '2345678901', rate: '22000.00' },
  { number: 'BK-0005', bank: 'Metrobank', account: '3456789012', rate: '23000.00' },
  { number: 'BK-0006', bank: 'b.d.o.', account: '0012000001', rate: '24000.00' },
  { number: 'BK-0007', bank: null, account: '', rate: '26000.00', method: 'Cash' },
];
const of = (n: string) => staff.find((s) => s.number === n)!;
const net = (numbers: string[]) => numbers.reduce((sum, n) => sum + cents(of(n).slip!.netPay), 0);

async function download(url: string) {
  return call(payroll, 'GET', url);
}

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  tenantId = payroll.tenantId;
  const [c] = await asTenant((tx) =>
    tx.query<{ company_id: string }>(`SELECT company_id FROM users WHERE email = 'payroll@demo.hrpay.test'`),
  );
  companyId = c!.company_id;
  for (const s of staff) {
    const [e] = await asTenant((tx) =>
      tx.query<{ id: string }>(
        `INSERT INTO employees (tenant_id, company_id, employee_number, first_name, last_name, hire_date, rate_type,
                basic_rate, bank_name, bank_account_number)
         VALUES ($1, $2, $3, 'Pay', $3, DATE '2025-01-06', 'Monthly', $4, $5, $6) RETURNING id`,
        [tenantId, companyId, s.number, s.rate, s.bank, s.account || null],
      ),
    );
    s.id = e!.id;
    if (s.method)
      await asTenant((tx) =>
        tx.query(
          `INSERT INTO employee_pay_profiles (tenant_id, company_id, employee_id, payment_method)
           VALUES ($1, $2, $3, $4)`,
          [tenantId, companyId, s.id, s.method],
        ),
      );
    s.slip = semiMonthlySlip('2026-11-01', '2026-11-15', s.rate);
  }
  periodId = (
    await insertPeriod(asTenant, tenantId, {
      companyId,
      name: 'Nov 1-15 2026',
      start: '2026-11-01',
      end: '2026-11-15',
      status: 'Finalised',
      payslips: staff.map((s) => ({ employeeId: s.id!, payslip: s.slip! })),
    })
  ).periodId;
});
afterAll(() => t?.close());

describe('bank files by bank', () => {
  it('BDO: only the employees whose bank is BDO, by any of its names, and a trailer of theirs', async () => {
    const res = await download(
      `${BANK}?PayrollPeriodId=${periodId}&Bank=bdo&CompanyCode=ABC&CompanyAccount=001234567890&Batch=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const records = res.body.split('\r\n').filter(Boolean);
    const details = records.slice(1, -1);
    /*
     * BDO Unibank (BK-0001), Banco de Oro (BK-0002) and "b.d.o." (BK-0006) are BDO: three detail lines, their
     * accounts without dashes. BK-0003 and BK-0004 (BPI) and BK-0005 (Metrobank) are left out; BK-0007 is paid
     * in cash. The trailer: "T" + count 3 right-aligned in 10 + the exact total of their three net pays.
     */
    expect(details.map((d) => d.slice(0, 16).trim())).toEqual(['001200000101', '001200000102', '0012000001']);
    const total = net(['BK-0001', 'BK-0002', 'BK-0006']);
    expect(details.reduce((sum, d) => sum + cents(d.slice(16)), 0)).toBe(total);
    expect(records.at(-1)).toBe(`T${'3'.padStart(10)}${(total / 100).toFixed(2)}`);
    expect(res.headers['x-bank-file-count']).toBe('3');
    expect(res.headers['x-bank-file-total']).toBe((total / 100).toFixed(2));
    expect(res.headers['x-bank-file-left-out']).toBe('BK-0003,BK-0004,BK-0005');
  });

  it('BPI: made from the BPI employees alone, a BDO account no longer refusing it', async () => {
    const res = await download(
      `${BANK}?PayrollPeriodId=${periodId}&Bank=bpi&CompanyCode=ABCDE&CompanyAccount=0012345678&Batch=1`,
    );
    // Before: 409 "account of BK-0001 must be 10 digits" (a BDO employee's 12-digit account in the BPI file).
    expect(res.statusCode, res.body).toBe(200);
    const records = res.body.split('\r\n').filter(Boolean);
    const details = records.slice(1, -1);
    /*
     * BPI (BK-0003, account 1234567890) and Bank of the Philippine Islands (BK-0004, 2345678901): two details,
     * account at columns 16-25, amount in centavos at 26-37. Trailer: account hash 1234567890 + 2345678901 =
     * 3580246791 (columns 26-40), total (41-55) the two net pays, count 00002 (74-78).
     */
    expect(details.map((d) => d.slice(15, 25))).toEqual(['1234567890', '2345678901']);
    const total = net(['BK-0003', 'BK-0004']);
    expect(details.reduce((sum, d) => sum + Number(d.slice(25, 37)), 0)).toBe(total);
    const trailer = records.at(-1)!;
    expect(Number(trailer.slice(25, 40))).toBe(3580246791);
    expect(Number(trailer.slice(40, 55))).toBe(total);
    expect(trailer.slice(73, 78)).toBe('00002');
    expect(res.headers['x-bank-file-left-out']).toBe('BK-0001,BK-0002,BK-0005,BK-0006');
  });

  it('the generic CSV still lists every bank-paid employee', async () => {
    const res = await download(`${BANK}?PayrollPeriodId=${periodId}&Bank=generic`);
    expect(res.statusCode, res.body).toBe(200);
    // Six bank-paid (every bank), the cash-paid BK-0007 not: 6 rows after the header.
    expect(
      res.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(7);
    expect(res.headers['x-bank-file-count']).toBe('6');
    expect(res.headers['x-bank-file-left-out']).toBeUndefined();
  });

  it('refuses a bank file while a bank-paid employee has no bank name, naming them', async () => {
    await asTenant((tx) =>
      tx.query(`UPDATE employees SET bank_name = '  ' WHERE id = $1`, [of('BK-0005').id]),
    );
    try {
      for (const bank of ['bdo', 'bpi']) {
        const res = await download(
          `${BANK}?PayrollPeriodId=${periodId}&Bank=${bank}&CompanyCode=ABCDE&CompanyAccount=0012345678`,
        );
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().detail).toBe(
          `Paid by bank with no bank on the pay profile: BK-0005 (BK-0005, Pay). Enter their bank before making ` +
            `the ${bank.toUpperCase()} file, so that no one is left unpaid.`,
        );
      }
    } finally {
      await asTenant((tx) =>
        tx.query(`UPDATE employees SET bank_name = 'Metrobank' WHERE id = $1`, [of('BK-0005').id]),
      );
    }
  });

  it('refuses a file for a bank nobody of the period is paid through', async () => {
    await asTenant((tx) =>
      tx.query(`UPDATE employees SET bank_name = 'BDO' WHERE id = ANY($1::uuid[])`, [
        [of('BK-0003').id, of('BK-0004').id],
      ]),
    );
    const res = await download(
      `${BANK}?PayrollPeriodId=${periodId}&Bank=bpi&CompanyCode=ABCDE&CompanyAccount=0012345678`,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toBe(
      'No bank-paid employee of this period has BPI (Bank of the Philippine Islands) as their bank; 6 employee(s) are paid through other banks.',
    );
  });
});
