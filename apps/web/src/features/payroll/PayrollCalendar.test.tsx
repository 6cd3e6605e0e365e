import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { PAYROLL_BANK_MSG, PAYROLL_MSG, Role, type BankPayments, type PayrollRun, type RoleId } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts, type RecordedCall } from '../../test/helpers';
import { BankPaymentsPanel } from './BankPaymentsPanel';
import { attendanceLockText, daysToComeText } from './FinalizeModal';
import { MarkPaidModal, markPaidEffect } from './MarkPaidModal';
import { PayrollRunPage } from './PayrollRunPage';
import { RUN_ID, makeEmployeeRow, makeRun } from './test-data';

/*
 * The payroll calendar on the run page: a month that has not begun cannot be
 * processed or finalized; finalizing before the month ends says which days are still to come and how
 * they are treated; Mark as Paid takes a date from the finalize date to today; a payment can be
 * marked paid on its own.
 */

const list = (data: unknown[]) => jsonResponse(200, { statusCode: 200, message: 'OK', data, totalRecords: data.length });
const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.init.body)) as Record<string, unknown>;

/** November 2026 on Sunday 29 November: processed, two days (29 and 30) still to come. */
const UNDER_WAY = makeRun({ today: '2026-11-29', daysToCome: { from: '2026-11-29', to: '2026-11-30', days: 2 } });
/** December 2026 seen on 29 November: opened by November's finalize, not begun. */
const DECEMBER = makeRun({ month: '2026-12', periodStart: '2026-12-01', periodEnd: '2026-12-31', payDate: '2026-12-31', status: 'draft', processedAt: null, today: '2026-11-29' });
/** November finalized on 29 November, seen on 30 November. */
const FINALIZED = makeRun({ status: 'finalized', finalizedAt: '2026-11-29T05:00:00.000Z', finalizedOn: '2026-11-29', finalizedByName: 'Anita Rao', today: '2026-11-30' });

function render(ui: React.ReactNode, replies: Parameters<typeof mockFetch>[0], roleId: RoleId = Role.Administrator) {
  const calls = mockFetch(replies);
  const user = makeUser({ roleId, accessableFeatures: [{ key: 'Payroll' }, { key: 'Payslips' }] });
  setSessionUser(user);
  renderWithProviders(<MemoryRouter initialEntries={['/payroll/payroll-run']}>{ui}</MemoryRouter>, { user });
  return calls;
}

function runReplies(run: PayrollRun) {
  return {
    'GET /PayrollRuns/current': ok(run),
    'GET /PayrollRuns': list([]),
    [`GET /PayrollRuns/${run.id}/employees`]: list([makeEmployeeRow({ payslipId: null, grossEarnings: null, netPay: null })]),
    [`GET /PayrollRuns/${run.id}/warnings`]: list([]),
    [`GET /PayrollRuns/${run.id}/variance`]: ok({ comparedMonth: null, lines: [] }),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a month that has not begun', () => {
  it('cannot be processed or finalized: both buttons are disabled and the page says from when', async () => {
    const calls = render(<PayrollRunPage />, runReplies(DECEMBER));
    expect(await screen.findByRole('heading', { name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Process Payroll' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Finalize Payroll' })).toBeDisabled();
    const status = screen.getByRole('status', { name: 'This month has not begun' });
    expect(status).toHaveTextContent('This month has not begun');
    expect(status).toHaveTextContent(`${PAYROLL_MSG.monthNotBegun('2026-12', '2026-12-01')}.`);
    expect(status).toHaveTextContent('December 2026 has not begun yet: its payroll can be processed and finalized from 01 Dec 2026.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('the month under way can be processed', async () => {
    render(<PayrollRunPage />, runReplies(makeRun({ ...UNDER_WAY, status: 'draft', processedAt: null })));
    expect(await screen.findByRole('button', { name: 'Process Payroll' })).toBeEnabled();
    expect(screen.queryByText(/has not begun yet/)).not.toBeInTheDocument();
  });
});

describe('finalizing before the month ends', () => {
  it('the confirmation names the days still to come and how they are treated', async () => {
    render(<PayrollRunPage />, runReplies(UNDER_WAY));
    await userEvent.click(await screen.findByRole('button', { name: 'Finalize Payroll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize Payroll' });
    expect(dialog).toHaveTextContent('attendance and leave up to 28 Nov 2026 can no longer change;');
    expect(dialog).not.toHaveTextContent('attendance and leave of the pay period can no longer change');
    const note = within(dialog).getByRole('note', { name: '2 days still to come' });
    expect(note).toHaveTextContent(
      '29 Nov 2026 (today) to 30 Nov 2026 have not happened yet. Finalizing now pays them as present, except unpaid leave already approved. ' +
        'Attendance and leave can still be recorded for those days; later changes that affect pay are carried to the next month’s payroll.',
    );
  });

  it('after the period has ended the confirmation has no days to come and locks the whole period', async () => {
    render(<PayrollRunPage />, runReplies(makeRun()));
    await userEvent.click(await screen.findByRole('button', { name: 'Finalize Payroll' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize Payroll' });
    expect(dialog).toHaveTextContent('attendance and leave of the pay period can no longer change;');
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
  });

  it('words one day, and a finalize on the first day of the period', () => {
    expect(daysToComeText(makeRun({ today: '2026-11-30', daysToCome: { from: '2026-11-30', to: '2026-11-30', days: 1 } }))).toEqual({
      title: '1 day still to come',
      body:
        '30 Nov 2026 (today) has not ended yet. Finalizing now pays it as present, except unpaid leave already approved. ' +
        'Attendance and leave can still be recorded for that day; later changes that affect pay are carried to the next month’s payroll.',
    });
    expect(attendanceLockText(makeRun({ daysToCome: { from: '2026-11-01', to: '2026-11-30', days: 30 } }))).toBe('no day of the pay period has passed yet, so attendance and leave stay open;');
    expect(daysToComeText(makeRun())).toBeNull();
  });
});

describe('Mark as Paid', () => {
  const PAYMENTS: BankPayments = {
    counts: { notSent: 2, sent: 1, paid: 0, failed: 1, leftOut: 1 },
    paidAmount: 0,
    rows: [
      { payslipId: 'p1', userId: 'u1', employeeNumber: 'NIL001', name: 'Aditi Agarwal', netPay: 52_000, state: 'notSent', reference: null, attempts: 0, utr: null, reason: null, statusDate: null },
      { payslipId: 'p2', userId: 'u2', employeeNumber: 'NIL002', name: 'Priya Iyer', netPay: 40_000, state: 'sent', reference: 'SAL261100000201', attempts: 1, utr: null, reason: null, statusDate: null },
      { payslipId: 'p3', userId: 'u3', employeeNumber: 'NIL003', name: 'Rahul Sharma', netPay: 71_550, state: 'leftOut', reference: null, attempts: 0, utr: null, reason: 'Payout on hold', statusDate: null },
      { payslipId: 'p4', userId: 'u4', employeeNumber: 'NIL004', name: 'Vikram Nair', netPay: 30_000, state: 'failed', reference: 'SAL261100000401', attempts: 1, utr: null, reason: 'Account closed', statusDate: null },
    ],
  };

  it('takes a date from the finalize date to today, with the message under the field, and says what it records', async () => {
    const calls = render(<MarkPaidModal run={FINALIZED} onClose={() => undefined} onPaid={() => undefined} />, {
      [`GET /PayrollRuns/${RUN_ID}/payments`]: ok(PAYMENTS),
      [`POST /PayrollRuns/${RUN_ID}/mark-paid`]: ok({ ...FINALIZED, status: 'paid', paidOn: '2026-11-30', paymentReference: 'NEFT-42' }, PAYROLL_MSG.markedPaid),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Paid' });
    expect(
      await within(dialog).findByText(
        '3 payments not recorded yet (1 awaiting the bank, 2 not sent) will be recorded as paid on this date. 1 left out of the bank transfer and 1 failed stay as they are.',
      ),
    ).toBeInTheDocument();
    const paidOn = within(dialog).getByRole('textbox', { name: /Paid on/ });
    // The pay date (30 Nov) lies between the finalize (29 Nov) and today (30 Nov).
    expect(paidOn).toHaveValue('30/11/2026');
    const ue = userEvent.setup();
    await ue.type(within(dialog).getByRole('textbox', { name: /Payment reference/ }), 'NEFT-42');

    await ue.clear(paidOn);
    await ue.type(paidOn, '01/01/2030');
    await ue.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    expect(await within(dialog).findByText(PAYROLL_MSG.paidOnInFuture)).toBeInTheDocument();

    await ue.clear(paidOn);
    await ue.type(paidOn, '28/11/2026');
    await ue.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    expect(await within(dialog).findByText('Paid on cannot be before 29 Nov 2026, the day the payroll was finalized')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await ue.clear(paidOn);
    await ue.type(paidOn, '29/11/2026');
    await ue.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ paidOn: '2026-11-29', reference: 'NEFT-42' });
  });

  it('shows the server’s refusal under the field', async () => {
    render(<MarkPaidModal run={FINALIZED} onClose={() => undefined} onPaid={() => undefined} />, {
      [`POST /PayrollRuns/${RUN_ID}/mark-paid`]: jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: `paidOn: ${PAYROLL_MSG.paidOnInFuture}`, errors: { paidOn: PAYROLL_MSG.paidOnInFuture } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Paid' });
    const ue = userEvent.setup();
    await ue.type(within(dialog).getByRole('textbox', { name: /Payment reference/ }), 'NEFT-42');
    await ue.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    expect(await within(dialog).findByText(PAYROLL_MSG.paidOnInFuture)).toBeInTheDocument();
  });

  it('describes a month with every payment recorded', () => {
    expect(markPaidEffect({ notSent: 0, sent: 0, paid: 3, failed: 0, leftOut: 0 })).toBe('Every payment in the bank transfer is already recorded.');
  });

  it('a payment awaiting the bank or never sent is marked paid on its own; the others offer nothing', async () => {
    const toasts = spyOnToasts();
    const calls = render(<BankPaymentsPanel run={FINALIZED} />, {
      [`GET /PayrollRuns/${RUN_ID}/payments`]: ok(PAYMENTS),
      [`POST /PayrollRuns/${RUN_ID}/payments/p2/mark-paid`]: ok({ ...PAYMENTS.rows[1], state: 'paid', utr: 'UTR77', statusDate: '2026-11-30' }, PAYROLL_BANK_MSG.paymentMarkedPaid),
    });
    const ue = userEvent.setup();
    await ue.click(await screen.findByRole('button', { name: 'Show payments (4)' }));
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByRole('button', { name: 'Mark the payment to Aditi Agarwal as paid' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Mark the payment to Rahul Sharma as paid' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Mark the payment to Vikram Nair as paid' })).not.toBeInTheDocument();

    await ue.click(within(table).getByRole('button', { name: 'Mark the payment to Priya Iyer as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payment as paid' });
    expect(dialog).toHaveTextContent('Priya Iyer · net pay ₹40,000 · sent as SAL261100000201');
    const paidOn = within(dialog).getByRole('textbox', { name: /Paid on/ });
    expect(paidOn).toHaveValue('30/11/2026');
    await ue.clear(paidOn);
    await ue.type(paidOn, '28/11/2026');
    await ue.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByText(PAYROLL_MSG.paidOnBeforeFinalize('2026-11-29'))).toBeInTheDocument();
    await ue.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(within(dialog).getByText(PAYROLL_BANK_MSG.paymentReferenceRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await ue.clear(paidOn);
    await ue.type(paidOn, '30/11/2026');
    await ue.type(within(dialog).getByRole('textbox', { name: /UTR or payment reference/ }), 'UTR77');
    await ue.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(toasts.messages()).toContain(PAYROLL_BANK_MSG.paymentMarkedPaid));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({ paidOn: '2026-11-30', reference: 'UTR77' });
    toasts.restore();
  }, 20_000);

  it('a Moderator sees the payments but cannot mark one paid', async () => {
    render(<BankPaymentsPanel run={FINALIZED} />, { [`GET /PayrollRuns/${RUN_ID}/payments`]: ok(PAYMENTS) }, Role.Moderator);
    await userEvent.click(await screen.findByRole('button', { name: 'Show payments (4)' }));
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).queryByRole('button', { name: /as paid$/ })).not.toBeInTheDocument();
  });
});
