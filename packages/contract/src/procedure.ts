import { z } from 'zod';
import { BodyId, Id, inn, isoDate, kpp, optionalCleared, safeText } from './common';
import { decimalField } from './money';

/**
 * The purchase's own procedure (223-ФЗ; the same shapes serve what a 44-ФЗ customer does itself): the commission,
 * the applications received, their review and scoring, the protocols. 223-ФЗ leaves the commission's order to the
 * customer's Положение о закупке (ч. 2 ст. 2 223-ФЗ), so the quorum is the company's setting, «more than half» unless
 * it says otherwise; what each protocol holds is ч. 13 (review) and ч. 14 (summing up) ст. 3.2 223-ФЗ
 * (https://www.consultant.ru/document/cons_doc_LAW_116964/).
 */

export const CommissionRole = z.enum(['chair', 'secretary', 'member'], { error: 'Выберите роль в комиссии' });
export type CommissionRole = z.infer<typeof CommissionRole>;
export const COMMISSION_ROLE_TITLES: Record<CommissionRole, string> = {
  chair: 'Председатель комиссии',
  secretary: 'Секретарь комиссии',
  member: 'Член комиссии',
};

const name = (what: string, max = 300) => safeText().trim().min(1, `Укажите ${what}`).max(max, `Не длиннее ${max} знаков`);

export const ProcedureMemberInput = z.object({
  user_id: BodyId.optional().nullable().describe('Пользователь организации; без него — приглашённый по имени'),
  full_name: safeText().trim().max(300, 'Не длиннее 300 знаков').optional().nullable(),
  position: safeText().trim().max(300, 'Не длиннее 300 знаков').optional().nullable(),
  role: CommissionRole,
  present: z.boolean().default(true).describe('Присутствует на заседании (для кворума)'),
});
export const ProcedureCommissionRequest = z.object({
  members: z.array(ProcedureMemberInput).min(1, 'Добавьте членов комиссии').max(50, 'Не больше 50 членов комиссии'),
});

export const CriterionKind = z.enum(['price', 'other']);
export const ProcedureCriterionInput = z.object({
  name: name('название критерия', 500),
  kind: CriterionKind.describe('price — цена договора (баллы считаются по цене), other — нестоимостной (баллы ставит комиссия)'),
  weight: decimalField({ positive: true }).describe('Значимость критерия в процентах; сумма значимостей — 100'),
});
export const ProcedureCriteriaRequest = z.object({
  criteria: z.array(ProcedureCriterionInput).max(20, 'Не больше 20 критериев'),
});

export const ApplicationRequest = z.object({
  participant_name: name('наименование участника', 500),
  inn: inn,
  kpp: optionalCleared(kpp),
  received_at: z
    .string({ error: 'Укажите дату и время получения заявки' })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'Укажите дату и время получения заявки')
    .describe('Дата и время регистрации заявки (п. 2 ч. 13 ст. 3.2 223-ФЗ), ISO 8601'),
  price: decimalField({ positive: true }).describe('Предложенная цена договора, ₽'),
  smsp: z.boolean().default(false).describe('Участник — субъект МСП'),
});

export const ApplicationFileRequest = z.object({
  file_name: safeText().trim().min(1, 'Укажите имя файла').max(200, 'Имя файла — не длиннее 200 знаков'),
  content_base64: z.string().min(1, 'Файл пустой').max(14_000_000, 'Файл — не больше 10 МБ'),
});

export const ReviewDecision = z
  .object({
    application_id: BodyId,
    admitted: z.boolean({ error: 'Укажите решение: допустить или отказать' }),
    reason: safeText().trim().max(1000, 'Не длиннее 1000 знаков').optional().nullable(),
    clause: safeText()
      .trim()
      .max(300, 'Не длиннее 300 знаков')
      .optional()
      .nullable()
      .describe('Положение документации, которому не соответствует заявка'),
  })
  .superRefine((v, ctx) => {
    if (!v.admitted && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Укажите основание отказа в допуске' });
    if (!v.admitted && !v.clause)
      ctx.addIssue({ code: 'custom', path: ['clause'], message: 'Укажите положение документации, которому не соответствует заявка' });
  });
export const ReviewRequest = z.object({ decisions: z.array(ReviewDecision).min(1, 'Нет решений').max(500) });

export const ScoreInput = z.object({
  application_id: BodyId,
  criterion_id: BodyId,
  score: decimalField().describe('Баллы заявки по нестоимостному критерию, от 0 до 100'),
});
export const ScoresRequest = z.object({ scores: z.array(ScoreInput).max(5000) });

export const ProtocolKind = z.enum(['review', 'summary']);
export type ProtocolKind = z.infer<typeof ProtocolKind>;
export const PROTOCOL_TITLES: Record<ProtocolKind, string> = {
  review: 'Протокол рассмотрения заявок',
  summary: 'Протокол подведения итогов',
};
export const ProtocolParams = z.object({ id: Id, kind: ProtocolKind });
export const ProtocolRequest = z.object({
  signed_on: isoDate.describe('Дата подписания протокола (п. 1 ч. 13, 14 ст. 3.2 223-ФЗ)'),
});

export const QuorumRequest = z.object({
  quorum_share: decimalField({ positive: true })
    .describe('Доля членов комиссии, которую присутствующих должно быть больше: 0.5 — «более половины»')
    .refine((v) => Number(v) < 1, 'Доля — меньше единицы'),
});

// ---- answers ----------------------------------------------------------------------------------------------

export const ProcedureMember = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  full_name: z.string(),
  position: z.string().nullable(),
  role: CommissionRole,
  present: z.boolean(),
});
export const ProcedureCriterion = z.object({
  id: z.number(),
  name: z.string(),
  kind: CriterionKind,
  weight: z.string(),
});
export const ProcedureApplication = z.object({
  id: z.number(),
  number: z.number().describe('Порядковый номер по времени получения'),
  participant_name: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  received_at: z.string(),
  price: z.string(),
  smsp: z.boolean(),
  admitted: z.boolean().nullable(),
  reason: z.string().nullable(),
  clause: z.string().nullable(),
  file_name: z.string().nullable(),
  scores: z.record(z.string(), z.string()).describe('Баллы по критериям: id критерия → баллы (ценовой — расчётный)'),
  total: z.string().nullable().describe('Итоговый рейтинг, с учётом значимостей'),
  rank: z.number().nullable().describe('Порядковый номер по степени выгодности (1 — лучшая)'),
});
export type ProcedureApplication = z.infer<typeof ProcedureApplication>;
export const ProcedureProtocol = z.object({
  kind: ProtocolKind,
  title: z.string(),
  signed_on: z.string(),
  created_at: z.string(),
});
export const ProcedureResponse = z.object({
  procurement_id: z.number(),
  law: z.string(),
  by_price_only: z.boolean().describe('Запрос котировок: победитель — наименьшая цена'),
  applications_open: z.boolean().describe('Заявки вносятся: срок подачи заявок истёк'),
  quorum_share: z.string(),
  quorum: z.boolean(),
  members: z.array(ProcedureMember),
  criteria: z.array(ProcedureCriterion),
  applications: z.array(ProcedureApplication),
  protocols: z.array(ProcedureProtocol),
  winner: z
    .object({ application_id: z.number(), participant_name: z.string(), inn: z.string(), price: z.string() })
    .nullable()
    .describe('Победитель по итоговому протоколу; его цена — цена договора'),
});
export type ProcedureResponse = z.infer<typeof ProcedureResponse>;
export const QuorumResponse = z.object({ quorum_share: z.string() });
