import Decimal from 'decimal.js';
import { and, asc, desc, eq, ilike, isNotNull, max, or, sql } from 'drizzle-orm';
import {
  DECIMAL_INT_DIGITS,
  decimalProblem,
  EDITABLE_PROCUREMENT_STATUSES,
  canEdit,
  type NmckContractPosition,
  type NmckRequest,
  type NmckResponse,
  type NmckSourceResponse,
  type ProcurementStatus,
  NmckSourceRequest,
} from '@proc/contract';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context';
import type { Tx } from '../../db/client';
import { contractPositions, contracts, nmckCalculations, nmckSources, procurementLines, procurementOkpd2 } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { changeLines, lineSum, loadProcurement, plainQuantity, setProcurementNmcd, type ProcurementRow } from '../procurements';
import { computeNmck } from './compute-nmck';
import { now } from '../../platform/clock';

type Calculation = typeof nmckCalculations.$inferSelect;
type Source = typeof nmckSources.$inferSelect;
type Line = typeof procurementLines.$inferSelect;
type SourceInput = z.output<typeof NmckSourceRequest>;

const editableStatus = (p: ProcurementRow) => EDITABLE_PROCUREMENT_STATUSES.includes(p.status as ProcurementStatus);

function assertEditable(ctx: Ctx, p: ProcurementRow): void {
  if (!canEdit(ctx.user.role)) throw new AppError('FORBIDDEN');
  if (!editableStatus(p))
    throw new AppError('INVALID_STATE', 'Обоснование НМЦК можно менять только в статусах «Черновик» и «Документация сформирована»');
}

const sourceResponse = (s: Source): NmckSourceResponse => ({
  id: s.id,
  ordinal: s.ordinal,
  kind: s.kind,
  supplier: s.supplier,
  requisites: s.requisites,
  price_date: s.priceDate,
  unit_price: s.unitPrice,
  contract_id: s.contractId,
  contract_position_id: s.contractPositionId,
  excluded: s.excluded,
  exclude_reason: s.excludeReason,
});

/** The calculation not yet saved: the market-prices method (the priority one, ч. 6 ст. 22), no sources. */
const blank = (ctx: Ctx, p: ProcurementRow): Calculation => ({
  id: 0,
  companyId: ctx.companyId,
  procurementId: p.id,
  method: 'market',
  lineId: null,
  basis: null,
  appliedNmck: null,
  appliedAt: null,
  updatedBy: null,
  updatedAt: new Date(0),
});

/**
 * The purchase's line the justification prices (issue 39: the object lives on the purchase, not in a copy here): the
 * one it names, else the first line; none while the purchase has no lines.
 */
async function lineOf(ctx: Ctx, db: Tx, procurementId: number, c: Pick<Calculation, 'lineId'>): Promise<Line | undefined> {
  const own = and(eq(procurementLines.companyId, ctx.companyId), eq(procurementLines.procurementId, procurementId));
  if (c.lineId) {
    const [named] = await db
      .select()
      .from(procurementLines)
      .where(and(own, eq(procurementLines.id, c.lineId)));
    if (named) return named;
  }
  const [first] = await db
    .select()
    .from(procurementLines)
    .where(own)
    .orderBy(asc(procurementLines.position), asc(procurementLines.id))
    .limit(1);
  return first;
}

export function nmckResponse(ctx: Ctx, p: ProcurementRow, c: Calculation, sources: Source[], line: Line | undefined): NmckResponse {
  const method = c.method as NmckResponse['method'];
  const quantity = line?.quantity != null ? plainQuantity(line.quantity) : '1';
  // the line's price is the justification's own only for the methods that take a price as given
  const unitPrice = method === 'market' ? null : (line?.unitPrice ?? null);
  return {
    procurement_id: p.id,
    method,
    subject: line?.name ?? p.title,
    unit: line?.unitName ?? null,
    quantity,
    unit_price: unitPrice,
    basis: c.basis,
    sources: sources.map(sourceResponse),
    result: computeNmck({ method, quantity, unitPrice, prices: sources }),
    applied_nmck: c.appliedNmck,
    applied_at: c.appliedAt?.toISOString() ?? null,
    procurement_nmcd: p.nmcd,
    editable: canEdit(ctx.user.role) && editableStatus(p),
    updated_at: c.id ? c.updatedAt.toISOString() : null,
  };
}

async function readCalculation(ctx: Ctx, db: Tx, procurementId: number, lock = false): Promise<Calculation | undefined> {
  const q = db
    .select()
    .from(nmckCalculations)
    .where(and(eq(nmckCalculations.companyId, ctx.companyId), eq(nmckCalculations.procurementId, procurementId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

const readSources = (ctx: Ctx, db: Tx, calculationId: number) =>
  db
    .select()
    .from(nmckSources)
    .where(and(eq(nmckSources.companyId, ctx.companyId), eq(nmckSources.calculationId, calculationId)))
    .orderBy(asc(nmckSources.ordinal), asc(nmckSources.id));

/** The justification of a procurement of the acting company (a blank one until first saved). */
export async function loadNmck(
  ctx: Ctx,
  procurementId: number,
): Promise<{ procurement: ProcurementRow; calculation: Calculation; sources: Source[]; line: Line | undefined }> {
  const procurement = await loadProcurement(ctx, procurementId);
  const calculation = (await readCalculation(ctx, ctx.deps.db, procurementId)) ?? blank(ctx, procurement);
  const line = await lineOf(ctx, ctx.deps.db, procurementId, calculation);
  const sources = calculation.id ? await readSources(ctx, ctx.deps.db, calculation.id) : [];
  return { procurement, calculation, sources, line };
}

export async function getNmck(ctx: Ctx, procurementId: number): Promise<NmckResponse> {
  const { procurement, calculation, sources, line } = await loadNmck(ctx, procurementId);
  return nmckResponse(ctx, procurement, calculation, sources, line);
}

const tooLarge = (nmck: string | null) => {
  // quantity × price may outgrow the bound each of them keeps: refused (nothing stored), so no document or НМЦД ever
  // meets a sum too large for its column or for words
  if (nmck !== null && decimalProblem(nmck)) {
    const message = `НМЦК (количество × цена единицы) больше допустимой суммы: не более ${DECIMAL_INT_DIGITS} цифр до запятой. Проверьте количество и цены`;
    throw new AppError('VALIDATION', message, { quantity: [message] });
  }
};

/**
 * Runs a change of the justification in one transaction with its row locked (made on first use), so two users' edits
 * of the sources never interleave their numbering; answers the whole justification as it is after the change.
 */
async function change(ctx: Ctx, procurementId: number, work: (tx: Tx, c: Calculation) => Promise<void>): Promise<NmckResponse> {
  const procurement = await loadProcurement(ctx, procurementId);
  assertEditable(ctx, procurement);
  return ctx.deps.db.transaction(async (tx) => {
    await tx.insert(nmckCalculations).values({ companyId: ctx.companyId, procurementId, updatedBy: ctx.user.id }).onConflictDoNothing();
    const c = (await readCalculation(ctx, tx, procurementId, true))!;
    await work(tx, c);
    const [after] = await tx
      .update(nmckCalculations)
      .set({ updatedAt: now(), updatedBy: ctx.user.id })
      .where(eq(nmckCalculations.id, c.id))
      .returning();
    const answer = nmckResponse(ctx, procurement, after, await readSources(ctx, tx, c.id), await lineOf(ctx, tx, procurementId, after));
    tooLarge(answer.result.nmck);
    return answer;
  });
}

/**
 * Saves the method and basis on the justification and the object — name, unit, quantity and (but for market prices)
 * the unit price — on the purchase's line it prices, made when the purchase has none: one home for the object, and a
 * change of it counts the purchase's revision like any edit of the lines.
 */
export async function saveNmck(ctx: Ctx, procurementId: number, input: NmckRequest): Promise<NmckResponse> {
  if (input.method !== 'market' && input.unit_price == null) {
    throw new AppError('VALIDATION', 'Укажите цену единицы', { unit_price: ['Укажите цену единицы'] });
  }
  assertEditable(ctx, await loadProcurement(ctx, procurementId));
  await changeLines(ctx, procurementId, async (tx, p) => {
    await tx.insert(nmckCalculations).values({ companyId: ctx.companyId, procurementId, updatedBy: ctx.user.id }).onConflictDoNothing();
    const c = (await readCalculation(ctx, tx, procurementId, true))!;
    const line = await lineOf(ctx, tx, procurementId, c);
    // a КТРУ position's name and unit are the catalogue's (ПП РФ № 145, п. 4): the justification does not retype them
    const fixed = line?.ktruCode ? { name: line.name, unitName: line.unitName } : null;
    const object = {
      name: fixed?.name ?? (input.subject?.trim() || line?.name || p.title),
      unitName: fixed ? fixed.unitName : input.unit === undefined ? (line?.unitName ?? null) : input.unit,
      quantity: input.quantity,
      ...(input.method !== 'market' ? { unitPrice: input.unit_price ?? null } : {}),
    };
    let lineId = line?.id;
    if (line)
      await tx
        .update(procurementLines)
        .set({ ...object, updatedAt: now() })
        .where(eq(procurementLines.id, line.id));
    else {
      // the purchase's first line: the card's ОКПД2 codes stay the object's (the lines are their one home now), the
      // first with the justification's object, the others as lines still to be priced — as migration 0040 moved them
      const codes = await tx
        .select({ code: procurementOkpd2.code, name: procurementOkpd2.name })
        .from(procurementOkpd2)
        .where(and(eq(procurementOkpd2.companyId, ctx.companyId), eq(procurementOkpd2.procurementId, procurementId)))
        .orderBy(asc(procurementOkpd2.position));
      const [made] = await tx
        .insert(procurementLines)
        .values({ companyId: ctx.companyId, procurementId, position: 1, okpd2Code: codes[0]?.code ?? null, ...object })
        .returning({ id: procurementLines.id });
      lineId = made.id;
      if (codes.length > 1)
        await tx
          .insert(procurementLines)
          .values(
            codes
              .slice(1)
              .map((c, i) => ({ companyId: ctx.companyId, procurementId, position: i + 2, okpd2Code: c.code, name: c.name ?? p.title })),
          );
    }
    const [after] = await tx
      .update(nmckCalculations)
      .set({ method: input.method, basis: input.basis ?? null, lineId, updatedAt: now(), updatedBy: ctx.user.id })
      .where(eq(nmckCalculations.id, c.id))
      .returning();
    tooLarge(nmckResponse(ctx, p, after, await readSources(ctx, tx, c.id), await lineOf(ctx, tx, procurementId, after)).result.nmck);
  });
  return getNmck(ctx, procurementId);
}

/** A position of one of the company's contracts (the register imported from ЕИС or uploaded) as a price source. */
async function contractSource(ctx: Ctx, tx: Tx, positionId: number) {
  const [row] = await tx
    .select({
      positionId: contractPositions.id,
      contractId: contracts.id,
      name: contractPositions.name,
      unitPrice: contractPositions.unitPrice,
      number: contracts.number,
      registryNumber: contracts.registryNumber,
      date: contracts.contractDate,
      supplier: contracts.supplierName,
      inn: contracts.supplierInn,
    })
    .from(contractPositions)
    .innerJoin(contracts, eq(contracts.id, contractPositions.contractId))
    .where(and(eq(contractPositions.id, positionId), eq(contracts.companyId, ctx.companyId)));
  if (!row)
    throw new AppError('VALIDATION', 'Позиция контракта не найдена в реестре контрактов организации', {
      contract_position_id: ['Позиция контракта не найдена'],
    });
  if (row.unitPrice == null)
    throw new AppError('VALIDATION', 'У позиции контракта нет цены единицы', {
      contract_position_id: ['У позиции контракта нет цены единицы'],
    });
  const requisites = [
    `Контракт${row.number ? ` № ${row.number}` : ''}${row.date ? ` от ${row.date.split('-').reverse().join('.')}` : ''}`,
    row.registryNumber ? `реестровый номер ${row.registryNumber}` : null,
    row.inn ? `ИНН поставщика ${row.inn}` : null,
    `позиция «${row.name}»`,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    supplier: row.supplier,
    requisites,
    priceDate: row.date,
    unitPrice: row.unitPrice,
    contractId: row.contractId,
    contractPositionId: row.positionId,
  };
}

async function sourceValues(ctx: Ctx, tx: Tx, input: SourceInput) {
  const own = { excluded: input.excluded, excludeReason: input.excluded ? (input.exclude_reason ?? null) : null };
  if (input.kind === 'contract') {
    const fromContract = await contractSource(ctx, tx, input.contract_position_id!);
    // what the user typed over the register's words wins (a corrected supplier name, a link)
    return {
      kind: input.kind,
      ...fromContract,
      supplier: input.supplier ?? fromContract.supplier,
      requisites: input.requisites ?? fromContract.requisites,
      priceDate: input.price_date ?? fromContract.priceDate,
      ...own,
    };
  }
  return {
    kind: input.kind,
    supplier: input.supplier ?? null,
    requisites: input.requisites ?? null,
    priceDate: input.price_date ?? null,
    unitPrice: input.unit_price!,
    contractId: null,
    contractPositionId: null,
    ...own,
  };
}

export function addSource(ctx: Ctx, procurementId: number, input: SourceInput): Promise<NmckResponse> {
  return change(ctx, procurementId, async (tx, c) => {
    const [{ last }] = await tx
      .select({ last: max(nmckSources.ordinal) })
      .from(nmckSources)
      .where(eq(nmckSources.calculationId, c.id));
    await tx
      .insert(nmckSources)
      .values({ companyId: ctx.companyId, calculationId: c.id, ordinal: (last ?? 0) + 1, ...(await sourceValues(ctx, tx, input)) });
  });
}

const sourceNotFound = () => new AppError('NOT_FOUND', 'Источник цены не найден');

export function updateSource(ctx: Ctx, procurementId: number, sourceId: number, input: SourceInput): Promise<NmckResponse> {
  return change(ctx, procurementId, async (tx, c) => {
    const values = await sourceValues(ctx, tx, input);
    const done = await tx
      .update(nmckSources)
      .set(values)
      .where(and(eq(nmckSources.id, sourceId), eq(nmckSources.calculationId, c.id)))
      .returning({ id: nmckSources.id });
    if (!done.length) throw sourceNotFound();
  });
}

export function deleteSource(ctx: Ctx, procurementId: number, sourceId: number): Promise<NmckResponse> {
  return change(ctx, procurementId, async (tx, c) => {
    const done = await tx
      .delete(nmckSources)
      .where(and(eq(nmckSources.id, sourceId), eq(nmckSources.calculationId, c.id)))
      .returning({ id: nmckSources.id });
    if (!done.length) throw sourceNotFound();
  });
}

/**
 * Makes the computed НМЦК the procurement's НМЦД. Refused while the result may not stand: fewer than three prices or a
 * coefficient of variation above 33 % for market prices, no price for the other methods.
 */
export async function applyNmck(ctx: Ctx, procurementId: number): Promise<NmckResponse> {
  const { procurement, calculation, sources, line } = await loadNmck(ctx, procurementId);
  assertEditable(ctx, procurement);
  const current = nmckResponse(ctx, procurement, calculation, sources, line);
  if (!calculation.id || !line || current.result.nmck === null || current.result.problems.length) {
    throw new AppError('INVALID_STATE', `НМЦК нельзя применить: ${current.result.problems.join('; ') || 'расчёт не заполнен'}`);
  }
  if (current.result.nmck === '0.00') throw new AppError('INVALID_STATE', 'НМЦК нельзя применить: она равна нулю');
  let total = new Decimal(current.result.nmck);
  // the other lines are priced on their own: the НМЦД is the sum over every line (ст. 22 44-ФЗ sums the object's parts)
  await changeLines(ctx, procurementId, async (tx) => {
    const lines = await tx
      .select()
      .from(procurementLines)
      .where(and(eq(procurementLines.companyId, ctx.companyId), eq(procurementLines.procurementId, procurementId)))
      .orderBy(asc(procurementLines.position), asc(procurementLines.id));
    for (const l of lines) {
      if (l.id === line.id) continue;
      const sum = lineSum(l.quantity, l.unitPrice);
      if (sum === null)
        throw new AppError('INVALID_STATE', `НМЦК нельзя применить: у строки ${l.position} «${l.name}» нет количества или цены единицы`);
      total = total.plus(sum);
    }
    await tx
      .update(procurementLines)
      .set({ unitPrice: current.result.unit_price, updatedAt: now() })
      .where(eq(procurementLines.id, line.id));
  });
  const nmcd = total.toFixed(2);
  tooLarge(nmcd);
  await setProcurementNmcd(ctx, procurementId, nmcd);
  await ctx.deps.db
    .update(nmckCalculations)
    .set({ appliedNmck: current.result.nmck, appliedAt: now() })
    .where(and(eq(nmckCalculations.id, calculation.id), eq(nmckCalculations.companyId, ctx.companyId)));
  return getNmck(ctx, procurementId);
}

/** Positions of the company's contracts with a unit price, newest first, matched by the position's name or the subject. */
export async function listContractPositions(ctx: Ctx, q: string | undefined): Promise<NmckContractPosition[]> {
  const text = q?.trim();
  const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await ctx.deps.db
    .select({
      id: contractPositions.id,
      contract_id: contracts.id,
      contract_number: contracts.number,
      registry_number: contracts.registryNumber,
      contract_date: contracts.contractDate,
      supplier_name: contracts.supplierName,
      supplier_inn: contracts.supplierInn,
      name: contractPositions.name,
      okpd2_code: contractPositions.okpd2Code,
      unit: contractPositions.okeiName,
      unit_price: contractPositions.unitPrice,
    })
    .from(contractPositions)
    .innerJoin(contracts, eq(contracts.id, contractPositions.contractId))
    .where(
      and(
        eq(contracts.companyId, ctx.companyId),
        isNotNull(contractPositions.unitPrice),
        like
          ? or(
              ilike(contractPositions.name, like),
              ilike(contracts.subject, like),
              ilike(contracts.registryNumber, like),
              ilike(contractPositions.okpd2Code, like),
            )
          : undefined,
      ),
    )
    .orderBy(sql`${contracts.contractDate} DESC NULLS LAST`, desc(contractPositions.id))
    .limit(20);
  return rows.map((r) => ({ ...r, unit_price: r.unit_price! }));
}
