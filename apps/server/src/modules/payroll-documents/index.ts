/** Payroll documents (issue 10 §4–§5): pure generators from finalised payslips to files; see README.md. */
export type * from './types.js';
export { writePayslipsPdf, type PayslipPdfOptions } from './payslip-pdf.js';
export { registerAmounts, registerColumns, registerTotals, REGISTER_AMOUNTS } from './register.js';
export type { RegisterAmount, RegisterTotals } from './register.js';
export {
  bankPayees,
  BankFileError,
  bdoPayrollFile,
  bpiPayrollFile,
  forBank,
  genericBankCsv,
  LAYOUT_BANKS,
  layoutBankOf,
} from './bank-files.js';
export type { BdoOptions, BpiOptions, LayoutBank, LeftOutPayee } from './bank-files.js';
export {
  add1601c,
  bir1601c,
  bir1601cItems,
  bir1601cSums,
  GovernmentFileError,
  monthlyContributions,
  pagibigMcrfCsv,
  philhealthRf1Csv,
  refundCarriedInto,
  sssContributionCsv,
  sssR3File,
} from './government.js';
export type {
  Bir1601c,
  Bir1601cOptions,
  Bir1601cSums,
  ContributionRow,
  ContributionStatus,
  CsvReport,
  SssR3Options,
} from './government.js';
export { alphalist1604c, AnnualFileError, certificates2316, certificateSummary } from './annual.js';
export type {
  AlphalistEntry,
  Certificate2316,
  CertificateOptions,
  MinimumWage,
  PreviousEmployer,
} from './annual.js';
export { bir2316FileName, writeBir2316Pdf, type Bir2316PdfOptions } from './bir-2316.js';
export { DEFAULT_BENEFIT_CODES, type ClassifyOptions, type CompensationItem } from './compensation.js';
export {
  finalPayComponents,
  writeFinalPayCertificatePdf,
  type DocFinalPay,
  type FinalPayCertificatePdfOptions,
  type FinalPayComponents,
} from './final-pay-certificate.js';
