import { scrubSecrets } from '@proc/contract';
import type { Config } from '../config';

type SentryNode = typeof import('@sentry/node');
let sentry: SentryNode | null = null;

/** Sentry only when a DSN is configured; the support code travels as a tag so the operator finds the event. */
export function initErrorReporting(config: Config): void {
  if (!config.SENTRY_DSN || sentry) return;
  void import('@sentry/node').then((S) => {
    S.init({
      dsn: config.SENTRY_DSN,
      environment: config.NODE_ENV,
      beforeSend: (event) => scrubSecrets(event),
      beforeBreadcrumb: (crumb) => scrubSecrets(crumb),
    });
    sentry = S;
  });
}

export function reportError(err: unknown, supportCode: string): void {
  sentry?.withScope((scope) => {
    scope.setTag('sentry_code', supportCode);
    sentry?.captureException(err);
  });
}
