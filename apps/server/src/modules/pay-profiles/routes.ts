import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  CancelLoanRequest,
  CarriedDeduction,
  CarriedDeductionListResponse,
  CreateLoanRequest,
  CreateLoanTypeRequest,
  CreatePayItemRequest,
  CreatePayRateRequest,
  DepartmentOptionsResponse,
  EmployeePayDetails,
  EmployeePayExportRequest,
  EmployeePayListRequest,
  EmployeePayListResponse,
  EMPLOYEE_PAY_FLAGS,
  EMPLOYEE_PAY_FLAG_LABELS,
  IdParams,
  Loan,
  LoanAdjustmentRequest,
  LoanListResponse,
  LoanType,
  LoanTypeListRequest,
  LoanTypeListResponse,
  LoanTypeOptionsResponse,
  PayItem,
  PayItemListResponse,
  PayRate,
  PayRateListResponse,
  RATE_IMPORT_COLUMNS,
  RATE_IMPORT_MAX_FILE_BYTES,
  RateImportResult,
  UpdateEmployeePayDetailsRequest,
  UpdateLoanRequest,
  UpdateLoanTypeRequest,
  UpdatePayItemRequest,
  WaiveCarriedDeductionRequest,
  PreviousEmployerCompensation,
  PreviousEmployerListResponse,
  SavePreviousEmployerRequest,
  type EmployeePayRow,
} from '@hrpay/contracts';
import { attachment, sendExport, writeExport, type ExportColumn } from '../../lib/export.js';
import { toCsv } from '../../lib/csv.js';
import { manilaToday } from '../../lib/manila.js';
import { contextOf } from '../../lib/route-access.js';
import { readUploadedFile } from '../../lib/upload.js';
import { departmentsService } from '../departments/service.js';
import { readRateFile, runRateImport, type RateFile } from './rate-import.js';
import { payProfilesService as pay } from './service.js';

// Payroll keeps the pay details of its own company's employees (the company is the user's, never a parameter).
// Sub-records are addressed under their employee, so every :id segment is checked against the company.
const payroll = { userTypes: ['PayrollUser'] as const, companyScoped: true };
const byEmployee = { ...payroll, idOf: 'employees' };
const tags = ['employee-payroll-details'];
const BASE = '/api/v1/employee-payroll-details';
const Message = z.object({ Message: z.string() });
const EmployeeParams = z.object({ employeeId: z.uuid() });
const RateParams = z.object({ employeeId: z.uuid(), rateId: z.uuid() });
const ItemParams = z.object({ employeeId: z.uuid(), itemId: z.uuid() });
const LoanParams = z.object({ employeeId: z.uuid(), loanId: z.uuid() });
const CarryoverParams = z.object({ employeeId: z.uuid(), carryoverId: z.uuid() });
const YearParams = z.object({
  employeeId: z.uuid(),
  year: z.coerce
    .number()
    .int('The year must be a whole number')
    .min(2000, 'The year must be 2000 to 2100')
    .max(2100, 'The year must be 2000 to 2100'),
});

const COLUMNS: ExportColumn<EmployeePayRow>[] = [
  { header: 'Employee No.', value: (r) => r.EmployeeNumber, width: 14 },
  { header: 'Name', value: (r) => r.FullName, width: 32 },
  { header: 'Department', value: (r) => r.DepartmentName, width: 24 },
  { header: 'Rate type', value: (r) => r.RateType },
  { header: 'Rate', value: (r) => r.Rate, width: 14, money: true },
  { header: 'Payment method', value: (r) => r.PaymentMethod },
  { header: 'Bank', value: (r) => r.BankName, width: 20 },
  { header: 'Minimum wage earner', value: (r) => (r.IsMinimumWageEarner ? 'Yes' : 'No') },
  {
    header: 'Missing data',
    value: (r) =>
      EMPLOYEE_PAY_FLAGS.filter((f) => r[f])
        .map((f) => EMPLOYEE_PAY_FLAG_LABELS[f])
        .join(', '),
    width: 40,
  },
];

declare module 'fastify' {
  interface FastifyRequest {
    rateFile?: { fileName: string; file: RateFile };
  }
}

export const payProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: RATE_IMPORT_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  /** The rate file is read and parsed before the handler's transaction, as for the employee import. */
  const readRates = async (req: FastifyRequest) => {
    const { fileName, data } = await readUploadedFile(req, {
      noFile: 'No file was uploaded. Choose a .csv or .xlsx file.',
      tooLarge: 'The file is larger than 5 MB. Split it and import the parts.',
    });
    req.rateFile = { fileName, file: await readRateFile(fileName, data) };
  };

  app.post(`${BASE}/list`, {
    config: { access: payroll },
    schema: { tags, body: EmployeePayListRequest, response: { 200: EmployeePayListResponse } },
    handler: (req) => pay.list(contextOf(req).tx, contextOf(req).user, req.body),
  });

  // The grid's department filter (the departments module's options are HR's).
  app.get(`${BASE}/department-options`, {
    config: { access: payroll },
    schema: { tags, response: { 200: DepartmentOptionsResponse } },
    handler: (req) => departmentsService.options(contextOf(req).tx, contextOf(req).user),
  });

  app.post(`${BASE}/export`, {
    config: { access: payroll },
    schema: {
      tags,
      body: EmployeePayExportRequest,
      response: { 200: z.unknown().describe('an XLSX or CSV file') },
    },
    handler: async (req, reply) => {
      const { tx, user } = contextOf(req);
      // A cursor: one sort of the whole filter, not one per batch of 2,000 (the list can be 100,000 long).
      const pages = pay.exportPages(tx, user, req.body);
      const path = await writeExport(req.body.Format, 'Employee payroll details', COLUMNS, pages);
      return sendExport(reply, path, req.body.Format, `employee-payroll-details-${manilaToday()}`);
    },
  });

  // The bulk rate file's template: the four columns and one example row.
  app.get(`${BASE}/rate-imports/template`, {
    config: { access: payroll },
    schema: { tags, response: { 200: z.unknown().describe('a CSV file') } },
    handler: (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('rate-update-template.csv'))
        .send(toCsv([...RATE_IMPORT_COLUMNS], [['EMP-0001', manilaToday(), 'Monthly', '25000.00']])),
  });

  for (const step of ['preview', 'commit'] as const) {
    app.post(`${BASE}/rate-imports/${step}`, {
      config: { access: payroll },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: RateImportResult } },
      preHandler: readRates,
      handler: (req) => {
        const { tx, user } = contextOf(req);
        const { fileName, file } = req.rateFile!;
        return runRateImport(tx, user, fileName, file, step === 'commit');
      },
    });
  }

  app.get(`${BASE}/:employeeId`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, response: { 200: EmployeePayDetails } },
    handler: (req) => pay.details(contextOf(req).tx, contextOf(req).user, req.params.employeeId),
  });

  app.put(`${BASE}/:employeeId`, {
    config: { bodyIds: { EmployeeId: 'employeeId' }, access: byEmployee },
    schema: {
      tags,
      params: EmployeeParams,
      body: UpdateEmployeePayDetailsRequest,
      response: { 200: EmployeePayDetails },
    },
    handler: (req) => pay.update(contextOf(req).tx, contextOf(req).user, req.params.employeeId, req.body),
  });

  // ---------- rates ----------
  app.get(`${BASE}/:employeeId/rates`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, response: { 200: PayRateListResponse } },
    handler: (req) => pay.rates(contextOf(req).tx, contextOf(req).user, req.params.employeeId),
  });

  app.post(`${BASE}/:employeeId/rates`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, body: CreatePayRateRequest, response: { 201: PayRate } },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await pay.addRate(contextOf(req).tx, contextOf(req).user, req.params.employeeId, req.body)),
  });

  app.delete(`${BASE}/:employeeId/rates/:rateId`, {
    config: { access: byEmployee },
    schema: { tags, params: RateParams, response: { 200: Message } },
    handler: (req) =>
      pay.removeRate(contextOf(req).tx, contextOf(req).user, req.params.employeeId, req.params.rateId),
  });

  // ---------- recurring items ----------
  app.get(`${BASE}/:employeeId/items`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, response: { 200: PayItemListResponse } },
    handler: (req) => pay.items(contextOf(req).tx, contextOf(req).user, req.params.employeeId),
  });

  app.post(`${BASE}/:employeeId/items`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, body: CreatePayItemRequest, response: { 201: PayItem } },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await pay.addItem(contextOf(req).tx, contextOf(req).user, req.params.employeeId, req.body)),
  });

  app.put(`${BASE}/:employeeId/items/:itemId`, {
    config: { bodyIds: { PayItemId: 'itemId', EmployeeId: 'employeeId' }, access: byEmployee },
    schema: { tags, params: ItemParams, body: UpdatePayItemRequest, response: { 200: PayItem } },
    handler: (req) =>
      pay.updateItem(
        contextOf(req).tx,
        contextOf(req).user,
        req.params.employeeId,
        req.params.itemId,
        req.body,
      ),
  });

  app.delete(`${BASE}/:employeeId/items/:itemId`, {
    config: { access: byEmployee },
    schema: { tags, params: ItemParams, response: { 200: Message } },
    handler: (req) =>
      pay.removeItem(contextOf(req).tx, contextOf(req).user, req.params.employeeId, req.params.itemId),
  });

  // ---------- loans (each with its ledger) ----------
  app.get(`${BASE}/:employeeId/loans`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, response: { 200: LoanListResponse } },
    handler: (req) => pay.loans(contextOf(req).tx, contextOf(req).user, req.params.employeeId),
  });

  app.post(`${BASE}/:employeeId/loans`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, body: CreateLoanRequest, response: { 201: Loan } },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await pay.addLoan(contextOf(req).tx, contextOf(req).user, req.params.employeeId, req.body)),
  });

  app.put(`${BASE}/:employeeId/loans/:loanId`, {
    config: { bodyIds: { LoanId: 'loanId', EmployeeId: 'employeeId' }, access: byEmployee },
    schema: { tags, params: LoanParams, body: UpdateLoanRequest, response: { 200: Loan } },
    handler: (req) =>
      pay.updateLoan(
        contextOf(req).tx,
        contextOf(req).user,
        req.params.employeeId,
        req.params.loanId,
        req.body,
      ),
  });

  app.post(`${BASE}/:employeeId/loans/:loanId/cancel`, {
    config: { access: byEmployee },
    schema: { tags, params: LoanParams, body: CancelLoanRequest, response: { 200: Loan } },
    handler: (req) =>
      pay.cancelLoan(
        contextOf(req).tx,
        contextOf(req).user,
        req.params.employeeId,
        req.params.loanId,
        req.body,
      ),
  });

  app.post(`${BASE}/:employeeId/loans/:loanId/adjustments`, {
    config: { access: byEmployee },
    schema: { tags, params: LoanParams, body: LoanAdjustmentRequest, response: { 201: Loan } },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(
          await pay.adjustLoan(
            contextOf(req).tx,
            contextOf(req).user,
            req.params.employeeId,
            req.params.loanId,
            req.body,
          ),
        ),
  });

  // ---------- compensation from a previous employer of the year ----------
  app.get(`${BASE}/:employeeId/previous-employers`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, response: { 200: PreviousEmployerListResponse } },
    handler: (req) => pay.previousEmployers(contextOf(req).tx, contextOf(req).user, req.params.employeeId),
  });

  app.put(`${BASE}/:employeeId/previous-employers/:year`, {
    config: { bodyIds: { EmployeeId: 'employeeId' }, access: byEmployee },
    schema: {
      tags,
      params: YearParams,
      body: SavePreviousEmployerRequest,
      response: { 200: PreviousEmployerCompensation },
    },
    handler: (req) =>
      pay.savePreviousEmployer(
        contextOf(req).tx,
        contextOf(req).user,
        req.params.employeeId,
        req.params.year,
        req.body,
      ),
  });

  app.delete(`${BASE}/:employeeId/previous-employers/:year`, {
    config: { access: byEmployee },
    schema: { tags, params: YearParams, response: { 200: Message } },
    handler: (req) =>
      pay.deletePreviousEmployer(
        contextOf(req).tx,
        contextOf(req).user,
        req.params.employeeId,
        req.params.year,
      ),
  });

  // ---------- deductions carried from earlier payrolls ----------
  app.get(`${BASE}/:employeeId/carried-deductions`, {
    config: { access: byEmployee },
    schema: { tags, params: EmployeeParams, response: { 200: CarriedDeductionListResponse } },
    handler: (req) => pay.carriedDeductions(contextOf(req).tx, contextOf(req).user, req.params.employeeId),
  });

  app.post(`${BASE}/:employeeId/carried-deductions/:carryoverId/waive`, {
    config: { access: byEmployee },
    schema: {
      tags,
      params: CarryoverParams,
      body: WaiveCarriedDeductionRequest,
      response: { 200: CarriedDeduction },
    },
    handler: (req) =>
      pay.waiveCarriedDeduction(
        contextOf(req).tx,
        contextOf(req).user,
        req.params.employeeId,
        req.params.carryoverId,
        req.body.Reason,
      ),
  });

  // ---------- loan types (payroll settings tab) ----------
  const loanTypes = '/api/v1/loan-types';
  const byLoanType = { ...payroll, idOf: 'loan_types' };

  app.post(`${loanTypes}/list`, {
    config: { access: payroll },
    schema: { tags: ['loan-types'], body: LoanTypeListRequest, response: { 200: LoanTypeListResponse } },
    handler: (req) => pay.listLoanTypes(contextOf(req).tx, contextOf(req).user, req.body),
  });

  app.get(`${loanTypes}/options`, {
    config: { access: payroll },
    schema: { tags: ['loan-types'], response: { 200: LoanTypeOptionsResponse } },
    handler: (req) => pay.loanTypeOptions(contextOf(req).tx, contextOf(req).user),
  });

  app.get(`${loanTypes}/:id`, {
    config: { access: byLoanType },
    schema: { tags: ['loan-types'], params: IdParams, response: { 200: LoanType } },
    handler: (req) => pay.getLoanType(contextOf(req).tx, contextOf(req).user, req.params.id),
  });

  app.post(loanTypes, {
    config: { access: payroll },
    schema: { tags: ['loan-types'], body: CreateLoanTypeRequest, response: { 201: LoanType } },
    handler: async (req, reply) =>
      reply.code(201).send(await pay.createLoanType(contextOf(req).tx, contextOf(req).user, req.body)),
  });

  app.put(`${loanTypes}/:id`, {
    config: { bodyIds: { LoanTypeId: 'id' }, access: byLoanType },
    schema: {
      tags: ['loan-types'],
      params: IdParams,
      body: UpdateLoanTypeRequest,
      response: { 200: LoanType },
    },
    handler: (req) => pay.updateLoanType(contextOf(req).tx, contextOf(req).user, req.params.id, req.body),
  });

  app.delete(`${loanTypes}/:id`, {
    config: { access: byLoanType },
    schema: { tags: ['loan-types'], params: IdParams, response: { 200: Message } },
    handler: (req) => pay.removeLoanType(contextOf(req).tx, contextOf(req).user, req.params.id),
  });
};
