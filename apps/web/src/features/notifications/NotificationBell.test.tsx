import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceReminderPush, NotificationItem } from '@tankha/contracts';
import { setSessionUser } from '../../app/session';
import { jsonResponse, makeUser, mockFetch, ok, renderWithProviders, spyOnToasts, type RecordedCall } from '../../test/helpers';
import { NotificationBell, unreadBadge } from './NotificationBell';
import { useDebouncedReadMarking } from './useDebouncedReadMarking';
import { hubConnectionFactory } from './useNotificationHub';
import type { HubConnectionOptions } from './connection';

const HOUR = 3_600_000;

function item(n: number, overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`,
    type: 'AttendanceReminder',
    title: `Reminder ${n.toString()}`,
    message: `Message ${n.toString()}`,
    data: {},
    isRead: false,
    createdAt: new Date(Date.now() - n * HOUR).toISOString(),
    ...overrides,
  };
}

const ALL = [1, 2, 3, 4, 5, 6].map((n) => item(n));
const list = (rows: NotificationItem[], totalRecords: number) => jsonResponse(200, { statusCode: 200, message: 'Success', data: rows, totalRecords });

let hub: { options: HubConnectionOptions | null; start: ReturnType<typeof vi.fn<() => void>>; stop: ReturnType<typeof vi.fn<() => void>> };

function renderBell(replies: Parameters<typeof mockFetch>[0]) {
  const calls = mockFetch(replies);
  const user = makeUser();
  setSessionUser(user);
  const view = renderWithProviders(<NotificationBell />, { user });
  return { calls, user, ...view };
}

const pageOf = (call: RecordedCall) => Number(new URLSearchParams(call.search).get('pageNo'));
const readCalls = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/Notifications/read');

describe('NotificationBell', () => {
  beforeEach(() => {
    hub = { options: null, start: vi.fn<() => void>(), stop: vi.fn<() => void>() };
    vi.spyOn(hubConnectionFactory, 'create').mockImplementation((options) => {
      hub.options = options;
      return { start: hub.start, stop: hub.stop };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the unread count on the badge and connects to the hub as the signed-in user', async () => {
    const { user, unmount } = renderBell({ 'GET /Notifications/unread/count': ok({ count: 3 }) });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(hub.options?.userId).toBe(user.id);
    expect(hub.start).toHaveBeenCalledTimes(1);
    unmount();
    expect(hub.stop).toHaveBeenCalledTimes(1);
  });

  it('shows no badge without unread notifications and the empty state', async () => {
    renderBell({ 'GET /Notifications/unread/count': ok({ count: 0 }), 'GET /Notifications': list([], 0) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('caps the badge at 99+', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });

  it('lists 4 a page, newest first with relative times, and loads the next 4 with Load more', async () => {
    const { calls } = renderBell({
      'GET /Notifications/unread/count': ok({ count: 6 }),
      'GET /Notifications': (call) => list(pageOf(call) === 1 ? ALL.slice(0, 4) : ALL.slice(4), 6),
      'POST /Notifications/read': ok({ updated: 4 }),
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Notifications, 6 unread' }));
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/^Reminder/).textContent)).toEqual(['Reminder 1', 'Reminder 2', 'Reminder 3', 'Reminder 4']);
    expect(within(rows[0] as HTMLElement).getByText('1h ago')).toBeInTheDocument();
    const listCalls = calls.filter((c) => c.path === '/Notifications');
    expect(new URLSearchParams(listCalls[0]?.search).get('pageSize')).toBe('4');

    await events.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
    expect(calls.filter((c) => c.path === '/Notifications').map(pageOf)).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('marks the shown notifications read in one call after the debounce, then refreshes the count', async () => {
    let count = 4;
    const { calls } = renderBell({
      'GET /Notifications/unread/count': () => ok({ count }),
      'GET /Notifications': list([item(1), item(2), item(3, { isRead: true }), item(4)], 4),
      'POST /Notifications/read': () => {
        count = 1;
        return ok({ updated: 3 });
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications, 4 unread' }));
    await screen.findAllByRole('listitem');
    expect(readCalls(calls)).toHaveLength(0); // not at once: 900 ms later
    await waitFor(() => expect(readCalls(calls)).toHaveLength(1), { timeout: 2000 });
    expect(JSON.parse(String(readCalls(calls)[0]?.init.body))).toEqual({ ids: [item(1).id, item(2).id, item(4).id] });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('shows the pushed reminder as a 15 s notification and refetches the count', async () => {
    let count = 0;
    renderBell({ 'GET /Notifications/unread/count': () => ok({ count }) });
    await screen.findByRole('button', { name: 'Notifications' });
    const toasts = spyOnToasts();
    count = 1;
    const payload: AttendanceReminderPush = {
      title: 'Attendance missing',
      message: 'stored',
      data: { tenantName: 'Acme Labs', employeeName: 'Asha Rao', absentDates: ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07'] },
    };
    act(() => hub.options?.onReminder(payload));
    expect(toasts.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Attendance missing',
        message: 'Your attendance is missing for 03 Mar 2025, 04 Mar 2025, 05 Mar 2025 and 2 more. Please check in or raise a regularization request.',
        autoClose: 15_000,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});

describe('useDebouncedReadMarking', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the collected ids once, 900 ms after the last new one, and never sends an id twice', () => {
    const flush = vi.fn();
    const { result } = renderHook(() => useDebouncedReadMarking(flush));
    result.current(['a', 'b']);
    vi.advanceTimersByTime(500);
    result.current(['b', 'c']); // a new id restarts the wait
    vi.advanceTimersByTime(899);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith(['a', 'b', 'c']);
    result.current(['a', 'c']); // already sent
    vi.advanceTimersByTime(5000);
    expect(flush).toHaveBeenCalledTimes(1);
    result.current(['d']);
    vi.advanceTimersByTime(900);
    expect(flush).toHaveBeenLastCalledWith(['d']);
  });

  it('does not restart the wait for ids already waiting', () => {
    const flush = vi.fn();
    const { result } = renderHook(() => useDebouncedReadMarking(flush));
    result.current(['a']);
    vi.advanceTimersByTime(600);
    result.current(['a']);
    vi.advanceTimersByTime(300);
    expect(flush).toHaveBeenCalledWith(['a']);
  });

  it('sends nothing after unmount', () => {
    const flush = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedReadMarking(flush));
    result.current(['a']);
    unmount();
    vi.advanceTimersByTime(2000);
    expect(flush).not.toHaveBeenCalled();
  });
});
