import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { REPO_ROOT } from '../../server/src/paths';
import { EIS_NOTICE_TYPES, type EisNoticeRoot } from '../../server/src/formats';
import type { DemoCustomer } from './generate-demo';
import { addDays } from '../../server/src/platform/clock';

/**
 * Notices of every 223-ФЗ type in ЕИС's format. Public real samples exist for two types only (fixtures/README.md:
 * purchaseNotice_test.xml, TFF-5.0, and purchaseNoticeZK_test.xml, TFF-2.0); the others are built from the real
 * purchaseNotice sample along ЕИС's purchase.xsd (Homyakin/ZakupkiParser integration_schemes/purchase.xsd, TFF 12.2):
 * the type's root element and its `<root>Data` element, and without the elements that type's data type lacks —
 * purchaseNoticeEPDataType has neither submissionCloseDateTime nor electronicPlaceInfo, the OA, OK and ZK types have
 * no electronicPlaceInfo. Everything else (header, item, customer, lots) is shared by all the data types.
 */

const SAMPLE = () => fs.readFileSync(path.join(REPO_ROOT, 'fixtures/eis223/purchaseNotice_test.xml'), 'utf8');

/** What ЕИС calls each method in purchaseCodeName (a customer may word its own; these are the standard names). */
const METHOD_NAMES: Record<EisNoticeRoot, string> = {
  purchaseNotice: 'Открытый запрос цен в электронной форме',
  purchaseNoticeAE: 'Аукцион в электронной форме',
  purchaseNoticeAE94FZ: 'Открытый аукцион в электронной форме',
  purchaseNoticeAESMBO:
    'Аукцион в электронной форме, участниками которого могут быть только субъекты малого и среднего предпринимательства',
  purchaseNoticeEP: 'Закупка у единственного поставщика (исполнителя, подрядчика)',
  purchaseNoticeOA: 'Открытый аукцион',
  purchaseNoticeOK: 'Открытый конкурс',
  purchaseNoticeKESMBO:
    'Конкурс в электронной форме, участниками которого могут быть только субъекты малого и среднего предпринимательства',
  purchaseNoticeZK: 'Запрос котировок',
  purchaseNoticeZKESMBO:
    'Запрос котировок в электронной форме, участниками которого могут быть только субъекты малого и среднего предпринимательства',
  purchaseNoticeZPESMBO:
    'Запрос предложений в электронной форме, участниками которого могут быть только субъекты малого и среднего предпринимательства',
};

/** Elements the type's data type does not have (purchase.xsd). */
const ABSENT: Partial<Record<EisNoticeRoot, string[]>> = {
  purchaseNoticeEP: ['submissionCloseDateTime', 'electronicPlaceInfo'],
  purchaseNoticeOA: ['electronicPlaceInfo'],
  purchaseNoticeOK: ['electronicPlaceInfo'],
  purchaseNoticeZK: ['electronicPlaceInfo'],
};

export interface NoticeSpec {
  customer: Pick<DemoCustomer, 'inn' | 'kpp' | 'ogrn' | 'name'>;
  /** The purchase's 11-digit registry number */
  registrationNumber: string;
  /** Publication day (Moscow) */
  day: string;
  /** The date-time ЕИС writes, Moscow time without an offset; 10:00 of `day` when not given */
  publication?: string;
}

function guidOf(seed: string): string {
  const s = createHash('md5').update(seed).digest('hex');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-a${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One notice of the type with this root element, for the customer, published on `day`. */
export function noticeOfType(root: EisNoticeRoot, s: NoticeSpec, sample = SAMPLE()): string {
  let xml = sample
    .replace('<ns2:purchaseNotice ', `<ns2:${root} `)
    .replace('</ns2:purchaseNotice>', `</ns2:${root}>`)
    .replaceAll('ns2:purchaseNoticeData>', `ns2:${root}Data>`)
    .replaceAll('233dcc3f-448f-406c-b724-f369570799f0', guidOf(`${root}${s.registrationNumber}`))
    .replace('<ns2:registrationNumber>31603913641<', `<ns2:registrationNumber>${s.registrationNumber}<`)
    .replace(/<ns2:purchaseCodeName>[^<]*</, `<ns2:purchaseCodeName>${esc(METHOD_NAMES[root])}<`)
    .replace(/(<ns2:customer>[\s\S]*?<\/ns2:customer>)/, (c) =>
      c
        .replace(/<fullName>[^<]*</, `<fullName>${esc(s.customer.name)}<`)
        .replace(/<shortName>[^<]*</, `<shortName>${esc(s.customer.name)}<`)
        .replace(/<inn>\d+</, `<inn>${s.customer.inn}<`)
        .replace(/<kpp>\d+</, `<kpp>${s.customer.kpp}<`)
        .replace(/<ogrn>\d+</, `<ogrn>${s.customer.ogrn}<`),
    );
  const at = s.publication ?? `${s.day}T10:00:00`;
  for (const el of ['createDateTime', 'publicationDateTime', 'modificationDate'])
    xml = xml.replace(new RegExp(`<ns2:${el}>[^<]*<`), `<ns2:${el}>${at}<`);
  xml = xml.replace(/<ns2:submissionCloseDateTime>[^<]*</, `<ns2:submissionCloseDateTime>${addDays(s.day, 14)}T18:00:00<`);
  for (const el of ABSENT[root] ?? []) xml = xml.replace(new RegExp(`\\s*<ns2:${el}>[\\s\\S]*?</ns2:${el}>`), '');
  return xml;
}

/** The day the demo customer's notices of every type went out in ЕИС. */
export const DEMO_NOTICES_DAY = '2024-02-15';

/** A notice of each type ЕИС serves (one per СОИ document type, purchaseNoticeIS among them), all on DEMO_NOTICES_DAY. */
export function demoNotices(c: DemoCustomer): Array<{ documentType: string; xml: string; registrationNumber: string }> {
  const sample = SAMPLE();
  return EIS_NOTICE_TYPES.map((t, i) => {
    const registrationNumber = `324${c.inn.slice(0, 2)}${String(i + 1).padStart(6, '0')}`;
    return {
      documentType: t.documentType,
      registrationNumber,
      xml: noticeOfType(t.root, { customer: c, registrationNumber, day: DEMO_NOTICES_DAY }, sample),
    };
  });
}
