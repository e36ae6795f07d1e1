/**
 * The payroll-period calls the payroll suites make through HTTP, as one signed-in Payroll user: read a period,
 * run a state action (with an Idempotency-Key where one is needed), compute and wait for the job, approve and
 * finalise, read a payslip.
 */
import { expect } from 'vitest';
import type {
  PayrollPeriodDetail,
  PayrollPeriodStaleReason,
  PayslipDetail,
  PayslipListItem,
} from '@hrpay/contracts';
import { caller, type Session, type TestApp } from './helpers.js';

export const PERIODS = '/api/v1/payroll-periods';

/** The amount of a payslip's line, by its code (undefined when the payslip has no such line). */
export const amountOf = (slip: PayslipDetail, code: string) =>
  slip.Lines.find((l) => l.Code === code)?.Amount;

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

  /** Approves a computed period, which must succeed. */
  async function approve(id: string): Promise<PayrollPeriodDetail> {
    const res = await action(id, 'approve', (await get(id)).RowVersion);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** The period is Computed and stale for `reason`: approve answers 409 with `message`, and it stays Computed. */
  async function refusedAsStale(id: string, reason: PayrollPeriodStaleReason, message: string) {
    const p = await get(id);
    expect(p).toMatchObject({
      Status: 'Computed',
      StaleReason: reason,
      NeedsRecompute: true,
      CanApprove: false,
    });
    const res = await action(id, 'approve', p.RowVersion);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toBe(message);
    expect((await get(id)).Status).toBe('Computed');
  }

  /** What a stale message asks: HR stores the attendance again (stale for that store until computed), then compute. */
  async function storedAgainAndComputed(id: string, store: () => Promise<void>) {
    await store();
    expect((await get(id)).StaleReason).toBe('attendance');
    await compute(id);
    expect(await get(id)).toMatchObject({ StaleReason: null, NeedsRecompute: false, CanApprove: true });
  }

  /** Deletes every period not finalised (an approved one is returned for changes first): one test's periods. */
  async function removeUnfinalisedPeriods() {
    const list = await call(payroll(), 'POST', `${PERIODS}/list`, { PageSize: 500 });
    for (const p of list.json().Items as { Id: string; Status: string; RowVersion: number }[]) {
      if (p.Status === 'Approved') {
        const back = await action(p.Id, 'return-to-draft', p.RowVersion);
        expect(back.statusCode, back.body).toBe(200);
      }
      if (p.Status === 'Draft' || p.Status === 'Computed' || p.Status === 'Approved')
        expect((await call(payroll(), 'DELETE', `${PERIODS}/${p.Id}`)).statusCode).toBe(200);
    }
  }

  return {
    get,
    action,
    compute,
    computedPeriod,
    payslipOf,
    approve,
    approveAndFinalise,
    finalise,
    refusedAsStale,
    storedAgainAndComputed,
    removeUnfinalisedPeriods,
  };
}
