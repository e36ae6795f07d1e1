import Papa from 'papaparse';
import {
  formatIsoDate,
  parseMoney,
  MoneyMessages,
  RATE_IMPORT_COLUMNS,
  RATE_IMPORT_MAX_FILE_BYTES,
  RATE_IMPORT_MAX_ROWS,
  type RateImportPreviewRow,
  type RateImportResult,
  type RateImportRowError,
} from '@hrpay/contracts';
import type { Tx } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { extensionOf, isZip } from '../../lib/file-bytes.js';
import { problems } from '../../lib/problem.js';
import type { CurrentUser } from '../../lib/route-access.js';
import { uploadProblem } from '../../lib/upload.js';
import { visibleSheetRows } from '../../lib/xlsx-read.js';
import { decodeText, isBlank } from '../employee-import/read-file.js';
import { checkXlsxZip } from '../employee-import/zip-guard.js';
import { flagPeriodsToRecompute, insideClosedPeriod } from './period-effects.js';
import { payProfilesRepo as repo } from './repository.js';

/**
 * Bulk rate update (issue 10 §1) from a CSV or XLSX with EmployeeNumber, EffectiveDate, RateType, Rate. The
 * file is read whole inside one request (at most RATE_IMPORT_MAX_ROWS rows and RATE_IMPORT_MAX_FILE_BYTES),
 * with the employee import's reading rules (format from the extension and content, UTF-8 or Windows-1252,
 * formulas taken as text, zip-bomb guard). Preview writes nothing; commit writes every new rate or none.
 * A row whose employee already has the same rate on that date is Unchanged, so the same file twice adds nothing.
 */
export interface RateFile {
  rows: { row: number; cells: Record<(typeof RATE_IMPORT_COLUMNS)[number], string> }[];
}

const squash = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');
const CANONICAL = new Map(RATE_IMPORT_COLUMNS.map((c) => [squash(c), c]));

export async function readRateFile(fileName: string, data: Buffer): Promise<RateFile> {
  if (data.length > RATE_IMPORT_MAX_FILE_BYTES) {
    throw uploadProblem(413, 'The file is larger than 5 MB. Split it and import the parts.');
  }
  const extension = extensionOf(fileName);
  if (extension !== 'csv' && extension !== 'xlsx') {
    throw uploadProblem(415, 'Only .csv and .xlsx files can be imported.');
  }
  const zip = isZip(data);
  if (!zip && isBlank(data)) throw uploadProblem(400, 'The file is empty.');
  const raw: { cells: string[]; row: number }[] = [];
  if (extension === 'xlsx') {
    if (!zip) throw uploadProblem(415, 'The file content does not match its .xlsx extension.');
    try {
      await checkXlsxZip(data);
    } catch (error) {
      const e = error as { status?: number; message?: string };
      throw uploadProblem(
        e.status ?? 400,
        e.message ?? 'The file content is not a valid XLSX workbook.',
        error,
      );
    }
    try {
      for await (const { cells, number } of visibleSheetRows(data, () => 50)) {
        raw.push({ cells, row: number });
        if (raw.length > RATE_IMPORT_MAX_ROWS + 2) break;
      }
    } catch (error) {
      throw uploadProblem(400, 'The file content is not a valid XLSX workbook.', error);
    }
  } else {
    if (zip || data.includes(0))
      throw uploadProblem(415, 'The file content does not match its .csv extension.');
    const text = decodeText(data).replace(/\r\n?/g, '\n');
    const result = Papa.parse<string[]>(text, { delimiter: ',', newline: '\n', skipEmptyLines: false });
    if (result.errors.some((e) => e.type === 'Quotes')) {
      throw uploadProblem(400, 'The CSV file cannot be read: a quoted value is not closed properly.');
    }
    result.data.forEach((cells, i) => raw.push({ cells, row: i + 1 }));
  }

  const headerAt = raw.findIndex((r) => r.cells.some((c) => c.trim() !== ''));
  if (headerAt < 0) throw uploadProblem(400, 'The file has no header row.');
  const names = raw[headerAt]!.cells.map((c) => c.trim());
  while (names.length && names[names.length - 1] === '') names.pop();
  const header = names.map((n) => CANONICAL.get(squash(n)));
  const unknown = names.filter((n, i) => !header[i]);
  if (unknown.length) {
    throw uploadProblem(
      400,
      `Unknown columns: ${unknown.map((n) => n || '(blank)').join(', ')}. Use ${RATE_IMPORT_COLUMNS.join(', ')}.`,
    );
  }
  const missing = RATE_IMPORT_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) throw uploadProblem(400, `Missing required columns: ${missing.join(', ')}.`);
  if (new Set(header).size !== header.length) throw uploadProblem(400, 'A column appears more than once.');

  const rows: RateFile['rows'] = [];
  for (const r of raw.slice(headerAt + 1)) {
    if (!r.cells.some((c) => c.trim() !== '')) continue;
    const cells = Object.fromEntries(
      header.map((h, i) => [h, (r.cells[i] ?? '').trim()]),
    ) as RateFile['rows'][0]['cells'];
    rows.push({ row: r.row, cells });
  }
  if (rows.length > RATE_IMPORT_MAX_ROWS) {
    throw uploadProblem(
      413,
      `The file has more than ${RATE_IMPORT_MAX_ROWS.toLocaleString('en-PH')} data rows. Split it into smaller files.`,
    );
  }
  if (!rows.length) throw uploadProblem(400, 'The file has a header row but no data rows.');
  return { rows };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function validDate(text: string) {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
}

/** Checks every row against the company's employees and rates; with `commit` and no errors, writes them all. */
export async function runRateImport(
  tx: Tx,
  user: CurrentUser,
  fileName: string,
  file: RateFile,
  commit: boolean,
): Promise<RateImportResult> {
  const numbers = [...new Set(file.rows.map((r) => r.cells.EmployeeNumber.toLowerCase()).filter(Boolean))];
  const { employees, rates } = await repo.importLookup(tx, user.tenantId, user.companyId, numbers);
  const byNumber = new Map(employees.map((e) => [e.number, e]));
  const ratesOf = new Map<string, typeof rates>();
  for (const r of rates) ratesOf.set(r.employee_id, [...(ratesOf.get(r.employee_id) ?? []), r]);

  const errors: RateImportRowError[] = [];
  const preview: RateImportPreviewRow[] = [];
  const seen = new Map<string, number>();
  const toAdd: {
    employeeId: string;
    effectiveFrom: string;
    rateType: string;
    rate: string;
    hoursPerDay: string;
    colaPerDay: string;
  }[] = [];

  for (const { row, cells } of file.rows) {
    const rowErrors: RateImportRowError[] = [];
    const fail = (column: string | null, value: string | null, message: string) =>
      rowErrors.push({ Row: row, Column: column, Value: value, Message: message });
    const employee = byNumber.get(cells.EmployeeNumber.toLowerCase());
    if (!cells.EmployeeNumber) fail('EmployeeNumber', '', 'This field is required');
    else if (!employee)
      fail('EmployeeNumber', cells.EmployeeNumber, 'No employee of this company has this number');
    if (!cells.EffectiveDate) fail('EffectiveDate', '', 'This field is required');
    else if (!validDate(cells.EffectiveDate)) {
      fail('EffectiveDate', cells.EffectiveDate, 'Not a valid date (use YYYY-MM-DD)');
    } else if (employee?.hire_date && cells.EffectiveDate < employee.hire_date) {
      fail(
        'EffectiveDate',
        cells.EffectiveDate,
        `Before the hire date (${formatIsoDate(employee.hire_date)})`,
      );
    }
    const rateType = /^monthly$/i.test(cells.RateType)
      ? 'Monthly'
      : /^daily$/i.test(cells.RateType)
        ? 'Daily'
        : null;
    if (!rateType) fail('RateType', cells.RateType, 'Use Monthly or Daily');
    const money = parseMoney(cells.Rate);
    if ('error' in money) fail('Rate', cells.Rate, MoneyMessages[money.error]);
    const rate = 'value' in money ? money.value : cells.Rate;

    let action: RateImportPreviewRow['Action'] = 'Error';
    if (!rowErrors.length && employee && rateType) {
      const key = `${employee.id}|${cells.EffectiveDate}`;
      const existing = (ratesOf.get(employee.id) ?? []).find((r) => r.effective_from === cells.EffectiveDate);
      if (seen.has(key)) {
        fail(
          'EffectiveDate',
          cells.EffectiveDate,
          `Row ${seen.get(key)} already sets this employee's rate on this date`,
        );
      } else if (existing && (existing.rate_type !== rateType || existing.rate !== rate)) {
        fail(
          'EffectiveDate',
          cells.EffectiveDate,
          `A different rate (${existing.rate_type} ${existing.rate}) is already recorded on this date; delete it first`,
        );
      } else {
        seen.set(key, row);
        action = existing ? 'Unchanged' : 'New';
        const closed = existing
          ? null
          : await insideClosedPeriod(tx, user, employee.id, cells.EffectiveDate, 'The effective date');
        if (closed) {
          fail('EffectiveDate', cells.EffectiveDate, closed);
          action = 'Error';
        } else if (!existing) {
          // Hours per day and COLA carry over from the rate in force the day before.
          const prior = (ratesOf.get(employee.id) ?? [])
            .filter((r) => r.effective_from < cells.EffectiveDate)
            .pop();
          toAdd.push({
            employeeId: employee.id,
            effectiveFrom: cells.EffectiveDate,
            rateType,
            rate,
            hoursPerDay: prior?.hours_per_day ?? '8',
            colaPerDay: prior?.cola_per_day ?? '0',
          });
        }
      }
    }
    errors.push(...rowErrors);
    preview.push({
      Row: row,
      EmployeeNumber: cells.EmployeeNumber,
      EmployeeName: employee?.name ?? null,
      EffectiveDate: cells.EffectiveDate,
      RateType: rateType ?? cells.RateType,
      Rate: rate,
      Action: rowErrors.length ? 'Error' : action,
    });
  }

  const result: RateImportResult = {
    FileName: fileName,
    TotalRows: file.rows.length,
    NewRows: preview.filter((r) => r.Action === 'New').length,
    UnchangedRows: preview.filter((r) => r.Action === 'Unchanged').length,
    ErrorRows: preview.filter((r) => r.Action === 'Error').length,
    Errors: errors,
    Rows: preview,
    Committed: false,
  };
  if (!commit) return result;
  if (errors.length) {
    throw problems.badRequest(
      `Nothing was imported: ${result.ErrorRows.toLocaleString('en-PH')} row${result.ErrorRows === 1 ? ' has' : 's have'} errors. Fix them and upload the file again.`,
      errors.slice(0, 200).map((e) => ({
        Code: `Row ${e.Row}${e.Column ? ` ${e.Column}` : ''}`,
        Description: e.Message,
      })),
    );
  }
  await repo.insertRates(
    tx,
    user.tenantId,
    user.companyId,
    user.userId,
    `Bulk rate update (${fileName})`,
    toAdd,
  );
  // Computed periods from each employee's earliest new rate on need a compute again.
  const earliest = new Map<string, string>();
  for (const r of toAdd)
    if (!earliest.has(r.employeeId) || r.effectiveFrom < earliest.get(r.employeeId)!)
      earliest.set(r.employeeId, r.effectiveFrom);
  for (const [employeeId, from] of earliest) await flagPeriodsToRecompute(tx, user, employeeId, from, null);
  if (toAdd.length) {
    await writeAudit(tx, user, {
      entity: 'employee-pay-rate',
      entityId: user.companyId,
      action: 'import',
      after: {
        FileName: fileName,
        Added: toAdd.map((r) => ({
          EmployeeId: r.employeeId,
          EffectiveFrom: r.effectiveFrom,
          RateType: r.rateType,
          Rate: r.rate,
        })),
      },
    });
  }
  return { ...result, Committed: true };
}
