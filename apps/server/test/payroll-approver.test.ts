/**
 * Segregation of duties (ph-payroll/OUTPUTS.md, run states: "approver differs from submitter"): a company that
 * turns on ApproverMustDiffer has each period approved by another Payroll user than the one who computed it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemTypes, type PayrollGeneralSettings } from '@hrpay/contracts';
import { caller, createTestApp, demo, signIn, type Session, type TestApp } from './helpers.js';
import { payrollApi } from './payroll-api.js';

let t: TestApp;
let payroll: Session;
let secondPayroll: Session;
let logisticsPayroll: Session;
const call = caller(() => t.app);
const SETTINGS = '/api/v1/payroll/settings/general';

beforeAll(async () => {
  t = await createTestApp();
  payroll = await signIn(t.app, demo.payroll);
  logisticsPayroll = await signIn(t.app, demo.logisticsPayroll);
  // A second Payroll user of the same company, with the demo password.
  await t.testDb.ownerExec(`
    INSERT INTO users (tenant_id, company_id, email, email_normalized, full_name, user_type, password_hash)
    SELECT tenant_id, company_id, 'payroll2@demo.hrpay.test', 'payroll2@demo.hrpay.test', 'Rosa Second',
           'PayrollUser', password_hash
      FROM users WHERE email_normalized = 'payroll@demo.hrpay.test';
    INSERT INTO login_directory (email_normalized, tenant_id, user_id)
    SELECT email_normalized, tenant_id, id FROM users WHERE email_normalized = 'payroll2@demo.hrpay.test';`);
  secondPayroll = await signIn(t.app, { email: 'payroll2@demo.hrpay.test', type: 'PayrollUser' });
});
afterAll(() => t?.close());

async function setApproverMustDiffer(as: Session, on: boolean) {
  const read = (await call(as, 'GET', SETTINGS)).json() as PayrollGeneralSettings;
  const res = await call(as, 'PUT', SETTINGS, { ...read, ApproverMustDiffer: on });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().ApproverMustDiffer).toBe(on);
}

describe('a second approver', () => {
  const first = payrollApi(
    () => t,
    () => payroll,
  );
  const second = payrollApi(
    () => t,
    () => secondPayroll,
  );

  it('is off by default: the user who computed a period may approve it', async () => {
    expect((await call(payroll, 'GET', SETTINGS)).json().ApproverMustDiffer).toBe(false);
    const proposal = (await call(payroll, 'GET', '/api/v1/payroll-periods/proposal')).json();
    const id = await first.computedPeriod(proposal);
    const p = await first.get(id);
    expect(p).toMatchObject({ CanApprove: true, AwaitsAnotherApprover: false, ComputedByName: 'Jose Reyes' });
    // Cleaned away for the next test: a draft-like period is deleted.
    expect((await call(payroll, 'DELETE', `/api/v1/payroll-periods/${id}`)).statusCode).toBe(200);
  });

  it('when required, refuses the approval of the user who computed the period and takes another user’s', async () => {
    await setApproverMustDiffer(payroll, true);
    // One company's setting: the other company of the tenant keeps its own (off).
    expect((await call(logisticsPayroll, 'GET', SETTINGS)).json().ApproverMustDiffer).toBe(false);

    const proposal = (await call(payroll, 'GET', '/api/v1/payroll-periods/proposal')).json();
    const id = await first.computedPeriod(proposal);
    const mine = await first.get(id);
    expect(mine).toMatchObject({ Status: 'Computed', CanApprove: false, AwaitsAnotherApprover: true });
    const refused = await first.action(id, 'approve', mine.RowVersion);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      type: ProblemTypes.invalidState,
      detail:
        'Another payroll user must approve this period: you computed it, and the payroll settings require a second person to approve.',
    });
    expect((await first.get(id)).Status).toBe('Computed');

    // The other user sees who computed it and may approve.
    const theirs = await second.get(id);
    expect(theirs).toMatchObject({ CanApprove: true, AwaitsAnotherApprover: false });
    expect(theirs.ComputedByName).toBe(mine.ComputedByName);
    const approved = await second.action(id, 'approve', theirs.RowVersion);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ Status: 'Approved', ApprovedByName: 'Rosa Second' });

    // Returned for changes and recomputed by the second user: now the first user approves.
    const back = await second.action(id, 'return-to-draft', approved.json().RowVersion);
    expect(back.statusCode, back.body).toBe(200);
    expect((await second.compute(id)).Status).toBe('Computed');
    const now = await first.get(id);
    expect(now).toMatchObject({ CanApprove: true, ComputedByName: 'Rosa Second' });
    expect((await second.get(id)).AwaitsAnotherApprover).toBe(true);
    const again = await first.action(id, 'approve', now.RowVersion);
    expect(again.statusCode, again.body).toBe(200);

    // Turned off, the one who computed approves again.
    await setApproverMustDiffer(payroll, false);
    const back2 = await first.action(id, 'return-to-draft', again.json().RowVersion);
    expect(back2.statusCode, back2.body).toBe(200);
    expect((await first.compute(id)).Status).toBe('Computed');
    expect((await first.action(id, 'approve', (await first.get(id)).RowVersion)).statusCode).toBe(200);
  });
});
