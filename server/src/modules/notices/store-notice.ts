import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { ProcurementRequest } from '@proc/contract';
import type { Tx } from '../../db/client';
import { contracts, eis223Notices, planItems, procurements } from '../../db/schema';
import type { EisNotice, EisNoticeRoot } from '../../formats';
import type { Ctx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { checkedReferences, insertProcurement } from '../procurements';
import { moscowToday } from '../../platform/clock';
import { methodOf } from '../rules';

const OKPD2 = /^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$/;

/**
 * The method each notice type stands for (its XML root: formats/eis223/notice-types.ts). purchaseNotice is ЕИС's notice
 * of any other method (иной способ, purchaseNoticeIS among them): its method comes from its name.
 */
const METHOD_OF_TYPE: Partial<Record<EisNoticeRoot, string>> = {
  purchaseNoticeAE: 'auction_e',
  purchaseNoticeAE94FZ: 'auction_e',
  purchaseNoticeAESMBO: 'auction_e',
  purchaseNoticeOA: 'auction',
  purchaseNoticeOK: 'competition',
  purchaseNoticeKESMBO: 'competition_e',
  purchaseNoticeZK: 'quotation',
  purchaseNoticeZKESMBO: 'quotation_e',
  purchaseNoticeZPESMBO: 'proposal_e',
  purchaseNoticeEP: 'single',
};
/** The …SMBO types are purchases among small and medium businesses only (223-ФЗ art. 3.4). */
const SME_ONLY_TYPE = /SMBO$/;
const subjectOf = (code: string) =>
  /^(4[1-3])\./.test(code) ? 'works' : /^([0-3]\d)\./.test(code) && !/^33\./.test(code) ? 'goods' : 'services';

/**
 * Where a notice published in ЕИС stands today: a contract concluded on it ends it, the applications deadline passed
 * means summing up, before that applications are being accepted.
 */
function statusOf(n: EisNotice, hasContract: boolean): string {
  if (hasContract) return 'contract_signed';
  const deadline = n.submissionCloseDateTime?.slice(0, 10);
  return deadline && deadline < moscowToday() ? 'summing_up' : 'accepting';
}

/** What a notice becomes in the register, checked before the transaction (catalogue reads go outside it). */
export async function prepareNotice(ctx: Ctx, n: EisNotice) {
  if (!n.registrationNumber) throw new AppError('BAD_FILE', 'В извещении нет реестрового номера закупки');
  const lots = n.lots;
  const nmcd = lots.reduce((s, l) => s.plus(l.nmcd ?? 0), new Decimal(0)).toFixed(2);
  const codes = [
    ...new Set(lots.flatMap((l) => [l.okpd2?.code, ...l.items.map((i) => i.okpd2?.code)]).filter((c): c is string => !!c && OKPD2.test(c))),
  ];
  const title = (n.name ?? lots[0]?.subject ?? `Закупка по извещению № ${n.registrationNumber}`).slice(0, 1000);
  const electronic = /электрон/i.test(n.method.name ?? '') || !!n.electronicPlace?.url;
  const method =
    METHOD_OF_TYPE[n.noticeType as EisNoticeRoot] ??
    methodOf(n.method.code, n.method.name) ??
    (/запрос цен/i.test(n.method.name ?? '') ? `quotation${electronic ? '_e' : ''}` : 'competition');
  const parsed = ProcurementRequest.safeParse({
    title,
    method,
    subject: subjectOf(codes[0] ?? ''),
    subject_description:
      lots
        .map((l) => l.subject)
        .filter(Boolean)
        .join('; ') || title,
    nmcd,
    okpd2: codes.map((code) => ({ code })),
    sme_only: SME_ONLY_TYPE.test(n.noticeType) || lots.some((l) => l.smeOnly),
    published_on: n.publicationDateTime?.slice(0, 10) ?? null,
    application_deadline: n.submissionCloseDateTime?.slice(0, 10) ?? null,
  });
  if (!parsed.success)
    throw new AppError(
      'BAD_FILE',
      `Извещение № ${n.registrationNumber} не удалось внести в реестр закупок: ${parsed.error.issues[0]?.message ?? 'некорректные данные'}`,
    );
  return { notice: n, number: n.registrationNumber, input: parsed.data, okpd2: await checkedReferences(ctx, parsed.data) };
}
export type PreparedNotice = Awaited<ReturnType<typeof prepareNotice>>;

/**
 * A customer's own notice from ЕИС: its facts are kept beside the card (eis223_notices, one row per number and version)
 * and a purchase seen for the first time is made from them, with the contracts concluded on it linked. An existing card
 * is never written over: what the notice says otherwise is shown beside it and applied by the user
 * (reconcile.ts). Returns the procurement's id.
 */
export async function storeNotice(
  tx: Tx,
  ctx: Ctx,
  p: PreparedNotice,
  source: 'eis' | 'upload' = 'eis',
): Promise<{ id: number; created: boolean; contracts: number }> {
  const { input, number } = p;
  const [kept] = await tx
    .insert(eis223Notices)
    .values({
      companyId: ctx.companyId,
      noticeNumber: number,
      version: p.notice.version ?? 0,
      noticeType: p.notice.noticeType,
      method: input.method,
      title: input.title,
      nmcd: input.nmcd,
      publishedOn: input.published_on ?? null,
      applicationDeadline: input.application_deadline ?? null,
      placerName: p.notice.placer?.name ?? p.notice.customer?.name ?? null,
      href: p.notice.urlEis,
      publishedAt: p.notice.publicationDateTime,
      source,
    })
    // the same version again (a repeated or resumed import): ЕИС does not edit a version, it publishes a new one
    .onConflictDoNothing()
    .returning({ id: eis223Notices.id });
  const [old] = await tx
    .select({ id: procurements.id })
    .from(procurements)
    .where(and(eq(procurements.companyId, ctx.companyId), eq(procurements.noticeNumber, number)));
  const planned = old ? undefined : await cardOfPlanItem(tx, ctx, p.notice);
  if (planned) {
    await tx.update(procurements).set({ noticeNumber: number }).where(eq(procurements.id, planned));
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: planned,
      action: 'update',
      before: { notice_number: null },
      after: { notice_number: number },
    });
  }
  let id: number;
  if (old ?? planned) {
    const card = old?.id ?? planned!;
    id = card;
    if (kept)
      await audit(tx, ctx, {
        entity: 'eis223_notice',
        entityId: kept.id,
        action: 'import_create',
        after: { notice_number: number, version: p.notice.version, procurement_id: id, source },
      });
  } else {
    const linked = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.companyId, ctx.companyId), eq(contracts.purchaseNoticeNumber, number)));
    const status = statusOf(p.notice, linked.length > 0);
    id = (await insertProcurement(tx, ctx, input, p.okpd2, { status, noticeNumber: number })).id;
  }
  const attached = await tx
    .update(contracts)
    .set({ procurementId: id })
    .where(and(eq(contracts.companyId, ctx.companyId), eq(contracts.purchaseNoticeNumber, number), isNull(contracts.procurementId)))
    .returning({ id: contracts.id });
  return { id, created: !(old ?? planned), contracts: attached.length };
}

/**
 * The card made from the plan item one of the notice's lots implements, not yet tied to a notice: ЕИС names the item
 * in the lot's lotPlanInfo (planRegistrationNumber and positionNumber, positionGuid: purchase.xsd, as
 * fixtures/eis223/purchaseNotice_test.xml has it). Without it the purchase made from the plan and its own notice would
 * be two cards, the plan's never hearing of ЕИС.
 */
async function cardOfPlanItem(tx: Tx, ctx: Ctx, notice: EisNotice): Promise<number | undefined> {
  const positions = notice.lots.map((l) => l.planPosition).filter((x) => x !== null);
  const numbers = positions
    .filter((x) => x.planRegistrationNumber && x.positionNumber !== null)
    .map((x) => `${x.planRegistrationNumber}-${x.positionNumber}`);
  const guids = positions.map((x) => x.positionGuid).filter((g): g is string => !!g);
  if (!numbers.length && !guids.length) return undefined;
  const found = await tx
    .select({ id: procurements.id })
    .from(procurements)
    .leftJoin(planItems, and(eq(planItems.id, procurements.planItemId), eq(planItems.companyId, ctx.companyId)))
    .where(
      and(
        eq(procurements.companyId, ctx.companyId),
        eq(procurements.law, '223'),
        isNull(procurements.noticeNumber),
        or(
          numbers.length ? inArray(procurements.planItemNumber, numbers) : undefined,
          guids.length ? inArray(planItems.guid, guids) : undefined,
        ),
      ),
    )
    .orderBy(procurements.id);
  // two cards of one item: which one ЕИС placed cannot be told, so neither is taken for it
  return found.length === 1 ? found[0].id : undefined;
}
