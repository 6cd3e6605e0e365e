import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_LEAVE_SETTINGS, LEAVE_MSG, type LeaveBalanceRow } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts } from '../../test/helpers';
import { ApplyLeaveModal } from './ApplyLeaveModal';

const CL: LeaveBalanceRow = {
  leaveTypeId: 'aaaaaaaa-0000-4000-8000-000000000001',
  leaveTypeName: 'Casual Leave',
  code: 'CL',
  color: 'blue',
  isPaid: true,
  isUnlimited: false,
  yearlyQuota: 12,
  accruesMonthly: false,
  accrualRule: 'quota',
  entitlementNote: null,
  entitled: 12,
  carriedForward: 0,
  adjustment: 0,
  used: 10,
  pending: 0,
  available: 2,
};

function renderModal(replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch({ 'GET /LeaveSettings': ok(DEFAULT_LEAVE_SETTINGS), ...replies });
  const user = makeUser();
  setSessionUser(user);
  const onApplied = vi.fn();
  renderWithProviders(<ApplyLeaveModal opened balances={[CL]} onClose={() => undefined} onApplied={onApplied} />, { user });
  return { calls, onApplied };
}

async function fill(from: string, to: string) {
  const ue = userEvent.setup();
  await ue.click(screen.getByRole('combobox', { name: 'Leave type' }));
  await ue.click(await screen.findByRole('option', { name: 'Casual Leave (2 available)' }));
  fireEvent.change(screen.getByLabelText(/^From/), { target: { value: from } });
  fireEvent.change(screen.getByLabelText(/^To/), { target: { value: to } });
  await ue.type(screen.getByRole('textbox', { name: 'Reason' }), 'Family function');
  return ue;
}

describe('ApplyLeaveModal', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the required-field messages inline and sends nothing', async () => {
    const { calls } = renderModal({});
    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(LEAVE_MSG.leaveTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(LEAVE_MSG.startDateRequired)).toBeInTheDocument();
    expect(screen.getByText(LEAVE_MSG.reasonRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the days from the server and refuses more than the balance', async () => {
    const { calls } = renderModal({ 'GET /Leaves/days': ok({ days: 3 }) });
    const ue = await fill('19/06/2026', '23/06/2026');
    expect(await screen.findByText(/Days: 3 days · Balance after: -1/)).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(screen.getByRole('dialog', { name: 'Apply Leave' })).findByRole('alert')).toHaveTextContent(LEAVE_MSG.insufficientBalance);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('enables the half-day choice only for a single date and sends it', async () => {
    const toasts = spyOnToasts();
    const { calls, onApplied } = renderModal({
      'GET /Leaves/days': ok({ days: 0.5 }),
      'POST /Leaves': jsonResponse(201, {
        statusCode: 201,
        message: LEAVE_MSG.applied,
        data: {
          id: 'bbbbbbbb-0000-4000-8000-000000000001',
          employeeId: 'u1',
          employeeName: 'Asha Rao',
          employeeNumber: null,
          leaveTypeId: CL.leaveTypeId,
          leaveTypeName: 'Casual Leave',
          leaveTypeColor: 'blue',
          isPaid: true,
          startDate: '2026-06-15',
          endDate: '2026-06-15',
          portion: 'secondHalf',
          days: 0.5,
          reason: 'Family function',
          status: 1,
          remarks: null,
          approverName: null,
          decidedAt: null,
          createdAt: '2026-06-10T05:00:00.000Z',
          canCancel: true,
          canDecide: false,
        },
      }),
    });
    const ue = await fill('15/06/2026', '16/06/2026');
    expect(screen.getByText('A half day can be chosen when From and To are the same date.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: '15/06/2026' } });
    await ue.click(screen.getByText('Second half'));
    expect(await screen.findByText(/Days: 0.5 day/)).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ leaveTypeId: CL.leaveTypeId, startDate: '2026-06-15', endDate: '2026-06-15', portion: 'secondHalf', reason: 'Family function' });
    expect(toasts.messages()).toContain(LEAVE_MSG.applied);
  });

  it("shows the server's refusal (overlap) in the form", async () => {
    renderModal({
      'GET /Leaves/days': ok({ days: 1 }),
      'POST /Leaves': jsonResponse(409, { statusCode: 409, errorCode: 'CONFLICT', message: LEAVE_MSG.overlap }),
    });
    const ue = await fill('15/06/2026', '15/06/2026');
    await screen.findByText(/Days: 1 day/);
    await ue.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(screen.getByRole('dialog', { name: 'Apply Leave' })).findByRole('alert')).toHaveTextContent(LEAVE_MSG.overlap);
  });
});
