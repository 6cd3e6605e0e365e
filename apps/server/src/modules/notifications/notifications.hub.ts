import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { HubEvent, NOTIFICATION_HUB_PATH, NOTIFICATION_MSG, type AttendanceReminderPush } from '@tankha/contracts';
import type { Db } from '../../db/client';
import { authenticate, authorise } from '../../platform/auth/access';
import type { TokenService } from '../../platform/auth/tokens';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/tenancy';
import type { NotificationPush } from './notifications.service';

/** The room of one employee's notifications (platform §7.7 "employee group"). */
export function employeeRoom(tenantId: string, userId: string): string {
  return `tenant:${tenantId}:employee:${userId}`;
}

/** The answer to JoinEmployeeGroup / LeaveEmployeeGroup when the client asks for one. */
export interface HubAck {
  ok: boolean;
  message?: string;
}

interface SocketData {
  ctx: RequestContext;
  token: string;
}

/** Client → server: the SignalR-style method names of platform §7.7. */
interface ClientEvents {
  JoinEmployeeGroup: (employeeId: unknown, ack?: (answer: HubAck) => void) => void;
  LeaveEmployeeGroup: (employeeId: unknown, ack?: (answer: HubAck) => void) => void;
}
/** Server → client. */
interface ServerEvents {
  ReceiveAttendanceReminder: (payload: AttendanceReminderPush) => void;
}

type HubSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

/** The bearer token of a handshake: `auth.token` (the web client), an Authorization header, or `access_token`. */
function tokenOf(socket: HubSocket): string {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token.trim() !== '') return auth.token.replace(/^Bearer\s+/i, '').trim();
  const header = socket.handshake.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim();
  const query = socket.handshake.query.access_token;
  return typeof query === 'string' ? query.trim() : '';
}

/**
 * The notification hub (platform §7.7): Socket.IO attached to the app's HTTP server at
 * /backend/hubs/notifications, long polling then websocket. The handshake is checked by the same
 * `authenticate` as every API call (session row, user active) plus the notifications.own
 * permission; a refused handshake gets a connect_error with the API's message. With REDIS_URL set,
 * the Redis adapter carries an emit from any process to the clients of every process.
 */
export function attachNotificationHub(app: FastifyInstance, deps: { db: Db; tokens: TokenService; clock: Clock; config: Config }): NotificationPush {
  const io = new Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>(app.server, {
    path: NOTIFICATION_HUB_PATH,
    transports: ['polling', 'websocket'],
    serveClient: false,
  });

  let redis: { pub: Redis; sub: Redis } | null = null;
  if (deps.config.REDIS_URL) {
    const pub = new Redis(deps.config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    const sub = pub.duplicate();
    // A Redis hiccup must not crash the process; ioredis reconnects by itself.
    for (const client of [pub, sub]) client.on('error', (error: unknown) => app.log.warn({ err: error }, 'notification hub: redis error'));
    io.adapter(createAdapter(pub, sub, { key: `${deps.config.REDIS_KEY_PREFIX}socket.io` }));
    redis = { pub, sub };
  }

  const check = async (token: string): Promise<RequestContext> => {
    const request = { headers: { authorization: `Bearer ${token}` } } as unknown as FastifyRequest;
    const ctx = await authenticate(request, deps);
    authorise(ctx, { permission: 'notifications.own' });
    return ctx;
  };

  io.use((socket, next) => {
    const token = tokenOf(socket);
    check(token).then(
      (ctx) => {
        socket.data = { ctx, token };
        next();
      },
      (error: unknown) => {
        const refused = new Error(error instanceof AppError ? error.message : 'Token is invalid or expired.') as Error & { data?: unknown };
        refused.data = error instanceof AppError ? { statusCode: error.statusCode, errorCode: error.errorCode } : { statusCode: 401 };
        next(refused);
      },
    );
  });

  io.on('connection', (socket) => {
    const reply = (ack: ((answer: HubAck) => void) | undefined, answer: HubAck) => {
      if (typeof ack === 'function') ack(answer);
    };
    socket.on(HubEvent.JoinEmployeeGroup, (employeeId, ack) => {
      const { ctx, token } = socket.data;
      if (employeeId !== ctx.userId) {
        reply(ack, { ok: false, message: NOTIFICATION_MSG.joinOwnOnly });
        return;
      }
      // The session may have ended since the handshake (logout, deactivation): check again.
      check(token).then(
        () => {
          void socket.join(employeeRoom(ctx.tenantId, ctx.userId));
          reply(ack, { ok: true });
        },
        (error: unknown) => {
          reply(ack, { ok: false, message: error instanceof AppError ? error.message : 'Token is invalid or expired.' });
          socket.disconnect(true);
        },
      );
    });
    socket.on(HubEvent.LeaveEmployeeGroup, (employeeId, ack) => {
      const { ctx } = socket.data;
      if (employeeId === ctx.userId) void socket.leave(employeeRoom(ctx.tenantId, ctx.userId));
      reply(ack, { ok: true });
    });
  });

  // Before the HTTP server stops: drop this process's clients (polling requests would hold it open).
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  });

  return {
    attendanceReminder(tenantId, userId, payload: AttendanceReminderPush) {
      io.to(employeeRoom(tenantId, userId)).emit(HubEvent.ReceiveAttendanceReminder, payload);
    },
  };
}
