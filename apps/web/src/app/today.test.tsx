import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, screen, waitFor } from '@testing-library/react';
import { MyTeamReportsPage } from '../features/my-team/MyTeamReportsPage';
import { useOrganization } from '../features/organization/organization.api';
import { makeOrganization, makeUser, mockFetch, ok, renderWithProviders } from '../test/helpers';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { CurrentUserContext } from './current-user';
import { getSessionUser, setSessionUser } from './session';
import { useToday } from './today';

// 23:59 IST on 31 March 2027 and, two minutes later, 00:01 IST on 1 April: UTC is still on 31 March.
const BEFORE_MIDNIGHT_IST = new Date('2027-03-31T18:29:00Z');
const AFTER_MIDNIGHT_IST = new Date('2027-03-31T18:31:00Z');

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppProviders queryClient={createQueryClient()} env="test">
      {children}
    </AppProviders>
  );
}

function signedInWrapper({ children }: { children: ReactNode }) {
  return wrapper({ children: <CurrentUserContext value={getSessionUser()}>{children}</CurrentUserContext> });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("useToday: today's date in the organisation's time zone", () => {
  it('turns at midnight in India, not at midnight UTC', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: BEFORE_MIDNIGHT_IST });
    expect(renderHook(() => useToday(), { wrapper }).result.current).toBe('2027-03-31');
    vi.setSystemTime(AFTER_MIDNIGHT_IST);
    expect(renderHook(() => useToday(), { wrapper }).result.current).toBe('2027-04-01');
  });

  it("follows the signed-in organisation's zone once the header has loaded it, and asks for nothing itself", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: AFTER_MIDNIGHT_IST });
    setSessionUser(makeUser());
    const calls = mockFetch({ 'GET /Tenants': ok(makeOrganization({ timeZone: 'Asia/Dubai' })) });
    const alone = renderHook(() => useToday(), { wrapper: signedInWrapper });
    expect(alone.result.current).toBe('2027-04-01');
    expect(calls).toEqual([]);
    const { result } = renderHook(
      () => {
        useOrganization(); // what the header does
        return useToday();
      },
      { wrapper: signedInWrapper },
    );
    // 22:31 in Dubai: still 31 March there.
    await waitFor(() => expect(result.current).toBe('2027-03-31'));
  });

  it('a page that took today from UTC now defaults to 1 April at 00:01 IST', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: AFTER_MIDNIGHT_IST });
    renderWithProviders(<MyTeamReportsPage />);
    expect(screen.getByLabelText('End date')).toHaveValue('01/04/2027');
    expect(screen.getByLabelText('Start date')).toHaveValue('03/03/2027');
  });
});
