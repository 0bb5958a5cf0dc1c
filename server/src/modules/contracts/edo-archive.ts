import path from 'node:path';
import { FormatError, readZipEntries, type ZipLimits } from '../../formats';
import { AppError } from '../../platform/errors';
import type { RawUpload } from './read-upload';

/**
 * An ЭДО operator's archive of an УПД: the document and its detached signature side by side.
 *
 * The document's file is named as ФНС orders for the seller's title of the УПД: `ON_NSCHFDOPPR_<получатель>_<отправитель>_
 * <ГГГГММДД>_<GUID>.xml` («Имя файла обмена», приказы ФНС ММВ-7-15/820@ and ЕД-7-26/970@, formats 5.01–5.03; public
 * clients match exactly this prefix, e.g. `preg_match('/^ON_NSCHFDOPPR/', $entity->getFileName())` over a Диадок
 * message's entities; ON_NSCHFDOPPRMARK with marking codes). The signature is CMS SignedData in DER (Контур.Диадок API,
 * «Подпись», developer.kontur.ru/doc/diadoc-api/glossary/signature.html). It comes beside the document under the
 * document's name with the extension signing tools give a detached CMS — `.sig`, `.p7s` (RFC 5751 §3.2.1), `.sgn`
 * (КриптоПро csptest -sfsign) — either appended to the full name (`ON_NSCHFDOPPR_….xml.sig`) or in place of `.xml`: both
 * are paired here. The archive may also hold the buyer's title, receipts and their signatures (`ON_NSCHFDOPPOK_…`,
 * `DP_…`): those are passed over, their signatures too.
 */
const SIGNATURE = /\.(sig|p7s|sgn)$/i;
const XML = /\.xml$/i;
/** The seller's title of an УПД (and of an УПД with marking codes, ON_NSCHFDOPPRMARK). */
const UPD_NAME = /^ON_NSCHFDOPPR/i;

export interface EdoUpd {
  /** The УПД's file name inside the archive (without folders). */
  name: string;
  data: Buffer;
  signatures: { name: string; data: Buffer }[];
}

/** A ZIP (local file header, or the end record of an empty archive). */
export const isZip = (data: Buffer): boolean =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && ((data[2] === 3 && data[3] === 4) || (data[2] === 5 && data[3] === 6));

const bad = (message: string) => new AppError('BAD_FILE', message);

/**
 * The УПД and its signatures out of an archive, read within limits (a zip bomb, a file climbing out of the archive, too
 * many files are refused before anything is stored); a signature that belongs to no file of the archive, two УПД or
 * none are refused with the reason.
 */
export async function readEdoArchive(upload: RawUpload, maxBytes: number): Promise<EdoUpd> {
  // an УПД is kilobytes to a few megabytes and XML packs 10–30 times: far more is a bomb, not a document
  const limits: ZipLimits = { maxEntries: 500, maxEntryBytes: maxBytes, maxTotalBytes: maxBytes * 4, maxRatio: 200 };
  let entries;
  try {
    entries = await readZipEntries(upload.data, (n) => XML.test(n) || SIGNATURE.test(n), limits);
  } catch (e) {
    if (e instanceof FormatError) throw bad(`Архив «${upload.name}» не принят: ${e.message}`);
    throw e;
  }
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.name.toLowerCase())) throw bad(`В архиве «${upload.name}» два файла «${e.name}»: архив не принят`);
    seen.add(e.name.toLowerCase());
  }
  const documents = entries.filter((e) => XML.test(e.name));
  const signatures = entries.filter((e) => SIGNATURE.test(e.name));
  const base = (n: string) => path.posix.basename(n);

  // each signature to its file: «<файл>.sig» or «<файл без .xml>.sig», in the same folder
  const owner = new Map<string, string>();
  for (const s of signatures) {
    const stripped = s.name.replace(SIGNATURE, '');
    const doc =
      documents.find((d) => d.name.toLowerCase() === stripped.toLowerCase()) ??
      documents.find((d) => d.name.replace(XML, '').toLowerCase() === stripped.toLowerCase());
    if (!doc) throw bad(`Подпись «${base(s.name)}» в архиве не относится ни к одному документу архива: архив не принят`);
    owner.set(s.name, doc.name);
  }

  let upds = documents.filter((d) => UPD_NAME.test(base(d.name)));
  // an archive of one document named otherwise (a file renamed by hand): that one is the УПД, the parser checks it
  if (!upds.length && documents.length === 1) upds = documents;
  if (!upds.length) throw bad(`В архиве «${upload.name}» нет УПД: ожидается файл ON_NSCHFDOPPR_….xml`);
  if (upds.length > 1) throw bad(`В архиве «${upload.name}» ${upds.length} УПД: загрузите архив каждого документа отдельно`);
  const [upd] = upds;
  return {
    name: base(upd.name),
    data: upd.data,
    signatures: signatures.filter((s) => owner.get(s.name) === upd.name).map((s) => ({ name: base(s.name), data: s.data })),
  };
}
