import { z } from 'zod';
import { FinalPayDueItem } from './payroll-periods.js';

/**
 * What finalised payroll produces for people to read: payslips (the employee's own in the portal), the payroll
 * dashboard. Money is a decimal string ("12345.67") end to end, never a float.
 */
const Money = z.string();
const IsoDate = z.string();

export const PayslipPeriodStatus = z.enum(['Finalised', 'Paid']);

/** One of the employee's own payslips (finalised periods only). */
export const PortalPayslipRow = z.object({
  Id: z.uuid(),
  PayrollPeriodId: z.uuid(),
  PeriodName: z.string(),
  Kind: z.string(),
  CutoffStart: IsoDate,
  CutoffEnd: IsoDate,
  PayDate: IsoDate,
  PeriodStatus: PayslipPeriodStatus,
  Gross: Money,
  Deductions: Money,
  NetPay: Money,
  /** Payroll held the pay back: not paid on the pay date, but later, on the day it is released. */
  PayHeld: z.boolean(),
  /** The day held pay was released to the bank; null while it is still held (and for pay not held). */
  ReleasedOn: IsoDate.nullable(),
});
export type PortalPayslipRow = z.infer<typeof PortalPayslipRow>;

export const PortalPayslipList = z.object({ Items: z.array(PortalPayslipRow) });
export type PortalPayslipList = z.infer<typeof PortalPayslipList>;

export const PortalPayslipLine = z.object({
  Code: z.string(),
  Description: z.string(),
  Kind: z.enum(['earning', 'deduction']),
  Quantity: z.number(),
  Unit: z.string(),
  Rate: z.string(),
  Amount: Money,
});
export type PortalPayslipLine = z.infer<typeof PortalPayslipLine>;

export const PortalPayslipDetail = PortalPayslipRow.extend({
  EmployeeNumber: z.string(),
  FullName: z.string(),
  Lines: z.array(PortalPayslipLine),
  WithholdingTax: Money,
  YearToDateTaxable: Money,
  YearToDateTax: Money,
});
export type PortalPayslipDetail = z.infer<typeof PortalPayslipDetail>;

// ---------------------------------------------------------------- payroll dashboard

export const DashboardPeriodFigures = z.object({
  PayrollPeriodId: z.uuid(),
  Name: z.string(),
  Kind: z.string(),
  CutoffStart: IsoDate,
  CutoffEnd: IsoDate,
  PayDate: IsoDate,
  Gross: Money,
  Deductions: Money,
  NetPay: Money,
  EmployerCost: Money,
  Headcount: z.number().int(),
});
export type DashboardPeriodFigures = z.infer<typeof DashboardPeriodFigures>;

export const DashboardOpenPeriod = z.object({
  PayrollPeriodId: z.uuid(),
  Name: z.string(),
  Status: z.string(),
  JobStatus: z.string().nullable(),
  PayDate: IsoDate,
});

/** Counts of active employees with data that blocks or spoils the next run. */
export const PayrollDataProblems = z.object({
  NoRate: z.number().int(),
  NoBankAccount: z.number().int(),
  MissingTIN: z.number().int(),
  MissingSSS: z.number().int(),
  MissingPhilHealth: z.number().int(),
  MissingPagIbig: z.number().int(),
});
export type PayrollDataProblems = z.infer<typeof PayrollDataProblems>;

/** A payslip of a finalised or paid period whose pay payroll held back and has not released yet. */
export const HeldPayItem = z.object({
  PayslipId: z.uuid(),
  PayrollPeriodId: z.uuid(),
  PeriodName: z.string(),
  PayDate: IsoDate,
  EmployeeNumber: z.string(),
  FullName: z.string(),
  NetPay: Money,
});
export type HeldPayItem = z.infer<typeof HeldPayItem>;

export const PayrollDashboard = z.object({
  LastFinalised: DashboardPeriodFigures.nullable(),
  /** The last 12 finalised periods, oldest first. */
  Trend: z.array(DashboardPeriodFigures),
  OpenPeriods: z.array(DashboardOpenPeriod),
  NextPayDate: IsoDate.nullable(),
  /** Separated employees owed a final pay (none names them yet), latest separation first, up to 50. */
  FinalPayDue: z.array(FinalPayDueItem),
  /** Held pay of closed periods not released yet, oldest pay date first, up to 50. */
  HeldPay: z.array(HeldPayItem),
  ActiveEmployees: z.number().int(),
  DataProblems: PayrollDataProblems,
});
export type PayrollDashboard = z.infer<typeof PayrollDashboard>;
