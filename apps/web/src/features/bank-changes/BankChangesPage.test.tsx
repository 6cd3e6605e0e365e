import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BANK_CHANGE_MSG, type BankChange } from '@tankha/contracts';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { BankChangesPage } from './BankChangesPage';

const ME = '11111111-1111-4111-8111-111111111111';
const list = (rows: BankChange[]) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords: rows.length });
const change = (over: Partial<BankChange> = {}): BankChange => ({
  id: 'c1',
  userId: 'u2',
  employeeName: 'Kavya Menon',
  employeeNumber: 'E007',
  status: 'pending',
  current: { bankAccountNumber: '50100123456789', bankName: 'HDFC Bank', ifscCode: 'HDFC0001753', accountHolderName: null },
  requested: { bankAccountNumber: '50100000002222', bankName: 'HDFC Bank', ifscCode: 'HDFC0001753', accountHolderName: null },
  requestedById: 'someone-else',
  requestedByName: 'Farhan Qureshi',
  requestedAt: '2026-04-01T04:30:00.000Z',
  effectiveAt: null,
  decidedById: null,
  decidedAt: null,
  reason: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings › Bank changes', () => {
  it('says so when nothing awaits approval', async () => {
    mockFetch({ 'GET /BankChanges': list([]) });
    renderWithProviders(<BankChangesPage />, { user: makeUser({ id: ME }) });
    expect(await screen.findByText(BANK_CHANGE_MSG.emptyList)).toBeInTheDocument();
  });

  it("approves another administrator's change; one's own cannot be approved", async () => {
    const calls = mockFetch({
      'GET /BankChanges': list([change(), change({ id: 'c2', userId: 'u3', employeeName: 'Ravi Iyer', requestedById: ME })]),
      'POST /BankChanges/c1/approve': ok(change({ status: 'approved' }), BANK_CHANGE_MSG.approved),
    });
    renderWithProviders(<BankChangesPage />, { user: makeUser({ id: ME }) });
    expect(await screen.findByRole('button', { name: 'Approve the bank change of Ravi Iyer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Approve the bank change of Kavya Menon' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/BankChanges/c1/approve')).toBe(true));
  });

  it('a rejection asks for a reason before it is sent', async () => {
    const calls = mockFetch({
      'GET /BankChanges': list([change()]),
      'POST /BankChanges/c1/reject': ok(change({ status: 'rejected', reason: 'Not asked for' }), BANK_CHANGE_MSG.rejected),
    });
    renderWithProviders(<BankChangesPage />, { user: makeUser({ id: ME }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject the bank change of Kavya Menon' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(BANK_CHANGE_MSG.reasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/BankChanges/c1/reject')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not asked for');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(calls.find((c) => c.path === '/BankChanges/c1/reject')?.init.body).toBe(JSON.stringify({ reason: 'Not asked for' })));
  });
});
