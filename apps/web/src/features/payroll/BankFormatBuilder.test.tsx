import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PAYROLL_BANK_FORMAT_MSG, Role, type BankFileFormatInput } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { BankFormatBuilder } from './BankFormatBuilder';
import { BankSettingsModal } from './BankSettingsModal';

const SETTINGS = { template: 'plainCsv' as const, debitAccountNumber: '50200012345678', debitIfsc: 'HDFC0000001', bankFormat: null, bankFormatName: null, updatedAt: null, updatedByName: null };

function render(ui: React.ReactNode, replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId: Role.Administrator, accessableFeatures: [{ key: 'Payroll' }] });
  setSessionUser(user);
  renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, { user });
  return calls;
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bank file format', () => {
  it('chooses a bank preset, says it is unverified, and saves the choice', async () => {
    const calls = render(<BankSettingsModal settings={SETTINGS} onClose={() => undefined} />, {
      'GET /PayrollBankFormats': ok([]),
      'PUT /PayrollBankSettings': ok({ ...SETTINGS, bankFormat: 'icici-cib', bankFormatName: 'ICICI Bank CIB bulk upload' }),
    });
    expect(await screen.findByText(/No formats of your own yet/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Bank file format' })).toHaveValue('Generic template (below)');
    expect(screen.queryByText('Unverified')).not.toBeInTheDocument();
    await choose('Bank file format', 'ICICI Bank CIB bulk upload (unverified)');
    expect(screen.getByText('Unverified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toMatchObject({ bankFormat: 'icici-cib', debitAccountNumber: '50200012345678' });
  });

  it('builds a format from a preset with a live preview, and reorders and removes columns', async () => {
    render(<BankFormatBuilder format={null} onClose={() => undefined} />, {});
    const dialog = await screen.findByRole('dialog', { name: 'New bank file format' });
    await choose('Start from', 'Axis Bank corporate bulk upload (unverified)');
    // Axis's preset is an Excel sheet: the preview is its rows, cell by cell (joined by commas here to compare).
    const preview = () =>
      within(within(dialog).getByTestId('format-preview-sheet'))
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent).join(','))
        .join('\n');
    // The sample: Aditi (HDFC, same bank as the sample debit account), Anita (₹2,50,000: RTGS), Sean (NEFT).
    expect(preview().split('\n').slice(0, 3)).toEqual([
      'Payment Method Name,Payment Amount (Request),Activation Date,Beneficiary Name (Request),Account No,Email,Email Body,Debit Account No,CRN No,RECEIVER IFSC Code,RECEIVER Account Type,Remarks,Phone No',
      'I,40000.00,30-11-2026,ADITI SHARMA,50100111122223,aditi@example.in,,50200012345678,SAL261100000101,HDFC0001753,10,Salary Nov 2026,',
      'R,250000.00,30-11-2026,ANITA RAO,040900011122,anita@example.in,,50200012345678,SAL261100000201,ICIC0000409,10,Salary Nov 2026,',
    ]);
    expect(within(dialog).getByRole('combobox', { name: 'File type' })).toHaveValue('.xlsx (Excel)');
    expect(within(dialog).getByRole('combobox', { name: 'Separator' })).toBeDisabled();
    expect(within(dialog).getAllByTestId('format-column')).toHaveLength(13);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move column 2 up' }));
    expect(preview().split('\n')[0]).toMatch(/^Payment Amount \(Request\),Payment Method Name,Activation Date,/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove column 12' }));
    expect(within(dialog).getAllByTestId('format-column')).toHaveLength(12);
    expect(preview().split('\n')[0]).not.toContain('Remarks');
    // Too narrow a name column: the sample that does not fit is named, not cut.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Column 4 width' }), { target: { value: '5' } });
    expect(await within(dialog).findByText(/ADITI SHARMA" is longer than the column's 5 characters/)).toBeInTheDocument();
  }, 60_000);

  it('turns a separated format into an Excel sheet and back: the file type follows the layout', async () => {
    render(<BankFormatBuilder format={null} onClose={() => undefined} />, {});
    const dialog = await screen.findByRole('dialog', { name: 'New bank file format' });
    const fileType = () => within(dialog).getByRole('combobox', { name: 'File type' });
    expect(fileType()).toHaveValue('.txt');
    await userEvent.click(within(dialog).getByText('Excel sheet'));
    expect(fileType()).toHaveValue('.xlsx (Excel)');
    expect(within(dialog).getByRole('combobox', { name: 'Line ending' })).toBeDisabled();
    expect(within(dialog).getByTestId('format-preview-sheet')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Separated'));
    expect(fileType()).toHaveValue('.csv');
    expect(within(dialog).getByTestId('format-preview').textContent).toContain('Salary Nov 2026');
  }, 60_000);

  it('needs a name, then saves the format', async () => {
    const calls = render(<BankFormatBuilder format={null} onClose={() => undefined} />, {
      'POST /PayrollBankFormats': (call) => ok({ ...(JSON.parse(String(call.init.body)) as BankFileFormatInput), id: '6f1c8b1e-1111-4111-8111-111111111111', updatedAt: '2026-11-29T00:00:00.000Z' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'New bank file format' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save format' }));
    expect(await within(dialog).findByText(PAYROLL_BANK_FORMAT_MSG.nameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'HDFC payroll' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save format' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.init.body)) as BankFileFormatInput;
    expect(body).toMatchObject({ name: 'HDFC payroll', layout: 'delimited', separator: ',', paymentMode: { rtgsFrom: 200_000 } });
    expect(body.columns).toHaveLength(28);
  }, 60_000);
});
