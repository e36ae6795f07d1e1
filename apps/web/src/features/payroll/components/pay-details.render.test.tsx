import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EmployeePayRow, Loan, RateImportResult } from '@hrpay/contracts';
import { ConfirmProvider } from '@/components/confirm-dialog';
import { PayDetailsDrawer } from './pay-details-drawer';
import { RateImportDialog } from './rate-import-dialog';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <ConfirmProvider>{ui}</ConfirmProvider>
    </QueryClientProvider>,
  );

const result = (over: Partial<RateImportResult>): RateImportResult => ({
  FileName: 'rates.csv',
  TotalRows: 1,
  NewRows: 1,
  UnchangedRows: 0,
  ErrorRows: 0,
  Errors: [],
  Rows: [
    {
      Row: 2,
      EmployeeNumber: 'DM-0003',
      EmployeeName: 'Ana Cruz',
      EffectiveDate: '2026-12-01',
      RateType: 'Monthly',
      Rate: '30000.00',
      Action: 'New',
    },
  ],
  Committed: false,
  ...over,
});

const choose = () =>
  fireEvent.change(screen.getByLabelText('Rate file'), {
    target: { files: [new File(['EmployeeNumber\n'], 'rates.csv', { type: 'text/csv' })] },
  });

describe('rate import dialog', () => {
  it('lists the row errors of a preview and keeps Save disabled', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        200,
        result({
          NewRows: 0,
          ErrorRows: 1,
          Errors: [{ Row: 3, Column: 'Rate', Value: 'abc', Message: 'Enter an amount in pesos' }],
        }),
      ),
    );
    wrap(<RateImportDialog onClose={() => {}} />);
    choose();
    const table = await screen.findByRole('table', { name: 'Row errors' });
    expect(table.textContent).toContain('abc');
    expect(screen.getByRole('button', { name: /Save.*Rates/ })).toHaveProperty('disabled', true);
  });

  it('commits a clean preview and closes', async () => {
    const onClose = vi.fn();
    fetchMock.mockResolvedValueOnce(json(200, result({})));
    wrap(<RateImportDialog onClose={onClose} />);
    choose();
    expect((await screen.findByRole('table', { name: 'Rates in the file' })).textContent).toContain(
      '₱30,000.00',
    );
    fetchMock.mockResolvedValueOnce(json(200, result({ Committed: true })));
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 Rates' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[1]![0])).toContain('/rate-imports/commit');
  });
});

const employee: EmployeePayRow = {
  EmployeeId: '11111111-1111-4111-8111-111111111111',
  EmployeeNumber: 'DM-0001',
  FullName: 'Maria Santos',
  DepartmentName: 'Finance',
  RateType: 'Monthly',
  Rate: '23500.00',
  PaymentMethod: 'Bank',
  BankName: 'BDO',
  IsMinimumWageEarner: false,
  NoRate: false,
  NoBankAccount: true,
  MissingTIN: false,
  MissingSSS: false,
  MissingPhilHealth: false,
  MissingPagIbig: false,
};

describe('payroll details drawer', () => {
  it('shows the profile with its flags, then the loans with balance and ledger', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/loans')) {
        const loan: Loan = {
          LoanId: '22222222-2222-4222-8222-222222222222',
          EmployeeId: employee.EmployeeId,
          LoanTypeId: '33333333-3333-4333-8333-333333333333',
          LoanTypeCode: 'SSS-SAL',
          LoanTypeName: 'SSS Salary Loan',
          ReferenceNumber: null,
          Principal: '20000.00',
          Amortization: '1000.00',
          StartDate: '2026-01-01',
          Status: 'Active',
          Remarks: null,
          TotalPaid: '5000.10',
          Balance: '14999.90',
          Ledger: [
            {
              LoanLedgerEntryId: '44444444-4444-4444-8444-444444444444',
              EntryDate: '2026-02-01',
              Kind: 'Adjustment',
              Amount: '5000.10',
              PayrollPeriodId: null,
              Remarks: 'Over the counter',
              CreatedAt: '2026-02-01T00:00:00Z',
            },
          ],
          RowVersion: 1,
          CreatedAt: '2026-01-01T00:00:00Z',
        };
        return json(200, [loan]);
      }
      return json(200, {
        EmployeeId: employee.EmployeeId,
        EmployeeNumber: 'DM-0001',
        FullName: 'Maria Santos',
        DepartmentName: 'Finance',
        HireDate: '2020-01-06',
        Status: 'Active',
        TIN: '123-456-789-000',
        SSSNumber: null,
        PhilHealthNumber: null,
        PagIbigNumber: null,
        CurrentRate: {
          EffectiveFrom: '2020-01-06',
          RateType: 'Monthly',
          Rate: '23500.00',
          HoursPerDay: '8.00',
          ColaPerDay: '0.00',
        },
        Flags: ['NoBankAccount'],
        UpdatedAt: null,
        IsMinimumWageEarner: false,
        PaymentMethod: 'Bank',
        ExemptSss: false,
        ExemptPhilHealth: false,
        ExemptPagIbig: false,
        ExemptWithholdingTax: false,
        Divisor: null,
        BankName: 'BDO',
        BankAccountNumber: null,
        RowVersion: 1,
      });
    });
    wrap(<PayDetailsDrawer employee={employee} onClose={() => {}} />);
    expect(await screen.findByText('Rate in force: ₱23,500.00 a month since Jan 6, 2020')).toBeTruthy();
    expect(screen.getByText('No bank account')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Loans' }));
    expect(await screen.findByText('₱14,999.90')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ledger (1)' }));
    expect(await screen.findByText('Over the counter')).toBeTruthy();
    // A loan with ledger entries can no longer be edited, only adjusted or cancelled.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Adjust' })).toBeTruthy();
  });

  it('lists the deductions carried from earlier payrolls under the recurring items, and waives one with a reason', async () => {
    const open = {
      CarryoverId: '55555555-5555-4555-8555-555555555555',
      FromPeriodName: 'November 2026 1st cut-off',
      FromPeriodKind: 'Regular',
      FromPayDate: '2026-11-20',
      Code: 'ADV',
      Description: 'Cash advance',
      Amount: '12000.00',
      Status: 'Open',
      TakenInPeriodName: null,
      WaivedAt: null,
      WaivedByName: null,
      WaiveReason: null,
    };
    const deducted = {
      ...open,
      CarryoverId: '66666666-6666-4666-8666-666666666666',
      Code: 'UNION',
      Description: 'Union dues',
      Amount: '150.00',
      Status: 'Taken',
      TakenInPeriodName: 'November 2026 2nd cut-off',
    };
    let waived = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/waive')) {
        waived = true;
        expect(JSON.parse(String(init?.body))).toEqual({ Reason: 'Forgiven by management' });
        return json(200, {
          ...open,
          Status: 'Waived',
          WaiveReason: 'Forgiven by management',
          WaivedByName: 'Pia Payroll',
        });
      }
      if (url.endsWith('/carried-deductions'))
        return json(200, {
          Items: waived
            ? [
                {
                  ...open,
                  Status: 'Waived',
                  WaiveReason: 'Forgiven by management',
                  WaivedByName: 'Pia Payroll',
                },
                deducted,
              ]
            : [open, deducted],
        });
      if (url.endsWith('/items')) return json(200, []);
      return json(200, {});
    });
    wrap(<PayDetailsDrawer employee={employee} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Recurring items' }));
    const table = await screen.findByRole('table', { name: 'Deductions carried from earlier payrolls' });
    expect(table.textContent).toContain('Cash advance (ADV)');
    expect(table.textContent).toContain('November 2026 1st cut-off, paid Nov 20, 2026');
    expect(table.textContent).toContain('₱12,000.00');
    expect(table.textContent).toContain('Taken up');
    expect(table.textContent).toContain('By November 2026 2nd cut-off (what did not fit is carried again)');
    expect(table.textContent).toContain('Deducted by the next payroll');
    // Only the open one can be waived.
    fireEvent.click(screen.getByRole('button', { name: 'Waive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive Cash advance?' });
    // A reason is required before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Waive' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(waived).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), {
      target: { value: 'Forgiven by management' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await waitFor(() => expect(waived).toBe(true));
    expect(await screen.findByText('Pia Payroll: Forgiven by management')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Waive' })).toBeNull();
  });

  it("records the previous employer's 2316 figures of the year, with the API's messages", async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/previous-employers/2026') && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return json(200, { ...body, EmployeeId: employee.EmployeeId, Year: 2026, RowVersion: 1 });
      }
      if (url.endsWith('/previous-employers')) return json(200, { Items: [] });
      return json(200, {});
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T02:00:00Z'));
    try {
      wrap(<PayDetailsDrawer employee={employee} onClose={() => {}} />);
      fireEvent.click(screen.getByRole('tab', { name: 'Previous employer' }));
      const form = await screen.findByRole('form', { name: 'Previous employer 2026' });
      expect(form.textContent).toContain('No previous employer recorded for 2026.');
      fireEvent.change(within(form).getByLabelText(/Employer TIN/), { target: { value: '12' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
      // The API's own messages, before anything is sent.
      expect(await within(form).findByText('Enter the TIN as 000-000-000-000')).toBeTruthy();
      expect(within(form).getByText('This field is required')).toBeTruthy();
      expect(sent).toEqual([]);
      fireEvent.change(within(form).getByLabelText(/Employer name/), {
        target: { value: 'Acme Trading Corp.' },
      });
      fireEvent.change(within(form).getByLabelText(/Employer TIN/), { target: { value: '111-222-333-000' } });
      fireEvent.change(within(form).getByLabelText('Taxable basic salary'), { target: { value: '300000' } });
      fireEvent.change(within(form).getByLabelText('Tax withheld'), {
        target: { value: '25,000.00' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({
        EmployerName: 'Acme Trading Corp.',
        EmployerTIN: '111-222-333-000',
        TaxableBasic: '300000',
        TaxWithheld: '25,000.00',
        // Left blank: nothing (the API takes it as 0.00).
        Holiday: '',
        RowVersion: 0,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
