import { randomUUID } from 'node:crypto';
import { FormatError } from '../errors';
import type { CodeName } from '../schemas';
import { el, renderXmlDocument, type XmlElement } from '../xml-write';
import {
  eisPerformance,
  type EisCurrency,
  type EisOrganization,
  type EisPayment,
  type EisPerformance,
  type EisPerformanceDocument,
  type EisPerformanceStage,
} from './types';
import { utcDateTime } from '../../platform/clock';

/**
 * Builds a `performanceContract` packet in the shape ЕИС exports it (contractCompleting_test.xml, TFF-7.5): record
 * elements in the contract namespace (prefix ns2), shared types (header, mainInfo, currency, code/name) in the
 * default types namespace. A stage with a single payment carries it inline on `position`, as TFF-7.5 does; only a
 * stage with several payments (or a payment numbered other than 1) uses the later `paymentInfos` list.
 */

export const EIS_NS_TYPES = 'http://zakupki.gov.ru/223fz/types/1';
export const EIS_NS_CONTRACT = 'http://zakupki.gov.ru/223fz/contract/1';
const NS_XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const SCHEMA_LOCATION =
  'http://zakupki.gov.ru/223/integration/schema/TFF-7.5 http://zakupki.gov.ru/223/integration/schema/TFF-7.5/Types.xsd';

export interface BuildPacketOptions {
  /** header/guid; a fresh UUID by default */
  packetGuid?: string;
  /** body/item/guid; a fresh UUID by default */
  itemGuid?: string;
  /** header/createDateTime; now (UTC) by default */
  createDateTime?: string;
}

const c = (name: string): string => `ns2:${name}`;
const bool = (v: boolean | null): string | null => (v === null ? null : String(v));

function codeNameEl(name: string, v: CodeName | null): XmlElement | null {
  return v ? el(name, [el('code', v.code), el('name', v.name)]) : null;
}

function currencyEl(v: EisCurrency | null): XmlElement | null {
  return v ? el(c('currency'), [el('code', v.code), el('digitalCode', v.digitalCode), el('name', v.name)]) : null;
}

function organizationEl(name: string, org: EisOrganization | null): XmlElement | null {
  if (!org) return null;
  return el(c(name), [
    el('mainInfo', [
      el('fullName', org.name),
      el('shortName', org.shortName),
      el('inn', org.inn),
      el('kpp', org.kpp),
      el('ogrn', org.ogrn),
      el('okato', org.okato),
    ]),
  ]);
}

function paymentFields(p: EisPayment): Array<XmlElement | null> {
  return [
    el(c('paymentDate'), p.date),
    el(c('price'), p.amount),
    currencyEl(p.currency),
    el(c('rubPrice'), p.rubAmount),
    el(c('prepaid'), bool(p.prepaid)),
  ];
}

function documentEl(d: EisPerformanceDocument): XmlElement {
  const pos = d.contractPosition;
  return el(c('doc'), [
    el(c('ordinal'), d.ordinal),
    el(c('date'), d.date),
    el(c('code'), d.code),
    el(c('name'), d.name),
    el(c('number'), d.number),
    pos ? el(c('contractPosition'), [el(c('guid'), pos.guid), el(c('name'), pos.name), codeNameEl(c('okpd2'), pos.okpd2)]) : null,
    codeNameEl(c('okei'), d.okei),
    el(c('qty'), d.quantity),
    el(c('prepayment'), bool(d.prepayment)),
  ]);
}

function stageEl(s: EisPerformanceStage): XmlElement {
  const [only] = s.payments;
  const inline = s.payments.length === 1 && (only.ordinal ?? 1) === 1;
  return el(c('position'), [
    el(c('ordinal'), s.ordinal),
    ...(inline ? paymentFields(only) : []),
    !inline && s.payments.length > 0
      ? el(
          c('paymentInfos'),
          s.payments.map((p) => el(c('paymentInfo'), [el(c('ordinal'), p.ordinal), ...paymentFields(p)])),
        )
      : null,
    s.documents.length > 0 ? el(c('docs'), s.documents.map(documentEl)) : null,
  ]);
}

function nowUtc(): string {
  return utcDateTime();
}

export function buildPerformanceContractXml(data: EisPerformance, options: BuildPacketOptions = {}): string {
  const checked = eisPerformance.safeParse(data);
  if (!checked.success) {
    const where = checked.error.issues[0]?.path.join('.') ?? '';
    throw new FormatError('INVALID_DATA', `Некорректные данные сведений об исполнении договора (поле ${where})`, {
      details: checked.error.message,
    });
  }
  const d = checked.data;
  const info = d.contract;
  const record = el(c('performanceContractData'), [
    el(c('guid'), d.guid),
    el(c('registrationNumber'), d.registrationNumber),
    el(c('urlOOS'), d.urlEis),
    el(c('createDateTime'), d.createDateTime),
    organizationEl('customer', d.customer),
    // ЕИС requires a placer; when the customer places its own records (the usual case) they are the same.
    organizationEl('placer', d.placer ?? d.customer),
    el(c('publicationDate'), d.publicationDate),
    el(c('status'), d.status),
    el(c('version'), d.version),
    el(c('completed'), bool(d.completed)),
    el(c('hasPenalty'), bool(d.hasPenalty)),
    el(c('contractRegNumber'), d.contractRegistrationNumber),
    info
      ? el(c('contractInfo'), [
          el(c('guid'), info.guid),
          el(c('name'), info.number),
          el(c('agencyName'), info.customerName),
          el(c('supplierName'), info.supplierName),
          el(c('lotInfo'), info.subject),
          el(c('contractDate'), info.contractDate),
        ])
      : null,
    el(c('positions'), [...d.stages.map(stageEl), el(c('total'), d.total)]),
  ]);
  const root = el(
    c('performanceContract'),
    [
      el('header', [el('guid', options.packetGuid ?? randomUUID()), el('createDateTime', options.createDateTime ?? nowUtc())]),
      el(c('body'), [el(c('item'), [el('guid', options.itemGuid ?? randomUUID()), record])]),
    ],
    {
      'xsi:schemaLocation': SCHEMA_LOCATION,
      xmlns: EIS_NS_TYPES,
      'xmlns:ns2': EIS_NS_CONTRACT,
      'xmlns:xsi': NS_XSI,
    },
  );
  return renderXmlDocument(root, { standalone: true });
}
