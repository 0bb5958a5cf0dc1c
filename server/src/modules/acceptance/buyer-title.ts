import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, desc, eq } from 'drizzle-orm';
import { ACCEPTANCE_STATE_TITLES } from '@proc/contract';
import { companies, acceptanceDocuments, signatures, users } from '../../db/schema';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { moscowDateTime } from '../../platform/clock';
import { FormatError } from '../../formats/errors';
import { buildBuyerTitle, buyerTitleFileId, readSellerHeader } from '../../formats/upd/buyer-title';
import { recordStoredFile } from '../storage';
import { storeSignature, verifyUserSignature } from '../signatures';
import { acceptancePanel, linesOf, loadDocument } from './service';

/**
 * The buyer's title of a decided УПД (ON_NSCHFDOPPOK, ФНС format 5.03, приказ ЕД-7-26/970@): formed by the user who
 * will sign it (they are its Подписант), signed in the browser with the customer's КЭП by someone with «право подписи»
 * (the signature of the exact bytes), then downloadable with its detached .sig for the ЭДО operator. A partial
 * acceptance or a refusal is the motivated refusal in the same file: КодИтога 2 or 3, the document of acceptance with
 * the refusal as the document of discrepancies (РеквДокРасх) and each refused line's reason (ИнфПолФХЖ4/ТекстИнф) —
 * what format 5.03 offers for it. (The «уведомление об уточнении» of приказ ММВ-7-15/820@ is another thing: a refusal
 * to sign a file at all, not a decision on the goods.)
 */

const DECIDED = ['accepted', 'partial', 'refused'] as const;
type Decided = (typeof DECIDED)[number];

/** «Иванов Иван Петрович» as the format's ФИО: the surname and the name are required. */
function splitName(title: string) {
  const [lastName, firstName, ...rest] = title.trim().split(/\s+/);
  if (!lastName || !firstName)
    throw new AppError('VALIDATION', `Подписант титула покупателя указывается с фамилией и именем: в профиле — «${title}»`);
  return { lastName, firstName, middleName: rest.length ? rest.join(' ') : null };
}

/** The seller's signature the title repeats (ИдИнфПрод/ЭП): the .sig that came with the УПД. */
async function sellerSignature(ctx: Ctx, documentId: number, number: string): Promise<string> {
  const [row] = await ctx.deps.db
    .select({ fileKey: signatures.fileKey })
    .from(signatures)
    .where(and(eq(signatures.companyId, ctx.companyId), eq(signatures.documentKind, 'upd'), eq(signatures.documentId, documentId)))
    .orderBy(desc(signatures.id))
    .limit(1);
  if (!row)
    throw new AppError(
      'INVALID_STATE',
      `К УПД № ${number} не приложена подпись продавца: титул покупателя повторяет её (ИдИнфПрод/ЭП) — приложите .sig поставщика`,
    );
  return (await ctx.deps.files.get(row.fileKey)).toString('base64');
}

export async function formBuyerTitle(ctx: Ctx, documentId: number): Promise<{ file_name: string; content_base64: string }> {
  const d = await loadDocument(ctx, documentId);
  if (!DECIDED.includes(d.acceptance as Decided) || !d.acceptedOn)
    throw new AppError(
      'INVALID_STATE',
      `Титул покупателя формируется после решения о приёмке: УПД № ${d.number} — ${ACCEPTANCE_STATE_TITLES[d.acceptance].toLowerCase()}`,
    );
  if (d.buyerTitleSignatureId) throw new AppError('CONFLICT', `Титул покупателя по УПД № ${d.number} уже подписан`);
  const [lines, sig, [company], [me]] = await Promise.all([
    linesOf(ctx, d.id),
    sellerSignature(ctx, d.id, d.number),
    ctx.deps.db.select().from(companies).where(eq(companies.id, ctx.companyId)),
    ctx.deps.db.select({ title: users.title }).from(users).where(eq(users.id, ctx.user.id)),
  ]);
  let seller;
  try {
    seller = readSellerHeader(await ctx.deps.files.get(d.fileKey));
  } catch (e) {
    if (e instanceof FormatError) throw new AppError('INVALID_STATE', e.message);
    throw e;
  }
  const [formedOn, time] = moscowDateTime().split('T');
  const outcome = d.acceptance as Decided;
  const refused = lines.filter((l) => l.refusalReason);
  const guid = randomUUID();
  const fileId = buyerTitleFileId(seller.fileId, formedOn, guid, { seller: d.sellerInn ?? 'seller', buyer: company?.inn ?? 'buyer' });
  const data = buildBuyerTitle(fileId, {
    seller,
    sellerSignature: sig,
    number: d.number,
    date: d.docDate,
    outcome,
    acceptedOn: d.acceptedOn,
    formedOn,
    formedAt: time.replace(/:/g, '.'),
    guid,
    customerName: company?.fullTitle || company?.title || 'Заказчик',
    signer: { ...splitName(me?.title ?? ''), position: null },
    refusal:
      outcome === 'accepted'
        ? null
        : {
            // the document of acceptance with the motivated refusal (ч. 13 ст. 94 44-ФЗ; GET /api/acceptance/:id/act)
            act: { name: 'Документ о приёмке', number: d.number, date: d.acceptedOn },
            lines: refused.map((l) => ({
              ordinal: l.ordinal,
              text: `${l.name ?? ''}: принято ${new Decimal(l.acceptedQuantity ?? 0).toString()} из ${new Decimal(l.quantity ?? 0).toString()}; ${l.refusalReason}`,
            })),
          },
    programVersion: 'Закупки 223/44',
  });
  const key = await ctx.deps.files.put(data, 'upd');
  const fileName = `${fileId}.xml`;
  await ctx.deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(acceptanceDocuments).where(eq(acceptanceDocuments.id, d.id)).for('update');
    if (cur.buyerTitleSignatureId) throw new AppError('CONFLICT', `Титул покупателя по УПД № ${d.number} уже подписан`);
    await recordStoredFile(ctx.deps, tx, { companyId: ctx.companyId, kind: 'upd', key, size: data.length });
    await tx
      .update(acceptanceDocuments)
      .set({ buyerTitleKey: key, buyerTitleName: fileName, buyerTitleBy: ctx.user.id })
      .where(eq(acceptanceDocuments.id, d.id));
    await audit(tx, ctx, {
      entity: 'contract',
      entityId: d.contractId,
      action: 'acceptance_buyer_title',
      after: { document_id: d.id, file_name: fileName, acceptance: outcome },
    });
  });
  return { file_name: fileName, content_base64: data.toString('base64') };
}

/** The customer's КЭП of the formed title's exact bytes, by the user it names as its signer. */
export async function signBuyerTitle(ctx: Ctx, documentId: number, signature: string) {
  const d = await loadDocument(ctx, documentId);
  if (!d.buyerTitleKey) throw new AppError('INVALID_STATE', `Титул покупателя по УПД № ${d.number} ещё не сформирован`);
  if (d.buyerTitleSignatureId) throw new AppError('CONFLICT', `Титул покупателя по УПД № ${d.number} уже подписан`);
  if (d.buyerTitleBy !== ctx.user.id)
    throw new AppError(
      'CONFLICT',
      'Титул сформирован для подписи другим пользователем (он назван в нём подписантом): сформируйте его заново',
    );
  const accepted = await verifyUserSignature(ctx, await ctx.deps.files.get(d.buyerTitleKey), signature);
  await ctx.deps.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(acceptanceDocuments).where(eq(acceptanceDocuments.id, d.id)).for('update');
    // a title formed again meanwhile is other bytes: this signature is not of it
    if (cur.buyerTitleKey !== d.buyerTitleKey || cur.buyerTitleSignatureId)
      throw new AppError('CONFLICT', 'Титул покупателя изменился, пока вы подписывали: сформируйте и подпишите его заново');
    const row = await storeSignature(
      tx,
      ctx,
      { kind: 'buyer_title', id: d.id, auditEntity: 'contract', auditEntityId: d.contractId },
      accepted,
    );
    await tx.update(acceptanceDocuments).set({ buyerTitleSignatureId: row.id }).where(eq(acceptanceDocuments.id, d.id));
  });
  return acceptancePanel(ctx, documentId);
}

async function signedTitle(ctx: Ctx, documentId: number) {
  const d = await loadDocument(ctx, documentId);
  // like the act, the title exists only after the decision: the document is found, its title is not yet there
  if (!d.buyerTitleKey || !d.buyerTitleName) throw new AppError('INVALID_STATE', `Титул покупателя по УПД № ${d.number} не сформирован`);
  return d;
}

export async function buyerTitleFile(ctx: Ctx, documentId: number) {
  const d = await signedTitle(ctx, documentId);
  return { name: d.buyerTitleName!, contentType: 'application/xml', data: await ctx.deps.files.get(d.buyerTitleKey!) };
}

/** The detached signature (CMS, DER) beside the file, named after it as the operators take a pair: `<ИдФайл>.sig`. */
export async function buyerTitleSig(ctx: Ctx, documentId: number) {
  const d = await signedTitle(ctx, documentId);
  if (!d.buyerTitleSignatureId) throw new AppError('INVALID_STATE', `Титул покупателя по УПД № ${d.number} ещё не подписан`);
  const [s] = await ctx.deps.db
    .select({ fileKey: signatures.fileKey })
    .from(signatures)
    .where(and(eq(signatures.id, d.buyerTitleSignatureId), eq(signatures.companyId, ctx.companyId)));
  if (!s) throw new AppError('NOT_FOUND', 'Подпись титула покупателя не найдена');
  return {
    name: d.buyerTitleName!.replace(/\.xml$/, '.sig'),
    contentType: 'application/pkcs7-signature',
    data: await ctx.deps.files.get(s.fileKey),
  };
}
