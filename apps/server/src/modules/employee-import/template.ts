import ExcelJS from 'exceljs';
import { EMPLOYEE_IMPORT_COLUMNS, EMPLOYEE_IMPORT_COLUMN_NAMES } from '@hrpay/contracts';
import { toCsv } from '../../lib/csv.js';

/** The import templates: every column of the employee record, one example row, and (XLSX) instructions. */
const example = EMPLOYEE_IMPORT_COLUMNS.map((c) => c.example as string);

export function templateCsv(): string {
  return toCsv(EMPLOYEE_IMPORT_COLUMN_NAMES, [example]);
}

export async function templateXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'HRPAY';
  const sheet = book.addWorksheet('Employees', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EMPLOYEE_IMPORT_COLUMNS.map((c) => ({
    header: c.name,
    key: c.name,
    width: Math.max(14, c.name.length + 4),
    // Text format keeps leading zeros of ids and account numbers as typed.
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(example);

  const help = book.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', key: 'name', width: 28 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What to enter', key: 'hint', width: 70 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of EMPLOYEE_IMPORT_COLUMNS)
    help.addRow({ name: c.name, required: c.required ? 'Yes' : '', hint: c.hint });
  help.addRow({});
  help.addRow({
    name: 'Rows are matched by EmployeeNumber within the company: existing employees are updated.',
  });
  help.addRow({ name: 'Dates as YYYY-MM-DD. Formulas are not evaluated: enter values.' });
  return Buffer.from(await book.xlsx.writeBuffer());
}
