import { z } from 'zod';
import { ProcurementStatus } from './procurements';
import { Contract44Summary } from './notices44';

/**
 * What ЕИС says of a purchase beside what its card says: the notice, the final protocol and the contract
 * that arrived for it — 44-ФЗ: matched by the ИКЗ as ЕИС fills it (year, ИКУ, position number; the purchase's own
 * ИКЗ first); 223-ФЗ: the newest version of the notice with the card's notice number — each fact with the card's own
 * value, the differences marked, and the status ЕИС has reached.
 */
export const EIS_RECONCILE_FIELDS = ['title', 'method', 'nmcd', 'published_on', 'application_deadline', 'summing_up_on'] as const;
export type EisReconcileField = (typeof EIS_RECONCILE_FIELDS)[number];

export const EIS_RECONCILE_FIELD_TITLES: Record<EisReconcileField, string> = {
  title: 'Наименование закупки',
  method: 'Способ определения поставщика',
  nmcd: 'НМЦК',
  published_on: 'Дата размещения извещения',
  application_deadline: 'Окончание подачи заявок',
  summing_up_on: 'Подведение итогов',
};
/** 223-ФЗ names the price of a purchase НМЦД (начальная (максимальная) цена договора), 44-ФЗ НМЦК. */
export const EIS_RECONCILE_FIELD_TITLES_223: Record<EisReconcileField, string> = {
  ...EIS_RECONCILE_FIELD_TITLES,
  method: 'Способ закупки',
  nmcd: 'НМЦД',
};

export const EisReconcileFact = z.object({
  field: z.enum(EIS_RECONCILE_FIELDS),
  title: z.string(),
  card: z.string().nullable().describe('Значение в карточке'),
  eis: z.string().nullable().describe('Значение в ЕИС'),
  differs: z.boolean(),
});
export type EisReconcileFact = z.infer<typeof EisReconcileFact>;

export const EisReconciliation = z.object({
  law: z.enum(['223', '44']),
  /** null: ЕИС has published nothing for this purchase yet (or nothing has been imported) */
  notice: z
    .object({
      purchase_number: z.string(),
      href: z.string().nullable(),
      placer_name: z.string().nullable(),
      published_at: z.string().nullable(),
    })
    .nullable(),
  protocol: z
    .object({
      doc_number: z.string().nullable(),
      protocol_date: z.string().nullable(),
      winner_app_number: z.string().nullable(),
      winner_price: z.string().nullable(),
      abandoned_reason: z.string().nullable(),
    })
    .nullable(),
  contract: Contract44Summary.nullable(),
  facts: z.array(EisReconcileFact),
  status: z.object({
    card: ProcurementStatus,
    /** the status ЕИС's documents put the purchase in (notice → applications, protocol → summing up, contract) */
    eis: ProcurementStatus.nullable(),
    /** the card is behind ЕИС: applying moves it there through the allowed steps */
    behind: z.boolean(),
    eis_title: z.string().nullable(),
  }),
  /** some fact differs or the status is behind: the card shows the mark and offers «Применить данные ЕИС» */
  pending: z.boolean(),
  /** why the card's own values cannot be changed now (a card past «Документация сформирована») */
  locked_reason: z.string().nullable(),
});
export type EisReconciliation = z.infer<typeof EisReconciliation>;

export const EisApplyRequest = z.object({
  /** the differences the user saw and confirmed: refused (409) if ЕИС's values changed in between */
  fields: z.array(z.enum(EIS_RECONCILE_FIELDS)).max(EIS_RECONCILE_FIELDS.length).default([]),
  status: ProcurementStatus.nullable().default(null),
});
export type EisApplyRequest = z.infer<typeof EisApplyRequest>;
