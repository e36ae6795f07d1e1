/**
 * The payroll-period calls the payroll suites make through HTTP, as one signed-in Payroll user: read a period,
 * run a state action (with an Idempotency-Key where one is needed), compute and wait for the job, approve and
 * finalise, read a payslip.
 */
import { expect } from 'vitest';
import type { PayrollPeriodDetail, PayslipDetail, PayslipListItem } from '@hrpay/contracts';
import { caller, type Session, type TestApp } from './helpers.js';

export const PERIODS = '/api/v1/payroll-periods';

export function payrollApi(t: () => TestApp, payroll: () => Session) {
  const call = caller(() => t().app);

  async function get(id: string, s = payroll()): Promise<PayrollPeriodDetail> {
    const res = await call(s, 'GET', `${PERIODS}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const action = (id: string, name: string, rowVersion: number, key?: string) =>
    t().app.inject({
      method: 'POST',
      url: `${PERIODS}/${id}/${name}`,
      headers: { ...payroll().headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { RowVersion: rowVersion },
    });

  /** Starts a compute and waits for its job to end. */
  async function compute(id: string): Promise<PayrollPeriodDetail> {
    const res = await action(id, 'compute', (await get(id)).RowVersion);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().JobStatus).toBe('Queued');
    for (let i = 0; i < 600; i++) {
      const now = await get(id);
      if (now.JobStatus === 'Done' || now.JobStatus === 'Failed') return now;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the compute did not finish');
  }

  /** Creates a period (regular unless told), computes it and answers its id. */
  async function computedPeriod(body: object): Promise<string> {
    const created = await call(payroll(), 'POST', PERIODS, { Kind: 'Regular', ...body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().Id as string;
    expect(await compute(id)).toMatchObject({ Status: 'Computed', JobStatus: 'Done' });
    return id;
  }

  async function payslipOf(periodId: string, employeeId: string): Promise<PayslipDetail> {
    const list = await call(payroll(), 'POST', `${PERIODS}/${periodId}/payslips/list`, { PageSize: 500 });
    expect(list.statusCode, list.body).toBe(200);
    const item = (list.json().Items as PayslipListItem[]).find((p) => p.EmployeeId === employeeId)!;
    const res = await call(payroll(), 'GET', `${PERIODS}/payslips/${item.Id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** Approves a computed period and finalises it with the Idempotency-Key `key`: the finalise answer. */
  async function approveAndFinalise(id: string, key: string) {
    const approved = await action(id, 'approve', (await get(id)).RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    return action(id, 'finalise', approved.json().RowVersion, key);
  }

  /** Approves and finalises a computed period, which must succeed. */
  async function finalise(id: string, key: string) {
    const done = await approveAndFinalise(id, key);
    expect(done.statusCode, done.body).toBe(200);
  }

  return { get, action, compute, computedPeriod, payslipOf, approveAndFinalise, finalise };
}
