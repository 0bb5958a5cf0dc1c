import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { MESSAGES } from '@proc/contract/messages';
import {
  NAMESPACES,
  SOCKET_SETTINGS,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEvents,
  type ServerToClientEvents,
  type TRIADS,
  type TriadName,
  type TriadRequest,
  type TriadResponse,
} from '@proc/contract/socket';
import { loadingStore, noticeStore } from './notices';

/** One socket client: `unauth` always open, `auth` while signed in. */
interface SocketState {
  authConnected: boolean;
  unauthConnected: boolean;
}
let state: SocketState = { authConnected: false, unauthConnected: false };
const listeners = new Set<() => void>();
const set = (patch: Partial<SocketState>) => {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
};
export const useSocketState = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );

const options = {
  path: '/socket.io',
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: SOCKET_SETTINGS.reconnectionDelay,
  reconnectionDelayMax: SOCKET_SETTINGS.reconnectionDelayMax,
  timeout: SOCKET_SETTINGS.timeout,
};

/** A socket typed by the contract's event map (packages/contract/src/socket.ts). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let unauth: AppSocket | null = null;
let auth: AppSocket | null = null;
const SOCKET_ERROR_KEY = 'socket-error';

function watch(s: AppSocket, flag: keyof SocketState) {
  s.on('connect', () => {
    set({ [flag]: true });
    noticeStore.close(SOCKET_ERROR_KEY);
  });
  s.on('disconnect', () => set({ [flag]: false }));
  s.on('connect_error', (err: Error) => {
    set({ [flag]: false });
    // the server refused an ended session: not a connection problem, and retrying cannot help (the API's 401 signs out)
    if (s === auth && err.message === 'unauthorized') {
      closeAuthSocket();
      return;
    }
    noticeStore.show({
      key: SOCKET_ERROR_KEY,
      kind: 'socket',
      header: MESSAGES.socketErrorHeader,
      message: MESSAGES.socketError(location.host),
    });
  });
}

export function openUnauthSocket(): AppSocket {
  if (!unauth) {
    unauth = io(NAMESPACES.unauth, options);
    watch(unauth, 'unauthConnected');
  }
  return unauth;
}

type AnyHandler = (...args: never[]) => void;
/** A listener as socket.io's untyped side takes it. */
const listener = (h: unknown) => h as (...args: unknown[]) => void;
const authHandlers = new Map<ServerEventName, Set<AnyHandler>>();
/** The listeners' map without the per-event types: they were checked when each was added (onAuthEvent). */
const untyped = (s: AppSocket) => s as unknown as Socket;

export function openAuthSocket(token: string): AppSocket {
  closeAuthSocket();
  auth = io(NAMESPACES.auth, { ...options, auth: { token } });
  watch(auth, 'authConnected');
  for (const [event, set] of authHandlers) for (const h of set) untyped(auth).on(event, listener(h));
  return auth;
}

export function closeAuthSocket(): void {
  if (!auth) return;
  auth.removeAllListeners();
  auth.disconnect();
  auth = null;
  set({ authConnected: false });
}

/** Subscribes to a server push on `auth`; survives reconnects and re-logins. */
export function onAuthEvent<E extends ServerEventName>(event: E, handler: (p: ServerEvents[E]) => void): () => void {
  if (!authHandlers.has(event)) authHandlers.set(event, new Set());
  authHandlers.get(event)!.add(handler);
  if (auth) untyped(auth).on(event as string, listener(handler));
  return () => {
    authHandlers.get(event)?.delete(handler);
    if (auth) untyped(auth).off(event as string, listener(handler));
  };
}

/** A triad's error answer: its text, and the fields it names (the server's AppError fields) when it names any. */
export class SocketError extends Error {
  constructor(
    message: string,
    public fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * Sends `${base}Request` and resolves with `${base}Response` of the same key; the global loading flag is on meanwhile.
 * A response with result 'error' rejects with a SocketError: its error text and fields.
 */
export function socketRequest<N extends TriadName>(
  ns: (typeof TRIADS)[N]['ns'],
  base: N,
  payload: Omit<TriadRequest<N>, 'key'>,
  opts: { name?: string; timeoutMs?: number } = {},
): Promise<TriadResponse<N>> {
  type T = TriadResponse<N>;
  const typed = ns === 'auth' ? auth : openUnauthSocket();
  const s = typed && untyped(typed);
  if (!s) return Promise.reject(new Error(MESSAGES.socketTimeout));
  const key = Math.floor(Math.random() * 1e12);
  const done = loadingStore.start(opts.name ?? MESSAGES.loadingWait);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(MESSAGES.socketTimeout));
    }, opts.timeoutMs ?? SOCKET_SETTINGS.timeout);
    const onResponse = (p: T) => {
      if (p?.key !== key) return;
      cleanup();
      if (p.result === 'error')
        reject(new SocketError(p.error ?? MESSAGES.httpUnknown, (p as { fields?: Record<string, string[]> }).fields ?? undefined));
      else resolve(p);
    };
    const cleanup = () => {
      clearTimeout(timer);
      s.off(`${base as string}Response`, listener(onResponse));
      done();
    };
    s.on(`${base as string}Response`, listener(onResponse));
    s.emit(`${base}Request`, { ...payload, key });
  });
}
