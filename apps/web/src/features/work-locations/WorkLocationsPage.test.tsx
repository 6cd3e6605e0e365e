import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORK_LOCATION_MSG, workLocationDeleteMessages, type WorkLocation } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { WorkLocationsPage } from './WorkLocationsPage';

const PUNE: WorkLocation = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'Pune',
  stateCode: 'MH',
  stateName: 'Maharashtra',
  city: 'Pune',
  ptRegistrationNumber: '27123456789P',
  lwfRegistrationNumber: null,
  employeeCount: 3,
};
const list = (rows: WorkLocation[]) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords: rows.length });

function renderPage(replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(replies);
  const user = makeUser();
  setSessionUser(user);
  renderWithProviders(<WorkLocationsPage />, { user });
  return calls;
}

describe('WorkLocationsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the empty state when there are no locations', async () => {
    renderPage({ 'GET /WorkLocations': list([]) });
    expect(await screen.findByText(WORK_LOCATION_MSG.noLocations)).toBeInTheDocument();
    expect(WORK_LOCATION_MSG.noLocations).toBe('No work locations yet');
  });

  it('lists each location with its state and registrations', async () => {
    renderPage({ 'GET /WorkLocations': list([PUNE]) });
    const table = await screen.findByRole('table', { name: 'Work locations' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row as HTMLElement).getByText('Maharashtra')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('27123456789P')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('3')).toBeInTheDocument();
  });

  it('adds a location: the state is required before anything is sent, then POST with the form', async () => {
    const toasts = spyOnToasts();
    const calls = renderPage({ 'GET /WorkLocations': list([]), 'POST /WorkLocations': ok({ ...PUNE, employeeCount: 0 }, WORK_LOCATION_MSG.created) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add work location' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pune');
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await within(dialog).findByText(WORK_LOCATION_MSG.stateRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Maharashtra' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Pune');
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(toasts.messages()).toEqual([WORK_LOCATION_MSG.created]));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ name: 'Pune', stateCode: 'MH', city: 'Pune', ptRegistrationNumber: '', lwfRegistrationNumber: '' });
    toasts.restore();
  });

  it('deleting a location people work at shows the refusal in the dialog', async () => {
    const refusal = workLocationDeleteMessages.inUse('Pune', 3);
    renderPage({ 'GET /WorkLocations': list([PUNE]), [`DELETE /WorkLocations/${PUNE.id}`]: jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: refusal }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Pune' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete work location' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });
});
