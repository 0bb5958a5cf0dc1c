import type { PushName, ServerEvents } from '@proc/contract/socket';
import { MESSAGES } from '@proc/contract/messages';
import { formatDate } from './format';

export type NoticeText = { header: string; message?: string };

/**
 * A feature's answer to the push that ends one of its jobs: the notice's texts and the lists (query keys) it refreshes.
 * Each feature declares its own in its index.ts; the shell registers them (web/src/app/realtime-notices.ts).
 */
export interface RealtimeOutcome<E extends OutcomeEvent = OutcomeEvent> {
  notice: (p: ServerEvents[E]) => NoticeText;
  refresh: string[][];
}
/** The pushes that end a job: they carry the request's key and a result (the socket event map says which). */
export type OutcomeEvent = {
  [E in PushName]: ServerEvents[E] extends { key: string | number; result: string } ? E : never;
}[PushName];
export type OutcomePayload = ServerEvents[OutcomeEvent];
export type RealtimeOutcomes = { [E in OutcomeEvent]?: RealtimeOutcome<E> };

export const ok = (p: { result?: string }) => p.result === 'success';
export const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** ISO dates of payloads in the form the whole UI uses (dd.mm.yyyy); anything else as it came. */
export const d = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : s(v));
const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
/** The counts line of an import: what was added, what was there already, what was refused. */
export const counts = (p: { created?: number; updated?: number; duplicates?: number; matched?: number; rejected?: number }) =>
  MESSAGES.importCounts({
    created: n(p.created),
    updated: n(p.updated),
    duplicates: n(p.duplicates),
    matched: n(p.matched),
    rejected: n(p.rejected),
  });
