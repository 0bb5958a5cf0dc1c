/**
 * The fake ЕИС's СОИ (getDocsIP): the same SOAP requests and answers as ЕИС's service, archives served over HTTP from
 * ZIPs of the real-format XML it holds. Failure modes for tests: errorInfo, noData, an archive not ready for the first
 * downloads, a broken ZIP, a ZIP bomb (timeouts and 5xx come from the server's general `fail`).
 */
import { randomUUID } from 'node:crypto';
import PizZip from 'pizzip';
import { parseXmlText } from '../../server/src/formats/xml';
import { path as xpath, text } from '../../server/src/formats/xml-read';
import { el, renderXmlDocument, type XmlElement } from '../../server/src/formats/xml-write';
import { SOAP_NS, SOI_NS } from '../../server/src/integration/soi/envelope';
import { EIS_NOTICE_TYPES } from '../../server/src/formats/eis223/notice-types';

export type SoiFailure = 'errorInfo' | 'noData' | 'notReady' | 'brokenZip' | 'bomb';

export interface SoiEntry {
  xml: string;
  /** Its documentType223 (contract, purchasePlan, purchaseNoticeAE94…): the root element's name, or for notices notice-types.ts's type of it. */
  documentType: string;
  customerInn: string | null;
  contracts: Array<{ regNumber: string | null; date: string | null }>;
  /** The day it went out, for plans and notices (a contract goes by its date). */
  day: string | null;
}

/** The subsystem of СОИ that holds a document type (RD223 contracts, RPZ223 plans, RI223 notices of the types in notice-types.ts). */
const subsystemOf = (documentType: string) =>
  documentType === 'contract' ? 'RD223' : documentType === 'purchasePlan' ? 'RPZ223' : EIS_NOTICE_TYPES.some((t) => t.documentType === documentType) ? 'RI223' : null;

export interface SoiState {
  failure: { mode: SoiFailure | null; count: number };
  /** SOAP requests answered, for tests that count days walked. */
  requests: Array<{ operation: string; token: string | null; params: Record<string, string | null> }>;
}

interface Archive {
  data: Buffer;
  /** Downloads answered 404 before the archive is "ready". */
  notReadyFor: number;
}

const answer = (operation: string, content: (XmlElement | null)[]) =>
  renderXmlDocument(el('soap:Envelope', [el('soap:Body', [el(`ns2:${operation}`, content, { 'xmlns:ns2': SOI_NS })])], { 'xmlns:soap': SOAP_NS }));

const fault = (message: string) =>
  renderXmlDocument(el('soap:Envelope', [el('soap:Body', [el('soap:Fault', [el('faultcode', 'soap:Client'), el('faultstring', message)])])], { 'xmlns:soap': SOAP_NS }));

const zipOf = (files: string[]) => {
  const z = new PizZip();
  files.forEach((xml, i) => z.file(`document_${i + 1}.xml`, xml));
  return z.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
};

export function createSoi(entries: SoiEntry[], baseUrl: () => string) {
  const archives = new Map<string, Archive>();
  const state: SoiState = { failure: { mode: null, count: 0 }, requests: [] };
  const takeFailure = (): SoiFailure | null => {
    if (!state.failure.mode || state.failure.count <= 0) return null;
    state.failure.count--;
    return state.failure.mode;
  };

  /** Answers one SOAP request: [status, body]. */
  function handle(body: string): [number, string] {
    let root;
    try {
      root = parseXmlText(body).root;
    } catch {
      return [500, fault('Unmarshalling Error: запрос не является XML')];
    }
    const token = text(xpath(root, 'Header'), 'individualPerson_token');
    const byRegion = xpath(root, 'Body', 'getDocsByOrgRegionRequest');
    const byNumber = xpath(root, 'Body', 'getDocsByReestrNumberRequest');
    const request = byRegion ?? byNumber;
    const operation = byRegion ? 'getDocsByOrgRegionResponse' : 'getDocsByReestrNumberResponse';
    if (!request) return [500, fault('Неизвестная операция')];
    const params = xpath(request, 'selectionParams');
    state.requests.push({
      operation: byRegion ? 'getDocsByOrgRegionRequest' : 'getDocsByReestrNumberRequest',
      token,
      params: byRegion
        ? { orgRegion: text(params, 'orgRegion'), subsystemType: text(params, 'subsystemType'), documentType223: text(params, 'documentType223'), exactDate: text(params, 'periodInfo', 'exactDate') }
        : { subsystemType: text(params, 'subsystemType'), reestrNumber: text(params, 'reestrNumber') },
    });
    if (!token) return [200, answer(operation, [el('errorInfo', [el('code', '5'), el('message', 'Не передан токен (individualPerson_token)')])])];
    if (!text(request, 'index', 'id') || !text(request, 'index', 'createDateTime')) return [200, answer(operation, [el('errorInfo', [el('code', '2'), el('message', 'Не заполнен блок index')])])];
    const failure = takeFailure();
    if (failure === 'errorInfo') return [200, answer(operation, [el('errorInfo', [el('code', '9'), el('message', 'Внутренняя ошибка сервиса')])])];
    let files: string[];
    if (byRegion) {
      const region = text(params, 'orgRegion') ?? '';
      const day = (text(params, 'periodInfo', 'exactDate') ?? '').slice(0, 10);
      const type = text(params, 'documentType223');
      const subsystem = text(params, 'subsystemType');
      if (!type || !subsystem || subsystemOf(type) !== subsystem) {
        return [200, answer(operation, [el('errorInfo', [el('code', '3'), el('message', `Тип документа ${type ?? '(не указан)'} не относится к подсистеме ${subsystem ?? '(не указана)'}`)])])];
      }
      files = entries
        .filter((e) => e.documentType === type && e.customerInn?.startsWith(region))
        .filter((e) => (e.documentType === 'contract' ? e.contracts.some((c) => c.date === day) : e.day === day))
        .map((e) => e.xml);
    } else {
      const number = text(params, 'reestrNumber');
      const subsystem = text(params, 'subsystemType');
      files = entries.filter((e) => subsystemOf(e.documentType) === subsystem && e.contracts.some((c) => c.regNumber === number)).map((e) => e.xml);
    }
    if (!files.length || failure === 'noData') return [200, answer(operation, [el('noData', 'true')])];
    const id = randomUUID();
    const data = failure === 'brokenZip' ? zipOf(files).subarray(0, 100) : failure === 'bomb' ? zipOf([' '.repeat(30 * 1024 * 1024)]) : zipOf(files);
    archives.set(id, { data, notReadyFor: failure === 'notReady' ? 2 : 0 });
    return [200, answer(operation, [el('dataInfo', [el('archiveUrl', `${baseUrl()}/eis-integration/archives/${id}.zip`)])])];
  }

  /** One archive download: [status, body]; a token is required, as on ЕИС. */
  function archive(id: string, token: string | undefined): [number, Buffer] {
    const a = archives.get(id);
    if (!token) return [403, Buffer.from('Не передан токен')];
    if (!a) return [404, Buffer.from('Архив не найден')];
    if (a.notReadyFor > 0) {
      a.notReadyFor--;
      return [404, Buffer.from('Архив ещё формируется')];
    }
    return [200, a.data];
  }

  return { state, handle, archive };
}
