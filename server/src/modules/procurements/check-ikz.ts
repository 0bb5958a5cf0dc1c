import { and, eq } from 'drizzle-orm';
import { validateIkz, type IkzExpectations, type IkzIssue } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import { companies, tenderPlanPositions } from '../../db/schema';
import { AppError } from '../../platform/errors';

export interface IkzCard {
  /** null: a new card of the company's own law */
  law: '223' | '44' | null;
  ikz: string | null;
  kvr: string | null;
  okpd2: { code: string }[];
  publishedOn: string | null;
  tenderPlanPositionId: number | null;
}

/**
 * What the card's ИКЗ must agree with: the company's ИКУ, and the ОКПД2 and КВР of the план-график position the
 * purchase came from (else the card's own codes), the notice's year (its publication date, else the year the position
 * plans the notice for) and the position's number in the plan.
 */
async function expectationsOf(ctx: Ctx, card: IkzCard): Promise<IkzExpectations & { law: string }> {
  const [[company], [pos]] = await Promise.all([
    ctx.deps.db.select({ iku: companies.iku, law: companies.law }).from(companies).where(eq(companies.id, ctx.companyId)),
    card.tenderPlanPositionId
      ? ctx.deps.db
          .select({
            okpd2: tenderPlanPositions.okpd2,
            kvr: tenderPlanPositions.kvrCode,
            year: tenderPlanPositions.publishYear,
            number: tenderPlanPositions.purchaseNumber,
            special: tenderPlanPositions.specialCode,
          })
          .from(tenderPlanPositions)
          .where(and(eq(tenderPlanPositions.id, card.tenderPlanPositionId), eq(tenderPlanPositions.companyId, ctx.companyId)))
      : Promise.resolve([]),
  ]);
  const year = card.publishedOn ? Number(card.publishedOn.slice(0, 4)) : (pos?.year ?? null);
  return {
    law: card.law ?? company?.law ?? '223',
    iku: company?.iku ?? null,
    okpd2: pos ? pos.okpd2.map((o) => o.code) : card.okpd2.map((o) => o.code),
    kvr: pos ? pos.kvr : card.kvr,
    year,
    // ЕИС's purchaseNumber of a position is its number in the plan (ИКЗ digits 23–26) when it is that short
    positionNumber: pos?.number && /^\d{1,4}$/.test(pos.number) ? pos.number : null,
    // an «особая закупка» (пп. 4, 5, 23, 42, 44 ч. 1 ст. 93) has one ИКЗ for all its purchases, the position's with 000
    // in digits 27–29 (Порядок 55н, п. 3); any other purchase has its own number there
    of: pos?.special ? 'position' : 'purchase',
  };
}

/** The card's ИКЗ problems, each naming the part that is wrong; none for a card without one. */
export async function ikzIssues(ctx: Ctx, card: IkzCard): Promise<IkzIssue[]> {
  if (!card.ikz) return [];
  const { law, ...expected } = await expectationsOf(ctx, card);
  if (law !== '44') return [{ part: 'structure', message: 'ИКЗ указывается только в закупке по 44-ФЗ' }];
  return validateIkz(card.ikz, expected);
}

/** 400 with the card's ИКЗ problems under the field `ikz` (the form shows them there). */
export async function assertIkz(ctx: Ctx, card: IkzCard): Promise<void> {
  const issues = await ikzIssues(ctx, card);
  if (issues.length)
    throw new AppError('VALIDATION', `ИКЗ указан неверно: ${issues.map((i) => i.message).join('; ')}`, {
      ikz: issues.map((i) => i.message),
    });
}
