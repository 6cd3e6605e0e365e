import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders } from '../../test/helpers';
import { LeaveTypeFormModal } from './LeaveTypeFormModal';

describe('LeaveTypeFormModal', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers the labour codes rule with its help text; choosing it hides the quota and sends the rule', async () => {
    const saved = { id: 'aaaaaaaa-0000-4000-8000-000000000009', name: 'Annual Leave', code: 'ANL', isPaid: true, yearlyQuota: 0, accruesMonthly: false, accrualRule: 'codes-180-days', carryForward: false, maxCarryForward: 0, isEncashable: false, color: 'blue', isActive: true, requestCount: 0 };
    const calls = mockFetch({ 'POST /LeaveTypes': jsonResponse(201, { statusCode: 201, message: 'Leave type created successfully', data: saved }) });
    const onSaved = vi.fn();
    renderWithProviders(<LeaveTypeFormModal leaveType={null} onClose={() => undefined} onSaved={onSaved} />);
    const ue = userEvent.setup();
    await ue.type(screen.getByRole('textbox', { name: /^Name/ }), 'Annual Leave');
    await ue.type(screen.getByRole('textbox', { name: /^Code/ }), 'ANL');
    expect(screen.getByRole('textbox', { name: /Yearly quota/ })).toBeInTheDocument();
    const rule = screen.getByRole('checkbox', { name: /Annual leave under the labour codes/ });
    expect(screen.getByText(/one day per 20 days worked last year, for 180 or more days worked/)).toBeInTheDocument();
    await ue.click(rule);
    expect(screen.queryByRole('textbox', { name: /Yearly quota/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Accrues monthly/ })).toBeNull();
    await ue.click(screen.getByRole('button', { name: 'Add Leave Type' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toMatchObject({ name: 'Annual Leave', code: 'ANL', accrualRule: 'codes-180-days' });
  });
});
