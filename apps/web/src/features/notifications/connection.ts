import {
  ErrorCode,
  HubEvent,
  NOTIFICATION_CONNECT_RETRIES,
  NOTIFICATION_CONNECT_RETRY_STEP_MS,
  NOTIFICATION_HUB_PATH,
  NOTIFICATION_RECONNECT_DELAYS_MS,
  type AttendanceReminderPush,
} from '@tankha/contracts';
import { pageSettled } from '../../app/page-settled';

/**
 * Platform §4 "Notification connection": the first connection is retried up to 3 times, waiting
 * 2 s × the attempt number; `failures` is how many attempts have failed so far. Null: give up.
 */
export function connectRetryDelay(failures: number): number | null {
  if (failures < 1 || failures > NOTIFICATION_CONNECT_RETRIES) return null;
  return NOTIFICATION_CONNECT_RETRY_STEP_MS * failures;
}

/** Platform §4: after a lost connection, reconnect after 0, 2 s, 10 s and 30 s; then give up (null). */
export function reconnectDelay(retries: number): number | null {
  return NOTIFICATION_RECONNECT_DELAYS_MS[retries] ?? null;
}

export type HubState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'stopped';

/** The parts of a Socket.IO client socket the connection uses (a fake in tests). */
export interface HubSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

export interface HubConnectionOptions {
  userId: string;
  /** Read on every (re)connection, so a refreshed session token is used. */
  getToken: () => string | null;
  onReminder: (payload: AttendanceReminderPush) => void;
  onStateChange?: (state: HubState) => void;
  /** The handshake was refused because the account has been deactivated (403 ACCOUNT_DEACTIVATED); the server ended the session. */
  onDeactivated?: (message: string, token: string | null) => void;
  /** Builds the socket; the default loads socket.io-client and connects to the hub on this origin. */
  createSocket?: (auth: (cb: (data: object) => void) => void) => HubSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * socket.io-client is loaded on the first connection, once the page has settled, so neither its code nor
 * its handshake competes with what the page needs first.
 */
async function defaultSocket(auth: (cb: (data: object) => void) => void): Promise<HubSocket> {
  await pageSettled();
  const { io } = await import('socket.io-client');
  // Long polling first, then the upgrade to websocket (platform §7.7); our own retry schedule.
  return io({ path: NOTIFICATION_HUB_PATH, transports: ['polling', 'websocket'], auth, autoConnect: false, reconnection: false }) as unknown as HubSocket;
}

/** A refused handshake (bad or ended session, no permission) is not retried. */
function isRefusal(error: unknown): boolean {
  const status = (error as { data?: { statusCode?: unknown } } | null)?.data?.statusCode;
  return status === 401 || status === 403;
}

function isDeactivation(error: unknown): boolean {
  return (error as { data?: { errorCode?: unknown } } | null)?.data?.errorCode === ErrorCode.AccountDeactivated;
}

/**
 * The notification hub connection: connect (with the start retries), join the own employee group,
 * receive ReceiveAttendanceReminder, reconnect on the §4 schedule and rejoin, leave on stop.
 */
export class NotificationHubConnection {
  private socket: HubSocket | null = null;
  private state: HubState = 'idle';
  private failures = 0;
  private retries = 0;
  private timer: unknown = null;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: HubConnectionOptions) {
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  get currentState(): HubState {
    return this.state;
  }

  start(): void {
    if (this.socket || this.state === 'connecting') return;
    const auth = (cb: (data: object) => void) => cb({ token: this.options.getToken() ?? '' });
    this.setState('connecting');
    if (this.options.createSocket) {
      this.attach(this.options.createSocket(auth));
      return;
    }
    defaultSocket(auth).then(
      (socket) => {
        if (this.state === 'connecting' && !this.socket) this.attach(socket);
      },
      () => this.setState('failed'),
    );
  }

  private attach(socket: HubSocket): void {
    this.socket = socket;
    socket.on('connect', () => {
      this.failures = 0;
      this.retries = 0;
      this.setState('connected');
      socket.emit(HubEvent.JoinEmployeeGroup, this.options.userId);
    });
    socket.on('connect_error', (error: never) => {
      if (this.state === 'stopped') return;
      if (isRefusal(error)) {
        this.setState('failed');
        // The handshake ended the session: the next API call would only get a 401.
        if (isDeactivation(error)) this.options.onDeactivated?.((error as Error).message, this.options.getToken());
        return;
      }
      if (this.state === 'reconnecting') this.scheduleReconnect();
      else this.scheduleRetry();
    });
    socket.on('disconnect', (reason: never) => {
      if (this.state === 'stopped' || (reason as string) === 'io client disconnect') return;
      this.setState('reconnecting');
      this.scheduleReconnect();
    });
    socket.on(HubEvent.ReceiveAttendanceReminder, (payload: never) => this.options.onReminder(payload as AttendanceReminderPush));
    socket.connect();
  }

  /** Leaves the employee group and closes the connection (logout, unmount). */
  stop(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    this.setState('stopped');
    if (!socket) return;
    if (socket.connected) socket.emit(HubEvent.LeaveEmployeeGroup, this.options.userId);
    socket.removeAllListeners();
    socket.disconnect();
  }

  private scheduleRetry(): void {
    this.failures += 1;
    const delay = connectRetryDelay(this.failures);
    if (delay === null) {
      this.setState('failed');
      return;
    }
    this.later(delay);
  }

  private scheduleReconnect(): void {
    const delay = reconnectDelay(this.retries);
    this.retries += 1;
    if (delay === null) {
      this.setState('failed');
      return;
    }
    this.later(delay);
  }

  private later(ms: number): void {
    this.timer = this.setTimer(() => {
      this.timer = null;
      if (this.state !== 'stopped') this.socket?.connect();
    }, ms);
  }

  private setState(state: HubState): void {
    this.state = state;
    this.options.onStateChange?.(state);
  }
}
