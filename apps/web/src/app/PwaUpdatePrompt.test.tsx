import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { isOfflineReadableApi, isOfflineReadablePage } from './offline-cache';
import { PwaUpdatePrompt } from './PwaUpdatePrompt';

// The plugin's registration module exists only in a Vite build; here it is a stand-in whose "new version waiting" flag the test sets.
const sw = vi.hoisted(() => ({ waiting: false, update: vi.fn(() => Promise.resolve()) }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => {
    const needRefresh = useState(sw.waiting);
    const offlineReady = useState(false);
    return { needRefresh, offlineReady, updateServiceWorker: sw.update };
  },
}));

function renderPrompt() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <PwaUpdatePrompt />
    </AppProviders>,
  );
}

describe('the update prompt', () => {
  beforeEach(() => {
    sw.waiting = false;
    sw.update.mockClear();
  });

  it('says nothing while no new version is waiting', () => {
    renderPrompt();
    expect(screen.queryByRole('status', { name: 'Update available' })).toBeNull();
  });

  it('offers Reload after a deploy and activates the waiting worker with a page reload', async () => {
    sw.waiting = true;
    renderPrompt();
    const prompt = screen.getByRole('status', { name: 'Update available' });
    expect(prompt).toHaveTextContent('Update available');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(sw.update).toHaveBeenCalledWith(true);
  });

  it('goes away on Later without reloading', async () => {
    sw.waiting = true;
    renderPrompt();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status', { name: 'Update available' })).toBeNull();
    expect(sw.update).not.toHaveBeenCalled();
  });
});

describe('what the service worker keeps for offline reading', () => {
  it('keeps the GETs of the member attendance and payslip pages', () => {
    for (const url of ['/backend/api/Attendances/today', '/backend/api/Attendances?startDate=2026-11-01&endDate=2026-11-29', '/backend/api/Shifts/current-shift', '/backend/api/Payslips?year=2026', 'http://127.0.0.1:4173/backend/api/Payslips/abc-123']) {
      expect(isOfflineReadableApi(url), url).toBe(true);
    }
  });

  it('keeps no other API reply: team grids, settings, downloads, accounts', () => {
    for (const url of ['/backend/api/Attendances/grid?month=2026-11', '/backend/api/Attendances/settings', '/backend/api/Attendances/approvals', '/backend/api/Payslips/abc/pdf', '/backend/api/Account/me', '/backend/api/Users/team', '/backend/api/PayrollRuns/current', '/backend/files/logo.png']) {
      expect(isOfflineReadableApi(url), url).toBe(false);
    }
  });

  it('lets only those pages stay on screen offline', () => {
    expect(isOfflineReadablePage('/my-attendance')).toBe(true);
    expect(isOfflineReadablePage('/payslips/abc')).toBe(true);
    expect(isOfflineReadablePage('/my-team/attendance')).toBe(false);
    expect(isOfflineReadablePage('/payroll')).toBe(false);
  });
});
