import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { EARNING_TYPES, Role, SALARY_MSG, type SessionUser, type StatutoryComponentSetting, type StatutoryTables, type TenantEarningRow } from '@tankha/contracts';
import { CurrentUserContext } from '../../app/current-user';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes, spyOnToasts } from '../../test/helpers';
import { PayrollComingSoon } from '../payroll-setup/PayrollComingSoon';
import { PayrollLayout } from '../payroll-setup/PayrollLayout';
import { ComponentsLayout } from './ComponentsLayout';
import { SalaryComponentsPage } from './SalaryComponentsPage';
import { StatutoryComponentsPage } from './StatutoryComponentsPage';

function earning(overrides: Partial<TenantEarningRow>): TenantEarningRow {
  return {
    id: 'e-basic',
    earningName: 'Basic',
    nameInPayslip: 'Basic',
    code: 'BASIC',
    earningCategory: 'basic',
    calculationType: 1,
    calculationValue: 50,
    isFixedPay: true,
    isPartOfSalaryStructure: true,
    isTaxableEarning: true,
    isProRateBasis: true,
    epfContributionType: 1,
    isConsideredForESI: true,
    isActive: true,
    employeeCount: 12,
    ...overrides,
  };
}

const EARNINGS = [
  earning({}),
  earning({ id: 'e-conv', earningName: 'Conveyance Allowance', nameInPayslip: 'Conveyance', code: 'CONVEYANCE', earningCategory: 'other', calculationType: 3, calculationValue: 19_200, epfContributionType: 0 }),
  earning({ id: 'e-lta', earningName: 'Leave Travel Allowance', code: 'LTA', earningCategory: 'other', calculationType: 3, calculationValue: 0, employeeCount: 0, epfContributionType: 0 }),
  earning({ id: 'e-fixed', earningName: 'Fixed Allowance', code: 'FIXED_ALLOWANCE', earningCategory: 'fixedAllowance', calculationType: 3, calculationValue: 0, epfContributionType: 0 }),
];
const list = (rows: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords: rows.length });
const SETUP_OPEN = ok({ salaryComponents: false, statutoryComponents: false, settings: false, isEnabled: false });

const STATUTORY: StatutoryComponentSetting[] = [
  {
    component: 'EPF',
    isEnabled: true,
    settings: { employeeRatePercent: 12, employerRatePercent: 12, includeEmployerShareInCtc: true, considerAllSalaryComponents: true, proRate: false, applicability: 1, restrictToWageCeiling: true, epfNumber: null, includeEdliAndAdminInCtc: false, wageBase: 'codes', wageBaseSince: '2026-11-12' },
  },
  { component: 'ESI', isEnabled: true, settings: { employeeRatePercent: 0.75, employerRatePercent: 3.25, includeEmployerShareInCtc: true, esiNumber: null } },
  { component: 'ProfessionalTax', isEnabled: true, settings: { stateCode: 'KA', registrationNumber: null } },
  { component: 'LWF', isEnabled: false, settings: { stateCode: null, registrationNumber: null } },
];
const TABLES: StatutoryTables = {
  asOf: '2026-03-15',
  epf: { wageCeiling: 15_000, epsRatePercent: '8.33', epsMax: 1_250, edliRatePercent: '0.5', edliMax: 75, adminRatePercent: '0.5' },
  esi: { employeeRatePercent: '0.75', employerRatePercent: '3.25', coverageCeiling: 21_000, disabledCoverageCeiling: 25_000 },
  professionalTax: [
    {
      stateCode: 'KA',
      stateName: 'Karnataka',
      cycle: 'Monthly',
      deductionMonths: ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'],
      slabs: [
        { from: 0, to: 24_999.99, amount: 0, februaryAmount: null },
        { from: 25_000, to: null, amount: 200, februaryAmount: 300 },
      ],
      womenSlabs: null,
    },
    {
      stateCode: 'TN',
      stateName: 'Tamil Nadu',
      cycle: 'Half-Yearly',
      deductionMonths: ['09', '03'],
      slabs: [
        { from: 0, to: 21_000, amount: 0, februaryAmount: null },
        { from: 21_000.01, to: null, amount: 135, februaryAmount: null },
      ],
      womenSlabs: null,
    },
  ],
  labourWelfareFund: [{ stateCode: 'KA', stateName: 'Karnataka', cycle: 'Annual', deductionMonths: ['12'], dueNote: 'on the 31 December roll, due 15 January', slabs: [{ from: 0, to: null, employee: 50, employer: 100 }] }],
};

function tree(user: SessionUser): RouteObject[] {
  return [
    {
      path: '/payroll',
      element: (
        <CurrentUserContext value={user}>
          <PayrollLayout />
        </CurrentUserContext>
      ),
      children: [
        {
          path: 'payroll-components',
          element: <ComponentsLayout />,
          children: [
            { path: 'salary', element: <SalaryComponentsPage /> },
            { path: 'statutory', element: <StatutoryComponentsPage /> },
          ],
        },
        { path: '*', element: <PayrollComingSoon /> },
      ],
    },
    { path: '/payroll-setup', element: <Outlet /> },
  ];
}

function renderAt(path: string, replies: Parameters<typeof mockFetch>[0], user: SessionUser = makeUser({ accessableFeatures: [{ key: 'StatutoryComponents' }, { key: 'Settings' }] })) {
  const calls = mockFetch({ 'GET /PayrollSetup': SETUP_OPEN, ...replies });
  setSessionUser(user);
  return { calls, ...renderRoutes(tree(user), path) };
}

describe('the Payroll area', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('administrators see the spec’s seven tabs; employees three', async () => {
    renderAt('/payroll/taxes', {});
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Payroll', 'Components', 'My Investments', 'Requests', 'Lock / Unlock', 'My Reimbursement Requests', 'Loans', 'Reports', 'Settings']);
    expect(screen.getByRole('tab', { name: 'My Investments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('This part of payroll is not available yet.')).toBeInTheDocument();
  });

  it('an employee’s Payroll tab is their payslips', async () => {
    const { router } = renderAt('/payroll/reimbursement-requests', {}, makeUser({ roleId: Role.Member, hasAdminAccess: false }));
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Payroll', 'My Investments', 'My Reimbursement Requests', 'My Loans']);
    await userEvent.click(screen.getByRole('tab', { name: 'Payroll' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll/payslips'));
  });

  it('?activeSubTab=1 opens the statutory sub-tab, ?activeSubTab=0 the salary one', async () => {
    const { router } = renderAt('/payroll/payroll-components/salary?activeTab=2&activeSubTab=1', {
      'GET /StatutoryComponents': list(STATUTORY),
      'GET /StatutoryComponents/tables': ok(TABLES),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll/payroll-components/statutory'));
    expect(await screen.findByRole('region', { name: 'Employees’ Provident Fund (EPF)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Components' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('SalaryComponentsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists earnings with their calculation; delete only for unused ones, never for basic or the fixed allowance', async () => {
    renderAt('/payroll/payroll-components/salary?activeTab=2&activeSubTab=0', { 'GET /SalaryComponents/earnings': list(EARNINGS) });
    const table = await screen.findByRole('table', { name: 'Earnings' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]?.textContent)).toEqual(['50% of CTC', '₹19,200 a year', '₹0 a year', 'Remainder of CTC']);
    expect(screen.getByRole('button', { name: 'Delete Basic' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Conveyance Allowance' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Fixed Allowance' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Leave Travel Allowance' })).toBeEnabled();
    expect(screen.getByRole('switch', { name: 'Active status of Basic' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Active status of Conveyance Allowance' })).toBeEnabled();
  });

  it('shows the empty state', async () => {
    renderAt('/payroll/payroll-components/salary', { 'GET /SalaryComponents/earnings': list([]) });
    expect(await screen.findByText('No earnings yet. Add one to build salary structures.')).toBeInTheDocument();
  });

  it('adding an earning: the type fills in the defaults; every field is checked before the call', async () => {
    const toasts = spyOnToasts();
    const { calls } = renderAt('/payroll/payroll-components/salary', {
      'GET /SalaryComponents/earnings': list(EARNINGS),
      'GET /SalaryComponents/earning-types': list([...EARNING_TYPES]),
      'POST /SalaryComponents/earnings': jsonResponse(201, { statusCode: 201, message: SALARY_MSG.earningCreated, data: earning({ id: 'e-da', earningName: 'Dearness Allowance', code: 'DA', earningCategory: 'other' }) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Earning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Earning' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Earning' }));
    expect(await within(dialog).findByText(SALARY_MSG.earningTypeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SALARY_MSG.earningNameRequired)).toBeInTheDocument();
    // Basic and the fixed allowance already exist: one each.
    const type = within(dialog).getByRole('combobox', { name: /Earning Type/ });
    expect(within(type).getByRole('option', { name: 'Basic' })).toBeDisabled();
    expect(within(type).getByRole('option', { name: 'Fixed Allowance' })).toBeDisabled();
    await user.selectOptions(type, 'dearnessAllowance');
    expect(within(dialog).getByRole('textbox', { name: /Earning Name/ })).toHaveValue('Dearness Allowance');
    expect(within(dialog).getByRole('textbox', { name: /Name in Payslip/ })).toHaveValue('Dearness Allowance');
    expect(within(dialog).getByRole('combobox', { name: /Calculation Type/ })).toHaveValue('2');
    const percent = within(dialog).getByRole('textbox', { name: /Percentage/ });
    await user.clear(percent);
    await user.type(percent, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Add Earning' }));
    expect(await within(dialog).findByText(SALARY_MSG.percentInvalid)).toBeInTheDocument();
    await user.clear(percent);
    await user.type(percent, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add Earning' }));
    await waitFor(() => expect(toasts.messages()).toEqual([SALARY_MSG.earningCreated]));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toMatchObject({ earningType: 'dearnessAllowance', earningName: 'Dearness Allowance', calculationType: 2, calculationValue: 10, epfContributionType: 1, isFixedPay: true });
    toasts.restore();
  });

  it('a formula is checked as the server checks it', async () => {
    renderAt('/payroll/payroll-components/salary', { 'GET /SalaryComponents/earnings': list(EARNINGS) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Earning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Earning' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Earning Type/ }), 'custom');
    await user.type(within(dialog).getByRole('textbox', { name: /Earning Name/ }), 'Night Allowance');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Calculation Type/ }), '4');
    const formula = within(dialog).getByRole('textbox', { name: /Formula/ });
    await user.clear(formula);
    await user.click(within(dialog).getByRole('button', { name: 'Add Earning' }));
    expect(await within(dialog).findByText(SALARY_MSG.formulaRequired)).toBeInTheDocument();
  });

  it('a 409 from the server lands on its field', async () => {
    renderAt('/payroll/payroll-components/salary', {
      'GET /SalaryComponents/earnings': list(EARNINGS),
      'PUT /SalaryComponents/earnings/e-lta': jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: SALARY_MSG.earningNameExists('Basic'), errors: { earningName: SALARY_MSG.earningNameExists('Basic') } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Leave Travel Allowance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Earning' });
    expect(within(dialog).queryByRole('combobox', { name: /Earning Type/ })).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Earning Name/ });
    await user.clear(name);
    await user.type(name, 'basic');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(SALARY_MSG.earningNameExists('Basic'))).toBeInTheDocument();
  });

  it('deactivates with the server’s message and deletes an unused earning after confirming', async () => {
    const toasts = spyOnToasts();
    const { calls } = renderAt('/payroll/payroll-components/salary', {
      'GET /SalaryComponents/earnings': list(EARNINGS),
      'PATCH /SalaryComponents/earnings/e-conv/status': ok({ ...EARNINGS[1], isActive: false }, SALARY_MSG.earningDeactivated),
      'DELETE /SalaryComponents/earnings/e-lta': ok(null, SALARY_MSG.earningDeleted),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Active status of Conveyance Allowance' }));
    await waitFor(() => expect(toasts.messages()).toContain(SALARY_MSG.earningDeactivated));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body))).toEqual({ isActive: false });
    await user.click(screen.getByRole('button', { name: 'Delete Leave Travel Allowance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Earning' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(toasts.messages()).toContain(SALARY_MSG.earningDeleted));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/SalaryComponents/earnings/e-lta')).toBe(true);
    toasts.restore();
  });

  it('deductions: a pre-tax deduction needs its section', async () => {
    const { calls } = renderAt('/payroll/payroll-components/salary', {
      'GET /SalaryComponents/earnings': list(EARNINGS),
      'GET /SalaryComponents/deductions': list([{ id: 'd1', deductionName: 'Loan Recovery', description: null, isRecurring: true, deductionType: 0, preTaxDeductionSection: null, isActive: true, employeeCount: 0 }]),
      'POST /SalaryComponents/deductions': jsonResponse(201, { statusCode: 201, message: SALARY_MSG.deductionCreated, data: { id: 'd2', deductionName: 'PF Voluntary', description: null, isRecurring: true, deductionType: 3, preTaxDeductionSection: '80C', isActive: true, employeeCount: 0 } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Deductions' }));
    expect(await screen.findByRole('table', { name: 'Deductions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Deduction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Deduction' });
    await user.type(within(dialog).getByRole('textbox', { name: /Deduction Name/ }), 'PF Voluntary');
    expect(within(dialog).queryByRole('combobox', { name: /Income-tax Section/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Pre-tax' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Deduction' }));
    expect(await within(dialog).findByText(SALARY_MSG.sectionRequired)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Income-tax Section/ }), '80C');
    await user.click(within(dialog).getByRole('button', { name: 'Add Deduction' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.init.body))).toMatchObject({ deductionName: 'PF Voluntary', deductionType: 3, preTaxDeductionSection: '80C' });
  });

  it("'Mark as Completed' completes the salary step and returns to the checklist", async () => {
    const { calls, router } = renderAt('/payroll/payroll-components/salary', {
      'GET /SalaryComponents/earnings': list(EARNINGS),
      'POST /PayrollSetup/steps/salaryComponents/complete': ok({ salaryComponents: true, statutoryComponents: false, settings: false, isEnabled: false }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark as Completed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll-setup'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/PayrollSetup/steps/salaryComponents/complete')).toBe(true);
  });
});

describe('StatutoryComponentsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("the free plan shows 'Upgrade to premium' and asks the server nothing", async () => {
    const { calls } = renderAt('/payroll/payroll-components/statutory', {}, makeUser({ accessableFeatures: [{ key: 'Settings' }], isTenantOnFreePlan: true, planName: 'Free', isTenantOnTrial: false }));
    expect(await screen.findByRole('link', { name: 'Upgrade to premium' })).toHaveAttribute('href', '/my-subscription');
    expect(calls.some((c) => c.path.startsWith('/StatutoryComponents'))).toBe(false);
  });

  it('professional tax: the state’s slabs show read-only and follow the picker', async () => {
    renderAt('/payroll/payroll-components/statutory', { 'GET /StatutoryComponents': list(STATUTORY), 'GET /StatutoryComponents/tables': ok(TABLES) });
    const pt = await screen.findByRole('region', { name: 'Professional Tax' });
    const ka = within(pt).getByRole('table', { name: 'Professional tax slabs for Karnataka' });
    expect(within(ka).getAllByRole('row').map((r) => r.textContent)).toEqual(['Monthly salaryTaxIn February', '₹0 – ₹24,999.99₹0—', '₹25,000 and above₹200₹300']);
    const user = userEvent.setup();
    await user.selectOptions(within(pt).getByRole('combobox', { name: 'Work Location State' }), 'TN');
    expect(within(pt).getByText('Tamil Nadu: deducted half-yearly, in September and March. At most ₹2,500 a year.')).toBeInTheDocument();
    expect(within(pt).getByRole('table', { name: 'Professional tax slabs for Tamil Nadu' })).toBeInTheDocument();
  });

  it('EPF: a bad number is refused before the call; a good one is saved switched on', async () => {
    const toasts = spyOnToasts();
    const { calls } = renderAt('/payroll/payroll-components/statutory', {
      'GET /StatutoryComponents': list(STATUTORY),
      'GET /StatutoryComponents/tables': ok(TABLES),
      'PUT /StatutoryComponents/EPF': (call) => ok({ ...STATUTORY[0], settings: { ...STATUTORY[0]?.settings, ...JSON.parse(String(call.init.body)) } }, SALARY_MSG.statutoryUpdated),
    });
    const epf = await screen.findByRole('region', { name: 'Employees’ Provident Fund (EPF)' });
    const user = userEvent.setup();
    await user.type(within(epf).getByRole('textbox', { name: /EPF Number/ }), 'KA12');
    await user.click(within(epf).getByRole('button', { name: 'Save Employees’ Provident Fund (EPF)' }));
    expect(await within(epf).findByText(SALARY_MSG.epfNumberInvalid)).toBeInTheDocument();
    await user.clear(within(epf).getByRole('textbox', { name: /EPF Number/ }));
    await user.type(within(epf).getByRole('textbox', { name: /EPF Number/ }), 'KA/BNG/0012345/000');
    await user.click(within(epf).getByRole('checkbox', { name: 'EDLI and admin charges are part of CTC' }));
    await user.click(within(epf).getByRole('button', { name: 'Save Employees’ Provident Fund (EPF)' }));
    await waitFor(() => expect(toasts.messages()).toEqual([SALARY_MSG.statutoryUpdated]));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init.body))).toMatchObject({ isEnabled: true, epfNumber: 'KA/BNG/0012345/000', includeEdliAndAdminInCtc: true, restrictToWageCeiling: true });
    toasts.restore();
  });

  it('EPF and ESI wage base: the choice with the day it was made; a change is saved', async () => {
    const { calls } = renderAt('/payroll/payroll-components/statutory', {
      'GET /StatutoryComponents': list(STATUTORY),
      'GET /StatutoryComponents/tables': ok(TABLES),
      'PUT /StatutoryComponents/EPF': (call) => ok({ ...STATUTORY[0], settings: { ...STATUTORY[0]?.settings, ...JSON.parse(String(call.init.body)) } }, SALARY_MSG.statutoryUpdated),
    });
    const epf = await screen.findByRole('region', { name: 'Employees’ Provident Fund (EPF)' });
    expect(within(epf).getByRole('radio', { name: 'Labour codes wages' })).toBeChecked();
    expect(within(epf).getByText(/Since 12 Nov 2026\./)).toBeInTheDocument();
    expect(within(epf).getByRole('checkbox', { name: /Count every salary component except HRA/ })).toBeDisabled();
    // ESI saved before the choice was recorded: the components, no date.
    const esi = screen.getByRole('region', { name: /ESI/ });
    expect(within(esi).getByRole('radio', { name: 'Marked components' })).toBeChecked();
    const user = userEvent.setup();
    await user.click(within(epf).getByRole('radio', { name: 'Marked components' }));
    expect(within(epf).getByText(/Takes effect from today when saved\./)).toBeInTheDocument();
    await user.click(within(epf).getByRole('button', { name: 'Save Employees’ Provident Fund (EPF)' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init.body))).toMatchObject({ wageBase: 'components' });
  });

  it('LWF is disabled until enabled; an enabled component can be disabled (DELETE)', async () => {
    const { calls } = renderAt('/payroll/payroll-components/statutory', {
      'GET /StatutoryComponents': list(STATUTORY),
      'GET /StatutoryComponents/tables': ok(TABLES),
      'DELETE /StatutoryComponents/ESI': ok({ ...STATUTORY[1], isEnabled: false }, SALARY_MSG.statutoryDisabled),
    });
    const lwf = await screen.findByRole('region', { name: 'Labour Welfare Fund (LWF)' });
    expect(within(lwf).getByText('Disabled')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(lwf).getByRole('button', { name: 'Enable Labour Welfare Fund (LWF)' }));
    expect(await within(lwf).findByText(SALARY_MSG.lwfStateRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable Employees’ State Insurance (ESI)' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/StatutoryComponents/ESI')).toBe(true));
  });
});
