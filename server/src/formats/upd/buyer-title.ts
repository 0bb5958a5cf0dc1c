import iconv from 'iconv-lite';
import { el, renderXmlDocument, type XmlElement } from '../xml-write';
import { attr, child } from '../xml-read';
import { parseXml } from '../xml';
import { FormatError } from '../errors';

/**
 * The buyer's title of an УПД: «файл обмена информации покупателя», КНД 1115132, format 5.03 of приказ ФНС
 * ЕД-7-26/970@ (приложение 2; schema in ./schema, see SOURCE.md). It answers one seller's file (`ИдИнфПрод`: its
 * ИдФайл, the date and time it was formed, and the seller's signature of it) and records the acceptance: `СвПрин`
 * with the date of acceptance and the code of the outcome. Written in windows-1251, as ФНС formats are.
 *
 * The 5.03 file is `Файл/Документ` — the 5.01 `СвУчДокОбор` and `ИнфПок` are gone from it: the operators' envelope
 * carries the participants, and the file name keeps their ids (`ON_NSCHFDOPPOK_<получатель>_<отправитель>_…`).
 */

/** КодИтога (ЕД-7-26/970@, приложение 2, КодСодОпер): 1 — приняты без расхождений, 2 — с расхождениями, 3 — не приняты. */
export const OUTCOME_CODE = { accepted: '1', partial: '2', refused: '3' } as const;
/** The content of the operation the format names for each outcome; none for 3 (the schema's Schematron forbids СодОпер there). */
export const OUTCOME_TEXT = {
  accepted: 'Товары (работы, услуги, права) приняты без расхождений (претензий)',
  partial: 'Товары (работы, услуги, права) приняты с расхождениями (претензией)',
  refused: null,
} as const;

export interface SellerFileHeader {
  /** Файл@ИдФайл of the seller's file */
  fileId: string;
  formatVersion: string;
  /** Документ@ДатаИнфПр / @ВремИнфПр as written (ДД.ММ.ГГГГ, ЧЧ.ММ.СС) */
  infoDate: string;
  infoTime: string;
  /** Документ@Функция: СЧФДОП, ДОП… */
  documentFunction: string;
  /** Документ@НаимДокОпр (5.02+): repeated in the buyer's НаимДокОпрПр */
  documentName: string | null;
}

/** The header of a stored seller's file: what the buyer's title must repeat of it. */
export function readSellerHeader(data: Buffer): SellerFileHeader {
  const { rootName, root } = parseXml(data);
  const doc = child(root, 'Документ');
  const fileId = attr(root, 'ИдФайл');
  if (rootName !== 'Файл' || !doc || !fileId?.startsWith('ON_NSCHFDOPPR'))
    throw new FormatError('NOT_UPD', 'Файл документа — не титул продавца УПД (ON_NSCHFDOPPR): титул покупателя к нему не формируется');
  const infoDate = attr(doc, 'ДатаИнфПр');
  const infoTime = attr(doc, 'ВремИнфПр');
  if (!infoDate || !infoTime)
    throw new FormatError('INVALID_DATA', 'В УПД продавца нет даты и времени формирования файла (ДатаИнфПр, ВремИнфПр)');
  return {
    fileId,
    formatVersion: attr(root, 'ВерсФорм') ?? '',
    infoDate,
    infoTime,
    documentFunction: attr(doc, 'Функция') ?? 'СЧФДОП',
    documentName: attr(doc, 'НаимДокОпр'),
  };
}

export interface BuyerTitleInput {
  seller: SellerFileHeader;
  /** the seller's detached signature of its file, base64 (ИдИнфПрод/ЭП) */
  sellerSignature: string;
  /** the seller's document: number and ISO date (СвСчФакт@НомерДок, @ДатаДок) */
  number: string;
  date: string;
  outcome: keyof typeof OUTCOME_CODE;
  /** ISO date of acceptance (ДатаПрин) */
  acceptedOn: string;
  /** when the file is formed: ISO date and ЧЧ.ММ.СС, Moscow time */
  formedOn: string;
  formedAt: string;
  /** a fresh GUID: the last part of the file name */
  guid: string;
  customerName: string;
  signer: { lastName: string; firstName: string; middleName: string | null; position: string | null };
  /** for a refusal in whole or in part: the document of acceptance with the motivated refusal, and each line's reason */
  refusal: { act: { name: string; number: string; date: string }; lines: { ordinal: number; text: string }[] } | null;
  programVersion: string;
}

const ru = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The file name the operators expect: `ON_NSCHFDOPPOK_<получатель>_<отправитель>_<ГГГГММДД>_<GUID>` (приказ
 * ЕД-7-26/970@, п. 1.4 приложения 2). The buyer answers the seller: the seller's file named the buyer as its receiver
 * and itself as the sender (`ON_NSCHFDOPPR_<получатель>_<отправитель>_…`), so the ids swap. A seller's file named in
 * another way gives no ids: then the parties' ИНН stand for them.
 */
export function buyerTitleFileId(sellerFileId: string, formedOn: string, guid: string, fallback: { seller: string; buyer: string }) {
  const parts = sellerFileId.replace(/^ON_NSCHFDOPPR_/, '').split('_');
  const [buyerId, sellerId] = parts.length >= 3 && parts[0] && parts[1] ? [parts[0], parts[1]] : [fallback.buyer, fallback.seller];
  return `ON_NSCHFDOPPOK_${sellerId}_${buyerId}_${formedOn.replace(/-/g, '')}_${guid}`;
}

export function buildBuyerTitle(fileId: string, x: BuyerTitleInput): Buffer {
  const code = OUTCOME_CODE[x.outcome];
  const text = OUTCOME_TEXT[x.outcome];
  const discrepancy = x.refusal
    ? el('РеквДокРасх', [], {
        РеквНаимДок: cut(x.refusal.act.name, 255),
        РеквНомерДок: cut(x.refusal.act.number, 255),
        РеквДатаДок: ru(x.refusal.act.date),
      })
    : null;
  const info =
    x.refusal && x.refusal.lines.length
      ? el(
          'ИнфПолФХЖ4',
          x.refusal.lines.map((l) => el('ТекстИнф', [], { Идентиф: `Строка ${l.ordinal}`, Значен: cut(l.text, 2000) })),
        )
      : null;
  const signer = el('Подписант', [el('ФИО', [], fio(x.signer))], {
    ...(x.signer.position ? { Должн: cut(x.signer.position, 255) } : {}),
    // 1 — полномочия подтверждаются данными электронной подписи (the signer's certificate names the company)
    СпосПодтПолном: '1',
  });
  const root: XmlElement = el(
    'Файл',
    [
      el(
        'Документ',
        [
          el('ИдИнфПрод', [el('ЭП', x.sellerSignature)], {
            ИдФайлИнфПр: x.seller.fileId,
            ДатаФайлИнфПр: x.seller.infoDate,
            ВремФайлИнфПр: x.seller.infoTime,
          }),
          el(
            'СодФХЖ4',
            [
              el('СвПрин', [el('КодСодОпер', [discrepancy], { КодИтога: code })], {
                ...(text ? { СодОпер: text } : {}),
                ДатаПрин: ru(x.acceptedOn),
              }),
              info,
            ],
            {
              НаимДокОпрПр: cut(x.seller.documentName ?? 'Документ о передаче товаров (работ, услуг, имущественных прав)', 255),
              Функция: x.seller.documentFunction,
              ПорНомДокИнфПр: cut(x.number, 1000),
              ДатаДокИнфПр: ru(x.date),
            },
          ),
          signer,
        ],
        {
          КНД: '1115132',
          ДатаИнфПок: ru(x.formedOn),
          ВремИнфПок: x.formedAt,
          НаимЭконСубСост: cut(x.customerName, 1000),
        },
      ),
    ],
    { ИдФайл: fileId, ВерсФорм: '5.03', ВерсПрог: cut(x.programVersion, 40) },
  );
  const xml = renderXmlDocument(root).replace('encoding="UTF-8"', 'encoding="windows-1251"');
  return iconv.encode(xml, 'win1251');
}

/** «Иванов Иван Петрович» → ФИОТип; the format needs a surname and a name. */
export function fio(s: { lastName: string; firstName: string; middleName: string | null }) {
  return {
    Фамилия: cut(s.lastName, 60),
    Имя: cut(s.firstName, 60),
    ...(s.middleName ? { Отчество: cut(s.middleName, 60) } : {}),
  };
}
