import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHIFT_MSG, type FeatureKey, type RosterRow, type Shift } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, renderWithProviders } from '../../test/helpers';
import { ShiftsPage } from './ShiftsPage';
import { gridToWeekends, validateShiftForm, weekendsToGrid } from './ShiftFormModal';
import { validateAssignment } from './AssignShiftModal';
import { otherShifts } from './ShiftRoster';
import { formatTime12 } from './shift-time';

const GENERAL: Shift = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  shiftName: 'General',
  shiftStart: '10:00:00',
  shiftEnd: '19:00:00',
  isDefault: true,
  departmentIds: [],
  weekends: [
    { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
    { dayOfWeek: 6, weekNumber: 0, isWeekend: true },
  ],
  updatedBy: null,
};
const NIGHT: Shift = { ...GENERAL, id: 'aaaaaaaa-0000-4000-8000-000000000002', shiftName: 'Night Shift', shiftStart: '22:00:00', shiftEnd: '06:00:00', isDefault: false };

const list = (rows: unknown[], totalRecords = rows.length) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords });
const DATES = ['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'];
const row = (name: string, cells: (Shift | null)[]): RosterRow => ({
  employeeId: `id-${name}`,
  employeeName: name,
  departmentId: null,
  imageUrl: null,
  dailyShifts: DATES.map((date, i) => {
    const s = cells[i] ?? null;
    return { date, shiftId: s?.id ?? null, shiftName: s?.shiftName ?? null, shiftStart: s?.shiftStart ?? null, shiftEnd: s?.shiftEnd ?? null, notes: null, isDefault: s?.isDefault ?? false };
  }),
});

function renderPage(features: FeatureKey[], rosterTotal = 1) {
  const calls = mockFetch({
    'GET /Shifts': list([GENERAL, NIGHT]),
    'GET /Shifts/assigned': list([row('Aditi Agarwal', [GENERAL, NIGHT, null, GENERAL, GENERAL, GENERAL, GENERAL])], rosterTotal),
    'GET /Departments': list([]),
    'GET /Users/search': jsonResponse(200, { statusCode: 200, message: 'OK', data: { data: [], totalRecords: 0 } }),
  });
  const user = makeUser({ accessableFeatures: features.map((key) => ({ key })) });
  setSessionUser(user);
  renderWithProviders(<ShiftsPage today="2026-03-11" />, { user });
  return calls;
}

describe('ShiftsPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists shifts with 12-hour times; the default has no delete icon', async () => {
    renderPage(['AdvancedShifts']);
    const table = await screen.findByRole('table', { name: 'Shifts' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Shift Name', 'Shift Time', 'Actions']);
    expect(within(table).getByText('10:00 AM - 07:00 PM')).toBeInTheDocument();
    expect(within(table).getByText('10:00 PM - 06:00 AM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete General' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Night Shift' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Shifts pages' })).toBeNull();
  });

  it("without AdvancedShifts, 'Add Shift' and 'Assign Shift' are disabled with 'Upgrade to premium'", async () => {
    renderPage([]);
    const add = await screen.findByRole('button', { name: 'Add Shift' });
    expect(add).toBeDisabled();
    fireEvent.mouseEnter(add.parentElement as HTMLElement);
    expect(await screen.findByText(SHIFT_MSG.upgrade)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'User Shift Mapping' }));
    expect(await screen.findByRole('button', { name: 'Assign Shift' })).toBeDisabled();
  });

  it("shows the week Sunday–Saturday with shift names, 12-hour times and 'No Shift'; non-default highlighted; a pager over 7", async () => {
    const calls = renderPage(['AdvancedShifts'], 9);
    await userEvent.click(screen.getByRole('tab', { name: 'User Shift Mapping' }));
    const table = await screen.findByRole('table', { name: 'Shift roster' });
    expect(screen.getByText('08 Mar 2026 - 14 Mar 2026')).toBeInTheDocument();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent ?? '');
    expect(headers.slice(1).map((h) => h.replace(/\d.*$/, ''))).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    const cells = within(table).getAllByRole('button');
    expect(cells[0]).toHaveTextContent('General10:00 AM - 07:00 PM');
    expect(cells[1]).toHaveTextContent('Night Shift10:00 PM - 06:00 AM');
    expect(cells[1]?.querySelector('[data-highlighted="true"]')).not.toBeNull();
    expect(cells[0]?.querySelector('[data-highlighted="true"]')).toBeNull();
    expect(cells[2]).toHaveTextContent('No Shift');
    expect(screen.getByRole('button', { name: '2' })).toBeInTheDocument();
    const rosterCall = calls.find((c) => c.path === '/Shifts/assigned');
    expect(rosterCall?.search).toContain('startDate=2026-03-08');
    expect(rosterCall?.search).toContain('endDate=2026-03-14');
    expect(rosterCall?.search).toContain('pageSize=7');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('15 Mar 2026 - 21 Mar 2026')).toBeInTheDocument();
  });

  it('a cell opens the per-day Edit Shift modal listing the other shifts with Assign', async () => {
    renderPage(['AdvancedShifts']);
    await userEvent.click(screen.getByRole('tab', { name: 'User Shift Mapping' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Shift of Aditi Agarwal on 2026-03-08' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Shift' });
    expect(await within(dialog).findByRole('button', { name: 'Assign Night Shift' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Assign General' })).toBeNull();
  });

  it('the Add Shift modal checks the fields in order and defaults weekends to Sundays and Saturdays (All)', async () => {
    renderPage(['AdvancedShifts']);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Shift' });
    expect(within(dialog).getByRole('checkbox', { name: 'Sunday all weeks' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Saturday all weeks' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Monday all weeks' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Shift' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SHIFT_MSG.nameRequired);
    await userEvent.type(within(dialog).getByLabelText(/Shift Name/), 'Late');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Shift' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(SHIFT_MSG.startRequired));
  });

  it('the Assign Shift modal: end date disabled until a start date; past start ticks the update box with a warning', async () => {
    renderPage(['AdvancedShifts']);
    await userEvent.click(screen.getByRole('tab', { name: 'User Shift Mapping' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Shift' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SHIFT_MSG.employeesRequired);
    const end = within(dialog).getByLabelText('End Date');
    expect(end).toBeDisabled();
    const box = within(dialog).getByRole('checkbox', { name: 'Update existing attendance records' });
    expect(box).not.toBeChecked();
    fireEvent.change(within(dialog).getByLabelText(/Start Date/), { target: { value: '02/03/2026' } });
    expect(box).toBeChecked();
    expect(within(dialog).getByText('Start date is today or in the past')).toBeInTheDocument();
    expect(end).not.toBeDisabled();
    // The end date's calendar starts at the start date.
    fireEvent.change(end, { target: { value: '05/03/2026' } });
    await userEvent.click(end);
    expect(screen.getByRole('button', { name: '01/03/2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '02/03/2026' })).toBeEnabled();
  });
});

describe('shift helpers', () => {
  it('formats 12-hour times', () => {
    expect(formatTime12('00:30:00')).toBe('12:30 AM');
    expect(formatTime12('12:00:00')).toBe('12:00 PM');
    expect(formatTime12('19:00:00')).toBe('07:00 PM');
  });

  it('validates the shift form and the assignment with the spec messages, in order', () => {
    expect(validateShiftForm({ shiftName: ' ', shiftStart: '', shiftEnd: '', departmentIds: [] }, true)).toBe(SHIFT_MSG.nameRequired);
    expect(validateShiftForm({ shiftName: 'A', shiftStart: '', shiftEnd: '', departmentIds: [] }, true)).toBe(SHIFT_MSG.startRequired);
    expect(validateShiftForm({ shiftName: 'A', shiftStart: '10:00', shiftEnd: '', departmentIds: [] }, true)).toBe(SHIFT_MSG.endRequired);
    expect(validateShiftForm({ shiftName: 'A', shiftStart: '10:00', shiftEnd: '19:00', departmentIds: [] }, true)).toBe(SHIFT_MSG.departmentsRequired);
    expect(validateShiftForm({ shiftName: 'A', shiftStart: '10:00', shiftEnd: '19:00', departmentIds: [] }, false)).toBeNull();
    expect(validateAssignment({ employeeIds: [], shiftId: null, startDate: '', endDate: '' })).toBe(SHIFT_MSG.employeesRequired);
    expect(validateAssignment({ employeeIds: ['a'], shiftId: null, startDate: '', endDate: '' })).toBe(SHIFT_MSG.shiftRequired);
    expect(validateAssignment({ employeeIds: ['a'], shiftId: 's', startDate: '', endDate: '' })).toBe(SHIFT_MSG.startDateRequired);
    expect(validateAssignment({ employeeIds: ['a'], shiftId: 's', startDate: '2026-03-10', endDate: '2026-03-09' })).toBe(SHIFT_MSG.endBeforeStart);
    expect(validateAssignment({ employeeIds: ['a'], shiftId: 's', startDate: '2026-03-10', endDate: '' })).toBeNull();
  });

  it('round-trips the weekends grid and lists the other shifts', () => {
    const weekends = [
      { dayOfWeek: 0, weekNumber: 0, isWeekend: true },
      { dayOfWeek: 6, weekNumber: 2, isWeekend: true },
    ];
    expect(gridToWeekends(weekendsToGrid(weekends))).toEqual(weekends);
    expect(otherShifts([GENERAL, NIGHT], GENERAL.id)).toEqual([NIGHT]);
    expect(otherShifts([GENERAL], GENERAL.id)).toEqual([]);
  });
});
