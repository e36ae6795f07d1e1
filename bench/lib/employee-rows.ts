/**
 * Generated employee records (201 files) in the columns of the import template, for the import benchmark:
 * deterministic (seeded), realistic Philippine values, every government id unique, supervisors forming a tree
 * in which each supervisor has a lower EmployeeNumber than the people who report to them.
 */
import { EMPLOYEE_IMPORT_COLUMN_NAMES, type EmployeeImportColumn } from '@hrpay/contracts';

/** One row as the file holds it: canonical text, '' for an empty cell. */
export type EmployeeRecord = Record<EmployeeImportColumn, string>;

const LAST_NAMES = [
  'Dela Cruz',
  'Santos',
  'Reyes',
  'Garcia',
  'Mendoza',
  'Bautista',
  'Ramos',
  'Aquino',
  'Castillo',
  'Villanueva',
  'Fernandez',
  'Gonzales',
  'Lopez',
  'Torres',
  'Navarro',
  'Flores',
  'Rivera',
  'Domingo',
  'Mercado',
  'Soriano',
  'Pascual',
  'Manalo',
  'Salazar',
  'Cruz',
  'Marquez',
  'Aguilar',
  'Del Rosario',
  'Tolentino',
  'Valdez',
  'Panganiban',
  'Peñaflor',
  'Nuñez',
  'Macapagal',
  'Dimaculangan',
  'Magsaysay',
  'Sison',
];
const MALE_NAMES = [
  'Juan',
  'Jose',
  'Mark',
  'John Paul',
  'Christian',
  'Rafael',
  'Miguel',
  'Carlo',
  'Paolo',
  'Ramon',
  'Andres',
  'Emilio',
  'Ferdinand',
  'Renato',
  'Rodel',
  'Jericho',
  'Arnel',
  'Danilo',
];
const FEMALE_NAMES = [
  'Maria',
  'Ana',
  'Kristine',
  'Angelica',
  'Jasmine',
  'Maricel',
  'Rowena',
  'Liza',
  'Carmela',
  'Josefina',
  'Teresita',
  'Gloria',
  'Nicole',
  'Patricia',
  'Camille',
  'Mary Grace',
  'Rosario',
  'Imelda',
];
const STREETS = ['Rizal', 'Mabini', 'Bonifacio', 'Luna', 'Quezon', 'Burgos', 'Del Pilar', 'Aguinaldo'];
const BARANGAYS = ['San Antonio', 'Poblacion', 'Santo Niño', 'San Isidro', 'Bagong Silang', 'Malanday'];
const CITIES = [
  'Makati City',
  'Quezon City',
  'Pasig City',
  'Taguig City',
  'Cebu City',
  'Davao City',
  'Mandaluyong City',
  'Parañaque City',
  'Iloilo City',
  'Baguio City',
];
export const DEPARTMENTS = [
  'Operations',
  'Finance',
  'Accounting',
  'Human Resources',
  'Payroll',
  'Information Technology',
  'Sales',
  'Marketing',
  'Customer Service',
  'Logistics',
  'Warehouse',
  'Purchasing',
  'Legal',
  'Administration',
  'Quality Assurance',
  'Production',
  'Maintenance',
  'Research and Development',
  'Security',
  'Training',
];
export const POSITIONS = [
  'Staff',
  'Senior Staff',
  'Clerk',
  'Accountant',
  'Senior Accountant',
  'Bookkeeper',
  'HR Assistant',
  'HR Officer',
  'Payroll Specialist',
  'Software Developer',
  'Systems Analyst',
  'IT Support',
  'Sales Associate',
  'Sales Supervisor',
  'Marketing Officer',
  'Customer Service Representative',
  'Team Leader',
  'Supervisor',
  'Assistant Manager',
  'Manager',
  'Senior Manager',
  'Driver',
  'Warehouse Helper',
  'Purchasing Officer',
  'Legal Officer',
  'Administrative Assistant',
  'QA Inspector',
  'Machine Operator',
  'Technician',
  'Security Guard',
];
export const EMPLOYMENT_STATUSES = ['Regular', 'Probationary', 'Contractual'];
const BANKS = [
  'BDO',
  'BPI',
  'Metrobank',
  'Landbank',
  'PNB',
  'Security Bank',
  'UnionBank',
  'RCBC',
  'China Bank',
];
const CIVIL = ['Single', 'Married', 'Married', 'Single', 'Widowed', 'Separated', 'Annulled'];
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** mulberry32: a small, fast, seeded generator (the same file on every run). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number | bigint, width: number) => String(n).padStart(width, '0');
/** i -> a distinct number below 10^digits that looks random: multiplication by a unit modulo 10^digits. */
const scramble = (i: number, multiplier: bigint, digits: number) =>
  pad((BigInt(i) * multiplier + 7n) % 10n ** BigInt(digits), digits);
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/**
 * `count` employee records, EmployeeNumber E-000001 onwards. `withShift` fills Shift with 'Day Shift' (only
 * the demo company has it; the import creates no shifts).
 */
export function generateEmployees(
  count: number,
  { seed = 20250101, withShift = false } = {},
): EmployeeRecord[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const date = (yearMin: number, yearMax: number) => {
    const y = int(yearMin, yearMax);
    const m = int(1, 12);
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    const d = int(1, m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!);
    return `${y}-${pad(m, 2)}-${pad(d, 2)}`;
  };

  const rows: EmployeeRecord[] = [];
  for (let i = 1; i <= count; i++) {
    const male = rnd() < 0.5;
    const first = pick(male ? MALE_NAMES : FEMALE_NAMES);
    const last = pick(LAST_NAMES);
    const birth = date(1960, 2000);
    // At least 19 at the start of the hire year: over 18 on the HireDate whatever the days.
    const hire = date(Math.max(2000, Number(birth.slice(0, 4)) + 19), 2025);
    const tin = scramble(i, 7_777_777n, 9);
    const monthly = rnd() < 0.8;
    const rate = monthly ? int(15_000, 150_000) : int(610, 1_500);
    const centavos = rnd() < 0.2 ? pad(int(1, 99), 2) : '00';
    const hasBank = rnd() < 0.9;
    const span = Math.max(1, Math.floor((i - 1) / 5));
    const supervisor = i > 1 && rnd() < 0.9 ? `E-${pad(int(1, span), 6)}` : '';
    rows.push({
      EmployeeNumber: `E-${pad(i, 6)}`,
      LastName: last,
      FirstName: first,
      MiddleName: rnd() < 0.9 ? pick(LAST_NAMES) : '',
      Suffix: male && rnd() < 0.03 ? 'Jr.' : '',
      BirthDate: birth,
      Gender: male ? 'Male' : 'Female',
      CivilStatus: pick(CIVIL),
      Email: `${ascii(first)}.${ascii(last)}.${i}@example.ph`,
      MobileNumber: `09${pad(int(0, 999_999_999), 9)}`,
      Address: `${int(1, 999)} ${pick(STREETS)} St., Brgy. ${pick(BARANGAYS)}, ${pick(CITIES)}`,
      TIN: `${tin.slice(0, 3)}-${tin.slice(3, 6)}-${tin.slice(6)}${rnd() < 0.3 ? '-000' : ''}`,
      SSSNumber: ((s) => `${s.slice(0, 2)}-${s.slice(2, 9)}-${s.slice(9)}`)(scramble(i, 7_919_993n, 10)),
      PhilHealthNumber: ((s) => `${s.slice(0, 2)}-${s.slice(2, 11)}-${s.slice(11)}`)(
        scramble(i, 130_000_000_007n, 12),
      ),
      PagIbigNumber: ((s) => `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`)(
        scramble(i, 912_345_679n, 12),
      ),
      Department: pick(DEPARTMENTS),
      Position: pick(POSITIONS),
      EmploymentStatus: pick(EMPLOYMENT_STATUSES),
      EmploymentType: rnd() < 0.85 ? 'FullTime' : 'PartTime',
      HireDate: hire,
      Shift: withShift ? 'Day Shift' : '',
      SupervisorEmployeeNumber: supervisor,
      RateType: monthly ? 'Monthly' : 'Daily',
      BasicRate: `${rate}.${centavos}`,
      BankName: hasBank ? pick(BANKS) : '',
      BankAccountNumber: hasBank ? pad(int(0, 999_999_999_999), 12) : '',
    });
  }
  return rows;
}

/** The same people with a raise: every row differs from the original in BasicRate (an import of updates). */
export function withRaise(rows: EmployeeRecord[]): EmployeeRecord[] {
  return rows.map((r) => {
    const [whole, cents] = r.BasicRate.split('.') as [string, string];
    const raised = (BigInt(whole) * 100n + BigInt(cents)) * 105n;
    const centavos = (raised + 50n) / 100n; // +5 %, rounded half up to the centavo
    return { ...r, BasicRate: `${centavos / 100n}.${pad(centavos % 100n, 2)}` };
  });
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The rows as a CSV file the way Excel saves "CSV UTF-8": a BOM, CRLF line ends, quotes where needed. */
export function toCsv(rows: EmployeeRecord[]): string {
  const lines = [EMPLOYEE_IMPORT_COLUMN_NAMES.join(',')];
  for (const row of rows) lines.push(EMPLOYEE_IMPORT_COLUMN_NAMES.map((c) => quote(row[c])).join(','));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}
