import { useSyncExternalStore } from 'react';
import { CONSTANTS } from '@proc/contract/socket';
import { MESSAGES } from '@proc/contract/messages';
import { now } from './clock';

export type NoticeKind = 'success' | 'error' | 'pending' | 'loading' | 'socket';
export interface Notice {
  key: string;
  kind: NoticeKind;
  header: string;
  message?: string;
  /** A support code: the notice shows 'Скопировать код'. */
  code?: string;
  date: Date;
}

/**
 * The header of an HTTP error's notice, chosen by its kind. The spec's 'Произошла ошибка сервера'
 * stays for what is the server's: a 5xx, a timeout, a lost connection, a missing object. A refusal the
 * user's own action caused names its cause instead — a request that names its subject (an УПД upload: the spec's
 * 'Не удалось обработать УПД "{file}"') passes its own header.
 */
export function httpErrorHeader(status: number, own?: string): string {
  if (own) return own;
  if (status >= 500 || status === 404 || status === 0) return MESSAGES.httpErrorHeader;
  if (status === 403) return 'Действие недоступно';
  if (status === 409) return 'Действие не выполнено';
  if (status === 429) return 'Слишком много запросов';
  if (status === 413 || status === 415) return 'Файл не принят';
  return 'Данные не приняты';
}

let notices: Notice[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const emit = () => listeners.forEach((l) => l());

/** Keys are strings; an event without a key gets a random number, as the spec says. */
export const noticeKey = (key?: string | number | null) => String(key ?? Math.floor(Math.random() * 1e12));

/**
 * Keys whose result (success or error) has arrived. A job's socket result can come before the HTTP answer that
 * registers its pending notice (a re-uploaded statement is all duplicates and done in milliseconds): that late
 * «обрабатывается» must not replace the result and stay forever.
 */
const settled = new Set<string>();
const SETTLED_MEMORY_MS = 5 * 60_000;

/**
 * Keys of the jobs this tab started (a pending notice under the server's key): a job's result is a notice only for the
 * user who asked for it here. What happened in the background — the demo's seeding, a nightly sync,
 * another tab's upload — goes to the background list the user opens (the top bar's «События»).
 */
const own = new Set<string>();

export interface BackgroundEvent {
  key: string;
  kind: 'success' | 'error';
  header: string;
  message?: string;
  date: Date;
}
let background: BackgroundEvent[] = [];
let unseen = 0;
const backgroundListeners = new Set<() => void>();
const emitBackground = () => backgroundListeners.forEach((l) => l());
/** The background list keeps the latest events only: it is a glance at what happened, not an archive. */
const BACKGROUND_MAX = 50;

export const backgroundStore = {
  list: () => background,
  unseen: () => unseen,
  subscribe(l: () => void) {
    backgroundListeners.add(l);
    return () => backgroundListeners.delete(l);
  },
  add(e: Omit<BackgroundEvent, 'date'>) {
    background = [{ ...e, date: now() }, ...background.filter((x) => x.key !== e.key)].slice(0, BACKGROUND_MAX);
    unseen++;
    emitBackground();
  },
  /** The user opened the list. */
  seen() {
    unseen = 0;
    emitBackground();
  },
  /** A result that outran the HTTP answer registering its job here: the user's own after all. */
  take(key: string): BackgroundEvent | undefined {
    const hit = background.find((x) => x.key === key);
    if (!hit) return undefined;
    background = background.filter((x) => x !== hit);
    unseen = Math.max(0, unseen - 1);
    emitBackground();
    return hit;
  },
};

export const noticeStore = {
  /** Whether a job's result under this key answers something this tab asked for. */
  isOwn: (key: string | number | undefined | null) => key !== undefined && key !== null && own.has(String(key)),
  list: () => notices,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Adds or replaces (same key) a notice; success and error ones go away after the spec's 10 seconds. */
  show(n: Omit<Notice, 'date' | 'key'> & { key?: string | number }): string {
    // the same error from several requests at once (a card, its files and its history of a missing object) is one
    // notice, and so is the same success twice (a double click answered twice with the one record): a keyless repeat
    // of a shown notice renews it instead of stacking a copy
    const same =
      n.key === undefined && (n.kind === 'error' || n.kind === 'success')
        ? notices.find((x) => x.kind === n.kind && x.header === n.header && x.message === n.message && x.code === n.code)
        : undefined;
    const key = same?.key ?? noticeKey(n.key);
    if (n.kind === 'pending' && n.key !== undefined) {
      own.add(key);
      const early = backgroundStore.take(key);
      if (early) return noticeStore.show({ key, kind: early.kind, header: early.header, message: early.message });
    }
    if (n.kind === 'pending' && settled.has(key)) return key;
    if (n.kind === 'success' || n.kind === 'error') {
      settled.add(key);
      setTimeout(() => settled.delete(key), SETTLED_MEMORY_MS);
    }
    const notice: Notice = { ...n, key, date: now() };
    notices = [...notices.filter((x) => x.key !== key), notice];
    clearTimeout(timers.get(key));
    if (n.kind === 'success' || n.kind === 'error')
      timers.set(
        key,
        setTimeout(() => noticeStore.close(key), CONSTANTS.noticeLifetimeMs),
      );
    emit();
    return key;
  },
  close(key: string) {
    clearTimeout(timers.get(key));
    timers.delete(key);
    if (!notices.some((n) => n.key === key)) return;
    notices = notices.filter((n) => n.key !== key);
    emit();
  },
  clear() {
    notices.forEach((n) => clearTimeout(timers.get(n.key)));
    notices = [];
    emit();
  },
};

export const useNotices = () => useSyncExternalStore(noticeStore.subscribe, noticeStore.list);
export const useBackgroundEvents = () => ({
  list: useSyncExternalStore(backgroundStore.subscribe, backgroundStore.list),
  unseen: useSyncExternalStore(backgroundStore.subscribe, backgroundStore.unseen),
});

/** The global loading flag with the current request's name (HTTP and socket). */
let loading: string[] = [];
const loadingListeners = new Set<() => void>();
export const loadingStore = {
  get: () => loading,
  subscribe(l: () => void) {
    loadingListeners.add(l);
    return () => loadingListeners.delete(l);
  },
  start(name: string): () => void {
    loading = [...loading, name];
    loadingListeners.forEach((l) => l());
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const i = loading.indexOf(name);
      loading = [...loading.slice(0, i), ...loading.slice(i + 1)];
      loadingListeners.forEach((l) => l());
    };
  },
};
export const useLoading = () => useSyncExternalStore(loadingStore.subscribe, loadingStore.get);
