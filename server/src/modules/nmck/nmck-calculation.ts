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
import { contractPositions, contracts, nmckCalculations, nmckSources } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { loadProcurement, setProcurementNmcd, type ProcurementRow } from '../procurements';
import { computeNmck } from './compute-nmck';
import { now } from '../../platform/clock';

type Calculation = typeof nmckCalculations.$inferSelect;
type Source = typeof nmckSources.$inferSelect;
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

/** The calculation not yet saved: the market-prices method (the priority one, ч. 6 ст. 22), one unit, no sources. */
const blank = (ctx: Ctx, p: ProcurementRow): Calculation => ({
  id: 0,
  companyId: ctx.companyId,
  procurementId: p.id,
  method: 'market',
  subject: p.title,
  unit: null,
  quantity: '1',
  unitPrice: null,
  basis: null,
  appliedNmck: null,
  appliedAt: null,
  updatedBy: null,
  updatedAt: new Date(0),
});

/** Trailing zeros of a numeric(20,6) quantity cut off: 12.500000 → 12.5. */
const plainQuantity = (q: string) => (q.includes('.') ? q.replace(/\.?0+$/, '') : q);

export function nmckResponse(ctx: Ctx, p: ProcurementRow, c: Calculation, sources: Source[]): NmckResponse {
  const quantity = plainQuantity(c.quantity);
  return {
    procurement_id: p.id,
    method: c.method as NmckResponse['method'],
    subject: c.subject,
    unit: c.unit,
    quantity,
    unit_price: c.unitPrice,
    basis: c.basis,
    sources: sources.map(sourceResponse),
    result: computeNmck({ method: c.method as NmckResponse['method'], quantity, unitPrice: c.unitPrice, prices: sources }),
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
): Promise<{ procurement: ProcurementRow; calculation: Calculation; sources: Source[] }> {
  const procurement = await loadProcurement(ctx, procurementId);
  const calculation = await readCalculation(ctx, ctx.deps.db, procurementId);
  if (!calculation) return { procurement, calculation: blank(ctx, procurement), sources: [] };
  return { procurement, calculation, sources: await readSources(ctx, ctx.deps.db, calculation.id) };
}

export async function getNmck(ctx: Ctx, procurementId: number): Promise<NmckResponse> {
  const { procurement, calculation, sources } = await loadNmck(ctx, procurementId);
  return nmckResponse(ctx, procurement, calculation, sources);
}

/**
 * Runs a change of the justification in one transaction with its row locked (made on first use), so two users' edits
 * of the sources never interleave their numbering; answers the whole justification as it is after the change.
 */
async function change(ctx: Ctx, procurementId: number, work: (tx: Tx, c: Calculation) => Promise<void>): Promise<NmckResponse> {
  const procurement = await loadProcurement(ctx, procurementId);
  assertEditable(ctx, procurement);
  return ctx.deps.db.transaction(async (tx) => {
    await tx
      .insert(nmckCalculations)
      .values({ companyId: ctx.companyId, procurementId, subject: procurement.title, updatedBy: ctx.user.id })
      .onConflictDoNothing();
    const c = (await readCalculation(ctx, tx, procurementId, true))!;
    await work(tx, c);
    const [after] = await tx
      .update(nmckCalculations)
      .set({ updatedAt: now(), updatedBy: ctx.user.id })
      .where(eq(nmckCalculations.id, c.id))
      .returning();
    const answer = nmckResponse(ctx, procurement, after, await readSources(ctx, tx, c.id));
    // quantity × price may outgrow the bound each of them keeps: refused here (nothing stored), so no document or
    // НМЦД ever meets a sum too large for its column or for words
    if (answer.result.nmck !== null && decimalProblem(answer.result.nmck)) {
      const message = `НМЦК (количество × цена единицы) больше допустимой суммы: не более ${DECIMAL_INT_DIGITS} цифр до запятой. Проверьте количество и цены`;
      throw new AppError('VALIDATION', message, { quantity: [message] });
    }
    return answer;
  });
}

export function saveNmck(ctx: Ctx, procurementId: number, input: NmckRequest): Promise<NmckResponse> {
  if (input.method !== 'market' && input.unit_price == null) {
    throw new AppError('VALIDATION', 'Укажите цену единицы', { unit_price: ['Укажите цену единицы'] });
  }
  return change(ctx, procurementId, async (tx, c) => {
    await tx
      .update(nmckCalculations)
      .set({
        method: input.method,
        subject: input.subject ?? null,
        unit: input.unit ?? null,
        quantity: input.quantity,
        unitPrice: input.unit_price ?? null,
        basis: input.basis ?? null,
      })
      .where(eq(nmckCalculations.id, c.id));
  });
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
  const { procurement, calculation, sources } = await loadNmck(ctx, procurementId);
  assertEditable(ctx, procurement);
  const current = nmckResponse(ctx, procurement, calculation, sources);
  if (!calculation.id || current.result.nmck === null || current.result.problems.length) {
    throw new AppError('INVALID_STATE', `НМЦК нельзя применить: ${current.result.problems.join('; ') || 'расчёт не заполнен'}`);
  }
  if (current.result.nmck === '0.00') throw new AppError('INVALID_STATE', 'НМЦК нельзя применить: она равна нулю');
  await setProcurementNmcd(ctx, procurementId, current.result.nmck);
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
