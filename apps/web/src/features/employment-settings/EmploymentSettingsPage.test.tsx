import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { EMPLOYMENT_SETTINGS_MSG as MSG, Role, SETTINGS_CATALOGUE, SETTING_CATEGORIES } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '../../test/helpers';
import { EmploymentSettingsPage } from './EmploymentSettingsPage';

const FT = '11111111-1111-4111-8111-111111111111';
const PT = '22222222-2222-4222-8222-222222222222';
const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });
const settings = SETTINGS_CATALOGUE.map((s) => ({
  employmentTypeSettingId: s.employmentTypeSettingId,
  name: s.name,
  label: s.label,
  description: s.description,
  dataType: s.dataType,
  category: SETTING_CATEGORIES.find((c) => c.categoryId === s.categoryId),
  minValue: s.minValue ?? null,
  maxValue: s.maxValue ?? null,
  maxLength: s.maxLength ?? null,
}));

function render(values: unknown[]) {
  const calls = mockFetch({
    'GET /EmploymentTypeSettings/categories': list(SETTING_CATEGORIES.map((c) => ({ ...c, settingCount: SETTINGS_CATALOGUE.filter((s) => s.categoryId === c.categoryId).length }))),
    'GET /EmploymentTypeSettings': list(settings),
    'GET /EmploymentTypeSettings/tenants': list(values),
    'GET /EmploymentTypeSettings/employment-types': list([
      { id: FT, name: 'Full Time' },
      { id: PT, name: 'Part Time' },
    ]),
    'PUT /EmploymentTypeSettings/tenants': jsonResponse(200, { statusCode: 200, message: MSG.saved, data: [] }),
  });
  const user = makeUser({ roleId: Role.Administrator, accessableFeatures: [{ key: 'EmploymentTypeSettings' }] });
  setSessionUser(user);
  renderWithProviders(
    <MemoryRouter>
      <EmploymentSettingsPage />
    </MemoryRouter>,
    { user },
  );
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Employment Type Settings', () => {
  it('shows the categories of each tab as cards with their counts; checkboxes wait for a value', async () => {
    render([{ id: 'v1', employmentTypeSettingId: 3, employmentTypeIds: FT, value: '60' }]);
    const ue = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Employment Type Settings' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Probation' })).toHaveTextContent('2 settings');
    await ue.click(screen.getByRole('tab', { name: 'Notice Period' }));
    const notice = await screen.findByRole('region', { name: 'Notice Period' });
    expect(notice).toHaveTextContent('3 settings');
    expect(screen.getByRole('region', { name: 'Notice Period Buyout' })).toHaveTextContent('2 settings');
    expect(within(notice).getByRole('checkbox', { name: 'Notice period (days): Full Time' })).toBeChecked();
    // No value yet for the probation notice: its employment types wait for one.
    expect(within(notice).getByRole('checkbox', { name: 'Notice period during probation (days): Full Time' })).toBeDisabled();
    expect(within(notice).getAllByText(MSG.enterValueFirst).length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a value without an employment type with the spec’s messages, then saves the tab with PUT', async () => {
    const calls = render([{ id: 'v1', employmentTypeSettingId: 3, employmentTypeIds: FT, value: '60' }]);
    const ue = userEvent.setup();
    await screen.findByRole('heading', { name: 'Employment Type Settings' });
    await ue.click(screen.getByRole('tab', { name: 'Notice Period' }));
    const notice = await screen.findByRole('region', { name: 'Notice Period' });
    await ue.type(within(notice).getByRole('textbox', { name: 'Notice period during probation (days)' }), '15');
    await ue.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await within(notice).findByText(MSG.valueWithoutType)).toBeInTheDocument();
    expect(await screen.findByText(MSG.fixErrors)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await ue.click(within(notice).getByRole('checkbox', { name: 'Notice period during probation (days): Part Time' }));
    await ue.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(MSG.noticeSaved)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.search).toBe('?settingCategory=2%2C3');
    expect(JSON.parse(String(put?.init.body))).toEqual([
      { employmentTypeSettingId: 3, employmentTypeIds: FT, value: '60' },
      { employmentTypeSettingId: 4, employmentTypeIds: PT, value: '15' },
    ]);
  }, 90_000);
});
