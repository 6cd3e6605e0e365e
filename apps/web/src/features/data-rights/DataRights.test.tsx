import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATA_RIGHTS_MSG, ERASURE_ERASED, ERASURE_KEPT, Role, type ErasureStatus } from '@tankha/contracts';
import { makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { setSessionUser } from '../../app/session';
import { DownloadMyDataCard } from './DownloadMyDataCard';
import { ErasePersonalDataSection } from './ErasePersonalDataSection';

const USER_ID = '33333333-3333-4333-8333-333333333333';

function status(overrides: Partial<ErasureStatus> = {}): ErasureStatus {
  return {
    userId: USER_ID,
    lastWorkingDay: '2026-12-31',
    retentionYears: 8,
    allowedFrom: '2034-12-31',
    allowed: false,
    refusal: DATA_RIGHTS_MSG.retentionNotOver('31 Dec 2034'),
    erasedAt: null,
    erased: [...ERASURE_ERASED],
    kept: [...ERASURE_KEPT],
    ...overrides,
  };
}

describe('data rights on the web', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('downloads my data with progress while it is prepared', async () => {
    const user = makeUser({ roleId: Role.Member });
    setSessionUser(user);
    let release: (r: Response) => void = () => undefined;
    const calls = mockFetch({ 'GET /Me/data-export': () => new Promise<Response>((resolve) => (release = resolve)) });
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<DownloadMyDataCard />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Preparing your data');
    release(new Response(new Uint8Array([80, 75, 5, 6]), { status: 200, headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="my-data-2027-01-06.zip"' } }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /Me/data-export']);
  });

  it('disables erasure with the day it becomes allowed', async () => {
    const user = makeUser({ roleId: Role.Administrator });
    setSessionUser(user);
    mockFetch({ [`GET /DataRights/erasure/${USER_ID}`]: ok(status()) });
    renderWithProviders(<ErasePersonalDataSection userId={USER_ID} name="Meera Pillai" />, { user });
    expect(await screen.findByRole('button', { name: 'Erase personal data' })).toBeDisabled();
    expect(screen.getByText(/it can be erased from 31 Dec 2034\./)).toBeInTheDocument();
  });

  it('shows nothing for an employee still working', async () => {
    const user = makeUser({ roleId: Role.Administrator });
    setSessionUser(user);
    const calls = mockFetch({ [`GET /DataRights/erasure/${USER_ID}`]: ok(status({ lastWorkingDay: null, allowedFrom: null, refusal: DATA_RIGHTS_MSG.notRelieved })) });
    renderWithProviders(<ErasePersonalDataSection userId={USER_ID} name="Meera Pillai" />, { user });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).toBeNull();
  });

  it('lists what is erased and kept, and erases only after confirmation', async () => {
    const user = makeUser({ roleId: Role.Administrator });
    setSessionUser(user);
    const calls = mockFetch({
      [`GET /DataRights/erasure/${USER_ID}`]: ok(status({ allowed: true, refusal: null, allowedFrom: '2026-01-01' })),
      [`POST /DataRights/erasure/${USER_ID}`]: ok(null, DATA_RIGHTS_MSG.erased),
    });
    renderWithProviders(<ErasePersonalDataSection userId={USER_ID} name="Meera Pillai" />, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ERASURE_ERASED[0]?.label as string)).toBeInTheDocument();
    expect(within(dialog).getByText(ERASURE_KEPT[2]?.label as string)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, erase it' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.init.body))).toEqual({ confirm: true });
  });
});
