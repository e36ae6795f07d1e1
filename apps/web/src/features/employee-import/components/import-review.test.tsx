import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { EmployeeImport } from '@hrpay/contracts';
import { anImport } from '../import-fixtures';
import { FIX_AND_UPLOAD_AGAIN, ImportReview } from './import-review';

function renderReview(job: EmployeeImport) {
  const handlers = { onCommit: vi.fn(), onDiscard: vi.fn(), onStartOver: vi.fn(), onUploadAgain: vi.fn() };
  render(
    <MemoryRouter>
      <ImportReview job={job} {...handlers} />
    </MemoryRouter>,
  );
  return handlers;
}

const figure = (label: string) => {
  const summary = screen.getByLabelText('Summary of the file');
  const term = within(summary).getByText(label);
  return term.nextElementSibling?.textContent;
};

describe('ImportReview', () => {
  it('Ready: summary, lookups to add, sample rows, and an import button naming the count', () => {
    const handlers = renderReview(
      anImport({
        Status: 'Ready',
        TotalRows: 1250,
        CreateCount: 1200,
        UpdateCount: 40,
        UnchangedCount: 10,
        LookupsToCreate: [
          { Kind: 'Department', Name: 'Operations' },
          { Kind: 'Position', Name: 'Line Lead' },
        ],
        SampleRows: [
          {
            Row: 2,
            Action: 'Create',
            Values: {
              EmployeeNumber: 'E-0001',
              LastName: 'Dela Cruz',
              FirstName: 'Juan',
              Department: 'Operations',
              Position: 'Line Lead',
              HireDate: '2024-01-15',
              BasicRate: '25000.00',
            },
          },
        ],
      }),
    );

    expect(screen.getByText('No errors found')).toBeTruthy();
    expect(figure('Total rows')).toBe('1,250');
    expect(figure('To create')).toBe('1,200');
    expect(figure('To update')).toBe('40');
    expect(figure('Unchanged')).toBe('10');
    expect(figure('Errors')).toBe('0');
    const lookups = screen.getByRole('list', { name: 'Will also be added' });
    expect(within(lookups).getByText('New department: Operations')).toBeTruthy();
    expect(within(lookups).getByText('New position: Line Lead')).toBeTruthy();
    expect(screen.getByText('The first 1 of 1,240 rows to create or update.')).toBeTruthy();
    const sample = screen.getByRole('grid', { name: 'Sample rows' });
    expect(within(sample).getByText('E-0001')).toBeTruthy();
    expect(within(sample).getByText('₱25,000.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Import 1,240 employees' }));
    expect(handlers.onCommit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(handlers.onDiscard).toHaveBeenCalledTimes(1);
  });

  it('Ready with nothing to change offers no import, only discard', () => {
    renderReview(
      anImport({ Status: 'Ready', TotalRows: 2, CreateCount: 0, UpdateCount: 0, UnchangedCount: 2 }),
    );
    expect(screen.getByText('Nothing to import')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('NothingToImport: a final state that says every row is already stored, with a way to upload again', () => {
    const handlers = renderReview(
      anImport({
        Status: 'NothingToImport',
        TotalRows: 3,
        CreateCount: 0,
        UpdateCount: 0,
        UnchangedCount: 3,
      }),
    );
    expect(screen.getByText('Nothing to import')).toBeTruthy();
    expect(screen.getByText(/matches the records already stored \(3 unchanged\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    expect(handlers.onCommit).not.toHaveBeenCalled();
  });

  it('Invalid: tells to fix and upload again, lists the errors, notes when only the first are shown', () => {
    const errors = Array.from({ length: 200 }, (_, index) => ({
      Row: index + 2,
      Column: 'HireDate',
      Value: '15/01/2024',
      Message: 'HireDate must be a date written YYYY-MM-DD',
    }));
    errors[0] = { Row: 2, Column: 'TIN', Value: '12345', Message: 'TIN must have 9 or 12 digits' };
    const handlers = renderReview(
      anImport({
        Status: 'Invalid',
        TotalRows: 5000,
        CreateCount: 0,
        UpdateCount: 0,
        ErrorCount: 1234,
        Errors: errors,
      }),
    );

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(FIX_AND_UPLOAD_AGAIN);
    expect(alert.textContent).toContain('employees.xlsx has 1,234 errors. Nothing was imported.');
    expect(figure('Errors')).toBe('1,234');
    expect(screen.getByText('Showing the first 200 of 1,234 errors.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download all errors (CSV)' })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Errors' });
    expect(within(grid).getByText('TIN must have 9 or 12 digits')).toBeTruthy();
    expect(within(grid).getByText('12345')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Upload corrected file' }));
    expect(handlers.onUploadAgain).toHaveBeenCalledTimes(1);
  });

  it('Invalid with every error in the preview has no "first N" note', () => {
    renderReview(
      anImport({
        Status: 'Invalid',
        ErrorCount: 1,
        Errors: [{ Row: 3, Column: 'EmployeeNumber', Value: '', Message: 'EmployeeNumber is required' }],
      }),
    );
    expect(screen.queryByText(/Showing the first/)).toBeNull();
    expect(screen.getByText('EmployeeNumber is required')).toBeTruthy();
  });

  it('Failed: shows the server message', () => {
    renderReview(
      anImport({
        Status: 'Failed',
        Message:
          'The import was interrupted (the server restarted). Nothing was changed; upload the file again.',
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The import failed');
    expect(alert.textContent).toContain('The import was interrupted (the server restarted).');
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });

  it('Validating: a progress bar at the job percentage with the server message', () => {
    renderReview(anImport({ Status: 'Validating', Progress: 42, Message: 'Checking rows' }));
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
    expect(screen.getByText('Checking rows')).toBeTruthy();
  });

  it('Committed: the counts and a way to import another file', () => {
    const handlers = renderReview(anImport({ Status: 'Committed', CreateCount: 1200, UpdateCount: 40 }));
    expect(screen.getByText('Import complete: 1,200 created, 40 updated')).toBeTruthy();
    // The company name brings its own full stop.
    expect(screen.getByText('employees.xlsx was imported into Demo Manufacturing Inc.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    expect(handlers.onStartOver).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to companies' }).getAttribute('href')).toBe(
      '/admin/companies',
    );
  });
});
