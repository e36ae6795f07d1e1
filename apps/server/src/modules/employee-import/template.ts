import { EMPLOYEE_IMPORT_COLUMNS, EMPLOYEE_IMPORT_COLUMN_NAMES } from '@hrpay/contracts';
import { toCsv } from '../../lib/csv.js';

/** The import templates: every column of the employee record, one example row, and (XLSX) instructions. */
const example = EMPLOYEE_IMPORT_COLUMNS.map((c) => c.example as string);

const NOTES = [
  'Only the first sheet is read; row 1 holds the column names (in any order), each row below is one employee.',
  'Rows are matched by EmployeeNumber within the company: existing employees are updated, others created.',
  'Optional columns may be left out of the file: existing employees then keep their current values.',
  'Dates as YYYY-MM-DD (M/D/YYYY is also accepted). Amounts in pesos, e.g. 25000.00.',
  'Formulas are not evaluated: a cell holding a formula is imported as its text. Enter values.',
];

export function templateCsv(): string {
  return toCsv(EMPLOYEE_IMPORT_COLUMN_NAMES, [example]);
}

export async function templateXlsx(): Promise<Buffer> {
  const { default: excel } = await import('exceljs'); // loaded on demand (see read-file.ts)
  const book = new excel.Workbook();
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
    help.addRow({ name: c.name, required: c.required ? 'Yes' : 'No', hint: c.hint });
  help.addRow({});
  for (const note of NOTES) help.addRow({ name: note });
  return Buffer.from(await book.xlsx.writeBuffer());
}
