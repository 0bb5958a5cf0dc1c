import type http from 'node:http';
import { Server, type Socket, type Namespace } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import { NAMESPACES, canEdit, type PushName, type ServerEvents, type TRIADS, type TriadAnswer, type TriadName } from '@proc/contract';
import type { AuthUser } from './context';
import { AppError } from './errors';

export type SocketAuth = (token: string) => Promise<AuthUser | null>;

/**
 * Handler for a spec triad `xRequest` → `xReceived` → `xResponse` (the contract's TRIADS); returns the response payload
 * without its key, or null when a job will answer later. The payload is the client's, unchecked: the handler parses it.
 */
export type TriadHandler<T extends TriadName = TriadName> = (
  args: { user: AuthUser | null; socket: Socket; key: string | number },
  payload: Record<string, unknown>,
) => Promise<TriadAnswer<T> | null>;

export interface Realtime {
  /**
   * `liveSessions` answers which of the connected sessions are still live; every `checkEveryMs` the sockets of the
   * others (expired idle or by TTL, ended on another instance, blocked) are dropped.
   */
  attach(
    server: http.Server,
    auth: SocketAuth,
    sweep?: { liveSessions: (ids: number[]) => Promise<Set<number>>; checkEveryMs: number },
  ): Promise<Server>;
  /** Pushes an event of the contract (PUSHES in packages/contract/src/socket.ts) with its declared payload. */
  toUser<E extends PushName>(userId: number, event: E, payload: ServerEvents[E]): void;
  toCompany<E extends PushName>(companyId: number, event: E, payload: ServerEvents[E]): void;
  /**
   * Registers a triad on a namespace; the event names are `${base}Request`, `${base}Received`, `${base}Response`.
   * `changes`: the request changes company data, so a read-only role is refused (as the HTTP routes' guard does).
   */
  triad<T extends TriadName>(ns: (typeof TRIADS)[T]['ns'], base: T, handler: TriadHandler<T>, opts?: { changes?: boolean }): void;
  /** Disconnects every socket of a session (logout, block, password change); every instance forgets the users it keeps. */
  dropSession(sessionId: number): void;
  /** A user changed (role, name, block) or a session ended: every instance forgets the users it keeps (session-cache.ts). */
  sessionsChanged(): void;
  close(): Promise<void>;
  io(): Server | null;
}

export type AdapterFactory = () => Promise<Parameters<Server['adapter']>[0] | undefined>;

/** What instances of a scale-out tell each other through the adapter, beside the events for browsers. */
const SESSIONS_CHANGED = 'sessionsChanged';

export function createRealtime(
  log: FastifyBaseLogger,
  adapterFactory?: AdapterFactory,
  onSessionsChanged: () => void = () => undefined,
): Realtime {
  let io: Server | null = null;
  let scaled = false;
  const sessionsChanged = () => {
    onSessionsChanged();
    if (scaled) io?.serverSideEmit(SESSIONS_CHANGED);
  };
  const triads: { ns: 'auth' | 'unauth'; base: string; handler: TriadHandler; changes: boolean }[] = [];
  let authenticate: SocketAuth | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;

  /** The user as the database knows them now: a socket opened before a demotion, block or sign-out acts no longer. */
  const currentUser = async (socket: Socket): Promise<AuthUser | null> => {
    const token = socket.data.token as string | undefined;
    if (!token || !authenticate) return null;
    const user = await authenticate(token).catch(() => null);
    if (user) socket.data.user = user;
    return user;
  };

  const bindTriads = (nsp: Namespace, ns: 'auth' | 'unauth') => {
    nsp.on('connection', (socket) => {
      for (const t of triads.filter((x) => x.ns === ns)) {
        socket.on(`${t.base}Request`, async (raw: unknown) => {
          const payload = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
          const key = (payload.key as string | number | undefined) ?? Math.floor(Math.random() * 1e9);
          socket.emit(`${t.base}Received`, { key });
          try {
            let user: AuthUser | null = null;
            if (ns === 'auth') {
              user = await currentUser(socket);
              if (!user) {
                socket.emit(`${t.base}Response`, { key, result: 'error', error: new AppError('UNAUTHORIZED').message });
                socket.disconnect(true);
                return;
              }
              if (t.changes && !canEdit(user.role)) throw new AppError('FORBIDDEN');
            }
            const result = await t.handler({ user, socket, key }, payload);
            if (result) socket.emit(`${t.base}Response`, { key, ...result });
          } catch (err) {
            const message = err instanceof AppError ? err.message : 'Произошла неизвестная ошибка';
            if (!(err instanceof AppError)) log.error({ err, event: t.base }, 'socket handler failed');
            socket.emit(`${t.base}Response`, { key, result: 'error', error: message });
          }
        });
      }
    });
  };

  return {
    async attach(server, auth, sweep) {
      authenticate = auth;
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: true, credentials: true } });
      const adapter = adapterFactory ? await adapterFactory() : undefined;
      if (adapter) {
        io.adapter(adapter);
        scaled = true;
        io.on(SESSIONS_CHANGED, () => onSessionsChanged());
      }
      const unauth = io.of(NAMESPACES.unauth);
      const authNs = io.of(NAMESPACES.auth);
      authNs.use(async (socket, next) => {
        const header = socket.handshake.headers.authorization;
        const token = (socket.handshake.auth?.token as string | undefined) ?? (header?.startsWith('Bearer ') ? header.slice(7) : undefined);
        const user = token ? await auth(token).catch(() => null) : null;
        if (!user) return next(new Error('unauthorized'));
        socket.data.user = user;
        socket.data.token = token;
        next();
      });
      authNs.on('connection', (socket) => {
        const user = socket.data.user as AuthUser;
        void socket.join([`user:${user.id}`, `company:${user.companyId}`, `session:${user.sessionId}`]);
        // every event asks for the session first: one that expired or ended since the last sweep gets nothing more
        socket.use((_event, next) => {
          void currentUser(socket).then((u) => (u ? next() : socket.disconnect(true)));
        });
      });
      if (sweep) {
        let running = false;
        sweepTimer = setInterval(() => {
          if (running) return;
          const sockets = [...authNs.sockets.values()];
          const ids = [...new Set(sockets.map((s) => (s.data.user as AuthUser).sessionId))];
          if (!ids.length) return;
          running = true;
          sweep
            .liveSessions(ids)
            .then((live) => {
              for (const s of sockets) if (!live.has((s.data.user as AuthUser).sessionId)) s.disconnect(true);
            })
            .catch((err) => log.warn({ err }, 'socket session sweep failed'))
            .finally(() => (running = false));
        }, sweep.checkEveryMs);
        sweepTimer.unref();
      }
      bindTriads(unauth, 'unauth');
      bindTriads(authNs, 'auth');
      return io;
    },
    toUser(userId, event, payload) {
      io?.of(NAMESPACES.auth).to(`user:${userId}`).emit(event, payload);
    },
    toCompany(companyId, event, payload) {
      io?.of(NAMESPACES.auth).to(`company:${companyId}`).emit(event, payload);
    },
    triad(ns, base, handler, opts) {
      triads.push({ ns, base, handler: handler as TriadHandler, changes: opts?.changes ?? false });
    },
    dropSession(sessionId) {
      sessionsChanged();
      io?.of(NAMESPACES.auth).in(`session:${sessionId}`).disconnectSockets(true);
    },
    sessionsChanged,
    async close() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
      if (!io) return;
      const server = io;
      io = null;
      server.of(NAMESPACES.auth).disconnectSockets(true);
      server.of(NAMESPACES.unauth).disconnectSockets(true);
      await new Promise<void>((r) => server.close(() => r()));
    },
    io: () => io,
  };
}
