/**
 * Requests of ЕИС's «Сервис отдачи информации и документов» (СОИ, getDocsIP), as its Альбом ТФФ describes them and
 * public clients send them: SOAP 1.1, the caller's token in the header element `individualPerson_token`, and in the
 * body `index { id, createDateTime, mode }` then `selectionParams` — in this element order, which ЕИС validates.
 */
import { randomUUID } from 'node:crypto';
import type { EisDocumentType } from '@proc/contract';
import { el, renderXmlDocument, type XmlElement } from '../../formats/xml-write';
import { EIS_NOTICE_TYPES } from '../../formats/eis223/notice-types';
import { NOTICE44_ROOTS, PROTOCOL44_ROOTS } from '../../formats/eis44/notice';
import { moscowDateTime } from '../../platform/clock';

export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOI_NS = 'http://zakupki.gov.ru/fz44/get-docs-ip/ws';
/** The service's path on ЕИС (https://int.zakupki.gov.ru/eis-integration/services/getDocsIP). */
export const SOI_PATH = '/eis-integration/services/getDocsIP';

export type SoiMode = 'PROD' | 'TEST';

/**
 * Where СОИ keeps each kind of 223-ФЗ document the product imports: the subsystem (RD223 the register of contracts,
 * RPZ223 the register of plans, RI223 the register of notices) and the documentType223 values asked for, one request
 * each. Notices have one type per purchase method, as their XML root elements do.
 */
export const SOI_DOCUMENTS = {
  contract: { subsystemType: 'RD223', documentTypes: ['contract'] },
  purchasePlan: { subsystemType: 'RPZ223', documentTypes: ['purchasePlan'] },
  purchaseNotice: {
    subsystemType: 'RI223',
    // checked against ЕИС's XSD and public СОИ clients: formats/eis223/notice-types.ts names the sources
    documentTypes: EIS_NOTICE_TYPES.map((t) => t.documentType),
  },
  // 44-ФЗ: RPGZ is «реестр планов графиков с 2020 года» (a public TypeScript client's SubsystemType, find_string id
  // 17600744281), asked for with documentType44 in place of documentType223 (the same client's
  // EISGetDocsByOrgRegionRequest; C# and Python clients send <documentType44> between subsystemType and periodInfo,
  // ids 34090340557, 56905985497)
  tenderPlan2020: { subsystemType: 'RPGZ', documentTypes: ['tenderPlan2020'], law: '44' },
  // PRIZ «подсистема размещения извещений (без протоколов со сведениями об участниках)» (getDocsIP-ws-api.xsd 14.1,
  // commonSubsystemType; rezident1989/portal44_xml): the notices and the final protocols without participants' names
  // (those, the «…FinalPart» ones, are PRIZP's). The documentType44 names are the root elements of fcsExport.xsd, as
  // a public Python client of getDocsIP sends them (find_string id 68844979649: SUBSYSTEM_NOTICES = "PRIZ",
  // "epNotificationEF2020", "epProtocolEF2020Final", read back from the file names of ЕИС's archives)
  notice44: { subsystemType: 'PRIZ', documentTypes: [...NOTICE44_ROOTS, ...PROTOCOL44_ROOTS], law: '44' },
  // 44-ФЗ register of contracts: RGK «реестр контрактов» (the same SubsystemType), its documentType44 values the root
  // elements of fcsExport.xsd (export/contract, contractProcedure, contractCancel), as a public Python client asks for
  // <subsystemType>RGK</subsystemType><documentType44>contract</documentType44> (find_string id 69382847799)
  contract44: { subsystemType: 'RGK', documentTypes: ['contract', 'contractProcedure', 'contractCancel'], law: '44' },
} as const satisfies Record<EisDocumentType, { subsystemType: string; documentTypes: readonly string[]; law?: '44' }>;

export interface SoiIndex {
  id?: string;
  /** Moscow local time without offset, as ЕИС writes it: 2026-11-25T10:38:07 */
  createDateTime?: string;
  mode?: SoiMode;
}

/** getDocsByOrgRegionRequest: one day of one document type of one subsystem in one region. */
export interface ByOrgRegion {
  orgRegion: string;
  subsystemType: string;
  /** the document type; a 44-ФЗ one (law '44') goes as documentType44 */
  documentType223: string;
  law?: '44';
  exactDate: string;
}

/** getDocsByReestrNumberRequest: everything ЕИС has under one registry number. */
export interface ByReestrNumber {
  subsystemType: string;
  reestrNumber: string;
}

function index(i: SoiIndex): XmlElement {
  return el('index', [
    el('id', i.id ?? randomUUID()),
    el('createDateTime', i.createDateTime ?? moscowDateTime()),
    el('mode', i.mode ?? 'PROD'),
  ]);
}

function envelope(token: string, body: XmlElement): string {
  return renderXmlDocument(
    el('soapenv:Envelope', [el('soapenv:Header', [el('individualPerson_token', token)]), el('soapenv:Body', [body])], {
      'xmlns:soapenv': SOAP_NS,
      'xmlns:ws': SOI_NS,
    }),
  );
}

export function byOrgRegionRequest(token: string, p: ByOrgRegion, i: SoiIndex = {}): string {
  return envelope(
    token,
    el('ws:getDocsByOrgRegionRequest', [
      index(i),
      el('selectionParams', [
        el('orgRegion', p.orgRegion),
        el('subsystemType', p.subsystemType),
        el(p.law === '44' ? 'documentType44' : 'documentType223', p.documentType223),
        el('periodInfo', [el('exactDate', p.exactDate)]),
      ]),
    ]),
  );
}

export function byReestrNumberRequest(token: string, p: ByReestrNumber, i: SoiIndex = {}): string {
  return envelope(
    token,
    el('ws:getDocsByReestrNumberRequest', [
      index(i),
      el('selectionParams', [el('subsystemType', p.subsystemType), el('reestrNumber', p.reestrNumber)]),
    ]),
  );
}
