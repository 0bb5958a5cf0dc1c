/** Session cookies exactly as the spec names them: path '/', structured values as JSON text. */
const SECURE = typeof location !== 'undefined' && location.protocol === 'https:';

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict${SECURE ? '; Secure' : ''}`;
}

export function getCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  return null;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
}

export function getJsonCookie<T>(name: string): T | null {
  const raw = getCookie(name);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
