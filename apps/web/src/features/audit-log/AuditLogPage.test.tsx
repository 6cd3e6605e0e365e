import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_MSG, type AuditEntryView } from '@tankha/contracts';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { AuditLogPage } from './AuditLogPage';

const list = (rows: AuditEntryView[]) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords: rows.length });

const entry: AuditEntryView = {
  id: 'e1',
  seq: 7,
  at: '2026-04-01T04:30:00.000Z',
  actorId: 'u1',
  actorName: 'Asha Rao',
  ip: '10.0.0.1',
  userAgent: 'Firefox',
  entity: 'BankDetails',
  entityId: 'u2',
  action: 'Update',
  before: { bankAccountNumber: '••••6789' },
  after: { bankAccountNumber: '••••4321' },
  reason: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings → Audit log', () => {
  it('says so when there are no entries', async () => {
    mockFetch({ 'GET /AuditLog': list([]) });
    renderWithProviders(<AuditLogPage />, { user: makeUser() });
    expect(await screen.findByText(AUDIT_MSG.empty)).toBeInTheDocument();
  });

  it("expands an entry to its fields before and after, and filters by action on the server", async () => {
    const calls = mockFetch({ 'GET /AuditLog': list([entry]) });
    renderWithProviders(<AuditLogPage />, { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Before and after of entry 7' }));
    expect(screen.getByText('••••6789')).toBeInTheDocument();
    expect(screen.getByText('••••4321')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Role change' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/AuditLog' && c.search.includes('action=RoleChange'))).toBe(true));
  });

  it('Verify chain shows the first broken entry', async () => {
    mockFetch({ 'GET /AuditLog': list([entry]), 'GET /AuditLog/verify': ok({ valid: false, entries: 12, firstBrokenId: 'e1' }, AUDIT_MSG.chainBroken) });
    renderWithProviders(<AuditLogPage />, { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText(AUDIT_MSG.chainBroken)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Entry e1');
  });
});
