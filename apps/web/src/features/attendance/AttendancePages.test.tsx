import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_SITE_MSG, Role, type AttendanceApprovalEntry, type AttendanceDayView, type AttendanceGridRow, type AttendanceToday } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders } from '../../test/helpers';
import { AttendanceGrid } from './AttendanceGrid';
import { MyAttendancePage } from './MyAttendancePage';
import { TeamApprovalsPage } from './TeamApprovalsPage';

const day: AttendanceDayView = {
  date: '2026-12-01',
  beforeOrganisation: false,
  isWeekend: false,
  isHoliday: false,
  holidayName: null,
  leave: null,
  attendanceStatus: 'PresentButLate',
  startTime: '10:30:00',
  endTime: '19:45:00',
  totalMinutes: 555,
  overtimeMinutes: 15,
  isLate: true,
  approvalStatus: 1,
  shiftInfo: { shiftName: 'General', shiftStart: '10:00:00', shiftEnd: '19:00:00' },
};

const today: AttendanceToday = {
  date: '2026-12-02',
  now: '2026-12-02T06:00:00.000Z',
  isCheckedIn: false,
      requireLocation: false,
  openLog: null,
  logs: [],
  day: null,
  selfUpdate: { allowed: true, isReasonEnabled: false, maxPastDays: 7, restrictLogsForPastDates: true, restrictLogsForFutureDates: true },
};

const entry = (overrides: Partial<AttendanceApprovalEntry> = {}): AttendanceApprovalEntry => ({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  date: '2026-12-01',
  checkIn: '10:00:00',
  checkOut: '19:00:00',
  checkInAt: '2026-12-01T04:30:00.000Z',
  checkOutAt: '2026-12-01T13:30:00.000Z',
  source: 'manual',
  approvalStatus: 1,
  reason: 'Forgot to check in',
  employeeId: 'bbbbbbbb-0000-4000-8000-000000000001',
  employeeName: 'Aditi Agarwal',
  employeeNumber: 'E001',
  createdAt: '2026-12-01T14:00:00.000Z',
  checkInPlace: null,
  checkOutPlace: null,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyAttendancePage', () => {
  it('shows Check In and the worklog with the headings of people spec §2.12', async () => {
    mockFetch({ 'GET /Attendances/today': ok(today), 'GET /Attendances': ok([day]) });
    const user = makeUser({ roleId: Role.Member });
    setSessionUser(user);
    renderWithProviders(<MyAttendancePage />, { user });
    const table = await screen.findByRole('table', { name: 'Worklog' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toEqual(['Day', 'Date', 'Status', 'First IN', 'Last Out', 'Over Time', 'Total hours', 'Approval Status']);
    const cells = within(table)
      .getAllByRole('row')[1]
      ?.querySelectorAll('td');
    expect([...(cells ?? [])].map((c) => c.textContent)).toEqual(['Tue', '01 Dec 2026', 'Present But Late', '10:30 AM', '07:45 PM', '00:15', '09:15', 'Pending']);
    expect(screen.getByRole('button', { name: 'Check In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add log' })).toBeInTheDocument();
  });

  it('shows Check Out while checked in', async () => {
    const open = { ...entry(), checkOut: null, checkOutAt: null };
    mockFetch({ 'GET /Attendances/today': ok({ ...today, isCheckedIn: true, openLog: open }), 'GET /Attendances': ok([]) });
    const user = makeUser({ roleId: Role.Member });
    setSessionUser(user);
    renderWithProviders(<MyAttendancePage />, { user });
    expect(await screen.findByRole('button', { name: 'Check Out' })).toBeInTheDocument();
  });

  const geolocation = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => answer(ok, fail));
    // jsdom has no geolocation: give this navigator one for the test (removed again below).
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'geolocation');
    });
    return getCurrentPosition;
  };
  const renderCard = async (replies: Parameters<typeof mockFetch>[0]) => {
    const calls = mockFetch({ 'GET /Attendances/today': ok({ ...today, requireLocation: true }), 'GET /Attendances': ok([]), ...replies });
    const user = makeUser({ roleId: Role.Member });
    setSessionUser(user);
    renderWithProviders(<MyAttendancePage />, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Check In' }));
    return calls;
  };

  it('says why when location is required and the browser refuses it, without calling the server', async () => {
    const asked = geolocation((_ok, fail) => fail({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }));
    const calls = await renderCard({});
    expect(await screen.findByRole('alert')).toHaveTextContent(CLIENT_SITE_MSG.locationRequired);
    expect(asked.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the reading and shows the refusal (outside the sites) on the card', async () => {
    geolocation((ok) => ok({ coords: { latitude: 12.9728, longitude: 77.75, accuracy: 12 } } as GeolocationPosition));
    const refusal = CLIENT_SITE_MSG.outsideSites('Acme Whitefield', 334, 200);
    const calls = await renderCard({ 'POST /Attendances/check-in': jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION', message: refusal }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ latitude: 12.9728, longitude: 77.75, accuracyMetres: 12 });
  });
});

describe('TeamApprovalsPage (people spec §4)', () => {
  const render = async (roleId: (typeof Role)[keyof typeof Role], replies: Parameters<typeof mockFetch>[0] = {}) => {
    const calls = mockFetch({ 'GET /Attendances/approvals': jsonResponse(200, { statusCode: 200, message: 'Success', data: [entry()], totalRecords: 1 }), ...replies });
    const user = makeUser({ roleId });
    setSessionUser(user);
    renderWithProviders(<TeamApprovalsPage />, { user });
    await screen.findByText('Aditi Agarwal');
    return calls;
  };

  it('shows where each check-in and check-out came from, with a map link', async () => {
    const reading = { latitude: 12.9708, longitude: 77.75, accuracyMetres: 12 };
    mockFetch({
      'GET /Attendances/approvals': jsonResponse(200, {
        statusCode: 200,
        message: 'Success',
        data: [
          entry({ checkInPlace: { ...reading, siteName: 'Acme Whitefield', distanceMetres: 35, inside: true }, checkOutPlace: { ...reading, siteName: 'Acme Whitefield', distanceMetres: 1201, inside: false } }),
          entry({ id: 'aaaaaaaa-0000-4000-8000-000000000002', employeeName: 'Rahul Verma' }),
        ],
        totalRecords: 2,
      }),
    });
    const user = makeUser({ roleId: Role.Administrator });
    setSessionUser(user);
    renderWithProviders(<TeamApprovalsPage />, { user });
    expect(await screen.findByText('In: At Acme Whitefield (35 m)')).toBeInTheDocument();
    expect(screen.getByText('Out: Outside sites: 1.2 km from Acme Whitefield')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'In on the map' })).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=12.970800&mlon=77.750000#map=17/12.970800/77.750000');
    expect(screen.getByText('No location')).toBeInTheDocument();
  });

  it('gives an administrator Approve and Reject', async () => {
    await render(Role.Administrator);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('gives a moderator Approve only', async () => {
    await render(Role.Moderator);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject selected' })).toBeNull();
  });

  it('gives a member (a manager) no action', async () => {
    await render(Role.Member);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('says Invalid selection for an empty bulk selection and sends the id on Approve', async () => {
    const calls = await render(Role.Administrator, { 'POST /Attendances/approval': ok({ statusCode: 200, updated: 1 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText('Invalid selection')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({ attendanceIdCsv: 'aaaaaaaa-0000-4000-8000-000000000001', status: 2 });
  });

  it("offers no decision on the approver's own log", async () => {
    const calls = mockFetch({ 'GET /Attendances/approvals': jsonResponse(200, { statusCode: 200, message: 'Success', data: [entry()], totalRecords: 1 }) });
    const user = makeUser({ roleId: Role.Administrator, id: entry().employeeId });
    setSessionUser(user);
    renderWithProviders(<TeamApprovalsPage />, { user });
    await screen.findByText('Aditi Agarwal');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Select Aditi Agarwal/ })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says Failed to update status when the server refuses', async () => {
    await render(Role.Administrator, { 'POST /Attendances/approval': jsonResponse(400, { statusCode: 400, errorCode: 'VALIDATION_ERROR', message: 'x' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to update status')).toBeInTheDocument();
  });
});

describe('AttendanceGrid', () => {
  const row: AttendanceGridRow = { employeeId: 'e1', employeeName: 'Aditi Agarwal', email: 'aditi@example.in', employeeNumber: 'E001', departmentName: null, imageUrl: null, days: [day] };

  it('opens the profile on a row click for those who may see profiles', async () => {
    const onOpen = vi.fn();
    renderWithProviders(<AttendanceGrid rows={[row]} dates={[day.date]} onOpen={onOpen} />);
    await userEvent.click(screen.getByText('Aditi Agarwal'));
    expect(onOpen).toHaveBeenCalledWith('e1');
  });

  it('leaves days before the organisation existed blank: no circle, no status', () => {
    const before: AttendanceDayView = { ...day, date: '2026-11-30', beforeOrganisation: true, attendanceStatus: 'NotCalculated', startTime: null, endTime: null, approvalStatus: null };
    renderWithProviders(<AttendanceGrid rows={[{ ...row, days: [before, day] }]} dates={[before.date, day.date]} />);
    const blank = screen.getByTestId('day-2026-11-30');
    expect(blank).toHaveAttribute('data-kind', 'blank');
    expect(blank).toBeEmptyDOMElement();
    expect(blank).not.toHaveAccessibleName(/NotCalculated|Not Calculated/);
    expect(screen.getByTestId('day-2026-12-01')).toHaveAttribute('data-kind', 'present');
  });

  it('leaves the rows plain for a manager, who may not open profiles (no 403 page)', () => {
    renderWithProviders(<AttendanceGrid rows={[row]} dates={[day.date]} />);
    expect(screen.getByTestId('grid-row-e1')).not.toHaveStyle({ cursor: 'pointer' });
  });
});
