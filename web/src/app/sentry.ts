import { CONSTANTS } from '@proc/contract/socket';
import { scrubSecrets } from '@proc/contract/scrub';
import type { RuntimeConfig } from '../lib/runtime-config';

/** Error reporting only when a DSN is configured; loaded lazily so it costs nothing otherwise. */
export function initSentry(config: RuntimeConfig): void {
  if (!config.sentryDsn) return;
  void import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn: config.sentryDsn!,
      integrations: [Sentry.replayIntegration({ maskAllText: false, maskAllInputs: true, blockAllMedia: false })],
      // tokens, passwords and codes never travel to the third party
      beforeSend: (event) => scrubSecrets(event),
      beforeBreadcrumb: (crumb) => scrubSecrets(crumb),
      replaysSessionSampleRate: CONSTANTS.replaySessionSampleRate,
      replaysOnErrorSampleRate: CONSTANTS.replayOnErrorSampleRate,
    });
  });
}
