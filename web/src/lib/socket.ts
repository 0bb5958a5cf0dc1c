import { useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { MESSAGES } from '@proc/contract/messages';
import { NAMESPACES, SOCKET_SETTINGS, type RealtimePayload } from '@proc/contract/socket';
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

let unauth: Socket | null = null;
let auth: Socket | null = null;
const SOCKET_ERROR_KEY = 'socket-error';

function watch(s: Socket, flag: keyof SocketState) {
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

export function openUnauthSocket(): Socket {
  if (!unauth) {
    unauth = io(NAMESPACES.unauth, options);
    watch(unauth, 'unauthConnected');
  }
  return unauth;
}

const authHandlers = new Map<string, Set<(p: RealtimePayload) => void>>();

export function openAuthSocket(token: string): Socket {
  closeAuthSocket();
  auth = io(NAMESPACES.auth, { ...options, auth: { token } });
  watch(auth, 'authConnected');
  for (const [event, set] of authHandlers) for (const h of set) auth.on(event, h);
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
export function onAuthEvent(event: string, handler: (p: RealtimePayload) => void): () => void {
  if (!authHandlers.has(event)) authHandlers.set(event, new Set());
  authHandlers.get(event)!.add(handler);
  auth?.on(event, handler);
  return () => {
    authHandlers.get(event)?.delete(handler);
    auth?.off(event, handler);
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
export function socketRequest<T extends RealtimePayload = RealtimePayload>(
  ns: 'auth' | 'unauth',
  base: string,
  payload: Record<string, unknown>,
  opts: { name?: string; timeoutMs?: number } = {},
): Promise<T> {
  const s = ns === 'auth' ? auth : openUnauthSocket();
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
      s.off(`${base}Response`, onResponse);
      done();
    };
    s.on(`${base}Response`, onResponse);
    s.emit(`${base}Request`, { ...payload, key });
  });
}
