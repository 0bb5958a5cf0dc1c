/**
 * Signing in the browser through the CryptoPro Browser plug-in («КриптоПро ЭЦП Browser plug-in»), by its published
 * asynchronous object model — the names are the vendor's (cadesplugin_api.js; docs.cryptopro.ru/cades/reference/
 * cadescom): `cadesplugin` is a thenable that settles once the extension answers; `CreateObjectAsync("CAdESCOM.Store")`
 * → `Open(CAPICOM_CURRENT_USER_STORE, CAPICOM_MY_STORE, CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED)` → `Certificates` →
 * `Item(i)` (from 1); `"CAdESCOM.CPSigner"` with `propset_Certificate`; `"CAdESCOM.CadesSignedData"` with
 * `propset_ContentEncoding(CADESCOM_BASE64_TO_BINARY)`, `propset_Content(base64)`,
 * `SignCades(signer, CADESCOM_CADES_BES, true)` — true: detached; `"CAdESCOM.About"` for `PluginVersion` and
 * `CSPVersion("", 80)`. The constants' values are those cadesplugin_api.js sets (set_constantValues).
 *
 * cadesplugin_api.js is CryptoPro's and carries no licence that allows bundling it: the page loads it from where the
 * vendor publishes it (CADESPLUGIN_API_URL, the server tells the address).
 */

/** One certificate of the user's personal store, as the picker shows it. */
export interface BrowserCertificate {
  thumbprint: string;
  subject: string;
  owner: string;
  organization: string | null;
  inn: string | null;
  innLe: string | null;
  ogrn: string | null;
  snils: string | null;
  issuer: string;
  validFrom: string;
  validTo: string;
  hasPrivateKey: boolean;
  /** The plug-in's own chain check (IsValid().Result). */
  chainValid: boolean;
}

export interface PluginInfo {
  pluginVersion: string;
  cspVersion: string | null;
}

/** The one small interface the screens use; the CryptoPro plug-in is its real provider. */
export interface SignatureProvider {
  about(): Promise<PluginInfo>;
  listCertificates(): Promise<BrowserCertificate[]>;
  /** A detached CAdES-BES signature (CMS, base64) of exactly these bytes. */
  sign(bytes: Uint8Array, thumbprint: string): Promise<string>;
}

/** What went wrong, in words a user can act on. */
export class SignatureError extends Error {
  constructor(
    message: string,
    public kind: 'not_installed' | 'not_enabled' | 'no_csp' | 'licence' | 'chain' | 'cancelled' | 'other',
  ) {
    super(message);
  }
}

// CryptoPro's async objects: every property is a promise, setters are propset_<Name>
type Async<T> = { [K in keyof T]: T[K] extends (...a: infer A) => infer R ? (...a: A) => Promise<R> : Promise<T[K]> };
interface Version {
  MajorVersion: number;
  MinorVersion: number;
  BuildVersion: number;
  toString(): string;
}
interface Certificate {
  Thumbprint: string;
  SubjectName: string;
  IssuerName: string;
  ValidFromDate: string;
  ValidToDate: string;
  HasPrivateKey(): boolean;
  IsValid(): Async<{ Result: boolean }>;
}
interface Plugin {
  CreateObjectAsync(name: string): Promise<unknown>;
  getLastError?(e: unknown): string;
  CAPICOM_CURRENT_USER_STORE: number;
  CAPICOM_MY_STORE: string;
  CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED: number;
  CADESCOM_BASE64_TO_BINARY: number;
  CADESCOM_CADES_BES: number;
}
type PluginPromise = PromiseLike<void> & Plugin;

declare global {
  interface Window {
    cadesplugin?: PluginPromise;
  }
}

const LOAD_TIMEOUT_MS = 8000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = url;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () =>
      reject(
        new SignatureError('Не удалось загрузить cadesplugin_api.js КриптоПро: проверьте доступ к сайту cryptopro.ru', 'not_installed'),
      );
    document.head.appendChild(s);
  });
}

// boxed: `cadesplugin` is itself a thenable, which an async function's return would unwrap
let ready: Promise<{ plugin: Plugin }> | null = null;

/**
 * The plug-in, loaded once; refuses with the reason when it is not installed or not enabled. Boxed all the way to the
 * caller: `await` of the bare object would wait for the thenable instead of giving it.
 */
export async function loadCadesPlugin(apiUrl: string): Promise<{ plugin: Plugin }> {
  const loading = (ready ??= (async () => {
    if (!window.cadesplugin) await loadScript(apiUrl);
    const plugin = window.cadesplugin;
    if (!plugin) throw new SignatureError('КриптоПро ЭЦП Browser plug-in не найден', 'not_installed');
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        Promise.resolve(plugin),
        new Promise((_r, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new SignatureError(
                  'Расширение КриптоПро не ответило: включите расширение «CryptoPro Extension for CAdES Browser Plug-in» в браузере',
                  'not_enabled',
                ),
              ),
            LOAD_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (e) {
      if (e instanceof SignatureError) throw e;
      // cadesplugin_api.js rejects with "Истекло время ожидания загрузки плагина" or "Плагин недоступен"
      throw new SignatureError(
        'КриптоПро ЭЦП Browser plug-in недоступен: установите плагин и включите его расширение в браузере',
        'not_installed',
      );
    } finally {
      clearTimeout(timer);
    }
    return { plugin };
  })());
  try {
    return await loading;
  } catch (e) {
    // a failed load may succeed after the user installs the plug-in: the next attempt tries again
    if (ready === loading) ready = null;
    throw e;
  }
}

/** Parses CryptoPro's SubjectName ("CN=…, SN=…, G=…, ИНН=…, ОГРН=…") and its OID spellings. */
export function parseDn(dn: string): Record<string, string> {
  const out: Record<string, string> = {};
  // values may be quoted ("ООО ""Ромашка"", и Ко") — split on commas outside quotes
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < dn.length; i++) {
    const ch = dn[i];
    if (ch === '"') {
      if (quoted && dn[i + 1] === '"') {
        cur += '"';
        i++;
        continue;
      }
      quoted = !quoted;
      continue;
    }
    if (ch === ',' && !quoted) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  parts.push(cur);
  const aliases: Record<string, string> = {
    'OID.1.2.643.3.131.1.1': 'INN',
    '1.2.643.3.131.1.1': 'INN',
    ИНН: 'INN',
    'OID.1.2.643.100.4': 'INNLE',
    '1.2.643.100.4': 'INNLE',
    ИННЮЛ: 'INNLE',
    'ИНН ЮЛ': 'INNLE',
    'OID.1.2.643.100.1': 'OGRN',
    '1.2.643.100.1': 'OGRN',
    ОГРН: 'OGRN',
    'OID.1.2.643.100.3': 'SNILS',
    '1.2.643.100.3': 'SNILS',
    СНИЛС: 'SNILS',
    GN: 'G',
    givenName: 'G',
  };
  for (const p of parts) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    const k = p.slice(0, eq).trim();
    const key = aliases[k] ?? k.toUpperCase();
    if (!(key in out)) out[key] = p.slice(eq + 1).trim();
  }
  return out;
}

export function describeBrowserCertificate(c: {
  thumbprint: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  hasPrivateKey: boolean;
  chainValid: boolean;
}): BrowserCertificate {
  const s = parseDn(c.subject);
  const i = parseDn(c.issuer);
  const person = [s.SN, s.G].filter(Boolean).join(' ');
  return {
    ...c,
    owner: person || s.CN || c.subject,
    organization: s.O ?? null,
    inn: s.INN ?? null,
    innLe: s.INNLE ?? null,
    ogrn: s.OGRN ?? null,
    snils: s.SNILS ?? null,
    issuer: i.CN ?? i.O ?? c.issuer,
  };
}

const toBase64 = (bytes: Uint8Array) => {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
};

/** Words for the plug-in's errors: the HRESULTs users meet most (chain 0x800B010A, licence, cancelled PIN). */
export function explainPluginError(e: unknown, plugin?: Plugin): SignatureError {
  if (e instanceof SignatureError) return e;
  const text = (() => {
    try {
      return plugin?.getLastError?.(e) ?? (e as Error)?.message ?? String(e);
    } catch {
      return String(e);
    }
  })();
  if (/0x800B010A|0x800B0109|цепочк/i.test(text))
    return new SignatureError(
      `Не удаётся построить цепочку сертификатов до доверенного корневого: установите корневой и промежуточные сертификаты удостоверяющего центра (${text})`,
      'chain',
    );
  if (/0x8010006E|0x8010000C|отмен|cancel/i.test(text)) return new SignatureError('Подписание отменено', 'cancelled');
  if (/лиценз|licen|0x80090029/i.test(text))
    return new SignatureError(
      `Лицензия КриптоПро CSP истекла или не введена: введите серийный номер лицензии в КриптоПро CSP (${text})`,
      'licence',
    );
  if (/0x80090008|0x80090016|0x8009001D|CSP/i.test(text))
    return new SignatureError(`КриптоПро CSP не установлен или не работает: установите КриптоПро CSP 5.0 (${text})`, 'no_csp');
  return new SignatureError(`Ошибка КриптоПро: ${text}`, 'other');
}

export function cryptoProProvider(apiUrl: string): SignatureProvider {
  async function openStore(p: Plugin) {
    const store = (await p.CreateObjectAsync('CAdESCOM.Store')) as Async<{
      Open(a: number, b: string, c: number): void;
      Close(): void;
      Certificates: Async<{ Count: number; Item(i: number): Async<Certificate> }>;
    }>;
    await store.Open(p.CAPICOM_CURRENT_USER_STORE, p.CAPICOM_MY_STORE, p.CAPICOM_STORE_OPEN_MAXIMUM_ALLOWED);
    return store;
  }
  return {
    async about() {
      const { plugin: p } = await loadCadesPlugin(apiUrl);
      try {
        const about = (await p.CreateObjectAsync('CAdESCOM.About')) as Async<{
          PluginVersion: Async<Version>;
          CSPVersion(name: string, type: number): Async<Version>;
        }>;
        const v = await about.PluginVersion;
        const pluginVersion = String(await v.toString());
        let cspVersion: string | null = null;
        try {
          const c = await about.CSPVersion('', 80);
          cspVersion = `${await c.MajorVersion}.${await c.MinorVersion}.${await c.BuildVersion}`;
        } catch {
          cspVersion = null; // the plug-in without CSP answers here with an error: no CSP, said on the page
        }
        return { pluginVersion, cspVersion };
      } catch (e) {
        throw explainPluginError(e, p);
      }
    },
    async listCertificates() {
      const { plugin: p } = await loadCadesPlugin(apiUrl);
      try {
        const store = await openStore(p);
        const certs = await store.Certificates;
        const n = await certs.Count;
        const out: BrowserCertificate[] = [];
        for (let i = 1; i <= n; i++) {
          const c = await certs.Item(i);
          let chainValid = false;
          try {
            chainValid = await (await c.IsValid()).Result;
          } catch {
            chainValid = false;
          }
          out.push(
            describeBrowserCertificate({
              thumbprint: await c.Thumbprint,
              subject: await c.SubjectName,
              issuer: await c.IssuerName,
              validFrom: new Date(await c.ValidFromDate).toISOString(),
              validTo: new Date(await c.ValidToDate).toISOString(),
              hasPrivateKey: await c.HasPrivateKey(),
              chainValid,
            }),
          );
        }
        await store.Close();
        return out;
      } catch (e) {
        throw explainPluginError(e, p);
      }
    },
    async sign(bytes, thumbprint) {
      const { plugin: p } = await loadCadesPlugin(apiUrl);
      try {
        const store = await openStore(p);
        const certs = await store.Certificates;
        const n = await certs.Count;
        let cert: Async<Certificate> | null = null;
        for (let i = 1; i <= n && !cert; i++) {
          const c = await certs.Item(i);
          if ((await c.Thumbprint) === thumbprint) cert = c;
        }
        if (!cert) throw new SignatureError('Сертификат не найден в хранилище «Личное»: вставьте носитель ключа и повторите', 'other');
        const signer = (await p.CreateObjectAsync('CAdESCOM.CPSigner')) as { propset_Certificate(c: unknown): Promise<void> };
        await signer.propset_Certificate(cert);
        const data = (await p.CreateObjectAsync('CAdESCOM.CadesSignedData')) as {
          propset_ContentEncoding(v: number): Promise<void>;
          propset_Content(v: string): Promise<void>;
          SignCades(signer: unknown, type: number, detached: boolean): Promise<string>;
        };
        // the exact bytes: base64 decoded to binary by the plug-in, not a UCS-2 string
        await data.propset_ContentEncoding(p.CADESCOM_BASE64_TO_BINARY);
        await data.propset_Content(toBase64(bytes));
        const signature = await data.SignCades(signer, p.CADESCOM_CADES_BES, true);
        await store.Close();
        return signature.replace(/\s+/g, '');
      } catch (e) {
        throw explainPluginError(e, p);
      }
    },
  };
}
