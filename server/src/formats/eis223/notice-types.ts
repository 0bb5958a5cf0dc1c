/**
 * The 223-ФЗ notice types ЕИС gives out: the document type СОИ is asked for (documentType223 of the RI223 register of
 * notices, the same names as ЕИС's folders of notices) and the XML root element its files carry.
 *
 * Checked against public sources, not guessed:
 * - the roots and their data elements (body/item/<root>Data) are those of ЕИС's purchase.xsd (TFF 10 to 12.2), as kept
 *   in Homyakin/ZakupkiParser integration_schemes/purchase.xsd: purchaseNotice, purchaseNoticeOK, purchaseNoticeOA,
 *   purchaseNoticeAE, purchaseNoticeAE94FZ, purchaseNoticeZK, purchaseNoticeEP, purchaseNoticeZKESMBO,
 *   purchaseNoticeZPESMBO, purchaseNoticeKESMBO, purchaseNoticeAESMBO;
 * - the document types a public СОИ client asks RI223 for: rummolprod999/ParserTenders ParserDir/ParserTend223Api.cs
 *   (purchaseNotice, AE, AE94, AESMBO, EP, KESMBO, OK, ZKESMBO, ZK, ZPESMBO); ЕИС's folders of the same documents add
 *   purchaseNoticeIS and purchaseNoticeOA (rummolprod999/ParserTenders ParserDir/ParserTend223Api.cs `_purchaseDir`,
 *   Homyakin/ZakupkiParser src/main/java/ru/homyakin/zakupki/models/Folder.java), and Folder.java reads the files of
 *   purchaseNoticeAE94 as the root purchaseNoticeAE94FZ and those of purchaseNoticeIS (иной способ) as purchaseNotice.
 */
export const EIS_NOTICE_TYPES = [
  { documentType: 'purchaseNotice', root: 'purchaseNotice' },
  { documentType: 'purchaseNoticeIS', root: 'purchaseNotice' },
  { documentType: 'purchaseNoticeAE', root: 'purchaseNoticeAE' },
  { documentType: 'purchaseNoticeAE94', root: 'purchaseNoticeAE94FZ' },
  { documentType: 'purchaseNoticeAESMBO', root: 'purchaseNoticeAESMBO' },
  { documentType: 'purchaseNoticeEP', root: 'purchaseNoticeEP' },
  { documentType: 'purchaseNoticeOA', root: 'purchaseNoticeOA' },
  { documentType: 'purchaseNoticeOK', root: 'purchaseNoticeOK' },
  { documentType: 'purchaseNoticeKESMBO', root: 'purchaseNoticeKESMBO' },
  { documentType: 'purchaseNoticeZK', root: 'purchaseNoticeZK' },
  { documentType: 'purchaseNoticeZKESMBO', root: 'purchaseNoticeZKESMBO' },
  { documentType: 'purchaseNoticeZPESMBO', root: 'purchaseNoticeZPESMBO' },
] as const;

export type EisNoticeRoot = (typeof EIS_NOTICE_TYPES)[number]['root'];

/** The root elements of notices, one per purchase method. */
export const EIS_NOTICE_ROOTS: ReadonlySet<string> = new Set(EIS_NOTICE_TYPES.map((t) => t.root));

/** СОИ's document type for a notice file's root (purchaseNoticeAE94FZ → purchaseNoticeAE94); the first one for purchaseNotice. */
export function noticeDocumentTypeOf(root: string): string | null {
  return EIS_NOTICE_TYPES.find((t) => t.root === root)?.documentType ?? null;
}
