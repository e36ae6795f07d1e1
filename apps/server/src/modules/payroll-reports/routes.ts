import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlphalistQuery,
  BankFileQuery,
  Bir1601cQuery,
  Bir2316Query,
  FinalPayCertificateQuery,
  LoanBalancesQuery,
  LoanRemittanceQuery,
  MonthCsvQuery,
  PAYROLL_REPORTS,
  PayrollRegisterReportQuery,
  PayrollReportCatalogue,
  SssReportQuery,
  YearSheetQuery,
} from '@hrpay/contracts';
import { attachment, sendExport } from '../../lib/export.js';
import { contextOf } from '../../lib/route-access.js';
import { payrollReportsService as reports, type ReportFile } from './service.js';

const payroll = { userTypes: ['PayrollUser'] as const, companyScoped: true };
const tags = ['payroll-reports'];
const File = z.unknown().describe('the report file');
const BASE = '/api/v1/payroll/reports';

async function send(reply: FastifyReply, file: ReportFile) {
  if (file.kind === 'export') return sendExport(reply, file.path, file.format, file.fileName);
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  return reply
    .type(file.contentType)
    .header('content-length', file.bytes.length)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.bytes);
}

/** Issue 10 §5: the payroll reports, each from finalised periods of the caller's company only. */
export const payrollReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(`${BASE}/catalogue`, {
    config: { access: payroll },
    schema: { tags, response: { 200: PayrollReportCatalogue } },
    handler: async () => ({
      Items: Object.entries(PAYROLL_REPORTS).map(([key, r]) => ({
        Key: key,
        Title: r.title,
        Description: r.description,
        Scope: r.scope,
        Formats: [...r.formats],
        Layout: r.layout,
      })),
    }),
  });

  const route = <Q extends z.ZodType>(
    path: string,
    querystring: Q,
    make: (ctx: ReturnType<typeof contextOf>, q: z.output<Q>) => Promise<ReportFile>,
  ) =>
    app.get(`${BASE}/${path}`, {
      config: { access: payroll },
      schema: { tags, querystring, response: { 200: File } },
      handler: async (req, reply) => send(reply, await make(contextOf(req), req.query as z.output<Q>)),
    });

  route('register', PayrollRegisterReportQuery, ({ tx, user }, q) => reports.register(tx, user, q));
  route('bank-file', BankFileQuery, ({ tx, user }, q) => reports.bankFile(tx, user, q));
  route('sss', SssReportQuery, ({ tx, user }, q) => reports.sss(tx, user, q));
  route('philhealth', MonthCsvQuery, ({ tx, user }, q) => reports.philhealth(tx, user, q));
  route('pagibig', MonthCsvQuery, ({ tx, user }, q) => reports.pagibig(tx, user, q));
  route('loan-remittance', LoanRemittanceQuery, ({ tx, user }, q) => reports.loanRemittance(tx, user, q));
  route('bir-1601c', Bir1601cQuery, ({ tx, user }, q) => reports.bir1601c(tx, user, q));
  route('bir-2316', Bir2316Query, ({ tx, user }, q) => reports.bir2316(tx, user, q));
  route('final-pay-certificate', FinalPayCertificateQuery, ({ tx, user }, q) =>
    reports.finalPayCertificate(tx, user, q),
  );
  route('alphalist-1604c', AlphalistQuery, ({ tx, user }, q) => reports.alphalist(tx, user, q));
  route('thirteenth-month', YearSheetQuery, ({ tx, user }, q) => reports.thirteenthMonth(tx, user, q));
  route('loan-balances', LoanBalancesQuery, ({ tx, user }, q) => reports.loanBalances(tx, user, q));
  route('year-to-date', YearSheetQuery, ({ tx, user }, q) => reports.yearToDate(tx, user, q));
};
