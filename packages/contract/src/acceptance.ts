import { z } from 'zod';
import { BodyId, safeText } from './common';
import { decimalField } from './money';

/**
 * Приёмка поставки: a supplier's document is received, may be under review (an expertise, ч. 3 ст. 94 44-ФЗ), then
 * accepted, accepted in part or refused with reasons; a commission of at least five (ч. 6 ст. 94) decides by each
 * member's signed decision (ч. 7 ст. 94). Only what is accepted counts as delivered.
 */
export const AcceptanceState = z.enum(['received', 'review', 'accepted', 'partial', 'refused']);
export type AcceptanceState = z.infer<typeof AcceptanceState>;

export const ACCEPTANCE_STATE_TITLES: Record<AcceptanceState, string> = {
  received: 'Получен',
  review: 'На проверке',
  accepted: 'Принят',
  partial: 'Принят частично',
  refused: 'Отказ в приёмке',
};

/** ч. 6 ст. 94 44-ФЗ: a commission, where formed, has at least five members. */
export const COMMISSION_MIN_MEMBERS = 5;

const reason = safeText().trim().max(1000, 'Причина — не длиннее 1000 знаков');

export const AcceptanceLineDecision = z.object({
  line_id: BodyId,
  accepted_quantity: decimalField({ scale: 11, quantity: true }).describe('Принятое количество строки: от 0 до количества в документе'),
  reason: reason.optional().nullable().describe('Причина отказа от непринятой части строки (мотивированный отказ)'),
});
export type AcceptanceLineDecision = z.infer<typeof AcceptanceLineDecision>;

const attachedFile = z.object({
  file_name: safeText().trim().min(1, 'Укажите имя файла').max(200, 'Имя файла — не длиннее 200 знаков'),
  content_base64: z.string().min(1, 'Файл пустой').max(14_000_000, 'Файл — не больше 10 МБ'),
});

export const AcceptanceReviewRequest = z
  .object({
    kind: z.enum(['in_house', 'expert'], { error: 'Выберите, кто проводит экспертизу' }),
    expert_name: safeText().trim().max(500, 'Не длиннее 500 знаков').optional().nullable(),
    conclusion: attachedFile.optional().nullable().describe('Заключение экспертизы'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'expert' && !v.expert_name)
      ctx.addIssue({ code: 'custom', path: ['expert_name'], message: 'Укажите экспертную организацию' });
  });

export const AcceptanceDecisionRequest = z.object({
  lines: z.array(AcceptanceLineDecision).max(5000).default([]).describe('Строки, принятые не полностью; не названные приняты полностью'),
  reason: reason.optional().nullable().describe('Общая причина отказа'),
});

export const AcceptanceVoteRequest = AcceptanceDecisionRequest.extend({
  member_id: BodyId,
  signature: z.string().max(200_000).optional().describe('КЭП члена комиссии (CMS base64) над текстом решения из …/votes/text'),
  scan: attachedFile.optional().describe('Скан бумажной подписи члена комиссии не из пользователей организации'),
});

export const CommissionMemberInput = z.object({
  user_id: BodyId.optional().nullable(),
  login: safeText()
    .trim()
    .max(100, 'Не длиннее 100 знаков')
    .optional()
    .nullable()
    .describe('Логин пользователя организации — вместо user_id'),
  full_name: safeText().trim().max(300, 'Не длиннее 300 знаков').optional().nullable(),
  position: safeText().trim().max(300, 'Не длиннее 300 знаков').optional().nullable(),
  is_chair: z.boolean().default(false),
});
export const CommissionRequest = z.object({ members: z.array(CommissionMemberInput).max(50, 'Не больше 50 членов комиссии') });

export const AcceptanceTermsRequest = z.object({
  acceptance_days: z.number().int('Целое число рабочих дней').min(1, 'Не меньше одного дня').max(120, 'Не больше 120 дней').nullable(),
  payment_days: z.number().int('Целое число рабочих дней').min(1, 'Не меньше одного дня').max(120, 'Не больше 120 дней').nullable(),
});

export const CommissionMember = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  full_name: z.string(),
  position: z.string().nullable(),
  is_chair: z.boolean(),
});
export type CommissionMember = z.infer<typeof CommissionMember>;

export const AcceptanceVote = z.object({
  member_id: z.number().int(),
  decision: z.enum(['accept', 'partial', 'refuse']),
  reason: z.string().nullable(),
  lines: z.array(z.object({ line_id: z.number().int(), accepted_quantity: z.string(), reason: z.string().nullable() })),
  signed_by: z.enum(['kep', 'scan']),
  signer: z.string().nullable(),
  at: z.string(),
});

export const AcceptanceTerm = z.object({
  kind: z.enum(['acceptance', 'payment']),
  label: z.string(),
  basis_date: z.string(),
  due_on: z.string(),
  done_on: z.string().nullable(),
  overdue: z.boolean(),
  rule: z.string(),
});
export type AcceptanceTerm = z.infer<typeof AcceptanceTerm>;

export const AcceptancePanelResponse = z.object({
  document_id: z.number().int(),
  contract_id: z.number().int(),
  law: z.string(),
  number: z.string(),
  date: z.string(),
  state: AcceptanceState,
  state_title: z.string(),
  received_on: z.string().nullable(),
  review: z
    .object({ kind: z.enum(['in_house', 'expert']), expert_name: z.string().nullable(), conclusion_file_name: z.string().nullable() })
    .nullable(),
  accepted_on: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      ordinal: z.number().int(),
      name: z.string().nullable(),
      unit_name: z.string().nullable(),
      quantity: z.string().nullable(),
      accepted_quantity: z.string().nullable(),
      refusal_reason: z.string().nullable(),
      amount_with_vat: z.string().nullable(),
    }),
  ),
  commission: z.object({
    members: z.array(CommissionMember.extend({ vote: AcceptanceVote.nullable() })),
    min_members: z.number().int(),
    /** every member has decided: the customer may approve the act (ч. 7 ст. 94 44-ФЗ) */
    complete: z.boolean(),
  }),
  /** the member the current user is, if any */
  my_member_id: z.number().int().nullable(),
  terms: z.array(AcceptanceTerm),
  /** the buyer's title (ON_NSCHFDOPPOK, ФНС format 5.03) of a decided document: formed, and signed or not */
  buyer_title: z
    .object({ file_name: z.string(), signed: z.boolean(), signer: z.string().nullable(), signed_at: z.string().nullable() })
    .nullable(),
});
export type AcceptancePanelResponse = z.infer<typeof AcceptancePanelResponse>;

export const ContractAcceptanceResponse = z.object({
  contract_id: z.number().int(),
  acceptance_days: z.number().int().nullable(),
  payment_days: z.number().int().nullable(),
  default_acceptance_days: z.number().int().nullable(),
  default_payment_days: z.number().int().nullable(),
  members: z.array(CommissionMember),
  documents: z.array(
    z.object({
      document_id: z.number().int(),
      number: z.string(),
      date: z.string(),
      state: AcceptanceState,
      terms: z.array(AcceptanceTerm),
    }),
  ),
});
export type ContractAcceptanceResponse = z.infer<typeof ContractAcceptanceResponse>;

export const VoteTextResponse = z.object({ content_base64: z.string() });

/** The buyer's title formed for signing: its file name and exact bytes (windows-1251 XML). */
export const BuyerTitleResponse = z.object({ file_name: z.string(), content_base64: z.string() });
export type BuyerTitleResponse = z.infer<typeof BuyerTitleResponse>;
