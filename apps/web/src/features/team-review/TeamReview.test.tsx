import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PROOF_MSG, Role, TEAM_REVIEW_MSG, type Declaration, type TeamDeclaration } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { TeamDeclarationPage } from './TeamDeclarationPage';
import { TeamReviewPage } from './TeamReviewPage';

const DECL = '7d1f7b1e-0c1a-4d59-9d1e-0a9d2f6f1a11';
const EMP = '5c0e6a0d-9b09-4c48-8c0d-0f8c1e5e0a00';
const PPF = '8e2a8c2f-1d2b-4e6a-8e2f-1b0e3a7a2b22';

function makeDeclaration(overrides: Partial<Declaration> = {}): Declaration {
  const zero = { incomeOtherSources: 0, interestFromSavings: 0, interestFromFD: 0, interestFromNSC: 0, previousEmploymentIncome: 0, previousEmploymentTaxPaid: 0, previousEmploymentProfessionalTax: 0, previousEmploymentEPF: 0, previousEmploymentLeaveEncashment: 0 };
  const nulls = Object.fromEntries(Object.keys(zero).flatMap((k) => [[`actual${k.charAt(0).toUpperCase()}${k.slice(1)}`, null], [`allowed${k.charAt(0).toUpperCase()}${k.slice(1)}`, null]]));
  return {
    id: DECL,
    employeeId: EMP,
    financialYearStart: 2026,
    financialYearEnd: 2027,
    status: 1,
    regime: 0,
    isDraft: false,
    isSubmitted: true,
    isPOIFormSubmitted: true,
    poiStatus: 1,
    isRentedAccomodation: false,
    isLetOutProperty: false,
    hasLoanOnSelfOccupiedHome: false,
    houseRentDetails: [],
    letOutProperties: [],
    selfOccupiedHomeLoan: null,
    deductions: [{ id: PPF, categoryId: 1, deductionItemId: 101, deductionItemName: 'Public Provident Fund', declaredAmount: 100000, actualAmount: 90000, allowedAmount: null, isPOISubmitted: true, isApproved: null }],
    ...zero,
    ...nulls,
    declaredAmount: 100000,
    submissionDate: '2026-05-04T06:00:00.000Z',
    submittedByName: 'Aditi Agarwal',
    lastUpdated: '2026-05-04T06:00:00.000Z',
    ...overrides,
  } as Declaration;
}

const detail = (overrides: Partial<Declaration> = {}): TeamDeclaration => ({
  declaration: makeDeclaration(overrides),
  employeeName: 'Aditi Agarwal',
  employeeNumber: 'NSP010',
  proofs: [],
  window: { status: 1, lockDate: '2026-05-31', allowRegimeSwitch: false, mandateInvestmentProofAttachments: false, mandateReviewerCommentsForPartialApproval: true },
});

function renderAt(path: string, replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch({ 'GET /ITDeclaration/comments/counts': ok([]), ...replies });
  const user = makeUser({ roleId: Role.Administrator, accessableFeatures: [{ key: 'UserDeclarations' }] });
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/payroll/requests" element={<TeamReviewPage />} />
        <Route path="/payroll/requests/declarations/:employeeId" element={<TeamDeclarationPage />} />
      </Routes>
    </MemoryRouter>,
    { user },
  );
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Team review', () => {
  it('the list: tabs, pending count, page size 10, status filter; the empty state', async () => {
    const calls = renderAt('/payroll/requests', {
      'GET /ITDeclaration/team': (call) =>
        new URLSearchParams(call.search).get('status') === '2'
          ? jsonResponse(200, { statusCode: 200, message: 'OK', data: [], totalRecords: 0, pendingCount: 1 })
          : jsonResponse(200, {
              statusCode: 200,
              message: 'OK',
              totalRecords: 1,
              pendingCount: 1,
              data: [{ id: DECL, employeeId: EMP, employeeName: 'Aditi Agarwal', employeeNumber: 'NSP010', status: 1, submissionDate: '2026-05-04T06:00:00.000Z', submittedBy: 'Aditi Agarwal', lastUpdated: '2026-05-04T06:00:00.000Z', declaredAmount: 100000, financialYearStart: 2026, financialYearEnd: 2027, isSubmitted: true, isPOIFormSubmitted: true, poiStatus: 1 }],
            }),
    });
    expect(screen.getByRole('tab', { name: 'IT Declarations' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Proof of Investments' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Form 16' })).toBeInTheDocument();
    expect(await screen.findByText('Aditi Agarwal', { selector: 'a' })).toBeInTheDocument();
    expect(screen.getByText('Pending: 1')).toBeInTheDocument();
    expect(new URLSearchParams(calls[0]?.search).get('pageSize')).toBe('10');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Rejected' }));
    expect(await screen.findByText(TEAM_REVIEW_MSG.empty)).toBeInTheDocument();
  });

  it('the detail: Approve and Put on Hold for a submitted declaration, the toast of the status', async () => {
    const toasts = spyOnToasts();
    const calls = renderAt(`/payroll/requests/declarations/${EMP}?fy=2026`, {
      'GET /ITDeclaration/team/declaration': ok(detail()),
      [`PUT /ITDeclaration/team/${DECL}/status`]: jsonResponse(200, { statusCode: 200, message: 'Declaration Approved successfully', data: { id: DECL, status: 4 } }),
    });
    expect(await screen.findByRole('heading', { name: 'Aditi Agarwal' })).toBeInTheDocument();
    expect(screen.getByText('Public Provident Fund')).toBeInTheDocument();
    expect(screen.getByText('₹90,000.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Put on Hold' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toasts.messages()).toContain('Declaration Approved successfully'));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init.body))).toEqual({ status: 4 });
  });

  it('the buttons follow the status: Approved offers only Put on Hold; Rejected none', async () => {
    renderAt(`/payroll/requests/declarations/${EMP}`, { 'GET /ITDeclaration/team/declaration': ok(detail({ status: 4 })) });
    expect(await screen.findByRole('button', { name: 'Put on Hold' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('a partial approval needs a comment (POI setting); the allowed amount is sent', async () => {
    const calls = renderAt(`/payroll/requests/declarations/${EMP}`, {
      'GET /ITDeclaration/team/declaration': ok(detail()),
      [`PUT /POI/review/${DECL}`]: jsonResponse(200, { statusCode: 200, message: PROOF_MSG.reviewed, data: detail() }),
    });
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Review Public Provident Fund' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: 'Allowed amount for Public Provident Fund' });
    await ue.clear(amount);
    await ue.type(amount, '80000');
    await ue.click(within(dialog).getByRole('button', { name: 'Approve proof' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(PROOF_MSG.partialCommentRequired);
    await ue.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Only ₹80,000 in the passbook');
    await ue.click(within(dialog).getByRole('button', { name: 'Approve proof' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init.body))).toEqual({ items: [{ itemId: PPF, isApproved: true, allowedAmount: 80000, comment: 'Only ₹80,000 in the passbook' }] });
  });

  it('a failed load: the failure screen with Go Back', async () => {
    renderAt(`/payroll/requests/declarations/${EMP}`, { 'GET /ITDeclaration/team/declaration': jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: 'Declaration not found' }) });
    expect(await screen.findByText(TEAM_REVIEW_MSG.detailLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
