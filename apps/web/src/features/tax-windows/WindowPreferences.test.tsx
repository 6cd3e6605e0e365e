import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_IT_REMINDER_SUBJECT, TAX_WINDOW_MSG, type ItDeclarationConfig } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderRoutes, spyOnToasts, type RecordedCall } from '../../test/helpers';
import { DeclarationsTab } from './WindowPreferences';

const TODAY = '2025-06-10';

function released(overrides: Partial<ItDeclarationConfig> = {}): ItDeclarationConfig {
  return {
    id: '6d0f3bd0-4b4a-4b8a-9a3e-7d2c4b1e0a11',
    startDate: '2025-06-02',
    endDate: '2025-06-30',
    status: 1,
    financialYearStart: 2025,
    financialYearEnd: 2026,
    allowRegimeSwitch: true,
    notifyOnRelease: false,
    enableReminderEmails: true,
    notifyOnLock: false,
    lockedAt: null,
    lockedByName: null,
    allowTdsModificationExceedCalculatedAmount: false,
    reminders: [
      { id: '0b0f3bd0-4b4a-4b8a-9a3e-7d2c4b1e0a11', itDeclarationConfigId: '6d0f3bd0-4b4a-4b8a-9a3e-7d2c4b1e0a11', daysBeforeLockDate: 5, isEnabled: true, subject: DEFAULT_IT_REMINDER_SUBJECT, body: '<p>x</p>' },
    ],
    ...overrides,
  };
}

function renderTab(replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(replies);
  setSessionUser(makeUser());
  renderRoutes([{ path: '/payroll/lock-unlock/declarations', element: <DeclarationsTab today={TODAY} /> }], '/payroll/lock-unlock/declarations');
  return calls;
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.init.body)) as Record<string, unknown>;

describe('Lock / Unlock: IT declaration (payroll spec §2, §4, §5, §8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('locked state → release: the lock date is required, then the dialog needs its tick and sends status Released with the default reminders', async () => {
    const toasts = spyOnToasts();
    const calls = renderTab({
      'GET /ITDeclaration/config': ok(null),
      'POST /ITDeclaration/config': () => ok(released(), TAX_WINDOW_MSG.itSaved),
    });
    const user = userEvent.setup();
    expect(await screen.findByText(/Investment Declaration submission is locked/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Allow regime switch' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Release IT Declaration' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TAX_WINDOW_MSG.lockDateRequired)).toBeInTheDocument();

    const date = screen.getByRole('textbox', { name: /Lock date/ });
    await user.type(date, '01/07/2025');
    await user.tab();
    expect(await screen.findByText(TAX_WINDOW_MSG.lockDateOutsideMonth)).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '30/06/2025');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(TAX_WINDOW_MSG.lockDateOutsideMonth)).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release IT Declaration' });
    const confirm = within(dialog).getByRole('button', { name: 'Yes, Save & Release' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(confirm);
    await waitFor(() => expect(toasts.messages()).toContain(TAX_WINDOW_MSG.itSaved));
    const sent = bodyOf(calls.find((c) => c.method === 'POST'));
    expect(sent).toMatchObject({ endDate: '2025-06-30', status: 1, financialYearStart: 2025, financialYearEnd: 2026, enableReminderEmails: true });
    expect((sent.reminders as { daysBeforeLockDate: number }[]).map((r) => r.daysBeforeLockDate)).toEqual([5, 1]);
  }, 30_000);

  it('released: Lock → the success toast; a window locked meanwhile → the info toast', async () => {
    const toasts = spyOnToasts();
    let locks = 0;
    renderTab({
      'GET /ITDeclaration/config': () => ok(released()),
      'POST /ITDeclaration/config/lock': () => {
        locks += 1;
        return locks === 1 ? ok(released({ status: 0 }), TAX_WINDOW_MSG.itLocked) : jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: TAX_WINDOW_MSG.itAlreadyLocked });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(toasts.messages()).toContain(TAX_WINDOW_MSG.itLocked));
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(toasts.messages()).toContain(TAX_WINDOW_MSG.itAlreadyLocked));
  }, 30_000);

  it('a saved lock date from another month is flagged when the form opens; the locked view shows who locked it', async () => {
    renderTab({ 'GET /ITDeclaration/config': ok(released({ status: 0, endDate: '2025-05-31', lockedAt: '2025-06-01T00:30:00.000Z' })) });
    const user = userEvent.setup();
    expect(await screen.findByText('Locked automatically after the lock date 31/05/2025.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Already Locked' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Release IT Declaration' }));
    expect(await screen.findByText(TAX_WINDOW_MSG.storedDateOutsideMonth)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Already Locked' })).toBeDisabled();
  }, 30_000);
});
