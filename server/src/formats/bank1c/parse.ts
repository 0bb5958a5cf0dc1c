import { FormatError, withFormatErrors } from '../errors';
import { validateResult } from '../validate';
import { ruDateToIso, ruDateToIsoOrNull, toDecimal, toDecimalOrNull } from '../values';
import { BANK1C_SIGNATURE, decodeBank1c } from './decode';
import { bank1cFile, type Bank1cAccountSection, type Bank1cDocument, type Bank1cFile, type Bank1cParty } from './types';

/**
 * Reads 1C client-bank exchange files: a header of key=value lines, then `СекцияРасчСчет … КонецРасчСчет` account
 * summaries and `СекцияДокумент=<kind> … КонецДокумента` documents, closed by `КонецФайла`. The end marker is
 * required: without it the file was cut off (a partial upload or a bank export that failed midway).
 */

const WHAT = '1С:Клиент-банк';

type Fields = Map<string, string>;

interface Section {
  line: number;
  fields: Fields;
}

/** Empty values (`ВидПлатежа=`) mean "not stated". */
function get(fields: Fields, key: string): string | null {
  const v = fields.get(key);
  return v === undefined || v === '' ? null : v;
}

/** The first value of a key wins, as in 1C's own loader; `__proto__` is dropped so no object can be polluted. */
function put(fields: Fields, key: string, value: string): void {
  if (key !== '__proto__' && !fields.has(key)) fields.set(key, value);
}

function at(line: number, message: string): FormatError {
  return new FormatError('INVALID_DATA', `Строка ${line}: ${message}`);
}

function lineField<T>(line: number, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof FormatError) throw at(line, e.message);
    throw e;
  }
}

function readParty(f: Fields, role: 'Плательщик' | 'Получатель'): Bank1cParty {
  return {
    inn: get(f, `${role}ИНН`),
    kpp: get(f, `${role}КПП`),
    name: get(f, `${role}1`) ?? get(f, role),
    account: get(f, `${role}Счет`) ?? get(f, `${role}РасчСчет`),
    bik: get(f, `${role}БИК`),
    bankName: get(f, `${role}Банк1`),
    bankCity: get(f, `${role}Банк2`),
    corrAccount: get(f, `${role}Корсчет`),
  };
}

function readPurpose(f: Fields): string | null {
  const whole = get(f, 'НазначениеПлатежа');
  if (whole !== null) return whole;
  const lines = [1, 2, 3, 4, 5, 6].map((i) => get(f, `НазначениеПлатежа${i}`)).filter((l): l is string => l !== null);
  return lines.length ? lines.join('\n') : null;
}

function readDocument(kind: string, { line, fields: f }: Section): Bank1cDocument {
  return lineField(line, () => {
    const number = get(f, 'Номер');
    const date = get(f, 'Дата');
    const amount = get(f, 'Сумма');
    if (number === null) throw new FormatError('INVALID_DATA', `документ «${kind}» без номера`);
    if (date === null) throw new FormatError('INVALID_DATA', `документ № ${number} без даты`);
    if (amount === null) throw new FormatError('INVALID_DATA', `документ № ${number} без суммы`);
    return {
      lineNumber: line,
      kind,
      number,
      date: ruDateToIso(date, 'Дата'),
      amount: toDecimal(amount, 'Сумма'),
      payer: readParty(f, 'Плательщик'),
      payee: readParty(f, 'Получатель'),
      purpose: readPurpose(f),
      writtenOffDate: ruDateToIsoOrNull(get(f, 'ДатаСписано'), 'ДатаСписано'),
      receivedDate: ruDateToIsoOrNull(get(f, 'ДатаПоступило'), 'ДатаПоступило'),
      paymentType: get(f, 'ВидПлатежа'),
      operationType: get(f, 'ВидОплаты'),
      priority: get(f, 'Очередность'),
      fields: Object.fromEntries(f),
    };
  });
}

function readAccountSection({ line, fields: f }: Section): Bank1cAccountSection {
  return lineField(line, () => ({
    account: get(f, 'РасчСчет'),
    dateFrom: ruDateToIsoOrNull(get(f, 'ДатаНачала'), 'ДатаНачала'),
    dateTo: ruDateToIsoOrNull(get(f, 'ДатаКонца'), 'ДатаКонца'),
    openingBalance: toDecimalOrNull(get(f, 'НачальныйОстаток'), 'НачальныйОстаток'),
    totalReceived: toDecimalOrNull(get(f, 'ВсегоПоступило'), 'ВсегоПоступило'),
    totalWrittenOff: toDecimalOrNull(get(f, 'ВсегоСписано'), 'ВсегоСписано'),
    closingBalance: toDecimalOrNull(get(f, 'КонечныйОстаток'), 'КонечныйОстаток'),
  }));
}

function splitKeyValue(raw: string): [string, string] | null {
  const eq = raw.indexOf('=');
  if (eq < 0) return null;
  return [raw.slice(0, eq).trim(), raw.slice(eq + 1).trim()];
}

type OpenSection = { type: 'account'; section: Section } | { type: 'document'; kind: string; section: Section };

function unclosed(open: OpenSection): FormatError {
  const end = open.type === 'document' ? 'КонецДокумента' : 'КонецРасчСчет';
  return at(open.section.line, `секция не закрыта строкой ${end}`);
}

function readText(text: string, encoding: Bank1cFile['encoding']): Bank1cFile {
  const lines = text.split(/\r\n|\n|\r/);
  const header: Fields = new Map();
  const accounts: string[] = [];
  const documentKinds: string[] = [];
  const accountSections: Bank1cAccountSection[] = [];
  const documents: Bank1cDocument[] = [];
  let open: OpenSection | null = null;
  let ended = false;
  let i = lines.findIndex((l) => l.trim() !== '');
  if (i < 0 || lines[i].trim().replace(/^\uFEFF/, '') !== BANK1C_SIGNATURE) {
    throw new FormatError('NOT_BANK1C', 'Файл не является выгрузкой 1С:Клиент-банк');
  }
  for (i += 1; i < lines.length && !ended; i++) {
    const lineNo = i + 1;
    const raw = lines[i].trim();
    if (raw === '') continue;
    const kv = splitKeyValue(raw);
    const key = kv ? kv[0] : raw;
    if (key === 'КонецФайла') {
      if (open) throw unclosed(open);
      ended = true;
    } else if (key === 'СекцияДокумент' || key === 'СекцияРасчСчет') {
      if (open) throw unclosed(open);
      const section: Section = { line: lineNo, fields: new Map() };
      open = key === 'СекцияДокумент' ? { type: 'document', kind: kv?.[1] || 'Документ', section } : { type: 'account', section };
    } else if (key === 'КонецДокумента' && open?.type === 'document') {
      documents.push(readDocument(open.kind, open.section));
      open = null;
    } else if (key === 'КонецРасчСчет' && open?.type === 'account') {
      accountSections.push(readAccountSection(open.section));
      open = null;
    } else if (kv && open) {
      put(open.section.fields, kv[0], kv[1]);
    } else if (kv && kv[0] === 'РасчСчет') {
      if (kv[1]) accounts.push(kv[1]);
    } else if (kv && kv[0] === 'Документ') {
      if (kv[1]) documentKinds.push(kv[1]);
    } else if (kv) {
      put(header, kv[0], kv[1]);
    }
    // Anything else (a stray end marker, free text) carries no data and is skipped.
  }
  if (!ended) throw new FormatError('TRUNCATED', 'Файл обрезан: нет строки КонецФайла');
  return {
    formatVersion: get(header, 'ВерсияФормата'),
    encoding,
    sender: get(header, 'Отправитель'),
    receiver: get(header, 'Получатель'),
    createdDate: ruDateToIsoOrNull(get(header, 'ДатаСоздания'), 'ДатаСоздания'),
    createdTime: get(header, 'ВремяСоздания'),
    dateFrom: ruDateToIsoOrNull(get(header, 'ДатаНачала'), 'ДатаНачала'),
    dateTo: ruDateToIsoOrNull(get(header, 'ДатаКонца'), 'ДатаКонца'),
    accounts,
    documentKinds,
    accountSections,
    documents,
  };
}

/** Parses a 1C client-bank exchange file (windows-1251 or cp866 as its Кодировка line says). Throws FormatError only. */
export function parseBank1c(buf: Uint8Array): Bank1cFile {
  return withFormatErrors(WHAT, () => {
    const { text, encoding } = decodeBank1c(buf);
    return validateResult(bank1cFile, readText(text, encoding), WHAT);
  });
}
