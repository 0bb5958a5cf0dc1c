import { eq, inArray } from 'drizzle-orm';
import { procurementStatusTitle, SUBJECT_TITLES, type ProcurementStatus, type SubjectKind } from '@proc/contract';
import type { RegisterColumn, RegisterRow } from '../../formats/xlsx';
import type { Ctx } from '../../platform/context';
import { procurements } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { moscowToday } from '../../platform/clock';
import { methodTitles } from './catalog-lookup';
import { okpd2CodesOf, registerColumns } from './list-register';
import { registerWhere, type RegisterFilters } from './register-where';
import { registerOrder } from './register-order';

export const EXPORT_MAX_ROWS = 100_000;
const CHUNK = 1000;

const COLUMNS: RegisterColumn[] = [
  { key: 'number', header: 'Номер', width: 12 },
  { key: 'title', header: 'Наименование закупки', width: 50 },
  { key: 'method', header: 'Способ закупки', width: 30 },
  { key: 'subject', header: 'Предмет', width: 10 },
  { key: 'nmcd', header: 'НМЦД', type: 'money', width: 18 },
  { key: 'currency', header: 'Валюта', width: 8 },
  { key: 'status', header: 'Статус', width: 24 },
  { key: 'published_on', header: 'Дата размещения', type: 'date' },
  { key: 'application_deadline', header: 'Окончание подачи заявок', type: 'date', width: 14 },
  { key: 'okpd2', header: 'ОКПД2', width: 24 },
  { key: 'sme_only', header: 'Только МСП', width: 10 },
  { key: 'violations', header: 'Нарушения сроков', width: 12 },
  { key: 'created_at', header: 'Создана', type: 'date' },
];

/** The register under the same filters and sort as the list, as .xlsx; rows are read in chunks, in order. */
export async function exportRegister(ctx: Ctx, q: RegisterFilters): Promise<Buffer> {
  const db = ctx.deps.db;
  const ordered = await db
    .select({ id: procurements.id })
    .from(procurements)
    .where(registerWhere(ctx.companyId, q))
    .orderBy(...registerOrder(q))
    .limit(EXPORT_MAX_ROWS + 1);
  if (ordered.length > EXPORT_MAX_ROWS)
    throw new AppError(
      'VALIDATION',
      `Слишком много записей для выгрузки (более ${EXPORT_MAX_ROWS.toLocaleString('ru-RU')}): уточните фильтр`,
    );
  const methods = await db
    .selectDistinct({ method: procurements.method })
    .from(procurements)
    .where(eq(procurements.companyId, ctx.companyId));
  const titles = await methodTitles(
    ctx,
    methods.map((m) => m.method),
  );
  async function* rows(): AsyncGenerator<RegisterRow> {
    for (let i = 0; i < ordered.length; i += CHUNK) {
      const ids = ordered.slice(i, i + CHUNK).map((r) => r.id);
      const [chunk, codes] = await Promise.all([
        db.select(registerColumns).from(procurements).where(inArray(procurements.id, ids)),
        okpd2CodesOf(db, ids),
      ]);
      const byId = new Map(chunk.map((r) => [r.id, r]));
      for (const id of ids) {
        const r = byId.get(id)!;
        yield {
          number: r.number,
          title: r.title,
          method: titles[r.method] ?? r.method,
          subject: SUBJECT_TITLES[r.subject as SubjectKind] ?? r.subject,
          nmcd: r.nmcd,
          currency: r.currency,
          status: procurementStatusTitle(r.status as ProcurementStatus, r.law),
          published_on: r.publishedOn,
          application_deadline: r.applicationDeadline,
          okpd2: (codes.get(id) ?? []).join(', '),
          sme_only: r.smeOnly ? 'Да' : 'Нет',
          violations: r.hasViolations ? 'Есть' : '',
          created_at: moscowToday(r.createdAt),
        };
      }
    }
  }
  // exceljs loads on the first export, not at start (memory of an idle server)
  const { buildRegisterXlsx } = await import('../../formats/xlsx');
  return buildRegisterXlsx(rows(), COLUMNS, { sheetName: 'Реестр закупок', title: 'Реестр закупок', totals: true });
}
