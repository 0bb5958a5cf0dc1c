/**
 * The integration service's client of ЕИС's СОИ (getDocsIP): a request answers with archive links, `noData`, or
 * `errorInfo`; each archive is a ZIP of the TFF XML files the product parses. An archive ЕИС has not put together yet
 * is asked for again later; timeouts and 5xx are EisUnavailable, so the callers' retry policy applies.
 *
 * The answer, as ЕИС writes it: `Body/<op>Response { index {id, refId, createDateTime, mode}, dataInfo { archiveUrl+ |
 * noData | errorInfo {code, message} } }` — public clients read errorInfo and noData inside dataInfo (the sources are
 * named in tools/fake-eis/soi.ts, whose answers follow them).
 */
import { decodeXml, parseXmlText, type XmlNode } from '../../formats/xml';
import { childNodes, path, text } from '../../formats/xml-read';
import { isFormatError, readZipXmlEntries } from '../../formats';
import { EisUnavailable } from '../eis-client';
import { eisFetch, failureText } from '../transport';
import type { Dispatcher } from 'undici';
import { MESSAGES } from '@proc/contract';
import type { SoiLimiter } from './limiter';
import { byOrgRegionRequest, byReestrNumberRequest, SOI_PATH, type ByOrgRegion, type ByReestrNumber } from './envelope';

export interface SoiOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** How many times an archive that is not ready yet is asked for again, and how long to wait between. */
  archiveRetries?: number;
  archiveRetryMs?: number;
  /** The largest archive accepted, in bytes. */
  maxArchiveBytes?: number;
  /** How requests reach ЕИС (EIS_CA_FILE, EIS_PROXY_URL: transport.ts); undici's default agent without. */
  dispatcher?: Dispatcher;
  /** The token's request budget (shared by every call of the service); none: requests are not paced. */
  limiter?: SoiLimiter;
  /** How many times a request refused for the token's limit (code 13) waits for its next slot and is sent again. */
  limitRetries?: number;
  /**
   * How long the caller may wait for the token's next slot; a longer wait throws SoiBusy at once (nothing sent). None:
   * the call waits as long as the budget needs.
   */
  maxWaitMs?: number;
}

/**
 * errorInfo codes that mean «your token»: 5 «Токены отсутствуют» — ЕИС's answer to a missing, expired or unknown token
 * (a public client's test, see tools/fake-eis/soi.ts). A fault or message that names the token is read the same way
 * (a public client's test has ЕИС's fault «individualPerson_token … is invalid»).
 */
const TOKEN_CODES = new Set(['5']);
const namesToken = (message: string) => /токен|token/i.test(message);
/** errorInfo code 13: the token's requests of this minute are spent. */
export const LIMIT_CODE = '13';

/** ЕИС answered the request with an error of its own (errorInfo or a SOAP fault): not a reason to retry. */
export class SoiError extends Error {
  constructor(
    message: string,
    public code: string | null,
    /** ЕИС refused the token itself: the company needs a new one. */
    public tokenRejected = false,
  ) {
    super(message);
  }
}

/** The token's budget has no slot within the caller's wait: ask again in `retryAfterMs` (nothing was sent to ЕИС). */
export class SoiBusy extends Error {
  constructor(public retryAfterMs: number) {
    super(MESSAGES.eisRateLimited(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(o: SoiOptions, body: string): Promise<XmlNode> {
  let res: Response;
  try {
    res = await eisFetch(
      new URL(SOI_PATH, o.baseUrl),
      {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '' },
        body,
        signal: AbortSignal.timeout(o.timeoutMs),
      },
      o.dispatcher,
    );
  } catch (e) {
    throw new EisUnavailable(failureText(e, 'ЕИС не ответила вовремя'), null);
  }
  const textBody = await res.text();
  if (res.status >= 500 && !textBody.includes('Fault')) throw new EisUnavailable(`ЕИС ответила ошибкой ${res.status}`, res.status);
  let root: XmlNode;
  try {
    root = parseXmlText(textBody).root;
  } catch {
    throw new EisUnavailable(`ЕИС ответила не по протоколу (HTTP ${res.status})`, res.status);
  }
  const fault = path(root, 'Body', 'Fault');
  if (fault) {
    const words = text(fault, 'faultstring') ?? 'ошибка SOAP';
    throw new SoiError(`ЕИС отказала: ${words}`, text(fault, 'faultcode'), namesToken(words));
  }
  return root;
}

/** What one answer says: its archive links ([] for noData), or that the token's minute is spent. */
type Answer = { urls: string[] } | { limited: true };

function readAnswer(root: XmlNode, response: string): Answer {
  const answer = path(root, 'Body', response);
  if (!answer) throw new EisUnavailable(`ЕИС ответила без ${response}`, null);
  const info = path(answer, 'dataInfo');
  // inside dataInfo, as ЕИС writes it; directly under the response only as older clients had it (tolerated)
  const error = path(info, 'errorInfo') ?? path(answer, 'errorInfo');
  if (error) {
    const code = text(error, 'code');
    if (code === LIMIT_CODE) return { limited: true };
    const message = text(error, 'message') ?? 'без описания';
    throw new SoiError(
      `ЕИС ответила ошибкой${code ? ` ${code}` : ''}: ${message}`,
      code,
      (code !== null && TOKEN_CODES.has(code)) || namesToken(message),
    );
  }
  if (path(info, 'noData') ?? path(answer, 'noData')) return { urls: [] };
  const urls = childNodes(info, 'archiveUrl')
    .map((n) => (text(n) ?? '').trim())
    .filter(Boolean);
  // neither links nor noData nor errorInfo: not «no documents», which would mark the day done with nothing in it
  if (!urls.length) throw new EisUnavailable('ЕИС ответила без ссылок на архивы, без noData и без errorInfo', null);
  return { urls };
}

/** Downloads one archive with the caller's token and returns its XML files' texts. */
async function downloadArchive(o: SoiOptions, url: string): Promise<string[]> {
  const retries = o.archiveRetries ?? 5;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await eisFetch(url, { headers: { individualPerson_token: o.token }, signal: AbortSignal.timeout(o.timeoutMs) }, o.dispatcher);
    } catch (e) {
      throw new EisUnavailable(failureText(e, 'ЕИС не отдала архив вовремя'), null);
    }
    // ЕИС puts an archive together after answering: until then its link answers 404
    if (res.status === 404 && attempt < retries) {
      await res.arrayBuffer();
      await sleep(o.archiveRetryMs ?? 2_000);
      continue;
    }
    if (res.status === 404) throw new EisUnavailable('ЕИС так и не подготовила архив с документами: повторите позже', 404);
    if (res.status >= 500) throw new EisUnavailable(`ЕИС ответила ошибкой ${res.status} при выдаче архива`, res.status);
    if (!res.ok) throw new SoiError(`ЕИС не выдала архив: HTTP ${res.status}`, String(res.status));
    const declared = Number(res.headers.get('content-length') ?? 0);
    const max = o.maxArchiveBytes ?? 100 * 1024 * 1024;
    if (declared > max) throw new SoiError('Архив ЕИС больше допустимого размера', null);
    const data = Buffer.from(await res.arrayBuffer());
    if (data.length > max) throw new SoiError('Архив ЕИС больше допустимого размера', null);
    try {
      return (await readZipXmlEntries(data)).map((e) => decodeXml(e.data).text);
    } catch (e) {
      if (isFormatError(e)) throw new SoiError(`Архив ЕИС не принят: ${e.message}`, null);
      throw e;
    }
  }
}

/**
 * Sends one request within the token's budget. A refusal for the limit (13) slows the token's pace (limiter.ts) and the
 * request goes again at its next slot — or, when that is further than the caller may wait, SoiBusy says when.
 */
async function ask(o: SoiOptions, body: () => string, response: string): Promise<string[]> {
  const retries = o.limitRetries ?? 10;
  for (let attempt = 0; ; attempt++) {
    if (o.limiter) {
      const slot = await o.limiter.take(o.token, o.maxWaitMs);
      if (!slot.ok) throw new SoiBusy(slot.retryAfterMs);
    }
    // a new index id each time: a request sent again is a new request
    const answer = readAnswer(await post(o, body()), response);
    if ('urls' in answer) return answer.urls;
    // without a limiter (a client of its own, tests) ЕИС's sliding minute is waited out whole
    const wait = o.limiter ? o.limiter.refused(o.token) : 60_000;
    if (attempt >= retries) throw new EisUnavailable('ЕИС отказывает: превышен лимит запросов по токену (код 13) — повторите позже', null);
    if (o.maxWaitMs !== undefined && wait > o.maxWaitMs) throw new SoiBusy(wait);
    if (!o.limiter) await sleep(wait);
  }
}

async function documents(o: SoiOptions, body: () => string, response: string): Promise<string[]> {
  const urls = await ask(o, body, response);
  const files: string[] = [];
  for (const url of urls) files.push(...(await downloadArchive(o, url)));
  return files;
}

export const soiByOrgRegion = (o: SoiOptions, p: ByOrgRegion) =>
  documents(o, () => byOrgRegionRequest(o.token, p), 'getDocsByOrgRegionResponse');
export const soiByReestrNumber = (o: SoiOptions, p: ByReestrNumber) =>
  documents(o, () => byReestrNumberRequest(o.token, p), 'getDocsByReestrNumberResponse');
