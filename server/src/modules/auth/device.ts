const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\//, 'Яндекс Браузер'],
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A person's name for the device of a session: «Chrome, Windows»; the raw User-Agent means nothing to them. */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Неизвестное устройство';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (!browser && !system) return userAgent.length > 60 ? `${userAgent.slice(0, 57)}…` : userAgent;
  return [browser ?? 'Браузер', system].filter(Boolean).join(', ');
}
