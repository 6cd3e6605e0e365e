import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { MyLeavesPage } from './MyLeavesPage';

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });

describe('MyLeavesPage', () => {
  it("filters the member's requests by status with the browser's select, from the first page", async () => {
    const calls = mockFetch({ 'GET /Leaves/balances': ok([]), 'GET /Leaves': () => list([]) });
    renderWithProviders(<MyLeavesPage />, { user: makeUser() });
    expect(await screen.findByText('No leave requests yet. Use Apply Leave to request time off.')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Status filter' });
    expect([...filter.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All', 'Pending', 'Approved', 'Rejected', 'Cancelled']);

    await userEvent.selectOptions(filter, 'Approved');
    expect(await screen.findByText('No leave requests with this status.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/Leaves').map((c) => new URLSearchParams(c.search).get('status'))).toEqual([null, '2']));
    const last = new URLSearchParams(calls.filter((c) => c.path === '/Leaves').at(-1)?.search);
    expect(last.get('pageNumber')).toBe('1');
    expect(last.get('scope')).toBe('mine');
  });
});
