import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { FILINGS_MSG, Role, type EcrCheck, type LedgerAccountRow, type PayrollFilings } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { LedgerAccountsPage } from './LedgerAccountsPage';
import { StatutoryFiles } from './StatutoryFiles';
import { RUN_ID, USER_ID, makeRun } from './test-data';

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });
const FINALIZED = makeRun({ status: 'finalized', month: '2026-10', finalizedAt: '2026-10-29T06:00:00.000Z' });

const FILES: PayrollFilings = {
  runId: RUN_ID,
  month: '2026-10',
  files: [
    {
      kind: 'ecr',
      label: 'EPF ECR',
      description: 'EPFO electronic challan-cum-return (ECR 2.0), text file',
      units: { one: 'member', many: 'members' },
      check: true,
      available: true, reason: null, fileName: 'ECR-October-2026.txt', rows: 2, errors: 1, warnings: 0,
      downloads: [{ format: 'TXT', path: 'ecr.txt', fileName: 'ECR-October-2026.txt' }],
    },
    {
      kind: 'esic',
      label: 'ESIC contribution',
      description: 'ESIC monthly contribution upload, Excel',
      units: { one: 'insured person', many: 'insured persons' },
      check: true,
      available: true, reason: null, fileName: 'ESIC-Contribution-October-2026.xlsx', rows: 4, errors: 0, warnings: 1,
      downloads: [{ format: 'XLSX', path: 'esic.xlsx', fileName: 'ESIC-Contribution-October-2026.xlsx' }],
    },
    {
      kind: 'pt',
      label: 'Professional Tax statement',
      description: 'Professional tax by state and slab, Excel',
      units: { one: 'employee', many: 'employees' },
      check: false,
      available: true, reason: null, fileName: 'Professional-Tax-October-2026.xlsx', rows: 6, errors: 0, warnings: 0,
      downloads: [{ format: 'XLSX', path: 'professional-tax.xlsx', fileName: 'Professional-Tax-October-2026.xlsx' }],
    },
    {
      kind: 'lwf',
      label: 'LWF statement',
      description: 'Labour Welfare Fund for the states where it falls due, Excel',
      units: { one: 'employee', many: 'employees' },
      check: false,
      available: false, reason: FILINGS_MSG.lwfNotDue('2026-10'), fileName: 'LWF-October-2026.xlsx', rows: 0, errors: 0, warnings: 0,
      downloads: [{ format: 'XLSX', path: 'lwf.xlsx', fileName: 'LWF-October-2026.xlsx' }],
    },
    {
      kind: 'journal',
      label: 'Payroll journal',
      description: 'Payroll journal on your ledger accounts, Excel or CSV',
      units: { one: 'ledger line', many: 'ledger lines' },
      check: false,
      available: false, reason: FILINGS_MSG.journalUnmapped(3), fileName: 'Payroll-Journal-October-2026.xlsx', rows: 0, errors: 3, warnings: 0,
      downloads: [
        { format: 'XLSX', path: 'journal.xlsx', fileName: 'Payroll-Journal-October-2026.xlsx' },
        { format: 'CSV', path: 'journal.csv', fileName: 'Payroll-Journal-October-2026.csv' },
      ],
    },
  ],
};

const ECR: EcrCheck = {
  month: '2026-10',
  fileName: 'ECR-October-2026.txt',
  lines: [
    {
      userId: USER_ID,
      employeeNumber: 'E001',
      name: 'Aditi Agarwal',
      uan: '100427607286',
      memberName: 'ADITI AGARWAL',
      grossWages: 20000,
      epfWages: 15000,
      epsWages: 15000,
      edliWages: 15000,
      employeeShare: 1800,
      epsShare: 1250,
      employerShare: 550,
      ncpDays: 0,
      refundOfAdvances: 0,
      text: '100427607286#~#ADITI AGARWAL#~#20000#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#0#~#0',
      explanation: ['Gross wages ₹20,000; EPF wages ₹15,000'],
      rejected: false,
    },
    {
      userId: 'bbbbbbbb-0000-4000-8000-000000000002',
      employeeNumber: 'E002',
      name: 'Meena Pillai',
      uan: '',
      memberName: 'MEENA PILLAI',
      grossWages: 18000,
      epfWages: 15000,
      epsWages: 15000,
      edliWages: 15000,
      employeeShare: 1800,
      epsShare: 1250,
      employerShare: 550,
      ncpDays: 0,
      refundOfAdvances: 0,
      text: '#~#MEENA PILLAI#~#18000#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#0#~#0',
      explanation: [],
      rejected: true,
    },
  ],
  errors: [{ userId: 'bbbbbbbb-0000-4000-8000-000000000002', employeeNumber: 'E002', name: 'Meena Pillai', field: 'uan', message: 'UAN is missing' }],
  warnings: [],
  totals: { members: 1, grossWages: 20000, epfWages: 15000, epsWages: 15000, edliWages: 15000, employeeShare: 1800, epsShare: 1250, employerShare: 550 },
};

function renderFiles(replies: Parameters<typeof mockFetch>[0], roleId: (typeof Role)[keyof typeof Role] = Role.Administrator, run = FINALIZED) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId, accessableFeatures: [{ key: 'Payroll' }, { key: 'Payslips' }] });
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter>
      <StatutoryFiles run={run} />
    </MemoryRouter>,
    { user },
  );
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Statutory files of a finalized month', () => {
  it('lists each file with its count and why one cannot be downloaded; the journal links to the ledger accounts', async () => {
    renderFiles({ [`GET /PayrollRuns/${RUN_ID}/filings`]: ok(FILES) });
    const table = await screen.findByRole('table', { name: 'Statutory files of the month' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('EPF ECR');
    expect(rows[0]).toHaveTextContent('2 members · 1 problem to fix');
    expect(rows[3]).toHaveTextContent(FILINGS_MSG.lwfNotDue('2026-10'));
    expect(within(table).getByRole('button', { name: 'Download LWF statement' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Download Payroll journal (XLSX)' })).toBeDisabled();
    expect(within(table).getByRole('link', { name: 'Map ledger accounts' })).toHaveAttribute('href', `/payroll/settings/ledger-accounts?runId=${RUN_ID}`);
  });

  it('is not shown before the month is finalized, nor to a member', async () => {
    const calls = renderFiles({}, Role.Administrator, makeRun({ status: 'processed' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Statutory files' })).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });

  it('ECR: the check lists the line EPFO would reject; only the valid lines can be downloaded, on purpose', async () => {
    const toasts = spyOnToasts();
    const calls = renderFiles({
      [`GET /PayrollRuns/${RUN_ID}/filings`]: ok(FILES),
      [`GET /PayrollRuns/${RUN_ID}/filings/ecr`]: ok(ECR),
      [`GET /PayrollRuns/${RUN_ID}/filings/ecr.txt`]: () => new Response('100427607286#~#ADITI AGARWAL#~#20000#~#15000#~#15000#~#15000#~#1800#~#1250#~#550#~#0#~#0', { status: 200 }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:ecr');
    URL.revokeObjectURL = vi.fn();
    await userEvent.click(await screen.findByRole('button', { name: 'Check and download EPF ECR' }));
    const dialog = await screen.findByRole('dialog', { name: 'EPF ECR — October 2026' });
    expect(within(dialog).getByText('1 line EPFO would reject')).toBeInTheDocument();
    const problems = within(dialog).getByRole('table', { name: 'lines EPFO would reject' });
    expect(within(problems).getByRole('link', { name: 'Meena Pillai' })).toHaveAttribute('href', expect.stringContaining('bbbbbbbb-0000-4000-8000-000000000002'));
    expect(problems).toHaveTextContent('UAN is missing');
    const lines = within(dialog).getByRole('table', { name: 'ECR lines' });
    expect(within(lines).getByRole('row', { name: 'Meena Pillai (rejected)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download ECR' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download valid lines only (1)' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/PayrollRuns/${RUN_ID}/filings/ecr.txt` && c.search === '?validOnly=true')).toBe(true));
    await waitFor(() => expect(toasts.messages()).toContain('ECR downloaded'));
  }, 30_000);

  it('ECR without problems offers the whole file; a refusal from the server is shown with its list', async () => {
    const clean: EcrCheck = { ...ECR, lines: ECR.lines.slice(0, 1), errors: [] };
    renderFiles({
      [`GET /PayrollRuns/${RUN_ID}/filings`]: ok(FILES),
      [`GET /PayrollRuns/${RUN_ID}/filings/ecr`]: ok(clean),
      [`GET /PayrollRuns/${RUN_ID}/filings/ecr.txt`]: jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: FILINGS_MSG.ecrHasErrors(1), errors: { 'E002 Meena Pillai': 'UAN is missing' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Check and download EPF ECR' }));
    const dialog = await screen.findByRole('dialog', { name: 'EPF ECR — October 2026' });
    expect(within(dialog).getByText('Every line passes the checks EPFO makes on upload.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download ECR' }));
    expect(await within(dialog).findByText(FILINGS_MSG.ecrHasErrors(1))).toBeInTheDocument();
    expect(within(dialog).getByText('E002 Meena Pillai: UAN is missing')).toBeInTheDocument();
  }, 30_000);
});

const LEDGER: LedgerAccountRow[] = [
  { section: 'earning', code: 'BASIC', label: 'Basic', group: 'Earnings', side: 'debit', accountCode: '5001', accountName: 'Salaries and wages' },
  { section: 'deduction', code: 'EPF_EE', label: 'Provident Fund (EPF)', group: 'Statutory', side: 'credit', accountCode: null, accountName: null },
  { section: 'total', code: 'NET_PAY', label: 'Net pay payable', group: 'Totals', side: 'credit', accountCode: null, accountName: null },
];

function renderLedger(replies: Parameters<typeof mockFetch>[0], roleId: (typeof Role)[keyof typeof Role] = Role.Administrator) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId, accessableFeatures: [{ key: 'Payroll' }, { key: 'Settings' }] });
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter initialEntries={['/payroll/settings/ledger-accounts']}>
      <LedgerAccountsPage />
    </MemoryRouter>,
    { user },
  );
  return calls;
}

describe('Ledger accounts', () => {
  it('groups the components, marks the unmapped ones, refuses half an account and saves the whole mapping', async () => {
    const toasts = spyOnToasts();
    const calls = renderLedger({ 'GET /PayrollLedgerAccounts': list(LEDGER), 'PUT /PayrollLedgerAccounts': list(LEDGER) });
    expect(await screen.findByRole('table', { name: 'Earnings ledger accounts' })).toBeInTheDocument();
    expect(screen.getByText('2 components have no account.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ledger accounts' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.type(screen.getByRole('textbox', { name: 'Account code for Provident Fund (EPF)' }), '2101');
    await userEvent.click(screen.getByRole('button', { name: 'Save ledger accounts' }));
    expect(await screen.findByText(FILINGS_MSG.accountBoth)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Account name for Provident Fund (EPF)' }), 'PF payable');
    await userEvent.click(screen.getByRole('button', { name: 'Save ledger accounts' }));
    await waitFor(() => expect(toasts.messages()).toContain(FILINGS_MSG.ledgerSaved));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init.body))).toEqual({
      accounts: [
        { section: 'earning', code: 'BASIC', accountCode: '5001', accountName: 'Salaries and wages' },
        { section: 'deduction', code: 'EPF_EE', accountCode: '2101', accountName: 'PF payable' },
        { section: 'total', code: 'NET_PAY', accountCode: '', accountName: '' },
      ],
    });
  }, 30_000);

  it('shows the server’s message on the row it belongs to', async () => {
    renderLedger({
      'GET /PayrollLedgerAccounts': list(LEDGER),
      'PUT /PayrollLedgerAccounts': jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: 'accounts.0.accountCode: x', errors: { 'accounts.0.accountCode': 'Account code must be at most 30 characters' } }),
    });
    await screen.findByRole('table', { name: 'Earnings ledger accounts' });
    await userEvent.click(screen.getByRole('button', { name: 'Save ledger accounts' }));
    expect(await screen.findByText('Account code must be at most 30 characters')).toBeInTheDocument();
  });

  it('a moderator reads the accounts but cannot change them', async () => {
    renderLedger({ 'GET /PayrollLedgerAccounts': list(LEDGER) }, Role.Moderator);
    expect(await screen.findByText('Only an administrator can change the ledger accounts.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Account code for Basic' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save ledger accounts' })).not.toBeInTheDocument();
  });
});
