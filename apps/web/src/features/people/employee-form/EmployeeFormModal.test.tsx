import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PEOPLE_MSG, ifscUnknownMessage, type SalaryStructureView, type TenantEarning } from '@tankha/contracts';
import { setSessionUser } from '../../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts, type RecordedCall } from '../../../test/helpers';
import { EmployeeFormModal, type EmployeeFormModalProps } from './EmployeeFormModal';

const earning = (
  id: string,
  earningName: string,
  code: string,
  earningCategory: TenantEarning['earningCategory'],
  calculationType: number,
  calculationValue: number,
): TenantEarning => ({
  id,
  earningName,
  nameInPayslip: earningName,
  code,
  earningCategory,
  calculationType,
  calculationValue,
  isFixedPay: true,
  isPartOfSalaryStructure: true,
  isTaxableEarning: true,
  isProRateBasis: true,
  epfContributionType: code === 'BASIC' ? 1 : 0,
  isConsideredForESI: true,
  isActive: true,
});

const EARNINGS = [
  earning('e1', 'Basic', 'BASIC', 'basic', 1, 50),
  earning('e2', 'HRA', 'HRA', 'hra', 2, 50),
  earning('e3', 'Fixed Allowance', 'FIXED_ALLOWANCE', 'fixedAllowance', 3, 0),
];

const STRUCTURE: SalaryStructureView = {
  annualCTC: 1_200_000,
  monthlyCTC: 100_000,
  monthlyGross: 98_200,
  annualGross: 1_178_400,
  monthlyTDS: 0,
  annualTDS: 0,
  earnings: [
    {
      tenantEarningId: 'e1',
      earningName: 'Basic',
      earningCategory: 'basic',
      calculationType: 1,
      calculationValue: 50,
      monthlyAmount: 50_000,
      annualAmount: 600_000,
      isFixedAllowance: false,
    },
    {
      tenantEarningId: 'e2',
      earningName: 'HRA',
      earningCategory: 'hra',
      calculationType: 2,
      calculationValue: 50,
      monthlyAmount: 25_000,
      annualAmount: 300_000,
      isFixedAllowance: false,
    },
    {
      tenantEarningId: 'e3',
      earningName: 'Fixed Allowance',
      earningCategory: 'fixedAllowance',
      calculationType: 3,
      calculationValue: 0,
      monthlyAmount: 23_200,
      annualAmount: 278_400,
      isFixedAllowance: true,
    },
  ],
  deductions: [],
  statutoryComponents: [],
  monthlyNetTakeHome: 96_400,
  annualNetTakeHome: 1_156_800,
  regimeType: 1,
  isAvailable: true,
  financialYear: '2025-26',
  levyState: { stateCode: 'KA', source: 'organisation', explanation: "The professional tax of Karnataka, the organisation's state (no work location chosen)." },
};

const list = (data: unknown[]) =>
  jsonResponse(200, {
    statusCode: 200,
    message: 'OK',
    data,
    totalRecords: data.length,
  });

const BASE_REPLIES = {
  'GET /SalaryComponents/earnings': list(EARNINGS),
  'GET /SalaryComponents/deductions': list([]),
  'GET /UserFields/options': ok({
    userFieldId: 'f1',
    name: 'Employment Type',
    options: [{ id: 'o1', label: 'Full Time' }],
  }),
  'GET /Users/latest-employee-number': ok({ employeeNumber: 'EMP041', lastEmployeeNumber: 'EMP041', nextEmployeeNumber: 'EMP042' }),
  'GET /Users/employee-number-exists': ok({ exists: false }),
  'POST /SalaryStructure/calculate': ok(STRUCTURE),
};

/** The clock passed in: the date rules judge against it. */
const TODAY = '2026-03-16';

async function open(props: Partial<EmployeeFormModalProps> = {}, replies: Parameters<typeof mockFetch>[0] = {}, userOverrides = {}) {
  const calls = mockFetch({ ...BASE_REPLIES, ...replies });
  const session = makeUser(userOverrides);
  setSessionUser(session);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<EmployeeFormModal mode="invite" opened onClose={onClose} onSaved={onSaved} today={TODAY} {...props} />, { user: session });
  await screen.findByRole('textbox', { name: /First name/ });
  return { calls, onSaved, onClose, user: userEvent.setup() };
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
const section = (user: ReturnType<typeof userEvent.setup>, label: string) => user.click(screen.getByText(label));

/** Fills the eight fields of the completeness rule. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/First name/), 'Kavya');
  await user.type(field(/Last name/), 'Menon');
  await user.type(field(/Work email/), 'kavya@example.in');
  await section(user, 'Employment Details');
  await user.clear(field(/Employee number/));
  await user.type(field(/Employee number/), 'EMP042');
  await user.type(screen.getByLabelText(/Date of joining/), '01/06/2025');
  await user.type(field(/Experience/), '3.5');
  await section(user, 'Salary Structure');
  await user.type(field(/Annual CTC/), '1200000');
}

const saveButton = () => screen.getByRole('button', { name: 'Save Details' });
const bodyOf = (calls: RecordedCall[], key: string) => JSON.parse(String(calls.find((c) => `${c.method} ${c.path}` === key)?.init.body)) as Record<string, unknown>;

describe('EmployeeFormModal', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('invite: title, four sections with General Information first; Save Details stays enabled', async () => {
    const { user } = await open();
    expect(screen.getByText('Invite User')).toBeInTheDocument();
    for (const label of ['General Information', 'Employment Details', 'Salary Structure', 'Bank Details']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    await fillRequired(user);
    expect(saveButton()).toBeEnabled();
  });

  const nav = () => screen.getByRole('navigation', { name: 'Form sections' });
  const marked = () =>
    within(nav())
      .getAllByText('Has errors')
      .map((el) => el.closest('a,button')?.textContent?.replace('Has errors', ''));

  it('pressing Save with errors marks every section that has one and goes to the first error', async () => {
    const { user, calls } = await open();
    await section(user, 'Salary Structure');
    await user.click(saveButton());
    // General Information holds the first error (First name): the form goes there and focuses it.
    await waitFor(() => expect(field(/First name/)).toHaveFocus());
    expect(field(/First name/)).toHaveAccessibleDescription(PEOPLE_MSG.mandatory);
    expect(marked()).toEqual(['General Information', 'Employment Details', 'Salary Structure']);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/Users/invite')).toBe(false);

    await fillRequired(user);
    await section(user, 'General Information');
    await user.type(field('PAN'), 'abcde12345');
    await user.type(field(/Phone number/), '12345');
    await section(user, 'Bank Details');
    await user.click(saveButton());
    // The phone number comes first in the section.
    await waitFor(() => expect(field(/Phone number/)).toHaveFocus());
    expect(field('PAN')).toHaveAccessibleDescription(PEOPLE_MSG.panInvalid);
    expect(field(/Phone number/)).toHaveAccessibleDescription(PEOPLE_MSG.phoneInvalid);
    expect(marked()).toEqual(['General Information']);
  });

  it('bank and statutory numbers: a clear message under each field a bank, EPFO or ESIC would refuse', async () => {
    const { user } = await open();
    await section(user, 'Employment Details');
    await user.type(field('UAN'), '12345');
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.uanInvalid)).toBeInTheDocument();
    expect(field('UAN')).toHaveAccessibleDescription(PEOPLE_MSG.uanInvalid);
    await user.type(field('ESI number'), '1234');
    await user.tab();
    expect(field('ESI number')).toHaveAccessibleDescription(PEOPLE_MSG.esiNumberInvalid);
    await section(user, 'Bank Details');
    await user.type(field('Account number'), '12');
    await user.tab();
    expect(field('Account number')).toHaveAccessibleDescription(PEOPLE_MSG.bankAccountInvalid);
    await user.type(field('IFSC code'), 'hdfc1234');
    await user.tab();
    expect(field('IFSC code')).toHaveValue('HDFC1234');
    expect(field('IFSC code')).toHaveAccessibleDescription(PEOPLE_MSG.ifscInvalid);
    // Corrected values clear the messages.
    await user.clear(field('IFSC code'));
    await user.type(field('IFSC code'), 'HDFC0001753');
    await user.tab();
    expect(field('IFSC code')).not.toHaveAccessibleDescription(PEOPLE_MSG.ifscInvalid);
    await user.clear(field('Account number'));
    await user.type(field('Account number'), '5010 0123 4567 89');
    await user.tab();
    expect(field('Account number')).not.toHaveAccessibleDescription(PEOPLE_MSG.bankAccountInvalid);
  });

  it('an IFSC of no known branch, as the server says, is shown under the IFSC field', async () => {
    const unknown = ifscUnknownMessage('HDFC0000000');
    const { user, onSaved } = await open(
      {},
      { 'POST /Users/invite': jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: `ifscCode: ${unknown}`, errors: { ifscCode: unknown } }) },
    );
    await fillRequired(user);
    await section(user, 'Bank Details');
    await user.type(field('Account number'), '50100123456789');
    await user.type(field('IFSC code'), 'HDFC0000000');
    await section(user, 'General Information');
    await user.click(saveButton());
    // The form goes to the section of the field the server named.
    await waitFor(() => expect(field('IFSC code')).toHaveAccessibleDescription(unknown));
    expect(marked()).toEqual(['Bank Details']);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('prefills the employee number with the next after the last one, still editable', async () => {
    const { user } = await open();
    await section(user, 'Employment Details');
    await waitFor(() => expect(field(/Employee number/)).toHaveValue('EMP042'));
    expect(screen.getByText('Last employee number: EMP041')).toBeInTheDocument();
    await user.clear(field(/Employee number/));
    await user.type(field(/Employee number/), 'CON-7');
    expect(field(/Employee number/)).toHaveValue('CON-7');
  });

  it('judges dates against the clock passed in: birth in the past and 14 years ago, joining from 1950 to a year ahead', async () => {
    const { user } = await open();
    const birth = screen.getByLabelText(/Date of birth/);
    await user.type(birth, '17/03/2012');
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.tooYoung)).toBeInTheDocument();
    await user.clear(birth);
    await user.type(birth, '16/03/2026');
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.birthDateNotPast)).toBeInTheDocument();
    await section(user, 'Employment Details');
    const joining = screen.getByLabelText(/Date of joining/);
    await user.type(joining, '17/03/2027');
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.joiningTooLate)).toBeInTheDocument();
    await user.clear(joining);
    await user.type(joining, '31/12/1949');
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.joiningTooEarly)).toBeInTheDocument();
  });

  it('shows a work e-mail already in the organisation under the field', async () => {
    const { user, onSaved } = await open({}, { 'POST /Users/invite': ok({ statusCode: 300, userId: null }, PEOPLE_MSG.userExists) });
    await fillRequired(user);
    await user.click(saveButton());
    await waitFor(() => expect(field(/Work email/)).toHaveFocus());
    expect(field(/Work email/)).toHaveAccessibleDescription(PEOPLE_MSG.userExists);
    expect(marked()).toEqual(['General Information']);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says the CTC bounds in rupees, not “is too large”', async () => {
    const { user } = await open();
    await section(user, 'Salary Structure');
    await user.type(field(/Annual CTC/), '1000000001');
    await user.tab();
    expect(await screen.findByText('Annual CTC must be between ₹0 and ₹1,00,00,00,000')).toBeInTheDocument();
  });

  it('shows the spec messages: alphabetic names, mandatory fields, e-mail pattern', async () => {
    const { user } = await open();
    await user.type(field(/First name/), 'K4vya');
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.alphabeticOnly)).toBeInTheDocument();
    await user.clear(field(/First name/));
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.mandatory)).toBeInTheDocument();
    await user.type(field(/Work email/), 'not-an-email');
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.validEmail)).toBeInTheDocument();
  });

  it('upper-cases PAN as typed and shows spouse fields only when married', async () => {
    const { user } = await open();
    await user.type(field('PAN'), 'abcpk1234q');
    expect(field('PAN')).toHaveValue('ABCPK1234Q');
    expect(screen.queryByRole('textbox', { name: 'Spouse name' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Marital status' }), 'Married');
    expect(field('Spouse name')).toBeInTheDocument();
  });

  it('checks the employee number on blur and shows the last number', async () => {
    const { user } = await open({}, { 'GET /Users/employee-number-exists': ok({ exists: true }) });
    await fillRequired(user);
    await section(user, 'Employment Details');
    expect(screen.getByText('Last employee number: EMP041')).toBeInTheDocument();
    await user.click(field(/Employee number/));
    await user.tab();
    expect(await screen.findByText(PEOPLE_MSG.employeeNumberExists)).toBeInTheDocument();
    await section(user, 'Bank Details');
    await user.click(saveButton());
    await waitFor(() => expect(field(/Employee number/)).toHaveFocus());
  });

  it('allows only one reporting manager', async () => {
    const people = [
      {
        id: 'm1',
        firstName: 'Anita',
        lastName: 'Rao',
        name: 'Anita Rao',
        email: 'anita@example.in',
        employeeNumber: 'E1',
        designation: null,
      },
      {
        id: 'm2',
        firstName: 'Vikram',
        lastName: 'Nair',
        name: 'Vikram Nair',
        email: 'vikram@example.in',
        employeeNumber: 'E2',
        designation: null,
      },
    ];
    const { user, calls } = await open({}, { 'GET /Users/search': ok({ data: people, totalRecords: 2 }) });
    await section(user, 'Employment Details');
    await user.type(field('Reporting manager'), 'a');
    await user.click(await screen.findByRole('option', { name: /Anita Rao/ }));
    expect(screen.getByRole('button', { name: 'Remove Anita Rao' })).toBeInTheDocument();
    await user.type(field('Reporting manager'), 'v');
    await user.click(await screen.findByRole('option', { name: /Vikram Nair/ }));
    expect(screen.getByText(PEOPLE_MSG.oneManagerOnly)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Users/search')?.search).toContain('search=a');
  });

  it('computes the structure live and blocks saving on a negative remainder', async () => {
    const { user, calls } = await open(
      {},
      {
        'POST /SalaryStructure/calculate': jsonResponse(400, {
          statusCode: 400,
          errorCode: 'VALIDATION_ERROR',
          message: PEOPLE_MSG.salaryAmountNegative,
        }),
      },
    );
    await fillRequired(user);
    expect(await screen.findByText(PEOPLE_MSG.salaryAmountNegative)).toBeInTheDocument();
    await section(user, 'General Information');
    await user.click(saveButton());
    expect(await within(screen.getByRole('navigation', { name: 'Form sections' })).findByText('Has errors')).toBeInTheDocument();
    expect(field(/Annual CTC/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/Users/invite')).toBe(false);
    const request = bodyOf(calls, 'POST /SalaryStructure/calculate');
    expect(request).toMatchObject({
      annualCTC: 1_200_000,
      regimeType: 1,
      earningAssociationValues: [{ tenantEarningId: 'e1', calculationValue: 50 }, { tenantEarningId: 'e2' }, { tenantEarningId: 'e3' }],
    });
  });

  it('a CTC with a third decimal is refused under its field and not sent for a preview', async () => {
    const { user, calls } = await open();
    await fillRequired(user);
    await waitFor(() => expect(calls.filter((c) => c.path === '/SalaryStructure/calculate')).toHaveLength(1));
    await user.type(field(/Annual CTC/), '.005');
    await user.tab();
    expect(await screen.findByText('Annual CTC must have at most two decimal places')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.filter((c) => c.path === '/SalaryStructure/calculate')).toHaveLength(1);
    expect(screen.queryByText(/annualCTC:/)).not.toBeInTheDocument();
  }, 20_000);

  it('shows monthly and annual amounts from the calculation', async () => {
    const { user } = await open();
    await fillRequired(user);
    expect(await screen.findByText('₹50,000')).toBeInTheDocument();
    expect(screen.getByText('₹11,78,400')).toBeInTheDocument();
  });

  it.each([
    [ok({ statusCode: 200, userId: 'u9' }), PEOPLE_MSG.invited, true],
    [ok({ statusCode: 300, userId: null }), PEOPLE_MSG.userExists, false],
    [ok({ statusCode: 500, userId: null }), PEOPLE_MSG.somethingWrong, false],
    [
      jsonResponse(500, {
        statusCode: 500,
        errorCode: 'INTERNAL',
        message: 'Database unavailable',
      }),
      'Database unavailable',
      false,
    ],
    [jsonResponse(502, {}), 'API Error: 502', false],
  ])('invite reply %# → toast and onSaved', async (reply, message, saved) => {
    const toasts = spyOnToasts();
    const { user, calls, onSaved } = await open({}, { 'POST /Users/invite': reply });
    await fillRequired(user);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() => expect(toasts.messages()).toContain(message));
    expect(onSaved).toHaveBeenCalledTimes(saved ? 1 : 0);
    const body = bodyOf(calls, 'POST /Users/invite');
    expect(body).toMatchObject({
      firstName: 'Kavya',
      email: 'kavya@example.in',
      employeeNumber: 'EMP042',
      experience: 3.5,
      annualCTC: 1_200_000,
      regimeType: 1,
      dateOfBirth: null,
      pan: null,
    });
  });

  it('blocks the invite when e-mail services are disabled', async () => {
    const { user } = await open({}, {}, { isEmailEnabled: false });
    expect(screen.getByText(PEOPLE_MSG.emailServicesDisabled)).toBeInTheDocument();
    await fillRequired(user);
    expect(saveButton()).toBeDisabled();
  });

  it('restricted: title with its hint, posted to /Users/restricted', async () => {
    const toasts = spyOnToasts();
    const { user, calls, onSaved } = await open({ mode: 'restricted' }, { 'POST /Users/restricted': ok({ statusCode: 200, userId: 'u8' }) });
    expect(screen.getByText('Add Restricted Login User')).toBeInTheDocument();
    expect(screen.getByText(PEOPLE_MSG.restrictedHint)).toBeInTheDocument();
    await fillRequired(user);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/Users/restricted')).toBe(true);
    expect(toasts.messages()).toEqual(['Restricted login user added successfully']);
  });

  it('edit: loads the user, Save Changes, success and failure toasts', async () => {
    const employee = {
      id: 'u1',
      employeeNumber: 'EMP007',
      firstName: 'Neha',
      middleName: null,
      lastName: 'Kulkarni',
      email: 'neha@example.in',
      personalEmail: null,
      dateOfBirth: null,
      gender: 2,
      phoneNumber: null,
      emergencyContact: null,
      maritalStatus: 0,
      marriageDate: null,
      spouseName: null,
      bloodGroup: null,
      address: null,
      dateOfJoining: '2024-01-10',
      experience: 2,
      dateOfConfirmation: null,
      departmentId: null,
      departmentName: null,
      designation: 'Engineer',
      workLocation: 'Pune',
      workLocationId: '9e3c1a7b-4d2f-4b8a-9c6e-5f1a2b3c4d5e',
      workLocationName: 'Pune Sales Office',
      esiNumber: null,
      pfNumber: null,
      uan: null,
      reportingManagerId: null,
      reportingManagerName: null,
      userFieldValues: [],
      pan: null,
      bankAccountNumber: null,
      bankName: null,
      ifscCode: null,
      accountHolderName: null,
      regimeType: 0,
      forceESICalc: false,
      status: 1,
      roleId: 3,
      lastLogin: null,
      imageUrl: null,
      annualCTC: 900_000,
      earningAssociations: [
        {
          id: 'a1',
          tenantEarningId: 'e1',
          calculationType: 1,
          calculationValue: 40,
        },
      ],
      deductionAssociations: [],
    };
    const toasts = spyOnToasts();
    let status = 200;
    const { user, calls, onSaved } = await open(
      { mode: 'edit', userId: 'u1' },
      {
        'GET /Users/u1': ok(employee),
        'GET /WorkLocations': jsonResponse(200, {
          statusCode: 200,
          message: 'Success',
          data: [{ id: '9e3c1a7b-4d2f-4b8a-9c6e-5f1a2b3c4d5e', name: 'Pune Sales Office', stateCode: 'MH', stateName: 'Maharashtra', city: 'Pune', ptRegistrationNumber: null, lwfRegistrationNumber: null, employeeCount: 1 }],
          totalRecords: 1,
        }),
        'PUT /Users/u1': () => ok({ statusCode: status, userId: 'u1' }),
      },
    );
    await waitFor(() => expect(field(/First name/)).toHaveValue('Neha'));
    expect(screen.getByText('Edit User')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(toasts.messages()).toEqual([PEOPLE_MSG.userUpdated]));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(bodyOf(calls, 'PUT /Users/u1')).toMatchObject({
      regimeType: 0,
      annualCTC: 900_000,
      earningAssociations: [{ tenantEarningId: 'e1', calculationValue: 40 }],
      // The employee's work location goes back as loaded (its state decides PT and LWF).
      workLocationId: '9e3c1a7b-4d2f-4b8a-9c6e-5f1a2b3c4d5e',
    });
    status = 500;
    await user.click(save);
    await waitFor(() => expect(toasts.messages()).toEqual([PEOPLE_MSG.userUpdated, PEOPLE_MSG.userUpdateFailed]));
    expect(
      within(screen.getByRole('dialog')).getByRole('textbox', {
        name: /Work email/,
      }),
    ).toBeDisabled();
  });
});
