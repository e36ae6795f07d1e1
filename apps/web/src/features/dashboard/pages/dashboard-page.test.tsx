import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PayrollDashboard, UserTypeName } from '@hrpay/contracts';
import { renderApp } from '@/test/render-app';
import DashboardPage from './dashboard-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const renderAs = (as: UserTypeName, claims: Record<string, unknown> = {}) =>
  renderApp(<DashboardPage />, {
    path: '/dashboard',
    name: 'Dashboard',
    as,
    claims,
    // The pages the dashboard links to, each saying where it is.
    routes: ['/hr/timelogs', '/portal/leave-requests', '/portal/ot-requests', '/portal/ut-requests'].map(
      (path) => ({ path, element: <p>{`Page ${path}`}</p> }),
    ),
  });

const hrDashboard = {
  ActiveCount: 7,
  SeparatedCount: 1,
  ByDepartment: [{ Name: 'Production', Count: 3 }],
  ByEmploymentStatus: [{ Name: 'Regular', Count: 7 }],
  ByEmploymentType: [{ Name: 'Full-time', Count: 7 }],
  HiresThisMonth: 2,
  SeparationsThisMonth: 1,
  Trend: [{ Month: '2026-11', Hires: 2, Separations: 1, Headcount: 7 }],
  RecentHires: [
    {
      EmployeeId: '6f1c2a3e-0b4d-4c5e-9f60-7a8b9c0d1e2f',
      FullName: 'Ana Cruz',
      HireDate: '2024-01-15',
      DepartmentName: 'Production',
    },
  ],
  UpcomingAnniversaries: [],
  MissingGovernmentIds: { Count: 0, Sample: [] },
  MissingBankAccountCount: 0,
  PendingRequests: null,
};

/** The HR dashboard's calls: its figures, the birthdays (the spec's call) and the years of holidays on file. */
const hrAnswers = (url: string) =>
  url.includes('/upcoming-birthdays')
    ? []
    : url.includes('/calendar-years')
      ? { Years: [2025, 2026, 2027] }
      : hrDashboard;

describe('DashboardPage', () => {
  it('gives an Admin the figures of the tenant', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          CompanyCount: 1,
          ActiveCompanyCount: 1,
          EmployeeCount: 0,
          UsersByType: [{ UserType: 'Admin', Count: 1 }],
          EmployeesPerCompany: [],
          RecentImports: [],
          RecentAudit: [],
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    renderAs('Admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Companies' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/admin/dashboard');
    expect(screen.queryByText(/^Welcome/)).toBeNull();
  });

  it("gives HR its company's figures", async () => {
    fetchMock.mockImplementation(
      async (input) =>
        new Response(JSON.stringify(hrAnswers(String(input))), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    renderAs('HRUser');
    const active = await screen.findByRole('article', { name: 'Active employees' });
    expect(active.textContent).toContain('7');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/hr/dashboard');
    expect(screen.getByText('Production 3')).toBeTruthy();
    expect(await screen.findByText('No birthdays in the next 30 days.')).toBeTruthy();
    expect(screen.getByText('Hired Jan 15, 2024 · Production')).toBeTruthy();
    expect(screen.queryByText('No hires or separations in the last 12 months.')).toBeNull();
  });

  // UI review finding 2: Time Logs (punches, attendance and its store for payroll, the terminals' import) is in
  // no menu (spec §2 fixes HR's) and nothing linked to it.
  it('takes HR to Time Logs from the dashboard', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(hrDashboard), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { router } = renderAs('HRUser');
    const link = screen.getByRole('link', { name: /Time logs and attendance/ });
    expect(link.textContent).toContain('Punches, biometric import, store attendance for payroll');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hr/timelogs'));
    expect(screen.getByText('Page /hr/timelogs')).toBeTruthy();
  });

  it('tells HR there was no movement instead of drawing an empty chart', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          ...hrDashboard,
          Trend: [{ Month: '2026-11', Hires: 0, Separations: 0, Headcount: 7 }],
        }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    );
    renderAs('HRUser');
    expect(await screen.findByText('No hires or separations in the last 12 months.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Hires and separations per month' })).toBeNull();
  });

  const portalAnswer = {
    LinkedToEmployee: true,
    Today: {
      Date: '2026-11-26',
      Schedule: { ShiftName: 'Day Shift', TimeIn: '08:00', TimeOut: '17:00' },
      IsRestDay: false,
      HolidayName: null,
      Punches: [{ Time: '07:58', Direction: 'In', Source: 'Device' }],
      UpcomingHolidays: [{ Date: '2026-11-30', Name: 'Bonifacio Day', Type: 'Regular' }],
    },
    LeaveBalances: [
      {
        LeaveTypeId: 'v',
        LeaveTypeCode: 'VL',
        LeaveTypeName: 'Vacation Leave',
        NeedsBalance: true,
        Earned: 5,
        Used: 0,
        Balance: 5,
        Pending: 1,
        Available: 4,
      },
      {
        LeaveTypeId: 's',
        LeaveTypeCode: 'SIL',
        LeaveTypeName: 'Service Incentive Leave',
        NeedsBalance: true,
        Earned: 5,
        Used: 0,
        Balance: 5,
        Pending: 0,
        Available: 5,
      },
    ],
    MyPending: [],
    WaitingForReview: { Leave: 2, Overtime: 0, Undertime: 1 },
    LatestPayslip: {
      Id: '00000000-0000-4000-8000-000000000009',
      PayrollPeriodId: '00000000-0000-4000-8000-000000000008',
      PeriodName: 'Nov 1-15',
      Kind: 'Regular',
      CutoffStart: '2026-11-01',
      CutoffEnd: '2026-11-15',
      PayDate: '2026-11-20',
      PeriodStatus: 'Finalised',
      Gross: '15000.00',
      Deductions: '1234.50',
      NetPay: '13765.50',
    },
  };
  const answer = (body: unknown) =>
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );

  it('gives an approver the day, the balances, the own pending requests and the review queue in one call', async () => {
    answer(portalAnswer);
    renderAs('PortalUser', { is_approver: 'True', name: 'Ana Cruz' });
    // The cards are there at once, their figures once the answer is in.
    const today = await screen.findByRole('article', { name: 'Today' });
    expect(await screen.findByText('08:00–17:00')).toBeTruthy();
    expect(today.textContent).toContain('07:58 in');
    expect(screen.getByRole('article', { name: 'Leave available' }).textContent).toContain('9 days');
    const queue = screen.getByRole('article', { name: 'Waiting for your review' });
    expect(queue.textContent).toContain('3');
    expect(screen.getByText('Bonifacio Day')).toBeTruthy();
    expect(screen.getByText('Nothing pending.')).toBeTruthy();
    expect(screen.getByText('₱13,765.50')).toBeTruthy();
    // The profile card asks for its own data, the company's clock is read once a session (cached for every
    // screen's times); the dashboard's own data is one call.
    const calls = fetchMock.mock.calls
      .map((c) => String(c[0]))
      .filter((u) => !u.includes('basic-info') && !u.includes('application-settings'));
    expect(calls).toEqual(['/api/v1/portal/dashboard']);
  });

  // Review: the schedule and punches stayed 24-hour when the company chose a 12-hour clock.
  it("writes today's schedule and punches on the company's clock", async () => {
    fetchMock.mockImplementation(
      async (input) =>
        new Response(
          JSON.stringify(
            String(input).includes('application-settings') ? { TimeFormat: '12h' } : portalAnswer,
          ),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    renderAs('PortalUser', { is_approver: 'True', name: 'Ana Cruz' });
    const today = await screen.findByRole('article', { name: 'Today' });
    expect(await within(today).findByText('8:00 AM–5:00 PM')).toBeTruthy();
    expect(today.textContent).toContain('7:58 AM in');
  });

  // UI review finding 21: only the card's small grey label was a link, and only to the first kind waiting.
  it("links each kind of the approver's review queue to that kind's review tab", async () => {
    answer(portalAnswer);
    const { router } = renderAs('PortalUser', { is_approver: 'True', name: 'Ana Cruz' });
    const queue = screen.getByRole('article', { name: 'Waiting for your review' });
    await within(queue).findByRole('link', { name: 'OT 0' });
    const hrefs = within(queue)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Waiting for your review', '/portal/leave-requests?tab=review'],
      ['Leave 2', '/portal/leave-requests?tab=review'],
      ['OT 0', '/portal/ot-requests?tab=review'],
      ['UT 1', '/portal/ut-requests?tab=review'],
    ]);
    expect(queue.textContent).toContain('Leave 2 · OT 0 · UT 1');
    fireEvent.click(within(queue).getByRole('link', { name: 'UT 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/ut-requests'));
    expect(router.state.location.search).toBe('?tab=review');
  });

  // Portal review: a type that allows advance leave at -1 read "VL -1" and took a day off the total ("0 days"
  // with one SIL day left); one day read "1 days"; a pay date three days ahead read "paid".
  it('counts a balance below zero as nothing left, says "1 day", and calls the pay date a pay date', async () => {
    answer({
      ...portalAnswer,
      LeaveBalances: [
        { ...portalAnswer.LeaveBalances[0], Balance: -1, Pending: 0, Available: -1 },
        { ...portalAnswer.LeaveBalances[1], Balance: 1, Available: 1 },
      ],
    });
    renderAs('PortalUser', { name: 'Ana Cruz' });
    const leave = await screen.findByRole('article', { name: 'Leave available' });
    await waitFor(() => expect(leave.textContent).toContain('VL 0 · SIL 1'));
    expect(leave.textContent).toContain('1 day');
    expect(leave.textContent).not.toContain('days');
    expect(leave.textContent).not.toContain('-1');
    expect(screen.getByText(/Net pay · Nov 1-15/).textContent).toBe(
      'Net pay · Nov 1-15 · pay date Fri, Nov 20',
    );
  });

  it('tells a portal user without an employee record why the dashboard is empty', async () => {
    answer({
      ...portalAnswer,
      LinkedToEmployee: false,
      Today: { ...portalAnswer.Today, Schedule: null, Punches: [] },
      LeaveBalances: [],
      WaitingForReview: null,
      LatestPayslip: null,
    });
    renderAs('PortalUser', { name: 'Ana Cruz' });
    expect(await screen.findByText(/not linked to an employee record/)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Today' }).textContent).toContain('No shift');
    expect(screen.getByText(/No payslip yet/)).toBeTruthy();
  });

  const NO_PROBLEMS = {
    NoRate: 0,
    NoBankAccount: 0,
    MissingTIN: 0,
    MissingSSS: 0,
    MissingPhilHealth: 0,
    MissingPagIbig: 0,
  };
  /** The payroll dashboard's answer. */
  // Typed: a field the dashboard reads cannot be missing from a test's answer.
  const answerPayroll = (body: PayrollDashboard) =>
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );

  it("gives Payroll its company's last finalised period, open periods and the data to fix", async () => {
    const period = {
      PayrollPeriodId: '00000000-0000-4000-8000-000000000001',
      Name: 'Nov 1-15',
      Kind: 'Regular',
      CutoffStart: '2026-11-01',
      CutoffEnd: '2026-11-15',
      PayDate: '2026-11-20',
      Gross: '150000.00',
      Deductions: '12345.67',
      NetPay: '137654.33',
      EmployerCost: '15100.00',
      Headcount: 10,
    };
    answerPayroll({
      LastFinalised: period,
      Trend: [period],
      OpenPeriods: [
        {
          PayrollPeriodId: '00000000-0000-4000-8000-000000000002',
          Name: 'Nov 16-30',
          Status: 'Computed',
          JobStatus: 'Done',
          PayDate: '2026-12-05',
        },
      ],
      NextPayDate: '2026-12-05',
      FinalPayDue: [],
      HeldPay: [],
      ActiveEmployees: 12,
      DataProblems: { ...NO_PROBLEMS, NoBankAccount: 2, MissingSSS: 1 },
    });
    renderAs('PayrollUser');
    const net = await screen.findByRole('article', { name: 'Net pay, last period' });
    expect(net.textContent).toContain('₱137,654.33');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/payroll/dashboard');
    expect(screen.getByRole('link', { name: 'Nov 16-30' }).getAttribute('href')).toBe(
      '/payroll/payroll-periods/00000000-0000-4000-8000-000000000002',
    );
    expect(screen.getByText('Paid by bank without an account number')).toBeTruthy();
    expect(screen.queryByText('No TIN')).toBeNull();
    // Nobody owed a final pay or held pay: no panel for either.
    expect(screen.queryByRole('region', { name: 'Final pay due' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Held pay to release' })).toBeNull();
  });

  it('lists the separated employees owed a final pay with the Labor Advisory 06-2020 deadline', async () => {
    answerPayroll({
      LastFinalised: null,
      Trend: [],
      OpenPeriods: [],
      NextPayDate: null,
      FinalPayDue: [
        {
          EmployeeId: '00000000-0000-4000-8000-000000000011',
          EmployeeNumber: 'DM-0006',
          FullName: 'Ramon Bautista',
          SeparationDate: '2099-11-27',
        },
        {
          EmployeeId: '00000000-0000-4000-8000-000000000012',
          EmployeeNumber: 'DM-0007',
          FullName: 'Grace Garcia',
          SeparationDate: '2020-01-10',
        },
      ],
      HeldPay: [
        {
          PayslipId: '00000000-0000-4000-8000-000000000021',
          PayrollPeriodId: '00000000-0000-4000-8000-000000000022',
          PeriodName: 'Nov 1-15',
          PayDate: '2026-11-20',
          EmployeeNumber: 'DM-0008',
          FullName: 'Nilo Santos',
          NetPay: '9876.50',
        },
      ],
      ActiveEmployees: 5,
      DataProblems: NO_PROBLEMS,
    });
    renderAs('PayrollUser');
    const panel = await screen.findByRole('region', { name: 'Final pay due' });
    const [ramon, grace] = within(panel).getAllByRole('listitem');
    expect(ramon!.textContent).toContain('Ramon Bautista (DM-0006)');
    // A separation still ahead reads as one (it said "Left Nov 27, 2099").
    expect(ramon!.textContent).toContain('Leaves Nov 27, 2099 · due by Dec 27, 2099');
    expect(ramon!.textContent).not.toContain('Overdue');
    expect(grace!.textContent).toContain('Left Jan 10, 2020 · due by Feb 9, 2020');
    expect(grace!.textContent).toContain('Overdue');
    expect(within(panel).getByRole('link', { name: 'Ramon Bautista (DM-0006)' }).getAttribute('href')).toBe(
      '/payroll/payroll-periods',
    );
    // Held pay of a closed period still owed: the link opens its payslip, where it is released.
    const held = screen.getByRole('region', { name: 'Held pay to release' });
    expect(held.textContent).toContain('Nov 1-15 · pay date Nov 20, 2026');
    expect(held.textContent).toContain('₱9,876.50');
    expect(within(held).getByRole('link', { name: 'Nilo Santos (DM-0008)' }).getAttribute('href')).toBe(
      '/payroll/payroll-periods/00000000-0000-4000-8000-000000000022?payslip=00000000-0000-4000-8000-000000000021',
    );
  });

  // Payroll officer's walkthrough: finalised on Dec 1 for Dec 18, the period read "paid Dec 18" and "Employees
  // paid", and the next pay date "—" with "No open period".
  it('does not call a finalised period paid before its pay date, and counts that date as the next one', async () => {
    const ahead = '2099-12-18';
    const period = {
      PayrollPeriodId: '00000000-0000-4000-8000-000000000003',
      Name: 'December 2099 1st cut-off',
      Kind: 'Regular',
      CutoffStart: '2099-12-01',
      CutoffEnd: '2099-12-15',
      PayDate: ahead,
      Gross: '90000.00',
      Deductions: '8471.58',
      NetPay: '81528.42',
      EmployerCost: '9000.00',
      Headcount: 7,
    };
    answerPayroll({
      LastFinalised: period,
      Trend: [period],
      OpenPeriods: [],
      NextPayDate: ahead,
      FinalPayDue: [],
      HeldPay: [],
      ActiveEmployees: 7,
      DataProblems: NO_PROBLEMS,
    });
    renderAs('PayrollUser');
    const net = await screen.findByRole('article', { name: 'Net pay, last period' });
    expect(net.textContent).toContain('December 2099 1st cut-off · to be paid');
    expect(net.textContent).not.toMatch(/· paid/);
    expect(screen.getByRole('article', { name: 'Employees to be paid' }).textContent).toContain('7');
    const next = screen.getByRole('article', { name: 'Next pay date' });
    expect(next.textContent).toContain('December 2099 1st cut-off, finalised · no open period yet');
    expect(next.textContent).not.toContain('—');
  });
});
