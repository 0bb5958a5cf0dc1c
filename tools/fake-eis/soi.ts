/**
 * The fake ЕИС's СОИ (getDocsIP): the same SOAP requests and answers as ЕИС's service, archives served over HTTP from
 * ZIPs of the real-format XML it holds. Failure modes for tests: errorInfo, noData, an archive not ready for the first
 * downloads, a broken ZIP, a ZIP bomb, the old direct placement of errorInfo and an answer with nothing in it
 * (timeouts and 5xx come from the server's general `fail`); rejected (expired) tokens and a per-token request limit.
 *
 * What a real answer looks like, from public clients of the service (found with the search tool; cited by the
 * find_string id of the stored file where the index names no repository):
 * - `Body/<op>Response { index {id, refId, createDateTime, mode}, dataInfo {archiveUrl+ | noData | errorInfo {code,
 *   message}} }`: a TypeScript client's types `EISDocsResponse<R> { index: IndexResponseType (id, refId,
 *   createDateTime, mode); dataInfo: R }` with `R = {noData: true} | {errorInfo: {code, message}} | {archiveUrl: string[]}`
 *   (id 17202914687); a Python client that reads `dataInfo.get("errorInfo")` and says «ЕИС сообщает об отказе внутри
 *   HTTP 200 … в dataInfo/errorInfo: заблокированный токен, неверные параметры выборки, превышение лимитов» (id
 *   70550010636); a JavaScript client's test `<dataInfo><errorInfo><code>5</code><message>Токены отсутствуют</message>
 *   </errorInfo></dataInfo>` and `<dataInfo><noData>true</noData></dataInfo>` (id 61524141710).
 * - codes: 5 «Токены отсутствуют» (id 61524141710), 28 «Ошибка валидации полученного запроса по интеграционной схеме.»
 *   (a Python client's test, id 68948207891); 13 the token's request limit (reported by users of the real ЕИС; no public text of its
 *   message was found, so the fake's words are ours).
 * - archive links `https://int.zakupki.gov.ru/dstore/common/download/compound?docRequestUid=…&compoundUid=…`, fetched
 *   with the token in the HTTP header individualPerson_token (ids 61524141710, 69382847799, 61168924037).
 */
import { randomUUID } from 'node:crypto';
import PizZip from 'pizzip';
import { parseXmlText } from '../../server/src/formats/xml';
import { path as xpath, text } from '../../server/src/formats/xml-read';
import { el, renderXmlDocument, type XmlElement } from '../../server/src/formats/xml-write';
import { SOAP_NS, SOI_NS } from '../../server/src/eis-service/soi/envelope';
import { moscowDateTime } from '../../server/src/platform/clock';
import { EIS_NOTICE_TYPES } from '../../server/src/formats/eis223/notice-types';
import { NOTICE44_ROOTS, PROTOCOL44_ROOTS } from '../../server/src/formats/eis44/notice';

/** PRIZ, «подсистема размещения извещений»: the 44-ФЗ notices and final protocols (getDocsIP-ws-api.xsd 14.1; envelope.ts). */
const PRIZ_TYPES: ReadonlySet<string> = new Set([...NOTICE44_ROOTS, ...PROTOCOL44_ROOTS]);

export type SoiFailure = 'errorInfo' | 'noData' | 'notReady' | 'brokenZip' | 'bomb' | 'directErrorInfo' | 'empty';

/** ЕИС's words for the codes the product acts on (see the sources above). */
export const SOI_ERRORS = {
  tokenMissing: { code: '5', message: 'Токены отсутствуют' },
  limit: { code: '13', message: 'Превышено допустимое количество запросов в минуту для токена' },
  schema: { code: '28', message: 'Ошибка валидации полученного запроса по интеграционной схеме.' },
} as const;

export interface SoiEntry {
  xml: string;
  /** Its documentType223 or documentType44 (contract, purchasePlan, purchaseNoticeAE94…, tenderPlan2020): the root element's name, or for notices notice-types.ts's type of it. */
  documentType: string;
  customerInn: string | null;
  contracts: Array<{ regNumber: string | null; date: string | null }>;
  /** The day it went out, for plans and notices (a contract goes by its date). */
  day: string | null;
  /** its subsystem where the type alone does not tell it (RGK: a 44-ФЗ contract is a `contract` too) */
  subsystem?: string;
}

/** 44-ФЗ register of contracts: RGK and its documentType44 values (server/src/eis-service/soi/envelope.ts names the sources). */
const RGK_TYPES = new Set(['contract', 'contractProcedure', 'contractCancel']);
const subsystemOfEntry = (e: SoiEntry) => e.subsystem ?? subsystemOf(e.documentType);

/**
 * The subsystem of СОИ that holds a document type (RD223 contracts, RPZ223 plans, RI223 notices of the types in
 * notice-types.ts; 44-ФЗ: RPGZ «реестр планов графиков с 2020 года», tenderPlan2020 — a public TypeScript client's
 * SubsystemType, id 17600744281).
 */
const subsystemOf = (documentType: string) =>
  documentType === 'contract'
    ? 'RD223'
    : documentType === 'purchasePlan'
      ? 'RPZ223'
      : documentType === 'tenderPlan2020'
        ? 'RPGZ'
        : PRIZ_TYPES.has(documentType)
          ? 'PRIZ'
          : EIS_NOTICE_TYPES.some((t) => t.documentType === documentType)
            ? 'RI223'
            : null;
/** 44-ФЗ subsystems take documentType44, 223-ФЗ ones documentType223 (getDocsIP's selectionParams choice; the clients above). */
const is44 = (subsystem: string) => !subsystem.endsWith('223');

export interface SoiState {
  failure: { mode: SoiFailure | null; count: number };
  /** SOAP requests answered, for tests that count days walked. */
  requests: Array<{
    operation: string;
    token: string | null;
    createDateTime: string | null;
    params: Record<string, string | null>;
    /** When it arrived (Date.now()), and whether it was refused for the token's limit (code 13). */
    at: number;
    limited?: boolean;
  }>;
  /** Tokens ЕИС no longer knows (expired, revoked): answered as a missing one, code 5. */
  rejectedTokens: Set<string>;
  /** Requests a token may make in any sliding «minute» (null: no limit) and the minute's length (tests shorten it). */
  limit: { perMinute: number | null; minuteMs: number };
  /** Requests refused with code 13, for tests. */
  limited: number;
}

interface Archive {
  data: Buffer;
  /** Downloads answered 404 before the archive is "ready". */
  notReadyFor: number;
}

/** `index` echoes the request's id as refId under an id of its own (IndexResponseType of the TypeScript client above). */
const answer = (operation: string, refId: string | null, data: (XmlElement | null)[], direct = false) =>
  renderXmlDocument(
    el(
      'soap:Envelope',
      [
        el('soap:Body', [
          el(
            `ns2:${operation}`,
            [
              el('index', [el('id', randomUUID()), el('refId', refId ?? ''), el('createDateTime', moscowDateTime()), el('mode', 'PROD')]),
              ...(direct ? data : [el('dataInfo', data)]),
            ],
            { 'xmlns:ns2': SOI_NS },
          ),
        ]),
      ],
      { 'xmlns:soap': SOAP_NS },
    ),
  );
const errorInfo = (e: { code: string; message: string }) => el('errorInfo', [el('code', e.code), el('message', e.message)]);

const fault = (message: string) =>
  renderXmlDocument(
    el('soap:Envelope', [el('soap:Body', [el('soap:Fault', [el('faultcode', 'soap:Client'), el('faultstring', message)])])], {
      'xmlns:soap': SOAP_NS,
    }),
  );

const zipOf = (files: string[]) => {
  const z = new PizZip();
  files.forEach((xml, i) => z.file(`document_${i + 1}.xml`, xml));
  return z.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
};

export function createSoi(entries: SoiEntry[], baseUrl: () => string) {
  const archives = new Map<string, Archive>();
  const state: SoiState = {
    failure: { mode: null, count: 0 },
    requests: [],
    rejectedTokens: new Set(),
    limit: { perMinute: null, minuteMs: 60_000 },
    limited: 0,
  };
  /**
   * The token's limit over a sliding minute: a request is refused (code 13) when the token already had `perMinute`
   * requests answered within the minute before it. ЕИС's limit of about 90 requests a minute per token and its answer 13
   * are what users of the real ЕИС report (a public client reads such refusals in dataInfo/errorInfo as «превышение лимитов», id
   * 70550010636 above); no public text says how ЕИС counts its minute. It is modelled as a probe of the real ЕИС met
   * it — a window that slides, so requests fired together at the turn of a clock minute are refused again — and a
   * refused request is not counted (an assumption: nothing public says either way).
   */
  const answered = new Map<string, number[]>();
  const overLimit = (token: string): boolean => {
    if (state.limit.perMinute === null) return false;
    const now = Date.now();
    const log = (answered.get(token) ?? []).filter((t) => t > now - state.limit.minuteMs);
    answered.set(token, log);
    if (log.length >= state.limit.perMinute) return true;
    log.push(now);
    return false;
  };
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
    const asked = Date.now();
    state.requests.push({
      at: asked,
      operation: byRegion ? 'getDocsByOrgRegionRequest' : 'getDocsByReestrNumberRequest',
      token,
      createDateTime: text(request, 'index', 'createDateTime'),
      params: byRegion
        ? {
            orgRegion: text(params, 'orgRegion'),
            subsystemType: text(params, 'subsystemType'),
            documentType223: text(params, 'documentType223'),
            documentType44: text(params, 'documentType44'),
            exactDate: text(params, 'periodInfo', 'exactDate'),
          }
        : { subsystemType: text(params, 'subsystemType'), reestrNumber: text(params, 'reestrNumber') },
    });
    const refId = text(request, 'index', 'id');
    const reply = (data: (XmlElement | null)[]): [number, string] => [200, answer(operation, refId, data)];
    if (!token || state.rejectedTokens.has(token)) return reply([errorInfo(SOI_ERRORS.tokenMissing)]);
    if (!refId || !text(request, 'index', 'createDateTime')) return reply([errorInfo(SOI_ERRORS.schema)]);
    if (overLimit(token)) {
      state.limited++;
      state.requests[state.requests.length - 1].limited = true;
      return reply([errorInfo(SOI_ERRORS.limit)]);
    }
    const failure = takeFailure();
    if (failure === 'errorInfo') return reply([errorInfo({ code: '9', message: 'Внутренняя ошибка сервиса' })]);
    // the placement older clients (and this fake) once used: the client tolerates it
    if (failure === 'directErrorInfo')
      return [200, answer(operation, refId, [errorInfo({ code: '9', message: 'Внутренняя ошибка сервиса' })], true)];
    if (failure === 'empty') return reply([]);
    let files: string[];
    if (byRegion) {
      const region = text(params, 'orgRegion') ?? '';
      const day = (text(params, 'periodInfo', 'exactDate') ?? '').slice(0, 10);
      const subsystem = text(params, 'subsystemType');
      // a 44-ФЗ subsystem asked with documentType223 (or the reverse) does not pass the request's validation
      const type = subsystem && is44(subsystem) ? text(params, 'documentType44') : text(params, 'documentType223');
      if (!type || !subsystem || (subsystem === 'RGK' ? !RGK_TYPES.has(type) : subsystemOf(type) !== subsystem)) {
        return reply([errorInfo(SOI_ERRORS.schema)]);
      }
      files = entries
        .filter((e) => e.documentType === type && subsystemOfEntry(e) === subsystem && e.customerInn?.startsWith(region))
        .filter((e) => (e.day === null ? e.contracts.some((c) => c.date === day) : e.day === day))
        .map((e) => e.xml);
    } else {
      // «Запрос формирования в ХД архивов с документами по реестровому номеру», reestrNumber «Реестровый номер в
      // подсистеме», subsystemType any of commonSubsystemType — RD223 and RGK alike (getDocsIP-ws-api.xsd 14.1,
      // rezident1989/portal44_xml src/schemes/14_1/GetDocsWS/GetDocsIndividualPerson); a public Python client asks RGK
      // this way with a contract's 19-digit number (find_string id 2900812807). Every document filed under the number
      // is given: for RGK the contract, its executions and its cancel
      const number = text(params, 'reestrNumber');
      const subsystem = text(params, 'subsystemType');
      files = entries.filter((e) => subsystemOfEntry(e) === subsystem && e.contracts.some((c) => c.regNumber === number)).map((e) => e.xml);
    }
    if (!files.length || failure === 'noData') return reply([el('noData', 'true')]);
    const id = randomUUID();
    const data =
      failure === 'brokenZip' ? zipOf(files).subarray(0, 100) : failure === 'bomb' ? zipOf([' '.repeat(30 * 1024 * 1024)]) : zipOf(files);
    archives.set(id, { data, notReadyFor: failure === 'notReady' ? 2 : 0 });
    return reply([el('archiveUrl', `${baseUrl()}/dstore/common/download/compound?docRequestUid=${refId}&compoundUid=${id}`)]);
  }

  /** One archive download: [status, body]; a token is required, as on ЕИС. */
  function archive(id: string, token: string | undefined): [number, Buffer] {
    const a = archives.get(id);
    if (!token || state.rejectedTokens.has(token)) return [403, Buffer.from('Не передан токен')];
    if (!a) return [404, Buffer.from('Архив не найден')];
    if (a.notReadyFor > 0) {
      a.notReadyFor--;
      return [404, Buffer.from('Архив ещё формируется')];
    }
    return [200, a.data];
  }

  return { state, handle, archive };
}
