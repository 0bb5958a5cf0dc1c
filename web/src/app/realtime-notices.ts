import { useEffect } from 'react';
import { onAuthEvent } from '../lib/socket';
import { backgroundStore, noticeKey, noticeStore } from '../lib/notices';
import { queryClient } from '../lib/query-client';
import { ok, type NoticeText, type OutcomeEvent, type OutcomePayload, type RealtimeOutcome, type RealtimeOutcomes } from '../lib/realtime';

// each outcome's payload type was checked against its event's where the feature declared it
const OUTCOMES = new Map<OutcomeEvent, RealtimeOutcome<OutcomeEvent>>();

/** Takes a feature's answers to its jobs' pushes (its index.ts exports them); an event has one owner. */
export function registerRealtime(outcomes: RealtimeOutcomes): void {
  for (const [event, outcome] of Object.entries(outcomes) as [OutcomeEvent, RealtimeOutcome<OutcomeEvent>][]) {
    const owner = OUTCOMES.get(event);
    if (owner && owner !== outcome) throw new Error(`Событие ${event} уже обрабатывает другой раздел`);
    OUTCOMES.set(event, outcome);
  }
}

/** The notice a push becomes, or undefined for an event no feature registered. */
export function realtimeText(event: OutcomeEvent, p: OutcomePayload): NoticeText | undefined {
  return OUTCOMES.get(event)?.notice(p);
}

/** A job's push: a pending item of this tab becomes success or error under the same key; another's goes to the background list. */
export function realtimeNotice(event: OutcomeEvent, p: OutcomePayload): void {
  const outcome = OUTCOMES.get(event);
  if (!outcome) return;
  const text = outcome.notice(p);
  if (noticeStore.isOwn(p.key)) noticeStore.show({ key: p.key, kind: ok(p) ? 'success' : 'error', ...text });
  else if (p.result !== 'pending') backgroundStore.add({ key: noticeKey(p.key), kind: ok(p) ? 'success' : 'error', ...text });
  for (const k of outcome.refresh) void queryClient.invalidateQueries({ queryKey: k });
}

export function useRealtimeNotices(): void {
  useEffect(() => {
    const offs = [...OUTCOMES.keys()].map((event) => onAuthEvent(event, (p) => realtimeNotice(event, p)));
    return () => offs.forEach((off) => off());
  }, []);
}
