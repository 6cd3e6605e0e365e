import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LeaveBalanceRow } from '@tankha/contracts';
import { renderWithProviders } from '../../test/helpers';
import { BalanceCards, balanceHeadline } from './BalanceCards';

const base: LeaveBalanceRow = {
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
  used: 2,
  pending: 0.5,
  available: 9.5,
};
const earned: LeaveBalanceRow = { ...base, leaveTypeId: 'aaaaaaaa-0000-4000-8000-000000000002', leaveTypeName: 'Earned Leave', code: 'EL', yearlyQuota: 15, accruesMonthly: true, entitled: 7.5, carriedForward: 12.5, used: 0, pending: 0, available: 20 };
const lop: LeaveBalanceRow = { ...base, leaveTypeId: 'aaaaaaaa-0000-4000-8000-000000000003', leaveTypeName: 'Loss of Pay', code: 'LOP', isPaid: false, isUnlimited: true, yearlyQuota: 0, entitled: 0, used: 3, pending: 0, available: -3 };

describe('balanceHeadline', () => {
  it('shows available of what was credited (entitled + carried forward + adjustment)', () => {
    expect(balanceHeadline(base)).toEqual({ value: '9.5', of: '12' });
    expect(balanceHeadline(earned)).toEqual({ value: '20', of: '20' });
    expect(balanceHeadline({ ...base, adjustment: -1, available: 8.5 })).toEqual({ value: '8.5', of: '11' });
  });
  it('shows Unlimited for unpaid types', () => {
    expect(balanceHeadline(lop)).toEqual({ value: 'Unlimited', of: null });
  });
});

describe('BalanceCards', () => {
  it('renders a card per type with available, used, pending and carry forward', () => {
    renderWithProviders(<BalanceCards balances={[base, earned, lop]} />);
    const casual = screen.getByLabelText('Casual Leave balance');
    expect(within(casual).getByTestId('available')).toHaveTextContent('9.5');
    expect(within(casual).getByText('/ 12 available')).toBeInTheDocument();
    expect(within(casual).getByText(/Used 2 · Pending 0.5/)).toBeInTheDocument();
    const el = screen.getByLabelText('Earned Leave balance');
    expect(within(el).getByText(/Carried forward 12.5 · Accrues 1.25 a month/)).toBeInTheDocument();
    const unpaid = screen.getByLabelText('Loss of Pay balance');
    expect(within(unpaid).getByTestId('available')).toHaveTextContent('Unlimited');
    expect(within(unpaid).getByText('Unpaid')).toBeInTheDocument();
  });
  it("shows how a codes-180-days credit was decided; quota types show no note", () => {
    const annual: LeaveBalanceRow = { ...base, leaveTypeId: 'aaaaaaaa-0000-4000-8000-000000000004', leaveTypeName: 'Annual Leave', code: 'ANL', yearlyQuota: 0, accrualRule: 'codes-180-days', entitlementNote: '240 days worked in 2025: 12 days (OSH Code s.32(1)(vii))', entitled: 12, used: 0, pending: 0, available: 12 };
    renderWithProviders(<BalanceCards balances={[base, annual]} />);
    expect(within(screen.getByLabelText('Annual Leave balance')).getByTestId('entitlement-note')).toHaveTextContent('240 days worked in 2025: 12 days (OSH Code s.32(1)(vii))');
    expect(within(screen.getByLabelText('Casual Leave balance')).queryByTestId('entitlement-note')).toBeNull();
  });
  it('shows the empty state without leave types', () => {
    renderWithProviders(<BalanceCards balances={[]} />);
    expect(screen.getByText('No leave types yet. Your administrator sets them up.')).toBeInTheDocument();
  });
});
