import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCUMENT_MSG, Role, type Employee, type SalaryStructureView, type UserDocument } from '@tankha/contracts';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes, spyOnToasts } from '../../test/helpers';
import { setSessionUser } from '../../app/session';
import { CurrentUserContext } from '../../app/current-user';
import { MyProfilePage, ProfilePage } from './ProfilePage';

vi.mock('../people/employee-form/EmployeeFormModal', () => ({
  EmployeeFormModal: ({ opened, mode, userId }: { opened: boolean; mode: string; userId: string }) => (opened ? <div>Employee form {mode} {userId}</div> : null),
}));

const EMPLOYEE_ID = '33333333-3333-4333-8333-333333333333';

function makeEmployee(overrides: Partial<Employee> = {}): Employee {
  return {
    id: EMPLOYEE_ID,
    employeeNumber: 'EMP-042',
    firstName: 'Meera',
    middleName: null,
    lastName: 'Pillai',
    email: 'meera.pillai@acme.in',
    personalEmail: 'meera@gmail.com',
    dateOfBirth: '1992-03-07',
    gender: 2,
    phoneNumber: '9876543210',
    emergencyContact: '9123456780',
    maritalStatus: 1,
    marriageDate: '2019-11-24',
    spouseName: 'Arun Pillai',
    bloodGroup: 'O+',
    address: '4 Residency Road, Bengaluru',
    dateOfJoining: '2021-06-01',
    experience: 6.5,
    dateOfConfirmation: null,
    departmentId: 'd1',
    departmentName: 'Engineering',
    designation: 'Senior Software Engineer',
    workLocation: 'Bengaluru',
    workLocationId: null,
    workLocationName: null,
    esiNumber: null,
    pfNumber: 'KN/BNG/0012345/000/0000042',
    uan: '100200300400',
    reportingManagerId: 'm1',
    reportingManagerName: 'Rahul Sharma',
    userFieldValues: [{ id: 'v1', userFieldId: 'f1', optionId: 'o2', fieldValue: null, optionLabel: 'Contract' }],
    pan: 'ABCPP1234K',
    bankAccountNumber: '50100123456789',
    bankName: 'HDFC Bank',
    ifscCode: 'HDFC0000123',
    accountHolderName: 'Meera Pillai',
    regimeType: 1,
    forceESICalc: false,
    status: 1,
    roleId: 3,
    lastLogin: null,
    imageUrl: null,
    annualCTC: 1200000,
    earningAssociations: [],
    deductionAssociations: [],
    ...overrides,
  };
}

const STRUCTURE: SalaryStructureView = {
  annualCTC: 1200000,
  monthlyCTC: 100000,
  monthlyGross: 98200,
  annualGross: 1178400,
  monthlyTDS: 4512.5,
  annualTDS: 54150,
  earnings: [
    { tenantEarningId: 'e1', earningName: 'Basic', earningCategory: 'basic', calculationType: 1, calculationValue: 50, monthlyAmount: 50000, annualAmount: 600000, isFixedAllowance: false },
    { tenantEarningId: 'e2', earningName: 'House Rent Allowance', earningCategory: 'hra', calculationType: 2, calculationValue: 50, monthlyAmount: 25000, annualAmount: 300000, isFixedAllowance: false },
  ],
  deductions: [],
  statutoryComponents: [
    { name: 'EPF', isEnabled: true, applicable: true, employeeMonthly: 1800, employerMonthly: 1800, employeeAnnual: 21600, employerAnnual: 21600, rate: '12', employerRate: '12', deductionCycle: 'Monthly', employerInCtcMonthly: 1800 },
    { name: 'ESI', isEnabled: true, applicable: false, employeeMonthly: 0, employerMonthly: 0, employeeAnnual: 0, employerAnnual: 0, rate: '0.75', employerRate: '3.25', deductionCycle: 'Monthly', employerInCtcMonthly: 0 },
  ],
  monthlyNetTakeHome: 91887.5,
  annualNetTakeHome: 1102650,
  regimeType: 1,
  isAvailable: true,
  financialYear: '2025-26',
  levyState: { stateCode: 'KA', source: 'organisation', explanation: "The professional tax of Karnataka, the organisation's state (no work location chosen)." },
};

const PDF_DOC: UserDocument = {
  id: '44444444-4444-4444-8444-444444444444',
  documentType: 2,
  documentTypeName: 'Pan Card',
  fileName: 'pan-card.pdf',
  sizeBytes: 204800,
  mimeType: 'application/pdf',
  uploadedAt: '2025-05-14T09:30:00.000Z',
  uploadedByName: 'Asha Rao',
};

const base = `/Users/${EMPLOYEE_ID}`;

function renderProfile(options: { employee?: Employee; documents?: UserDocument[]; user?: ReturnType<typeof makeUser>; replies?: Parameters<typeof mockFetch>[0] } = {}) {
  const user = options.user ?? makeUser();
  setSessionUser(user);
  const calls = mockFetch({
    [`GET ${base}`]: ok(options.employee ?? makeEmployee()),
    [`GET ${base}/salary-structure`]: ok(STRUCTURE),
    [`GET ${base}/documents`]: ok(options.documents ?? [PDF_DOC]),
    ...options.replies,
  });
  renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <CurrentUserContext value={user}>
            <ProfilePage />
          </CurrentUserContext>
        ),
      },
      {
        path: '/my-profile',
        element: (
          <CurrentUserContext value={user}>
            <MyProfilePage />
          </CurrentUserContext>
        ),
      },
    ],
    options.employee?.id === user.id ? '/my-profile' : `/profile?userId=${EMPLOYEE_ID}`,
  );
  return calls;
}

function file(name: string, type: string, size: number): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfilePage', () => {
  it('renders personal, employment, salary and bank sections from the record', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Meera Pillai' })).toBeInTheDocument();
    const personal = screen.getByRole('region', { name: 'Personal Details' });
    expect(within(personal).getByText('07 Mar 1992')).toBeInTheDocument();
    expect(within(personal).getByText('Female')).toBeInTheDocument();
    expect(within(personal).getByText('Married')).toBeInTheDocument();
    expect(within(personal).getByText('24 Nov 2019')).toBeInTheDocument();
    expect(within(personal).getByText('Arun Pillai')).toBeInTheDocument();
    expect(within(personal).getByText('O+')).toBeInTheDocument();

    const employment = screen.getByRole('region', { name: 'Employment Details' });
    expect(within(employment).getByText('EMP-042')).toBeInTheDocument();
    expect(within(employment).getByText('01 Jun 2021')).toBeInTheDocument();
    expect(within(employment).getByText('6.5 years')).toBeInTheDocument();
    expect(within(employment).getByText('Rahul Sharma')).toBeInTheDocument();
    expect(await within(employment).findByText('Contract')).toBeInTheDocument();
    expect(within(employment).getByText('New Regime')).toBeInTheDocument();
    expect(within(employment).getByText('100200300400')).toBeInTheDocument();
    // No confirmation date and no ESI number: a dash.
    expect(within(employment).getAllByText('—')).toHaveLength(2);

    const salary = screen.getByRole('region', { name: 'Salary Details' });
    expect(await within(salary).findByText('₹12,00,000.00')).toBeInTheDocument();
    expect(within(salary).getByText('₹98,200.00')).toBeInTheDocument();
    expect(within(salary).getByText('₹4,512.50')).toBeInTheDocument();
    expect(within(salary).getByText('House Rent Allowance')).toBeInTheDocument();
    expect(within(salary).getByText('₹3,00,000.00')).toBeInTheDocument();
    expect(within(salary).getByText('EPF')).toBeInTheDocument();
    expect(within(salary).queryByText('ESI')).not.toBeInTheDocument();

    const bank = screen.getByRole('region', { name: 'Bank Details' });
    expect(within(bank).getByText('HDFC Bank')).toBeInTheDocument();
    expect(within(bank).getByText('HDFC0000123')).toBeInTheDocument();
  });

  it('hides marriage date and spouse for an unmarried employee', async () => {
    renderProfile({ employee: makeEmployee({ maritalStatus: 2, marriageDate: null, spouseName: null }) });
    const personal = await screen.findByRole('region', { name: 'Personal Details' });
    expect(within(personal).getByText('Unmarried')).toBeInTheDocument();
    expect(within(personal).queryByText('Spouse name')).not.toBeInTheDocument();
    expect(within(personal).queryByText('Marriage date')).not.toBeInTheDocument();
  });

  it('masks the account number except its last four digits until an administrator reveals it', async () => {
    renderProfile();
    const bank = await screen.findByRole('region', { name: 'Bank Details' });
    expect(within(bank).getByText('••••••••••6789')).toBeInTheDocument();
    expect(within(bank).getByText('XXXXXX234K')).toBeInTheDocument();
    expect(within(bank).queryByText('50100123456789')).not.toBeInTheDocument();
    await userEvent.click(within(bank).getByRole('button', { name: 'Show account number and PAN' }));
    expect(within(bank).getByText('50100123456789')).toBeInTheDocument();
    expect(within(bank).getByText('ABCPP1234K')).toBeInTheDocument();
    await userEvent.click(within(bank).getByRole('button', { name: 'Hide account number and PAN' }));
    expect(within(bank).getByText('••••••••••6789')).toBeInTheDocument();
  });

  it('shows the salary section empty when there is no structure', async () => {
    renderProfile({ replies: { [`GET ${base}/salary-structure`]: jsonResponse(404, { statusCode: 404, errorCode: 'NOT_FOUND', message: 'Not found' }) } });
    const salary = await screen.findByRole('region', { name: 'Salary Details' });
    expect(await within(salary).findByText('No salary structure yet')).toBeInTheDocument();
  });

  it('lists documents with type, name, size and upload date', async () => {
    renderProfile();
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getByText('Pan Card')).toBeInTheDocument();
    expect(within(table).getByText('pan-card.pdf')).toBeInTheDocument();
    expect(within(table).getByText('200 KB')).toBeInTheDocument();
    expect(within(table).getByText(/1[45] May 2025/)).toBeInTheDocument();
  });

  it('shows the empty state when there are no documents', async () => {
    renderProfile({ documents: [] });
    expect(await screen.findByText(DOCUMENT_MSG.none)).toBeInTheDocument();
  });

  it('pre-checks the chosen file with the server messages and sends nothing invalid', async () => {
    const calls = renderProfile();
    await screen.findByRole('table', { name: 'Documents' });
    const input = screen.getByLabelText('Document file');

    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByText(DOCUMENT_MSG.selectType)).toBeInTheDocument();
    expect(screen.getByText(DOCUMENT_MSG.selectFile)).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [file('big.pdf', 'application/pdf', 5_242_881)] } });
    expect(await screen.findByText('File size must be less than 5MB')).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [file('setup.exe', 'application/x-msdownload', 1000)] } });
    expect(await screen.findByText(DOCUMENT_MSG.badType)).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [file('empty.pdf', 'application/pdf', 0)] } });
    expect(await screen.findByText(DOCUMENT_MSG.empty)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByText('PDF, JPG or PNG, at most 5 MB')).toBeInTheDocument();
  });

  it('uploads a valid file with its type and refreshes the list', async () => {
    const toasts = spyOnToasts();
    const calls = renderProfile({ replies: { [`POST ${base}/documents`]: jsonResponse(201, { statusCode: 201, message: DOCUMENT_MSG.uploaded, data: { ...PDF_DOC, id: '55555555-5555-4555-8555-555555555555' } }) } });
    await screen.findByRole('table', { name: 'Documents' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Document type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Passport' }));
    fireEvent.change(screen.getByLabelText('Document file'), { target: { files: [file('passport.png', 'image/png', 1000)] } });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts.messages()).toContain(DOCUMENT_MSG.uploaded));
    const post = calls.find((c) => c.method === 'POST');
    const form = post?.init.body as FormData;
    expect(form.get('documentType')).toBe('3');
    expect((form.get('file') as File).name).toBe('passport.png');
    expect(calls.filter((c) => c.method === 'GET' && c.path === `${base}/documents`).length).toBeGreaterThan(1);
  });

  it('sends one Idempotency-Key per picked file: the same on a retry, a new one for a new file', async () => {
    let attempt = 0;
    const created = jsonResponse(201, { statusCode: 201, message: DOCUMENT_MSG.uploaded, data: { ...PDF_DOC, id: '55555555-5555-4555-8555-555555555555' } });
    const calls = renderProfile({
      replies: {
        // The first attempt's reply is lost (the server may well have stored it).
        [`POST ${base}/documents`]: () => {
          attempt += 1;
          return attempt === 1 ? jsonResponse(502, { statusCode: 502, message: 'Bad gateway' }) : created.clone();
        },
      },
    });
    await screen.findByRole('table', { name: 'Documents' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Document type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Passport' }));
    fireEvent.change(screen.getByLabelText('Document file'), { target: { files: [file('passport.png', 'image/png', 1000)] } });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const keyOf = (call: (typeof calls)[number] | undefined) => (call?.init.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    const [first, retry] = calls.filter((c) => c.method === 'POST');
    expect(keyOf(first)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(retry)).toBe(keyOf(first));

    // After the success the form is reset; the next file picked gets its own key.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Document type' })).toHaveValue(''));
    await userEvent.click(screen.getByRole('combobox', { name: 'Document type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Passport' }));
    fireEvent.change(screen.getByLabelText('Document file'), { target: { files: [file('visa.png', 'image/png', 1000)] } });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    const next = calls.filter((c) => c.method === 'POST')[2];
    expect(keyOf(next)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(next)).not.toBe(keyOf(first));
  }, 20_000);

  it('shows the server’s message when it refuses the content', async () => {
    renderProfile({ replies: { [`POST ${base}/documents`]: jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION', message: DOCUMENT_MSG.badType, errors: { file: DOCUMENT_MSG.badType } }) } });
    await screen.findByRole('table', { name: 'Documents' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Document type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Other' }));
    fireEvent.change(screen.getByLabelText('Document file'), { target: { files: [file('renamed.pdf', 'application/pdf', 1000)] } });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(DOCUMENT_MSG.badType)).toBeInTheDocument();
  });

  it('deletes a document only after confirmation', async () => {
    const toasts = spyOnToasts();
    const calls = renderProfile({ replies: { [`DELETE ${base}/documents/${PDF_DOC.id}`]: ok(null, DOCUMENT_MSG.deleted) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete pan-card.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete pan-card.pdf' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete document' })).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(toasts.messages()).toContain(DOCUMENT_MSG.deleted));
  });

  it('opens the edit modal for an administrator', async () => {
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByText(`Employee form edit ${EMPLOYEE_ID}`)).toBeInTheDocument();
  });

  it("gives a moderator no Edit, upload or delete on an administrator's profile", async () => {
    renderProfile({ user: makeUser({ roleId: Role.Moderator }), employee: makeEmployee({ roleId: Role.Administrator }) });
    await screen.findByRole('table', { name: 'Documents' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete pan-card.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download pan-card.pdf' })).toBeInTheDocument();
  });
});

describe('MyProfilePage', () => {
  it("shows a member their own record from /Users/me with their documents and no Edit", async () => {
    const member = makeUser({ id: EMPLOYEE_ID, roleId: Role.Member });
    setSessionUser(member);
    const calls = mockFetch({
      'GET /Users/me': ok(makeEmployee()),
      [`GET ${base}/salary-structure`]: ok(STRUCTURE),
      [`GET ${base}/documents`]: ok([PDF_DOC]),
    });
    renderRoutes(
      [
        {
          path: '/my-profile',
          element: (
            <CurrentUserContext value={member}>
              <MyProfilePage />
            </CurrentUserContext>
          ),
        },
      ],
      '/my-profile',
    );
    expect(await screen.findByRole('heading', { name: 'Meera Pillai' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete pan-card.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    // Issue 16: the same employment type as the administrator's /profile, from the record's option label.
    expect(within(screen.getByRole('region', { name: 'Employment Details' })).getByText('Contract')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/UserFields/options')).toBe(false);
    expect(calls.some((c) => c.path === `/Users/${EMPLOYEE_ID}`)).toBe(false);
  });
});
