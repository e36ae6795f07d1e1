/**
 * Philippine government identifiers: the formats HR offices write them in. Input may come with or without
 * dashes and spaces; `normalize*` returns the canonical dashed form or null when the digits do not fit.
 */
function digitsOf(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : null;
}

/** BIR TIN: 9 digits plus an optional 3-digit branch code -> 000-000-000 or 000-000-000-000. */
export function normalizeTin(value: string): string | null {
  const d = digitsOf(value);
  if (!d || (d.length !== 9 && d.length !== 12)) return null;
  const base = `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 9)}`;
  return d.length === 12 ? `${base}-${d.slice(9)}` : base;
}

/** SSS number of a member: 10 digits -> 00-0000000-0. */
export function normalizeSssNumber(value: string): string | null {
  const d = digitsOf(value);
  return d && d.length === 10 ? `${d.slice(0, 2)}-${d.slice(2, 9)}-${d.slice(9)}` : null;
}

/** PhilHealth identification number (PIN) or employer number (PEN): 12 digits -> 00-000000000-0. */
export function normalizePhilHealthNumber(value: string): string | null {
  const d = digitsOf(value);
  return d && d.length === 12 ? `${d.slice(0, 2)}-${d.slice(2, 11)}-${d.slice(11)}` : null;
}

/** Pag-IBIG MID number or employer ID: 12 digits -> 0000-0000-0000. */
export function normalizePagIbigNumber(value: string): string | null {
  const d = digitsOf(value);
  return d && d.length === 12 ? `${d.slice(0, 4)}-${d.slice(4, 8)}-${d.slice(8)}` : null;
}

/** SSS employer number: 10 digits (00-0000000-0), some registrations carry a 3-digit branch suffix. */
export function normalizeSssEmployerNumber(value: string): string | null {
  const d = digitsOf(value);
  if (!d || (d.length !== 10 && d.length !== 13)) return null;
  const base = `${d.slice(0, 2)}-${d.slice(2, 9)}-${d.slice(9, 10)}`;
  return d.length === 13 ? `${base}-${d.slice(10)}` : base;
}

export const PhIdMessages = {
  tin: 'TIN must have 9 or 12 digits (000-000-000 or 000-000-000-000)',
  sss: 'SSS number must have 10 digits (00-0000000-0)',
  sssEmployer: 'SSS employer number must have 10 or 13 digits (00-0000000-0 or 00-0000000-0-000)',
  philHealth: 'PhilHealth number must have 12 digits (00-000000000-0)',
  pagIbig: 'Pag-IBIG number must have 12 digits (0000-0000-0000)',
  rdoCode: 'RDO code must have 3 digits',
  zipCode: 'ZIP code must have 4 digits',
  phone: 'Phone number may hold digits, spaces, +, -, ( and ) only',
} as const;
