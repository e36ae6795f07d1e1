/**
 * Entities made through the API as a test needs them: valid by default, any field overridden. Each call gets
 * fresh unique fields, and a refusal fails the test with the server's answer.
 */
import { expect } from 'vitest';
import type {
  CreateDepartmentRequest,
  CreateEmployeeRequest,
  Department,
  Employee,
  LookupItem,
} from '@hrpay/contracts';
import type { FastifyInstance } from 'fastify';
import { injectAs, type Method, type Who } from './helpers.js';

let made = 0;
const unique = () => String(++made).padStart(4, '0');

async function created<T>(
  app: FastifyInstance,
  who: Who,
  method: Method,
  url: string,
  body: object,
): Promise<T> {
  const res = await injectAs(app, who, method, url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
}

/**
 * An employee of the caller's company with the required fields only (hired 2025-03-01, Regular, else its first
 * active status: every company starts with the standard statuses, by name Casual first).
 */
export async function makeEmployee(
  app: FastifyInstance,
  who: Who,
  overrides: Partial<CreateEmployeeRequest> = {},
): Promise<Employee> {
  let statusId = overrides.EmploymentStatusId;
  if (!statusId) {
    const res = await injectAs(app, who, 'POST', '/api/v1/employment-statuses/list', { PageSize: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const active = (res.json().Items as LookupItem[]).filter((s) => s.IsActive);
    statusId = (active.find((s) => s.Name === 'Regular') ?? active[0]!).Id;
  }
  return created(app, who, 'POST', '/api/v1/employees', {
    EmployeeNumber: `T-${unique()}`,
    LastName: 'Magsaysay',
    FirstName: 'Andres',
    HireDate: '2025-03-01',
    ...overrides,
    EmploymentStatusId: statusId,
  });
}

/** An active department of the caller's company named "Department NNNN" unless overridden. */
export function makeDepartment(
  app: FastifyInstance,
  who: Who,
  overrides: Partial<CreateDepartmentRequest> = {},
): Promise<Department> {
  return created(app, who, 'POST', '/api/v1/departments', { Name: `Department ${unique()}`, ...overrides });
}
