/** What never leaves for a third party (Sentry): credentials, session tokens, confirmation codes. */
const SECRET_KEY =
  /^(authorization|proxy-authorization|cookie|set-cookie|password|current_password|new_password|passwordhash|password_hash|token|access_token|refresh_token|secret|api[-_]?key|x-api-key|code|email_code|individualperson_token)$/i;
const HIDDEN = '[скрыто]';

/** Bearer tokens, `token=` cookies and secret query parameters inside free text (URLs, messages, breadcrumbs). */
function scrubText(s: string): string {
  return (
    s
      .replace(/(Bearer\s+)[\w.~+/=-]+/gi, `$1${HIDDEN}`)
      .replace(/\b(token|password|code|email_code|access_token)=([^;&\s"]+)/gi, `$1=${HIDDEN}`)
      // JSON bodies logged as text
      .replace(
        /"(password|current_password|new_password|token|code|email_code|authorization)"\s*:\s*"(?:[^"\\]|\\.)*"/gi,
        `"$1":"${HIDDEN}"`,
      )
  );
}

/**
 * A copy of `value` with every secret field replaced, at any depth (headers, request bodies, breadcrumbs, extra data).
 * Used as Sentry's `beforeSend` / `beforeBreadcrumb` on the server and in the browser.
 */
export function scrubSecrets<T>(value: T, depth = 0): T {
  if (depth > 12) return value;
  if (typeof value === 'string') return scrubText(value) as T;
  if (Array.isArray(value)) return value.map((v) => scrubSecrets(v, depth + 1)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v != null && v !== '' ? HIDDEN : scrubSecrets(v, depth + 1);
    return out as T;
  }
  return value;
}
