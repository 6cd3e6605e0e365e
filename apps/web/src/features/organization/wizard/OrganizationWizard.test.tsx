import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MSG } from '@tankha/contracts';
import { jsonResponse, makeOrganization, mockFetch, ok, renderWithProviders } from '../../../test/helpers';
import { OrganizationWizard } from './OrganizationWizard';
import { canOpenTab, emptyWizardValues, type WizardTabKey, type WizardValues } from './wizard-rules';

const filled = (overrides: Partial<WizardValues> = {}): WizardValues => ({
  ...emptyWizardValues(),
  tenantName: 'Acme Labs',
  address: '12 MG Road, Bengaluru',
  businessType: 'pvtLtd',
  legalCompanyName: 'Acme Labs Private Limited',
  industry: 'technology',
  teamSize: '21-100',
  pan: 'ABCDE1234F',
  ...overrides,
});

function renderWizard(values: WizardValues = emptyWizardValues(), onFinished = vi.fn()) {
  const user = userEvent.setup();
  renderWithProviders(<OrganizationWizard mode="update" initialValues={values} onClose={vi.fn()} onFinished={onFinished} />);
  return { user, onFinished };
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const next = () => screen.getByRole('button', { name: 'Next' });

async function clickNext(user: ReturnType<typeof userEvent.setup>, times: number) {
  for (let i = 0; i < times; i += 1) await user.click(next());
}

describe('canOpenTab', () => {
  const set = (...keys: WizardTabKey[]) => new Set<WizardTabKey>(keys);

  it('opens the current tab and earlier ones', () => {
    expect(canOpenTab(2, 2, set(), set())).toBe(true);
    expect(canOpenTab(0, 2, set(), set())).toBe(true);
  });

  it('opens a later tab only when every earlier tab is completed and visited', () => {
    expect(canOpenTab(2, 0, set('basicInfo', 'businessDetails'), set('basicInfo', 'businessDetails'))).toBe(true);
    expect(canOpenTab(2, 0, set('basicInfo', 'businessDetails'), set('basicInfo'))).toBe(false);
    expect(canOpenTab(2, 0, set('basicInfo'), set('basicInfo', 'businessDetails'))).toBe(false);
  });
});

describe('OrganizationWizard', () => {
  it('blocks Next on empty basic information and keeps later tabs closed', async () => {
    const { user } = renderWizard();
    expect(tab('Business Details')).toBeDisabled();

    await user.click(next());

    expect(screen.getByText(MSG.fillRequired)).toBeInTheDocument();
    expect(screen.getByText('Organization name is required')).toBeInTheDocument();
    expect(tab('Basic Information')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Business Details')).toBeDisabled();
  });

  it('opens a tab once the earlier ones are completed and visited', async () => {
    const { user } = renderWizard();
    await user.type(screen.getByRole('textbox', { name: /Organization name/ }), 'Acme Labs');
    await user.type(screen.getByRole('textbox', { name: /Address/ }), '12 MG Road');
    await user.click(next());

    expect(tab('Business Details')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Tax Registration')).toBeDisabled();

    await user.click(tab('Basic Information'));
    expect(tab('Basic Information')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Business Details')).toBeEnabled();
    expect(tab('Tax Registration')).toBeDisabled();

    await user.click(tab('Business Details'));
    expect(tab('Business Details')).toHaveAttribute('aria-selected', 'true');
  });

  it('asks for business type and legal name, then industry and team size', async () => {
    const { user } = renderWizard(filled({ businessType: '', legalCompanyName: '', industry: '', teamSize: '' }));
    await user.click(next());

    await user.click(next());
    expect(screen.getByText(MSG.fillRequired)).toBeInTheDocument();
    expect(screen.getByText('Please select a business type')).toBeInTheDocument();
    expect(screen.getByText('Legal company name is required')).toBeInTheDocument();
  });

  it('upper-cases identifiers as typed and shows the format of a bad GST number', async () => {
    const { user } = renderWizard(filled({ pan: '' }));
    await clickNext(user, 3);
    expect(tab('Tax Registration')).toHaveAttribute('aria-selected', 'true');

    const pan = screen.getByRole('textbox', { name: /PAN/ });
    await user.type(pan, 'abcde1234f');
    expect(pan).toHaveValue('ABCDE1234F');

    await user.type(screen.getByRole('textbox', { name: 'GST number' }), '22abc');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'GST number' })).toHaveValue('22ABC');
    expect(screen.getByText('Format: 22ABCDE1234F1Z5')).toBeInTheDocument();

    await user.click(next());
    expect(tab('Tax Registration')).toHaveAttribute('aria-selected', 'true');
  });

  it('requires PAN before leaving tax registration', async () => {
    const { user } = renderWizard(filled({ pan: '' }));
    await clickNext(user, 4);

    expect(screen.getByText(MSG.fillRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.panRequired)).toBeInTheDocument();
    expect(tab('Settings')).toBeDisabled();
  });

  it('warns about working hours outside 6 to 14 and refuses a third day off', async () => {
    const { user } = renderWizard(filled());
    await clickNext(user, 4);
    expect(tab('Settings')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();

    const hours = screen.getByRole('textbox', { name: /Working hours per day/ });
    await user.clear(hours);
    await user.type(hours, '15');
    expect(screen.getByText(MSG.workingHoursRange)).toBeInTheDocument();
    await user.click(next());
    expect(tab('Settings')).toHaveAttribute('aria-selected', 'true');

    await user.clear(hours);
    await user.type(hours, '8');
    expect(screen.queryByText(MSG.workingHoursRange)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(screen.getByText(MSG.tooManyDaysOff)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked();
  });

  it('needs at least one day off for Next', async () => {
    const { user } = renderWizard(filled());
    await clickNext(user, 4);
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));

    await user.click(next());

    expect(screen.getByText('Please select at least one day off')).toBeInTheDocument();
    expect(tab('Review & Complete')).toBeDisabled();
  });

  it('finishes with PUT /Tenants then POST /settings', async () => {
    const show = vi.spyOn(notifications, 'show');
    const calls = mockFetch({
      'PUT /Tenants': ok(makeOrganization()),
      'POST /settings': ok({ workingHours: 9, weekDaysOff: 'Sunday,Saturday' }),
    });
    const { user, onFinished } = renderWizard(filled({ gstNumber: '22abcde1234f1z5' }));
    await clickNext(user, 5);
    expect(screen.getByText('Acme Labs Private Limited')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /Tenants', 'POST /settings']);
    const form = calls[0]?.init.body as FormData;
    expect(form.get('tenantName')).toBe('Acme Labs');
    expect(form.get('gstNumber')).toBe('22ABCDE1234F1Z5');
    expect(form.get('businessType')).toBe('pvtLtd');
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ workingHours: '9', weekDaysOff: 'Sunday,Saturday' });
    const messages = show.mock.calls.map(([data]) => data.message);
    expect(messages).toEqual([MSG.orgUpdated, MSG.orgSettingsAdded]);
    show.mockRestore();
  });

  it('tries the settings twice and reports when both fail', async () => {
    const show = vi.spyOn(notifications, 'show');
    const calls = mockFetch({
      'PUT /Tenants': ok(makeOrganization()),
      'POST /settings': () => jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL_ERROR', message: 'Down' }),
    });
    const { user, onFinished } = renderWizard(filled());
    await clickNext(user, 5);

    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    await waitFor(() => expect(onFinished).toHaveBeenCalled(), { timeout: 3000 });
    expect(calls.filter((c) => c.path === '/settings')).toHaveLength(2);
    expect(show.mock.calls.map(([data]) => data.message)).toEqual([MSG.orgUpdated, MSG.orgCreatedSettingsFailed]);
    show.mockRestore();
  });

  it('reports a failed update and stays on the review', async () => {
    const show = vi.spyOn(notifications, 'show');
    mockFetch({ 'PUT /Tenants': jsonResponse(500, { statusCode: 500, errorCode: 'INTERNAL_ERROR', message: 'Down' }) });
    const { user, onFinished } = renderWizard(filled());
    await clickNext(user, 5);

    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    await waitFor(() => expect(show.mock.calls.map(([data]) => data.message)).toEqual([MSG.failedUpdateOrg]));
    expect(onFinished).not.toHaveBeenCalled();
    show.mockRestore();
  });
});
