/**
 * The integration service's client of ЕИС's СОИ (getDocsIP): a request answers with archive links, `noData`, or
 * `errorInfo`; each archive is a ZIP of the TFF XML files the product parses. An archive ЕИС has not put together yet
 * is asked for again later; timeouts and 5xx are EisUnavailable, so the callers' retry policy applies.
 */
import { decodeXml, parseXmlText, type XmlNode } from '../../formats/xml';
import { childNodes, path, text } from '../../formats/xml-read';
import { isFormatError, readZipXmlEntries } from '../../formats';
import { EisUnavailable } from '../eis-client';
import { eisFetch, failureText } from '../transport';
import type { Dispatcher } from 'undici';
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
}

/** ЕИС answered the request with an error of its own (errorInfo or a SOAP fault): not a reason to retry. */
export class SoiError extends Error {
  constructor(
    message: string,
    public code: string | null,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(o: SoiOptions, body: string): Promise<XmlNode> {
  let res: Response;
  try {
    res = await eisFetch(
      new URL(SOI_PATH, o.baseUrl),
      { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '' }, body, signal: AbortSignal.timeout(o.timeoutMs) },
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
  if (fault) throw new SoiError(`ЕИС отказала: ${text(fault, 'faultstring') ?? 'ошибка SOAP'}`, text(fault, 'faultcode'));
  return root;
}

/** The archive links of an answer; [] for noData; SoiError for errorInfo. */
function archiveUrls(root: XmlNode, response: string): string[] {
  const answer = path(root, 'Body', response);
  if (!answer) throw new EisUnavailable(`ЕИС ответила без ${response}`, null);
  const error = path(answer, 'errorInfo');
  if (error) throw new SoiError(`ЕИС ответила ошибкой${text(error, 'code') ? ` ${text(error, 'code')}` : ''}: ${text(error, 'message') ?? 'без описания'}`, text(error, 'code'));
  if (path(answer, 'noData')) return [];
  const info = path(answer, 'dataInfo');
  return childNodes(info, 'archiveUrl').map((n) => text(n) ?? '').filter(Boolean);
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

async function documents(o: SoiOptions, body: string, response: string): Promise<string[]> {
  const urls = archiveUrls(await post(o, body), response);
  const files: string[] = [];
  for (const url of urls) files.push(...(await downloadArchive(o, url)));
  return files;
}

export const soiByOrgRegion = (o: SoiOptions, p: ByOrgRegion) => documents(o, byOrgRegionRequest(o.token, p), 'getDocsByOrgRegionResponse');
export const soiByReestrNumber = (o: SoiOptions, p: ByReestrNumber) => documents(o, byReestrNumberRequest(o.token, p), 'getDocsByReestrNumberResponse');
