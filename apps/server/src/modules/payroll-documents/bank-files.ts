/**
 * Payroll credit files for the bank: a generic CSV and the BPI and BDO text layouts. Only employees paid by bank
 * with a positive net pay are included; a BPI or BDO file only those whose pay profile names that bank
 * (`forBank`): a bank credits its own accounts, so another bank's account in its file would pay the wrong person
 * or be rejected with the whole batch. Every layout here is from third-party implementations, not a bank's
 * published guide (../shared/ph-payroll/OUTPUTS-research.md §7): validate with a test upload to the client's bank
 * before go-live.
 */
import { toCsv } from '../../lib/csv.js';
import { cents, fullName, money } from './money.js';
import type { DocPayslip, GeneratedFile } from './types.js';

export class BankFileError extends Error {}

interface Payee {
  account: string;
  name: string;
  employeeNumber: string;
  /** Net pay in centavos, > 0. */
  amount: number;
}

/** Bank-paid employees with a positive net pay; one with no account number stops the file (it cannot be paid). */
export function bankPayees(entries: DocPayslip[]): Payee[] {
  const payees: Payee[] = [];
  const missing: string[] = [];
  for (const { employee: e, payslip } of entries) {
    const amount = cents(payslip.netPay);
    if (e.paymentMethod !== 'Bank' || amount <= 0) continue;
    const account = (e.bankAccountNumber ?? '').replace(/[\s-]/g, '');
    if (!account) missing.push(e.employeeNumber);
    payees.push({ account, name: fullName(e), employeeNumber: e.employeeNumber, amount });
  }
  if (missing.length) throw new BankFileError(`No bank account number for ${missing.join(', ')}`);
  return payees;
}

// ---------------------------------------------------------------- which bank

/** The banks with a payroll credit layout here. */
export type LayoutBank = 'bpi' | 'bdo';

/**
 * The names a pay profile may give each layout bank (its bank name is free text, at most 100 characters; the demo
 * writes "BDO Unibank", the import's example is "BDO"). Read after folding case, accents and punctuation
 * ("B.D.O." is "bdo"): the bank's short name as the first word, its full or former name anywhere, or its SWIFT
 * code. Not these banks: their subsidiaries with accounts of their own, BDO Network Bank (a rural bank) and BPI
 * Direct BanKo (a savings bank); BPI Family Savings Bank merged into BPI in 2022 and keeps the BPI name.
 */
export const LAYOUT_BANKS: Record<LayoutBank, { name: string; matches: RegExp; not?: RegExp }> = {
  bdo: {
    name: 'BDO Unibank',
    matches: /^bdo\b|\bbanco de oro\b|^bnorphmm$/,
    not: /^bdo network\b/,
  },
  bpi: {
    name: 'Bank of the Philippine Islands',
    matches: /^bpi\b|\bbank of (the )?phil(ippine)?s? islands\b|^bopiphmm$/,
    not: /^bpi direct\b|\bbanko\b/,
  },
};

const fold = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The layout bank a pay profile's bank name means: null when it names none (another bank), undefined when empty. */
export function layoutBankOf(bankName: string | null | undefined): LayoutBank | null | undefined {
  const name = fold(bankName ?? '');
  if (!name) return undefined;
  for (const [bank, b] of Object.entries(LAYOUT_BANKS) as [LayoutBank, (typeof LAYOUT_BANKS)[LayoutBank]][])
    if (b.matches.test(name) && !b.not?.test(name)) return bank;
  return null;
}

/** A bank-paid employee with pay that a bank's file leaves out: their pay profile names another bank. */
export interface LeftOutPayee {
  employeeNumber: string;
  name: string;
  bankName: string;
}

/**
 * The entries a bank's file pays: the bank-paid employees with a positive net pay whose pay profile names this
 * bank, and those it leaves out because it names another (the caller names them, so they are paid by their own
 * bank's file). A bank-paid employee with pay and no bank name at all stops the file: to leave them out would
 * leave them unpaid without anyone noticing, to put them in would send their pay to an account at an unknown bank.
 */
export function forBank(
  entries: DocPayslip[],
  bank: LayoutBank,
): { entries: DocPayslip[]; leftOut: LeftOutPayee[] } {
  const mine: DocPayslip[] = [];
  const leftOut: LeftOutPayee[] = [];
  const unnamed: string[] = [];
  for (const entry of entries) {
    const { employee: e, payslip } = entry;
    if (e.paymentMethod !== 'Bank' || cents(payslip.netPay) <= 0) continue;
    const of = layoutBankOf(e.bankName);
    if (of === bank) mine.push(entry);
    else if (of === undefined) unnamed.push(`${e.employeeNumber} (${fullName(e)})`);
    else leftOut.push({ employeeNumber: e.employeeNumber, name: fullName(e), bankName: e.bankName!.trim() });
  }
  const label = bank.toUpperCase();
  if (unnamed.length)
    throw new BankFileError(
      `Paid by bank with no bank on the pay profile: ${unnamed.join(', ')}. Enter their bank before making ` +
        `the ${label} file, so that no one is left unpaid`,
    );
  if (mine.length === 0)
    throw new BankFileError(
      `No bank-paid employee of this period has ${label} (${LAYOUT_BANKS[bank].name}) as their bank` +
        (leftOut.length ? `; ${leftOut.length} employee(s) are paid through other banks` : ''),
    );
  return { entries: mine, leftOut };
}

const total = (payees: Payee[]) => payees.reduce((s, p) => s + p.amount, 0);
const crlf = (records: string[]) => Buffer.from(records.map((r) => `${r}\r\n`).join(''), 'ascii');
/** Zero-filled digits, refusing values that do not fit (a silently cut amount would pay the wrong sum). */
function digits(value: number | bigint | string, width: number, field: string): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width)
    throw new BankFileError(`${field} ${text} does not fit ${width} digits`);
  return text.padStart(width, '0');
}
/** "2026-04-15" → "041526". */
const mmddyy = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(2, 4)}`;

// ---------------------------------------------------------------- generic CSV

/** Account number, account name, amount, reference — for banks without a fixed layout (bulk credit upload).
 *  Written with lib/csv, so a name starting with = + - @ is neutralised. */
export function genericBankCsv(entries: DocPayslip[], opts: { reference?: string } = {}): GeneratedFile {
  const payees = bankPayees(entries);
  const period = entries[0]?.period;
  const reference = opts.reference ?? (period ? `Payroll ${period.name}` : 'Payroll');
  const csv = toCsv(
    ['Account Number', 'Account Name', 'Amount', 'Reference'],
    payees.map((p) => [p.account, p.name, money(p.amount), reference]),
  );
  const sum = total(payees);
  return {
    fileName: `bank-credit-${period?.payDate ?? 'payroll'}.csv`,
    bytes: Buffer.from(`\ufeff${csv}`, 'utf8'),
    count: payees.length,
    total: money(sum),
  };
}

// ---------------------------------------------------------------- BPI

export interface BpiOptions {
  /** 5-character company code assigned by BPI. */
  companyCode: string;
  /** 10-digit company (funding) account. */
  companyAccount: string;
  /** 1–99, one per credit date. */
  batch: number;
  /** ISO date; default the period's pay date. */
  creditDate?: string;
}

/**
 * BPI payroll credit file ("ATM disk" / BizLink upload): 128-character fixed-width header H, details D, trailer T,
 * CRLF. Layout from OUTPUTS-research.md §7.1: pai-nuneza/Skyrise-Desktop-Apps@d32502de
 * HRCTextfileGenerationBL.cs `BPITextFile` = dchallenger/workpad@f906e47d payroll_bank_remittance BPI branch =
 * yuwwwiii/paymaster@216b9d9f header; file name `<company code>.<batch>` (Skyrise). The horizontal hash uses
 * Skyrise/paymaster's digit positions 5–6, 7–8, 9–10 of the account; the ceiling field holds the highest net pay
 * (Skyrise `getHighestNetPay`). Both are unconfirmed by BPI: a `search` of the stored pages found only the
 * BizLink manual's "pre-defined file format" wording and no field table.
 */
export function bpiPayrollFile(entries: DocPayslip[], o: BpiOptions): GeneratedFile {
  const payees = bankPayees(entries);
  const date = mmddyy(o.creditDate ?? entries[0]?.period.payDate ?? '');
  if (!/^[A-Za-z0-9]{5}$/.test(o.companyCode))
    throw new BankFileError('BPI company code must be 5 characters');
  const batch = digits(o.batch, 2, 'batch');
  if (!/^\d{10}$/.test(o.companyAccount)) throw new BankFileError('BPI company account must be 10 digits');
  const company = o.companyAccount;
  const prefix = `${o.companyCode.toUpperCase()}${date}${batch}`;
  let accountHash = 0n;
  let hashTotal = 0n;
  const details = payees.map((p) => {
    if (!/^\d{10}$/.test(p.account))
      throw new BankFileError(`account of ${p.employeeNumber} must be 10 digits`);
    const account = p.account;
    const hash = bpiHorizontalHash(account, p.amount);
    accountHash += BigInt(account);
    hashTotal += hash;
    return `D${prefix}3${account}${digits(p.amount, 12, 'amount')}${digits(hash, 12, 'hash')}`.padEnd(128);
  });
  const sum = total(payees);
  const ceiling = payees.reduce((m, p) => Math.max(m, p.amount), 0);
  const header = `H${prefix}1${company}${company.slice(0, 3)}${digits(ceiling, 12, 'ceiling')}${digits(sum, 12, 'total')}1`;
  const trailer =
    `T${prefix}2${company}${digits(accountHash, 15, 'account hash')}${digits(sum, 15, 'total')}` +
    `${digits(hashTotal, 18, 'hash total')}${digits(payees.length, 5, 'count')}`;
  return {
    fileName: `${o.companyCode.toUpperCase()}.${batch}`,
    bytes: crlf([header.padEnd(128), ...details, trailer.padEnd(128)]),
    count: payees.length,
    total: money(sum),
  };
}

/** amount × (digits 5–6) + amount × (digits 7–8) + amount × (digits 9–10) of the 10-digit account, in centavos. */
export function bpiHorizontalHash(account: string, amountCentavos: number): bigint {
  const a = BigInt(amountCentavos);
  return a * BigInt(account.slice(4, 6)) + a * BigInt(account.slice(6, 8)) + a * BigInt(account.slice(8, 10));
}

// ---------------------------------------------------------------- BDO

export interface BdoOptions {
  /** Company / presenting-office code assigned by BDO. */
  companyCode: string;
  /** Company (funding) account. */
  companyAccount: string;
  batch: number;
  creditDate?: string;
}

/**
 * BDO payroll credit text file: header `H` + batch (right-aligned, 10) + company account (10: a 12-digit one
 * without its leading "00") + company code
 * (right-aligned, 10) + credit date YYYYMMDD; one detail per employee = account number left-justified in 16 +
 * amount with a decimal point, unpadded; trailer `T` + count (right-aligned, 10) + total with 2 decimals. CRLF
 * after every record (paymaster, workpad). Layout from OUTPUTS-research.md §7.2: Skyrise `BDOTextFile`,
 * yuwwwiii/paymaster@216b9d9f bank_export_bdo.class.php, dchallenger/workpad BDO branch. A `search` of the stored
 * pages found a BDO "ATM Payroll Converter" guide (scribd 674393241) asking for a 3-character company code, batch
 * 01–99 and 12-digit employee accounts, so 10- and 12-digit accounts are both accepted here.
 */
export function bdoPayrollFile(entries: DocPayslip[], o: BdoOptions): GeneratedFile {
  const payees = bankPayees(entries);
  const date = (o.creditDate ?? entries[0]?.period.payDate ?? '').replaceAll('-', '');
  const batch = digits(o.batch, 2, 'batch');
  // The header holds the company account in 10 characters (all three sources). A 12-digit BDO account is the
  // 10-digit one with "00" in front; it is written without them (paymaster), never wider, which would shift the
  // company code and date out of their columns.
  const typed = o.companyAccount.replace(/[\s-]/g, '');
  const account = /^00\d{10}$/.test(typed) ? typed.slice(2) : typed;
  if (!/^\d{10}$/.test(account))
    throw new BankFileError(
      "The BDO file's header holds a 10-digit company account: enter the 10-digit funding account, or a 12-digit one that begins with 00",
    );
  if (o.companyCode.length > 10) throw new BankFileError('BDO company code is at most 10 characters');
  const details = payees.map((p) => {
    if (!/^(\d{10}|\d{12})$/.test(p.account))
      throw new BankFileError(`account of ${p.employeeNumber} must be 10 or 12 digits`);
    return `${p.account.padEnd(16)}${money(p.amount)}`;
  });
  const sum = total(payees);
  return {
    fileName: `BDO${o.companyCode}${date}${batch}.txt`,
    bytes: crlf([
      `H${batch.padStart(10)}${account.padEnd(10)}${o.companyCode.padStart(10)}${date}`,
      ...details,
      `T${String(payees.length).padStart(10)}${money(sum)}`,
    ]),
    count: payees.length,
    total: money(sum),
  };
}
