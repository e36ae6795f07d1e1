import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import type { PayrollPeriodListItem } from '@hrpay/contracts';
import { payrollReportRequest, type PayrollReportOptions } from '../lib/payroll-report-request';
import { ApiError } from '@/lib/api-error';
import { renderApp } from '@/test/render-app';
import PayrollReportsPage from './payroll-reports-page';

const post = vi.fn();
const download = vi.fn();
const saveFile = vi.fn();
/** The company's enrolment with BDO on file in Payroll Settings; none with BPI. */
const settingsOnFile = {
  BpiCompanyCode: null,
  BpiCompanyAccount: null,
  BdoCompanyCode: 'DEMO1',
  BdoCompanyAccount: '001234567890',
};
vi.mock('@/lib/api-client', () => ({
  apiClient: {
    post: (...args: unknown[]) => post(...args),
    download: (...args: unknown[]) => download(...args),
    get: (url: string) => Promise.resolve(url.endsWith('/payroll/settings/general') ? settingsOnFile : []),
  },
  saveFile: (...args: unknown[]) => saveFile(...args),
}));
afterEach(() => {
  post.mockReset();
  download.mockReset();
  saveFile.mockReset();
});

const PERIOD = '7b0f2f3e-1111-4c2b-9a57-1f0c8a7e2a99';
const OLDER = '9b2f4c1e-3a5d-4e6f-8a7b-1c2d3e4f5a6b';
const period = { Id: PERIOD, Name: 'Nov 1-15 2026', CutoffStart: '2026-11-01', CutoffEnd: '2026-11-15' };
const options: PayrollReportOptions = {
  PayrollPeriodId: '',
  Year: 2026,
  Month: 11,
  EmployeeId: '',
  Bank: 'generic',
  CompanyCode: '',
  CompanyAccount: '',
  Batch: '1',
  Region: 'NCR',
  Agency: 'SSS',
  ReleasedOn: '',
};

function renderPage(items: Partial<PayrollPeriodListItem>[]) {
  // The list call as the server answers it: the year's finalised periods (by cut-off end), sorted, one page.
  post.mockImplementation(
    (
      _url: string,
      body: { Status: string; Year?: number; Page?: number; PageSize?: number; SortDirection?: string },
    ) => {
      const matches = (body.Status === 'Finalised' ? items : [])
        .filter((p) => !body.Year || p.CutoffEnd!.startsWith(`${body.Year}-`))
        .sort(
          (a, b) => a.CutoffStart!.localeCompare(b.CutoffStart!) * (body.SortDirection === 'desc' ? -1 : 1),
        );
      const size = body.PageSize ?? 25;
      const from = ((body.Page ?? 1) - 1) * size;
      return Promise.resolve({ Items: matches.slice(from, from + size), TotalCount: matches.length });
    },
  );
  renderApp(<PayrollReportsPage />, { path: '/payroll/reports', name: 'Payroll Reports' });
}

describe('payroll report requests', () => {
  it('builds each scope’s query and refuses what the server would', () => {
    expect(payrollReportRequest('register', options, 'xlsx')).toEqual({
      errors: { PayrollPeriodId: 'This field is required' },
    });
    expect(payrollReportRequest('register', { ...options, PayrollPeriodId: PERIOD }, 'pdf').url).toBe(
      `/api/v1/payroll/reports/register?PayrollPeriodId=${PERIOD}&Format=pdf`,
    );
    expect(payrollReportRequest('sss', options, 'txt').url).toBe(
      '/api/v1/payroll/reports/sss?Year=2026&Month=11&Format=txt',
    );
    expect(payrollReportRequest('year-to-date', { ...options, Year: 1999 }, 'csv').errors).toEqual({
      Year: 'Value must be at least 2000',
    });
    expect(payrollReportRequest('year-to-date', { ...options, Year: 2101 }, 'csv').errors).toEqual({
      Year: 'Value must be at most 2100',
    });
    expect(payrollReportRequest('loan-remittance', { ...options, Agency: 'PagIbig' }, 'xlsx').url).toBe(
      '/api/v1/payroll/reports/loan-remittance?Year=2026&Month=11&Agency=PagIbig&Format=xlsx',
    );
    expect(payrollReportRequest('loan-balances', options, 'csv').url).toBe(
      '/api/v1/payroll/reports/loan-balances?Format=csv',
    );
    const bpi = { ...options, PayrollPeriodId: PERIOD, Bank: 'bpi' as const };
    expect(payrollReportRequest('bank-file', bpi, 'csv').errors).toEqual({
      CompanyCode: 'This field is required',
      CompanyAccount: 'This field is required',
    });
    const bdo = { ...options, PayrollPeriodId: PERIOD, Bank: 'bdo' as const, CompanyAccount: '0012345678' };
    expect(payrollReportRequest('bank-file', { ...bdo, CompanyCode: 'ABCDEFGHIJK' }, 'csv').errors).toEqual({
      CompanyCode: 'Maximum length is 10',
    });
    expect(
      payrollReportRequest('bank-file', { ...bdo, CompanyCode: 'DEMO1', Batch: '0' }, 'csv').errors,
    ).toEqual({ Batch: 'Value must be at least 1' });
    expect(
      payrollReportRequest('bank-file', { ...bdo, CompanyCode: 'DEMO1', Batch: '100' }, 'csv').errors,
    ).toEqual({ Batch: 'Value must be at most 99' });
    expect(
      payrollReportRequest(
        'bank-file',
        { ...bpi, CompanyCode: 'ABCDE', CompanyAccount: '0012-345-678' },
        'csv',
      ).url,
    ).toBe(
      `/api/v1/payroll/reports/bank-file?PayrollPeriodId=${PERIOD}&Bank=bpi&CompanyCode=ABCDE&CompanyAccount=0012345678&Batch=1`,
    );
    // The file of held pay released on a day.
    const held = { ...options, PayrollPeriodId: PERIOD, ReleasedOn: '2026-12-02' };
    expect(payrollReportRequest('bank-file', held, 'csv').url).toBe(
      `/api/v1/payroll/reports/bank-file?PayrollPeriodId=${PERIOD}&Bank=generic&ReleasedOn=2026-12-02`,
    );
  });
});

describe('Payroll reports page', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['2026-12-01T01:00:00Z', '2026', 'November', '2025'], // Dec 1 in Manila: November's remittances are due
    ['2026-11-30T16:30:00Z', '2026', 'November', '2025'], // still Nov 30 in UTC, already Dec 1 in Manila
    ['2027-01-05T02:00:00Z', '2026', 'December', '2026'], // January: last year's December and year-end forms
    ['2027-02-15T02:00:00Z', '2027', 'January', '2026'], // 2316 copies go to the BIR by Feb 28 for 2026
  ])(
    'at %s picks the month just ended, %s %s, and the year-end forms of %s',
    async (now, year, month, last) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      renderPage([period]);
      const card = within(
        (await screen.findByRole('heading', { name: 'SSS contributions (R-3)' })).closest('section')!,
      );
      const [yearBox, monthBox] = card.getAllByRole('combobox');
      expect(yearBox!.textContent).toBe(year);
      expect(monthBox!.textContent).toBe(month);
      const annual = within(
        (await screen.findByRole('heading', { name: 'BIR 1604-C alphalist' })).closest('section')!,
      );
      expect(annual.getAllByRole('combobox')[0]!.textContent).toBe(last);
      const worksheet = within(
        (await screen.findByRole('heading', { name: '13th month pay' })).closest('section')!,
      );
      expect(worksheet.getAllByRole('combobox')[0]!.textContent).toBe(year);
    },
    // The page's first render in a busy run (its cards' lazy parts) took 15.7 s of the default 15.
    30_000,
  );

  it('shows an empty state and only loan balances when no period is finalised', async () => {
    renderPage([]);
    expect(await screen.findByText('No payroll period is finalised yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Loan balances' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payroll register' })).toBeNull();
  });

  it('downloads the newest finalised period unless another is chosen', async () => {
    download.mockResolvedValue({
      blob: new Blob(['x']),
      fileName: 'payroll-register.pdf',
      headers: new Headers(),
    });
    const older = {
      ...period,
      Id: OLDER,
      Name: 'Oct 16-31 2026',
      CutoffStart: '2026-10-16',
      CutoffEnd: '2026-10-31',
    };
    renderPage([period, older]);
    const card = (await screen.findByRole('heading', { name: 'Payroll register' })).closest('section')!;
    const pdf = within(card as HTMLElement).getByRole('button', { name: 'Payroll register: download PDF' });
    // The newest period is shown as chosen once the periods are in.
    expect(
      await within(card as HTMLElement).findByText('Nov 1-15 2026 (Nov 1, 2026 – Nov 15, 2026)'),
    ).toBeTruthy();
    fireEvent.click(pdf);
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith(
        `/api/v1/payroll/reports/register?PayrollPeriodId=${PERIOD}&Format=pdf`,
      ),
    );
    await waitFor(() => expect(saveFile).toHaveBeenCalled());

    fireEvent.mouseDown(within(card as HTMLElement).getByRole('combobox', { name: /^Finalised period/ }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Oct 16-31 2026 (Oct 16, 2026 – Oct 31, 2026)' }),
    );
    fireEvent.click(pdf);
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith(
        `/api/v1/payroll/reports/register?PayrollPeriodId=${OLDER}&Format=pdf`,
      ),
    );
  });

  // Review: the period list held the newest 100 finalised and 100 paid periods, so older ones (or a year of many
  // final pays) could not be chosen; now a year is chosen and all its closed periods are listed.
  it(
    'lists every closed period of the year chosen, older years and many final pays included',
    { timeout: 30_000 },
    async () => {
      download.mockResolvedValue({ blob: new Blob(['x']), fileName: 'r.pdf', headers: new Headers() });
      const finalPays = Array.from({ length: 130 }, (_, i) => ({
        ...period,
        Id: `7b0f2f3e-2222-4c2b-9a57-${String(i).padStart(12, '0')}`,
        Name: `Final pay ${i + 1}`,
        CutoffStart: '2026-06-01',
        CutoffEnd: '2026-06-10',
      }));
      const old = {
        ...period,
        Id: OLDER,
        Name: 'Jan 1-15 2021',
        CutoffStart: '2021-01-01',
        CutoffEnd: '2021-01-15',
      };
      renderPage([period, ...finalPays, old]);
      const card = within(
        (await screen.findByRole('heading', { name: 'Payroll register' })).closest('section')!,
      );
      await card.findByText('Nov 1-15 2026 (Nov 1, 2026 – Nov 15, 2026)');
      fireEvent.mouseDown(card.getByRole('combobox', { name: /^Finalised period/ }));
      expect(await screen.findByRole('option', { name: /^Final pay 130 / })).toBeTruthy();
      expect(screen.getAllByRole('option')).toHaveLength(131);
      fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
      // 2021 is offered (the oldest closed period's year, beyond the last six) and lists its period.
      fireEvent.mouseDown(card.getByRole('combobox', { name: /^Year/ }));
      fireEvent.click(await screen.findByRole('option', { name: '2021' }));
      expect(await card.findByText('Jan 1-15 2021 (Jan 1, 2021 – Jan 15, 2021)')).toBeTruthy();
      fireEvent.click(card.getByRole('button', { name: 'Payroll register: download PDF' }));
      await waitFor(() =>
        expect(download).toHaveBeenCalledWith(
          `/api/v1/payroll/reports/register?PayrollPeriodId=${OLDER}&Format=pdf`,
        ),
      );
    },
  );

  it("says which employees a bank's file left out: they bank elsewhere and need their own bank's file", async () => {
    const warning = vi.spyOn(toast, 'warning');
    download.mockResolvedValue({
      blob: new Blob(['x']),
      fileName: 'bank.csv',
      headers: new Headers({ 'X-Bank-File-Left-Out': 'DM-0101,DM-0103' }),
    });
    renderPage([period]);
    const card = (await screen.findByRole('heading', { name: 'Bank payroll credit file' })).closest(
      'section',
    )!;
    await within(card as HTMLElement).findByText('Nov 1-15 2026 (Nov 1, 2026 – Nov 15, 2026)');
    fireEvent.click(
      within(card as HTMLElement).getByRole('button', { name: 'Bank payroll credit file: download' }),
    );
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(warning).toHaveBeenCalledWith(expect.stringContaining('DM-0101, DM-0103'), { autoClose: false });
    warning.mockRestore();
  });

  it("fills in a bank's company code and funding account from Payroll Settings, and says where they come from", async () => {
    renderPage([period]);
    const card = within(
      (await screen.findByRole('heading', { name: 'Bank payroll credit file' })).closest('section')!,
    );
    const choose = async (bank: string) => {
      fireEvent.mouseDown(card.getByRole('combobox', { name: 'Bank' }));
      fireEvent.click(await screen.findByRole('option', { name: bank }));
    };
    await choose('BDO payroll file');
    expect(card.getByLabelText<HTMLInputElement>('Company code').value).toBe('DEMO1');
    expect(card.getByLabelText<HTMLInputElement>('Funding account').value).toBe('001234567890');
    expect(card.getByText('Filled in from Payroll Settings.')).toBeTruthy();
    await choose('BPI payroll file');
    expect(card.getByLabelText<HTMLInputElement>('Company code').value).toBe('');
    expect(card.getByText(/Save the company code and funding account in Payroll Settings/)).toBeTruthy();
  });

  it("keeps a refused download's reason in the card, with the missing cut-offs, until the inputs change or a download succeeds", async () => {
    // Sweep D finding 5: the 409 of a month not complete was a 7-second toast far from the card.
    const error = vi.spyOn(toast, 'error');
    const detail =
      'December 2026 is not complete: the 1–15 December cut-off is not finalised (no payroll period covers it ' +
      'yet); the 16–31 December cut-off is not finalised ("December 2026 2nd cut-off" is computed). A monthly ' +
      "report is made once every cut-off of the month is finalised, so that it carries the whole month's " +
      'contributions and tax.';
    download.mockRejectedValue(
      new ApiError(409, { status: 409, title: 'Conflict', detail, type: 'urn:problem:invalid-state' }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T01:00:00Z')); // November by default; October is a change
    renderPage([period]);
    const card = (await screen.findByRole('heading', { name: 'BIR 1601-C' })).closest(
      'section',
    ) as HTMLElement;
    const inCard = within(card);
    fireEvent.click(inCard.getByRole('button', { name: 'BIR 1601-C: download Excel' }));
    const alert = await inCard.findByRole('alert');
    expect(alert.textContent).toContain('December 2026 is not complete.');
    const items = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'The 1–15 December cut-off is not finalised (no payroll period covers it yet).',
      'The 16–31 December cut-off is not finalised ("December 2026 2nd cut-off" is computed).',
    ]);
    expect(alert.textContent).toContain(
      'A monthly report is made once every cut-off of the month is finalised',
    );
    expect(
      within(alert)
        .getByRole('link', { name: /Payroll › Periods/ })
        .getAttribute('href'),
    ).toBe('/payroll/payroll-periods');
    expect(error).not.toHaveBeenCalled();
    // It stays (no timer) and goes when the month changes.
    fireEvent.mouseDown(inCard.getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByRole('option', { name: 'October' }));
    await waitFor(() => expect(inCard.queryByRole('alert')).toBeNull());

    // Any other problem with a detail is shown the same; a download that succeeds clears it.
    download.mockRejectedValueOnce(
      new ApiError(404, {
        status: 404,
        title: 'Not Found',
        detail: 'No finalised payslips for October 2026.',
      }),
    );
    fireEvent.click(inCard.getByRole('button', { name: 'BIR 1601-C: download PDF' }));
    expect((await inCard.findByRole('alert')).textContent).toContain(
      'No finalised payslips for October 2026.',
    );
    expect(inCard.queryByRole('link', { name: /Payroll › Periods/ })).toBeNull();
    download.mockResolvedValueOnce({ blob: new Blob(['x']), fileName: 'bir.pdf', headers: new Headers() });
    fireEvent.click(inCard.getByRole('button', { name: 'BIR 1601-C: download PDF' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(inCard.queryByRole('alert')).toBeNull();
    error.mockRestore();
  });
});
