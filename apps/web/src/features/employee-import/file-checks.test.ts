import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_FILE_BYTES } from '@hrpay/contracts';
import { checkImportFile, formatFileSize } from './file-checks';

const file = (name: string, size: number) => ({ name, size });

describe('checkImportFile', () => {
  it('lets .csv and .xlsx files of any case through', () => {
    expect(checkImportFile(file('employees.csv', 10))).toBeNull();
    expect(checkImportFile(file('Employees.XLSX', 10))).toBeNull();
    expect(checkImportFile(file('201 file.final.csv', IMPORT_MAX_FILE_BYTES))).toBeNull();
  });

  it('refuses other extensions, including old .xls workbooks and names without one', () => {
    for (const name of ['employees.xls', 'employees.txt', 'employees.csv.pdf', 'employees', 'csv']) {
      expect(checkImportFile(file(name, 10))).toContain('is not a .csv or .xlsx file');
    }
  });

  it('refuses an empty file', () => {
    expect(checkImportFile(file('employees.csv', 0))).toBe(
      '"employees.csv" is empty. Fill in the template and try again.',
    );
  });

  it('refuses a file over 50 MB and says how big it is', () => {
    expect(checkImportFile(file('big.xlsx', IMPORT_MAX_FILE_BYTES + 1))).toContain('the limit is 50 MB');
    expect(checkImportFile(file('big.xlsx', 60 * 1024 * 1024))).toContain('"big.xlsx" is 60 MB');
  });
});

describe('formatFileSize', () => {
  it('writes bytes, kilobytes and megabytes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB');
  });
});
