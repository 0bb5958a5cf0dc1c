import { CONSTANTS } from '@proc/contract/socket';
import type { RuntimeConfig } from '../lib/runtime-config';

/** Error reporting only when a DSN is configured; loaded lazily so it costs nothing otherwise. */
export function initSentry(config: RuntimeConfig): void {
  if (!config.sentryDsn) return;
  void import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn: config.sentryDsn!,
      integrations: [Sentry.replayIntegration({ maskAllText: false, blockAllMedia: false })],
      replaysSessionSampleRate: CONSTANTS.replaySessionSampleRate,
      replaysOnErrorSampleRate: CONSTANTS.replayOnErrorSampleRate,
    });
  });
}
