/**
 * How the integration service reaches ЕИС: one undici dispatcher for the SOAP requests and the archive downloads, with
 *  - EIS_CA_FILE's certificates trusted beside Node's own (ЕИС's certificate chains to the Russian Trusted Root CA of
 *    Минцифры, published on gosuslugi.ru/crt, which Node's bundled Mozilla list lacks);
 *  - EIS_PROXY_URL: http(s)://… — an HTTP(S) proxy (CONNECT for https addresses); tunnel://host:port — a local TLS
 *    tunnel (stunnel with a GOST engine, as deployments reach int.zakupki.gov.ru): every connection to any ЕИС host goes
 *    as plain TCP to the tunnel, which does the TLS, and the request keeps its Host. Absolute archive links
 *    (https://int.zakupki.gov.ru/dstore/…) go the same way, which rewriting EIS_URL to the tunnel would miss.
 * The requests go through undici's own fetch: a dispatcher of one undici major given to Node's built-in fetch of another
 * fails (nodejs/undici pull 4827: "invalid onRequestStart method"), so dispatcher and fetch come from one package.
 */
import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { Agent, ProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';

export interface TransportSettings {
  /** EIS_CA_FILE */
  caFile?: string;
  /** EIS_PROXY_URL */
  proxyUrl?: string;
}

/** A transport setting that cannot work: said at start, not at the first import. */
export class TransportSettingsError extends Error {}

/** The certificates of a PEM file (one or more blocks) or of one DER certificate, as PEM. */
export function readCaFile(file: string): string[] {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch (e) {
    throw new TransportSettingsError(
      `EIS_CA_FILE: не удалось прочитать файл ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  const blocks = data.toString('latin1').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  try {
    // gosuslugi.ru/crt gives the certificates both as PEM (.crt) and as DER (.cer)
    return blocks ? blocks.map((b) => new X509Certificate(b).toString()) : [new X509Certificate(data).toString()];
  } catch {
    throw new TransportSettingsError(`EIS_CA_FILE: в файле ${file} нет сертификата X.509 (ожидается PEM или DER)`);
  }
}

/** The dispatcher for every request to ЕИС; throws TransportSettingsError for a file or address that cannot work. */
export function createTransport(s: TransportSettings = {}): Dispatcher {
  // Node's default trust plus the extra ones: an explicit `ca` replaces the defaults, so they are listed too
  const ca = s.caFile ? [...tls.rootCertificates, ...readCaFile(s.caFile)] : undefined;
  if (!s.proxyUrl) return new Agent(ca ? { connect: { ca } } : {});
  let u: URL;
  try {
    u = new URL(s.proxyUrl);
  } catch {
    throw new TransportSettingsError(`EIS_PROXY_URL: «${s.proxyUrl}» — не адрес`);
  }
  if (u.protocol === 'tunnel:') {
    const port = Number(u.port);
    if (!u.hostname || !port) throw new TransportSettingsError('EIS_PROXY_URL: туннель задаётся как tunnel://хост:порт');
    const host = u.hostname.replace(/^\[|\]$/g, '');
    return new Agent({
      connect: (_opts, callback) => {
        const socket = net.connect({ host, port });
        const failed = (e: Error) => callback(e, null);
        socket.once('error', failed);
        socket.once('connect', () => {
          socket.off('error', failed);
          callback(null, socket);
        });
      },
    });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new TransportSettingsError(`EIS_PROXY_URL: протокол ${u.protocol} не поддерживается (http, https или tunnel)`);
  return new ProxyAgent({ uri: u.toString(), ...(ca ? { requestTls: { ca }, proxyTls: { ca } } : {}) });
}

/** fetch through the transport's dispatcher (undici's own fetch; its Response has the standard shape). */
export function eisFetch(url: string | URL, init: RequestInit, dispatcher?: Dispatcher): Promise<Response> {
  return undiciFetch(url, { ...(init as object), dispatcher } as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>;
}

const CERT_ERRORS = new Set([
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** What a failed request to ЕИС is, in words: a timeout, an untrusted certificate (see EIS_CA_FILE), or no connection. */
export function failureText(e: unknown, timeoutText: string): string {
  if ((e as Error).name === 'TimeoutError') return timeoutText;
  for (let c: unknown = e, depth = 0; c && depth < 4; c = (c as { cause?: unknown }).cause, depth++) {
    const code = (c as { code?: string }).code;
    if (code && CERT_ERRORS.has(code))
      return `ЕИС недоступна: её сертификат не подтверждён (${code}) — добавьте цепочку сертификатов ЕИС в EIS_CA_FILE`;
  }
  return 'ЕИС недоступна';
}
