import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PAYROLL_BANK_MSG, Role, type BankFilePreview, type BankPayments, type PayrollReport, type RoleId } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { BankFileModal } from './BankFileModal';
import { BankPaymentsPanel } from './BankPaymentsPanel';
import { BankReturnModal } from './BankReturnModal';
import { PayrollReportsPage, summaryText } from './PayrollReportsPage';
import { RUN_ID, makeRun } from './test-data';

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });
const finalized = makeRun({ status: 'finalized', finalizedAt: '2026-11-28T11:00:00.000Z', finalizedByName: 'Anita Rao' });

const PREVIEW: BankFilePreview = {
  runId: RUN_ID,
  month: '2026-11',
  template: 'plainCsv',
  formatName: null,
  scope: 'all',
  valueDate: '2026-11-30',
  fileName: 'Bank-Transfer-November-2026.csv',
  employees: 2,
  total: 92_000,
  runNetPay: 163_550,
  excludedNetPay: 71_550,
  explanation: ['Net pay of November 2026: ₹1,63,550 for 3 payslips', 'Less payout on hold: ₹71,550 (1 employee)', 'File total: ₹92,000 for 2 payments'],
  debitAccount: null,
  records: [],
  excluded: [{ payslipId: 'p3', employeeNumber: 'NIL003', name: 'Rahul Sharma', netPay: 71_550, reason: 'payoutHold', reasonText: 'Payout on hold', reference: null }],
  failedCount: 0,
  formatProblems: [],
};

const SETTINGS = { template: 'plainCsv', debitAccountNumber: null, debitIfsc: null, bankFormat: null, bankFormatName: null, updatedAt: null, updatedByName: null };

function render(ui: React.ReactNode, replies: Parameters<typeof mockFetch>[0], roleId: RoleId = Role.Administrator) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId, accessableFeatures: [{ key: 'Payroll' }, { key: 'Payslips' }] });
  setSessionUser(user);
  renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, { user });
  return calls;
}

/** Mantine's FileInput is a button over a hidden file input. */
function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bank transfer file', () => {
  it('shows the control figures, how the total is reached and who is left out, then downloads the file', async () => {
    const calls = render(<BankFileModal run={finalized} scope="all" onClose={() => undefined} today="2026-11-29" />, {
      'GET /PayrollBankSettings': ok(SETTINGS),
      [`GET /PayrollRuns/${RUN_ID}/bank-file/preview`]: ok(PREVIEW),
      [`GET /PayrollRuns/${RUN_ID}/bank-file`]: new Response('SAL...\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Bank transfer file — November 2026' });
    expect(await within(dialog).findByLabelText('Payments in the file: 2')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('File total: ₹92,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Template:')).toHaveTextContent('Template: CSV without header');
    const how = within(dialog).getByRole('list', { name: 'How the file total is reached' });
    expect(within(how).getAllByRole('listitem').map((li) => li.textContent)).toEqual(PREVIEW.explanation);
    const left = within(dialog).getByRole('table', { name: 'Left out of the bank file' });
    expect(within(left).getByText('Rahul Sharma')).toBeInTheDocument();
    expect(within(left).getByText('Payout on hold')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Value date')).toHaveValue('30/11/2026');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Download file' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/PayrollRuns/${RUN_ID}/bank-file` && c.search.includes('scope=all'))).toBe(true));
  }, 20_000);

  it('lists why the chosen bank format cannot write the file, and does not offer the download', async () => {
    const problem = 'Aditi Sharma (EMP001): NAME "ADITI SHARMA" is longer than the column\'s 5 characters';
    render(<BankFileModal run={finalized} scope="all" onClose={() => undefined} today="2026-11-29" />, {
      'GET /PayrollBankSettings': ok({ ...SETTINGS, bankFormat: '6f1c8b1e-1111-4111-8111-111111111111', bankFormatName: 'Our format' }),
      [`GET /PayrollRuns/${RUN_ID}/bank-file/preview`]: ok({ ...PREVIEW, formatName: 'Our format', fileName: 'Bank-Transfer-November-2026.txt', formatProblems: [problem] }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Bank transfer file — November 2026' });
    expect(await within(dialog).findByText('The file cannot be written in Our format')).toBeInTheDocument();
    expect(within(dialog).getByText(problem)).toBeInTheDocument();
    expect(within(dialog).getByText('Template:')).toHaveTextContent('Template: Our format');
    expect(within(dialog).getByRole('button', { name: 'Download file' })).toBeDisabled();
  }, 20_000);

  it('puts the server’s value-date message on the field and disables the download when nobody is paid', async () => {
    render(<BankFileModal run={finalized} scope="all" onClose={() => undefined} today="2026-11-29" />, {
      'GET /PayrollBankSettings': ok(SETTINGS),
      [`GET /PayrollRuns/${RUN_ID}/bank-file/preview`]: ok({ ...PREVIEW, employees: 0, total: 0, failedCount: 1 }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Nobody to pay in this file/)).toHaveTextContent('1 failed payment is re-exported from “Re-export failed”.');
    expect(within(dialog).getByRole('button', { name: 'Download file' })).toBeDisabled();
  });

  it('shows the value-date refusal under the field', async () => {
    render(<BankFileModal run={finalized} scope="all" onClose={() => undefined} today="2026-11-29" />, {
      'GET /PayrollBankSettings': ok(SETTINGS),
      [`GET /PayrollRuns/${RUN_ID}/bank-file/preview`]: jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: `valueDate: ${PAYROLL_BANK_MSG.valueDatePast}`, errors: { valueDate: PAYROLL_BANK_MSG.valueDatePast } }),
    });
    expect(await screen.findByText(PAYROLL_BANK_MSG.valueDatePast)).toBeInTheDocument();
  });
});

describe('bank return file', () => {
  it('lists every refused row with its number; nothing is recorded', async () => {
    render(<BankReturnModal run={finalized} onClose={() => undefined} />, {
      [`POST /PayrollRuns/${RUN_ID}/bank-return`]: jsonResponse(400, {
        statusCode: 400,
        errorCode: 'BANK_RETURN_INVALID',
        message: PAYROLL_BANK_MSG.returnRowsInvalid(2, 3),
        errors: { 'row 12': PAYROLL_BANK_MSG.utrRequired, 'row 3': PAYROLL_BANK_MSG.unknownReference('SAL261199999901') },
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload bank return file — November 2026' });
    await userEvent.upload(fileInput(), new File(['Reference,Status\n'], 'status.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(PAYROLL_BANK_MSG.returnRowsInvalid(2, 3));
    const rows = within(within(alert).getByRole('table', { name: 'Rows with errors' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([`3${PAYROLL_BANK_MSG.unknownReference('SAL261199999901')}`, `12${PAYROLL_BANK_MSG.utrRequired}`]);
  });

  it('refuses a file that is not CSV or Excel before sending it, and shows what a recorded file did', async () => {
    const calls = render(<BankReturnModal run={finalized} onClose={() => undefined} />, {
      [`POST /PayrollRuns/${RUN_ID}/bank-return`]: ok({ fileName: 'status.csv', rows: 3, paid: 2, failed: 1, unchanged: 0, paidAmount: 92_000, failedAmount: 40_000 }),
    });
    const dialog = await screen.findByRole('dialog');
    const input = fileInput();
    await userEvent.upload(input, new File(['%PDF'], 'status.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await within(dialog).findByText(PAYROLL_BANK_MSG.returnFileType)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
    await userEvent.upload(input, new File(['Reference,Status\n'], 'status.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('2 paid · ₹92,000');
    expect(done).toHaveTextContent('1 failed · ₹40,000 — re-export them from “Re-export failed”');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

describe('payments on the run page', () => {
  const PAYMENTS: BankPayments = {
    counts: { notSent: 0, sent: 0, paid: 1, failed: 1, leftOut: 1 },
    paidAmount: 52_000,
    rows: [
      { payslipId: 'p1', userId: 'u1', employeeNumber: 'NIL001', name: 'Aditi Agarwal', netPay: 52_000, state: 'paid', reference: 'SAL261100000101', attempts: 1, utr: 'HDFCN1', reason: null, statusDate: '2026-11-30' },
      { payslipId: 'p2', userId: 'u2', employeeNumber: 'NIL002', name: 'Priya Iyer', netPay: 40_000, state: 'failed', reference: 'SAL261100000201', attempts: 1, utr: null, reason: 'Account closed', statusDate: null },
      { payslipId: 'p3', userId: 'u3', employeeNumber: 'NIL003', name: 'Rahul Sharma', netPay: 71_550, state: 'leftOut', reference: null, attempts: 0, utr: null, reason: 'Payout on hold', statusDate: null },
    ],
  };

  it('counts each status, lists the payments by status, offers the re-export of the failed one', async () => {
    render(<BankPaymentsPanel run={finalized} />, { [`GET /PayrollRuns/${RUN_ID}/payments`]: ok(PAYMENTS) });
    const counts = await screen.findByRole('list', { name: 'Payment status counts' });
    expect(within(counts).getByLabelText('Paid: 1')).toBeInTheDocument();
    expect(within(counts).getByLabelText('Failed: 1')).toBeInTheDocument();
    expect(within(counts).getByLabelText('Left out: 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-export failed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload return file' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show payments (3)' })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Show payments (3)' }));
    // The list opens with a transition: wait for it as a person would.
    await userEvent.click(await screen.findByRole('radio', { name: 'Failed' }));
    const table = await screen.findByRole('table', { name: 'Payments' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Account closed')).toBeInTheDocument();
  });

  it('offers the released payouts’ own bank file once a hold is released after finalize, and downloads it with scope=released', async () => {
    const released = makeRun({ ...finalized, status: 'paid', holds: { payout: 0, processing: 0, released: 1, releasedUnpaid: 1 } });
    const calls = render(<BankPaymentsPanel run={released} />, {
      [`GET /PayrollRuns/${RUN_ID}/payments`]: ok(PAYMENTS),
      'GET /PayrollBankSettings': ok(SETTINGS),
      [`GET /PayrollRuns/${RUN_ID}/bank-file/preview`]: ok({
        ...PREVIEW,
        scope: 'released',
        fileName: 'Bank-Transfer-November-2026-Released.csv',
        employees: 1,
        total: 71_550,
        explanation: ['Payouts of November 2026 released from hold after finalize', 'File total: ₹71,550 for 1 payment'],
        excluded: [],
      }),
      [`GET /PayrollRuns/${RUN_ID}/bank-file`]: new Response('SAL...\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Released payouts (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Released payouts — November 2026' });
    expect(await within(dialog).findByLabelText('File total: ₹71,550')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === `/PayrollRuns/${RUN_ID}/bank-file/preview` && c.search.includes('scope=released'))).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download file' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/PayrollRuns/${RUN_ID}/bank-file` && c.search.includes('scope=released'))).toBe(true));
  }, 20_000);

  it('has no released-payouts file while nothing is released', async () => {
    render(<BankPaymentsPanel run={finalized} />, { [`GET /PayrollRuns/${RUN_ID}/payments`]: ok(PAYMENTS) });
    expect(await screen.findByRole('button', { name: 'Bank transfer file' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Released payouts/ })).not.toBeInTheDocument();
  });

  it('a Moderator downloads files but does not record return files', async () => {
    render(<BankPaymentsPanel run={finalized} />, { [`GET /PayrollRuns/${RUN_ID}/payments`]: ok(PAYMENTS) }, Role.Moderator);
    expect(await screen.findByRole('button', { name: 'Bank transfer file' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload return file' })).not.toBeInTheDocument();
  });
});

describe('payroll reports page', () => {
  const REPORT: PayrollReport = {
    id: 'r1',
    runId: RUN_ID,
    month: '2026-11',
    kind: 'bank',
    fileName: 'Bank-Transfer-November-2026.csv',
    employees: 2,
    total: 92_000,
    summary: { employees: 2, total: 92_000, template: 'plainCsv', scope: 'all', valueDate: '2026-11-30', leftOut: 1 },
    generatedBy: 'u1',
    generatedByName: 'Anita Rao',
    generatedAt: '2026-11-29T05:00:00.000Z',
  };

  it('lists the month’s outputs with their actions and every file generated, newest first', async () => {
    const calls = render(<PayrollReportsPage />, {
      'GET /PayrollRuns': list([makeRun({ id: 'next', month: '2026-12', status: 'draft', processedAt: null }), finalized]),
      'GET /PayrollReports': list([REPORT]),
      'GET /PayrollBankSettings': ok(SETTINGS),
      [`GET /PayrollRuns/${RUN_ID}/payments`]: ok({ counts: { notSent: 2, sent: 0, paid: 0, failed: 0, leftOut: 1 }, paidAmount: 0, rows: [] }),
    });
    const outputs = await screen.findByRole('table', { name: 'Payroll outputs' });
    expect(within(outputs).getByText('Payroll register')).toBeInTheDocument();
    expect(within(outputs).getByRole('button', { name: 'Download register' })).toBeInTheDocument();
    expect(within(outputs).getByRole('button', { name: 'Bank transfer file' })).toBeInTheDocument();
    const files = await screen.findByRole('table', { name: 'Generated files' });
    const [row] = within(files).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Bank transfer file');
    expect(row).toHaveTextContent('Bank-Transfer-November-2026.csv');
    expect(row).toHaveTextContent('₹92,000');
    expect(row).toHaveTextContent('CSV without header · all payments · value date 30 Nov 2026 · 1 left out');
    expect(row).toHaveTextContent('Anita Rao');
    expect(calls.find((c) => c.path === '/PayrollReports')?.search).toBe('?month=2026-11');
  });

  it('says when a month has no files yet, and that the bank file waits for the finalize', async () => {
    render(<PayrollReportsPage />, {
      'GET /PayrollRuns': list([makeRun()]),
      'GET /PayrollReports': list([]),
      'GET /PayrollBankSettings': ok(SETTINGS),
    });
    expect(await screen.findByText('No files have been generated for November 2026 yet.')).toBeInTheDocument();
    expect(screen.getByText('Ready once the month is finalized')).toBeInTheDocument();
  });

  it('describes a return file by its counts', () => {
    expect(summaryText({ kind: 'bank-return', summary: { paid: 5, failed: 1, unchanged: 2 } })).toBe('5 paid · 1 failed · 2 unchanged');
  });
});
