import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The origin of an absolute http(s) URL, or null for relative/invalid ones. */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** Sentry's ingest origin from a DSN `https://key@o1.ingest.sentry.io/42` → `https://o1.ingest.sentry.io`. */
export const sentryOrigin = (dsn: string | undefined) => originOf(dsn);

/** Host names allowed into the websocket source: the request's own host, sanitised (it comes from the client). */
const safeHost = (host: string | undefined) => (host && /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(host) ? host : null);

/**
 * Content-Security-Policy of the web client: everything from self; the support chat's origin may add a script, connect
 * and frame; Sentry's ingest receives reports; the socket connects back to this host. The integration service is no
 * source: browsers never call it (the main server does, with its secret). antd writes inline styles, so
 * style-src needs 'unsafe-inline' (scripts never do). Returns the policy for a request's host; the origins from the
 * configuration are parsed once, as this runs on every response.
 */
export function contentSecurityPolicyFor(config: Config): (host?: string) => string {
  const chat = originOf(config.CHAT_WIDGET_URL);
  const sentry = sentryOrigin(config.SENTRY_DSN);
  const api = originOf(config.API_URL);
  const list = (...xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].join(' ');
  // the CryptoPro plug-in: the vendor's loader and the scripts of its browser extension (Chrome/Edge, Yandex/Opera),
  // which cadesplugin_api.js adds to the page as <script src="chrome-extension://…/nmcades_plugin_api.js">
  const cades = list(
    originOf(config.CADESPLUGIN_API_URL),
    'chrome-extension://iifchhfnnmpdbibifmljnfjhpififfog',
    'chrome-extension://epebfcehmdedogndhlcacafjaacknbcm',
  );
  const byHost = new Map<string | null, string>();
  return (host) => {
    const h = safeHost(host);
    let policy = byHost.get(h);
    if (policy === undefined) {
      policy = [
        `default-src 'self'`,
        `script-src ${list("'self'", chat, cades)}`,
        `style-src 'self' 'unsafe-inline'`,
        `img-src 'self' data: blob:`,
        `font-src 'self' data:`,
        `connect-src ${list("'self'", h && `ws://${h}`, h && `wss://${h}`, api, chat, sentry)}`,
        `frame-src ${chat ?? "'none'"}`,
        `worker-src 'self' blob:`,
        `object-src 'none'`,
        `base-uri 'self'`,
        `form-action 'self'`,
        `frame-ancestors 'none'`,
      ].join('; ');
      if (byHost.size >= 100) byHost.clear(); // the host comes from the client: a few real ones, any number forged
      byHost.set(h, policy);
    }
    return policy;
  };
}

export const contentSecurityPolicy = (config: Config, host?: string): string => contentSecurityPolicyFor(config)(host);

/** Whether the request reached us over HTTPS (directly or through a proxy we trust). */
const overHttps = (req: FastifyRequest) => req.protocol === 'https';

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const policy = contentSecurityPolicyFor(config);
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    // Swagger UI ships its own inline bootstrap; it is a developer page with no user data
    if (!req.url.startsWith('/api/docs')) reply.header('Content-Security-Policy', policy(req.headers.host));
    if (overHttps(req)) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
