import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceReminderPush } from '@tankha/contracts';
import { NotificationHubConnection, connectRetryDelay, reconnectDelay, type HubSocket } from './connection';

describe('notification connection schedule (platform §4)', () => {
  it('retries the first connection up to 3 times, waiting 2 s × the attempt number', () => {
    expect([1, 2, 3].map(connectRetryDelay)).toEqual([2000, 4000, 6000]);
    expect(connectRetryDelay(4)).toBeNull();
    expect(connectRetryDelay(0)).toBeNull();
  });

  it('reconnects after 0, 2 s, 10 s and 30 s, then gives up', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([0, 2000, 10_000, 30_000]);
    expect(reconnectDelay(4)).toBeNull();
  });
});

class FakeSocket implements HubSocket {
  connected = false;
  readonly emitted: unknown[][] = [];
  connects = 0;
  private readonly listeners = new Map<string, ((...args: never[]) => void)[]>();
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
  }
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.connected = false;
  }
  removeAllListeners() {
    this.listeners.clear();
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
}

describe('NotificationHubConnection', () => {
  const userId = '11111111-1111-4111-8111-111111111111';
  let socket: FakeSocket;
  let reminders: AttendanceReminderPush[];
  let token: string | null;
  let auth: ((cb: (data: object) => void) => void) | null;

  beforeEach(() => {
    vi.useFakeTimers();
    socket = new FakeSocket();
    reminders = [];
    token = 'token-1';
    auth = null;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = () => {
    const connection = new NotificationHubConnection({
      userId,
      getToken: () => token,
      onReminder: (p) => reminders.push(p),
      createSocket: (a) => {
        auth = a;
        return socket;
      },
    });
    connection.start();
    return connection;
  };

  it('sends the current token, joins the own employee group once connected and hands reminders on', () => {
    start();
    expect(socket.connects).toBe(1);
    token = 'token-2';
    let sent: object | null = null;
    auth?.((data) => (sent = data));
    expect(sent).toEqual({ token: 'token-2' });
    socket.fire('connect');
    expect(socket.emitted).toEqual([['JoinEmployeeGroup', userId]]);
    const payload = { title: 'Attendance missing', message: 'm', data: { tenantName: 'T', employeeName: 'E', absentDates: ['2025-03-03'] } };
    socket.fire('ReceiveAttendanceReminder', payload);
    expect(reminders).toEqual([payload]);
  });

  it('retries a failed start after 2 s, 4 s and 6 s, then gives up', () => {
    const connection = start();
    const expectations: [number, number][] = [
      [2000, 2],
      [4000, 3],
      [6000, 4],
    ];
    for (const [wait, connects] of expectations) {
      socket.fire('connect_error', new Error('xhr poll error'));
      vi.advanceTimersByTime(wait - 1);
      expect(socket.connects).toBe(connects - 1);
      vi.advanceTimersByTime(1);
      expect(socket.connects).toBe(connects);
    }
    socket.fire('connect_error', new Error('xhr poll error'));
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toBe(4);
    expect(connection.currentState).toBe('failed');
  });

  it('does not retry a refused handshake', () => {
    const connection = start();
    socket.fire('connect_error', Object.assign(new Error('Token is invalid or expired.'), { data: { statusCode: 401 } }));
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toBe(1);
    expect(connection.currentState).toBe('failed');
  });

  it('reports a handshake refused for deactivation, with the message and the token it used', () => {
    const deactivated = vi.fn();
    const connection = new NotificationHubConnection({ userId, getToken: () => token, onReminder: () => undefined, onDeactivated: deactivated, createSocket: () => socket });
    connection.start();
    socket.fire('connect_error', Object.assign(new Error('Your account has been deactivated. Please contact your administrator.'), { data: { statusCode: 403, errorCode: 'ACCOUNT_DEACTIVATED' } }));
    expect(deactivated).toHaveBeenCalledWith('Your account has been deactivated. Please contact your administrator.', 'token-1');
    expect(connection.currentState).toBe('failed');
    socket.fire('connect_error', Object.assign(new Error('Token is invalid or expired.'), { data: { statusCode: 401 } }));
    expect(deactivated).toHaveBeenCalledTimes(1);
  });

  it('reconnects after 0, 2 s, 10 s and 30 s, rejoins, and starts the schedule over after a success', () => {
    const connection = start();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    expect(connection.currentState).toBe('reconnecting');
    vi.advanceTimersByTime(0);
    expect(socket.connects).toBe(2);
    for (const [wait, connects] of [
      [2000, 3],
      [10_000, 4],
      [30_000, 5],
    ] as const) {
      socket.fire('connect_error', new Error('xhr poll error'));
      vi.advanceTimersByTime(wait - 1);
      expect(socket.connects).toBe(connects - 1);
      vi.advanceTimersByTime(1);
      expect(socket.connects).toBe(connects);
    }
    socket.fire('connect');
    expect(socket.emitted.filter((e) => e[0] === 'JoinEmployeeGroup')).toHaveLength(2);
    // A later drop starts again at 0.
    socket.fire('disconnect', 'ping timeout');
    vi.advanceTimersByTime(0);
    expect(socket.connects).toBe(6);
  });

  it('gives up after the fourth reconnect fails', () => {
    const connection = start();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(0);
    for (const wait of [2000, 10_000, 30_000]) {
      socket.fire('connect_error', new Error('x'));
      vi.advanceTimersByTime(wait);
    }
    socket.fire('connect_error', new Error('x'));
    vi.advanceTimersByTime(120_000);
    expect(socket.connects).toBe(5);
    expect(connection.currentState).toBe('failed');
  });

  it('leaves the employee group and disconnects on stop, without reconnecting', () => {
    const connection = start();
    socket.fire('connect');
    connection.stop();
    expect(socket.emitted).toEqual([
      ['JoinEmployeeGroup', userId],
      ['LeaveEmployeeGroup', userId],
    ]);
    expect(socket.connected).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toBe(1);
    expect(connection.currentState).toBe('stopped');
  });
});
