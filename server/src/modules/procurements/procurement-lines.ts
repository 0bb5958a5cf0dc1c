import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  EDITABLE_PROCUREMENT_STATUSES,
  canEdit,
  type KtruCharacteristic,
  type ProcurementLine,
  type ProcurementLineRequest,
  type ProcurementLinesResponse,
  type ProcurementStatus,
} from '@proc/contract';
import type { z } from 'zod';
import type { ProcurementLineRequest as LineSchema } from '@proc/contract';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { okei, okpd2, procurementLines, procurementOkpd2, procurements } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { audit } from '../../platform/audit';
import { assertCanEdit } from '../../platform/access';
import { approvalGate } from '../../platform/approval-gate';
import { now } from '../../platform/clock';
import { findKtru, ktruOkpd2Codes } from '../catalogs';
import { loadProcurement, type ProcurementRow } from './procurement-card';

type LineRow = typeof procurementLines.$inferSelect & { okpd2Name: string | null };
type LineInput = z.output<typeof LineSchema>;

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Trailing zeros of a numeric(20,6) quantity cut off: 12.500000 → 12.5. */
export const plainQuantity = (q: string) => (q.includes('.') ? q.replace(/\.?0+$/, '') : q);

/** quantity × unit price to the kopeck (half up), null while either is missing. */
export function lineSum(quantity: string | null, unitPrice: string | null): string | null {
  if (quantity == null || unitPrice == null) return null;
  return new D(quantity).times(unitPrice).toFixed(2, Decimal.ROUND_HALF_UP);
}

/** The lines of procurements of the acting company, in their order, with the ОКПД2 names. */
export async function readLines(db: Tx, companyId: number, procurementId: number): Promise<LineRow[]> {
  return db
    .select({
      id: procurementLines.id,
      companyId: procurementLines.companyId,
      procurementId: procurementLines.procurementId,
      position: procurementLines.position,
      okpd2Code: procurementLines.okpd2Code,
      ktruCode: procurementLines.ktruCode,
      name: procurementLines.name,
      okeiCode: procurementLines.okeiCode,
      unitName: procurementLines.unitName,
      quantity: procurementLines.quantity,
      unitPrice: procurementLines.unitPrice,
      characteristics: procurementLines.characteristics,
      createdAt: procurementLines.createdAt,
      updatedAt: procurementLines.updatedAt,
      okpd2Name: okpd2.name,
    })
    .from(procurementLines)
    .leftJoin(okpd2, eq(okpd2.code, procurementLines.okpd2Code))
    .where(and(eq(procurementLines.companyId, companyId), eq(procurementLines.procurementId, procurementId)))
    .orderBy(asc(procurementLines.position), asc(procurementLines.id));
}

/**
 * What the documents print of the lines, as one text: a generated document records it with the other facts, so a
 * change of a line (its code, name, unit, quantity or price) marks the documents out of date.
 */
export function linesFact(lines: Pick<LineRow, 'okpd2Code' | 'ktruCode' | 'name' | 'unitName' | 'quantity' | 'unitPrice'>[]): string {
  return lines
    .map((l) =>
      [
        l.name,
        l.ktruCode ? `КТРУ ${l.ktruCode}` : l.okpd2Code ? `ОКПД2 ${l.okpd2Code}` : null,
        l.quantity != null ? `${plainQuantity(l.quantity).replace('.', ',')} ${l.unitName ?? ''}`.trim() : null,
        l.unitPrice != null ? `по ${l.unitPrice.replace('.', ',')}` : null,
      ]
        .filter(Boolean)
        .join(', '),
    )
    .join('; ');
}

export async function linesFactOf(db: Tx, companyId: number, procurementId: number): Promise<string> {
  return linesFact(await readLines(db, companyId, procurementId));
}

/**
 * A 44-ФЗ line whose ОКПД2 code has КТРУ positions must take one: the customer is obliged to use the catalogue's
 * position where one exists (Правила использования каталога товаров, работ, услуг, утв. ПП РФ от 08.02.2017 № 145,
 * п. 4 — «заказчики обязаны применять информацию, включенную в позицию каталога»; ч. 6 ст. 23 44-ФЗ makes the
 * catalogue and its rules of use the Government's).
 */
async function warningsOf(db: Tx, p: Pick<ProcurementRow, 'law'>, lines: LineRow[]): Promise<Map<number, string[]>> {
  const withKtru =
    p.law === '44' ? await ktruOkpd2Codes(db, [...new Set(lines.flatMap((l) => (l.okpd2Code ? [l.okpd2Code] : [])))]) : new Set();
  return new Map(
    lines.map((l) => {
      const out: string[] = [];
      if (!l.okpd2Code) out.push('Укажите код ОКПД2');
      if (l.quantity == null) out.push('Укажите количество');
      if (l.okpd2Code && !l.ktruCode && withKtru.has(l.okpd2Code))
        out.push(
          `Для кода ОКПД2 ${l.okpd2Code} в КТРУ есть позиции: выберите позицию КТРУ — её применение обязательно (ПП РФ № 145, п. 4)`,
        );
      return [l.id, out];
    }),
  );
}

export function lineResponse(l: LineRow, warnings: string[]): ProcurementLine {
  return {
    id: l.id,
    position: l.position,
    okpd2_code: l.okpd2Code,
    okpd2_name: l.okpd2Name,
    ktru_code: l.ktruCode,
    name: l.name,
    okei_code: l.okeiCode,
    unit_name: l.unitName,
    quantity: l.quantity == null ? null : plainQuantity(l.quantity),
    unit_price: l.unitPrice,
    sum: lineSum(l.quantity, l.unitPrice),
    characteristics: l.characteristics as KtruCharacteristic[],
    warnings,
  };
}

/** The lines of a procurement as the card shows them: each with its sum and warnings, the total once every line has a price. */
export async function linesResponse(ctx: Ctx, db: Tx, p: ProcurementRow, revision = p.revision): Promise<ProcurementLinesResponse> {
  const lines = await readLines(db, ctx.companyId, p.id);
  const warnings = await warningsOf(db, p, lines);
  const items = lines.map((l) => lineResponse(l, warnings.get(l.id) ?? []));
  const total = items.length && items.every((i) => i.sum !== null) ? items.reduce((s, i) => s.plus(i.sum!), new D(0)).toFixed(2) : null;
  return {
    items,
    total,
    revision,
    editable: canEdit(ctx.user.role) && EDITABLE_PROCUREMENT_STATUSES.includes(p.status as ProcurementStatus),
  };
}

export async function listLines(ctx: Ctx, procurementId: number): Promise<ProcurementLinesResponse> {
  const p = await loadProcurement(ctx, procurementId);
  return linesResponse(ctx, ctx.deps.db, p);
}

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });

/** The stored values of a line: a КТРУ position gives its ОКПД2, name, unit and characteristics (ПП РФ № 145, п. 4). */
async function lineValues(tx: Tx, input: LineInput) {
  const quantity = input.quantity;
  const unitPrice = input.unit_price ?? null;
  if (input.ktru_code) {
    const k = await findKtru(tx, input.ktru_code);
    if (!k) throw invalid('ktru_code', `Позиция КТРУ ${input.ktru_code} не найдена в каталоге`);
    return {
      ktruCode: k.code,
      okpd2Code: k.okpd2_code,
      name: k.name,
      okeiCode: k.okei_code,
      unitName: k.unit_name,
      characteristics: k.characteristics,
      quantity,
      unitPrice,
    };
  }
  const name = input.name?.trim();
  if (!name) throw invalid('name', 'Укажите наименование товара, работы, услуги');
  let unitName = input.unit_name?.trim() || null;
  if (input.okei_code) {
    const [unit] = await tx.select({ name: okei.name }).from(okei).where(eq(okei.code, input.okei_code));
    if (!unit) throw invalid('okei_code', `Единица измерения ОКЕИ с кодом ${input.okei_code} не найдена`);
    unitName ??= unit.name;
  }
  if (input.okpd2_code) {
    const [code] = await tx.select({ code: okpd2.code }).from(okpd2).where(eq(okpd2.code, input.okpd2_code));
    if (!code) throw invalid('okpd2_code', `Код ОКПД2 ${input.okpd2_code} не найден в классификаторе`);
  }
  return {
    ktruCode: null,
    okpd2Code: input.okpd2_code ?? null,
    name,
    okeiCode: input.okei_code ?? null,
    unitName,
    characteristics: [] as KtruCharacteristic[],
    quantity,
    unitPrice,
  };
}

/**
 * A change of the lines in one transaction with the procurement's row locked: the lines renumbered, the card's ОКПД2
 * codes made the lines' own (the register's filter reads them), the revision counted so that the documents rendered
 * before are marked out of date, and the change in the procurement's trail.
 */
export async function changeLines(
  ctx: Ctx,
  procurementId: number,
  work: (tx: Tx, p: ProcurementRow) => Promise<void>,
): Promise<ProcurementLinesResponse> {
  assertCanEdit(ctx);
  const current = await loadProcurement(ctx, procurementId);
  if (!EDITABLE_PROCUREMENT_STATUSES.includes(current.status as ProcurementStatus))
    throw new AppError('INVALID_STATE', 'Изменять объект закупки можно только в статусах «Черновик» и «Документация сформирована»');
  return ctx.deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(procurements)
      .where(and(eq(procurements.id, procurementId), eq(procurements.companyId, ctx.companyId)))
      .for('update');
    if (!p) throw new AppError('NOT_FOUND', 'Закупка не найдена');
    if (!EDITABLE_PROCUREMENT_STATUSES.includes(p.status as ProcurementStatus))
      throw new AppError('INVALID_STATE', 'Изменять объект закупки можно только в статусах «Черновик» и «Документация сформирована»');
    await approvalGate.documentChanging(tx, { companyId: ctx.companyId, userId: ctx.user.id }, 'purchase', procurementId);
    const before = linesFact(await readLines(tx, ctx.companyId, procurementId));
    await work(tx, p as ProcurementRow);
    const lines = await readLines(tx, ctx.companyId, procurementId);
    for (const [i, l] of lines.entries()) {
      if (l.position !== i + 1)
        await tx
          .update(procurementLines)
          .set({ position: i + 1 })
          .where(eq(procurementLines.id, l.id));
    }
    const codes = [...new Set(lines.flatMap((l) => (l.okpd2Code ? [l.okpd2Code] : [])))];
    await tx.delete(procurementOkpd2).where(eq(procurementOkpd2.procurementId, procurementId));
    if (codes.length) {
      const names = new Map(lines.map((l) => [l.okpd2Code, l.okpd2Name]));
      await tx
        .insert(procurementOkpd2)
        .values(
          codes.map((code, i) => ({ procurementId, companyId: ctx.companyId, position: i + 1, code, name: names.get(code) ?? null })),
        );
    }
    const [{ revision }] = await tx
      .update(procurements)
      .set({ revision: sql`${procurements.revision} + 1`, updatedAt: now() })
      .where(eq(procurements.id, procurementId))
      .returning({ revision: procurements.revision });
    await audit(tx, ctx, {
      entity: 'procurement',
      entityId: procurementId,
      action: 'update',
      before: { object_lines: before },
      after: { object_lines: linesFact(lines) },
    });
    return linesResponse(ctx, tx, p as ProcurementRow, revision);
  });
}

const lineNotFound = () => new AppError('NOT_FOUND', 'Строка объекта закупки не найдена');

export function addLine(ctx: Ctx, procurementId: number, input: LineInput): Promise<ProcurementLinesResponse> {
  return changeLines(ctx, procurementId, async (tx) => {
    const values = await lineValues(tx, input);
    const [{ last }] = await tx
      .select({ last: sql<number>`COALESCE(max(${procurementLines.position}), 0)::int` })
      .from(procurementLines)
      .where(eq(procurementLines.procurementId, procurementId));
    await tx.insert(procurementLines).values({ companyId: ctx.companyId, procurementId, position: last + 1, ...values });
  });
}

export function updateLine(ctx: Ctx, procurementId: number, lineId: number, input: LineInput): Promise<ProcurementLinesResponse> {
  return changeLines(ctx, procurementId, async (tx) => {
    const values = await lineValues(tx, input);
    const done = await tx
      .update(procurementLines)
      .set({ ...values, updatedAt: now() })
      .where(
        and(
          eq(procurementLines.id, lineId),
          eq(procurementLines.procurementId, procurementId),
          eq(procurementLines.companyId, ctx.companyId),
        ),
      )
      .returning({ id: procurementLines.id });
    if (!done.length) throw lineNotFound();
  });
}

export function deleteLine(ctx: Ctx, procurementId: number, lineId: number): Promise<ProcurementLinesResponse> {
  return changeLines(ctx, procurementId, async (tx) => {
    const done = await tx
      .delete(procurementLines)
      .where(
        and(
          eq(procurementLines.id, lineId),
          eq(procurementLines.procurementId, procurementId),
          eq(procurementLines.companyId, ctx.companyId),
        ),
      )
      .returning({ id: procurementLines.id });
    if (!done.length) throw lineNotFound();
  });
}

export type { ProcurementLineRequest };
