/**
 * Audit trail: GET /audit (staff; companies they may act for, admin all) and GET /audit/{entity}/{id} (one object's history).
 */
import { z } from 'zod';
import { Id, PageQuery, isoDate } from './common';
import { CATALOG_KIND_TITLES, type CatalogKind } from './catalogs';

export const AuditQuery = PageQuery.extend({
  entity: z
    .string()
    .trim()
    .max(300)
    .optional()
    .describe("Вид объекта (company, procurement, contract, …) или несколько через запятую: 'company,contact,bank_requisites'"),
  entity_id: z.string().trim().max(50).optional().describe('Идентификатор объекта'),
  q: z.string().trim().max(200).optional().describe('Слова, которые ищутся в действии, виде объекта и значениях до/после'),
  user_id: Id.optional().describe('Кто изменил'),
  company_id: Id.optional().describe('Организация (должна быть доступна пользователю)'),
  from: isoDate.optional().describe('С даты (по Москве)'),
  to: isoDate.optional().describe('По дату включительно (по Москве)'),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** Which object a recorded id field points at: the trail keeps ids, a reader wants names. */
export const AUDIT_REF_KINDS = {
  company_id: 'company',
  company_ids: 'company',
  parent_id: 'company',
  user_id: 'user',
  tariff_id: 'tariff',
  rule_id: 'rule',
} as const satisfies Record<string, string>;
export type AuditRefKind = (typeof AUDIT_REF_KINDS)[keyof typeof AUDIT_REF_KINDS];

export const AuditEntityParams = z.object({ entity: z.string().trim().min(1).max(50), id: z.string().trim().min(1).max(50) });

export const AuditItem = z.object({
  id: z.number(),
  created_at: z.string(),
  company_id: z.number().nullable(),
  company_title: z.string().nullable(),
  user_id: z.number().nullable(),
  user_title: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** Names of the objects the entry refers to by id, keyed `kind:id` (see AUDIT_REF_KINDS); an unreadable one is absent. */
  refs: z.record(z.string(), z.string()).optional(),
  /** The object's business number (procurement «2026-0016», contract «41-А/2026») when it has one: ids are not for people. */
  entity_number: z.string().nullable().optional(),
  /** Russian names of keys that only the object knows, such as a document's template fields (customerName, purpose). */
  field_titles: z.record(z.string(), z.string()).optional(),
});
export type AuditItem = z.infer<typeof AuditItem>;

/**
 * Object types of the trail. A part of an object (a procurement's file, a contract's payment, a version's document
 * rule) is recorded on the object with its own action, so a card's history is complete.
 */
export const AUDIT_ENTITY_TITLES: Record<string, string> = {
  company: 'Организация',
  contact: 'Контакт организации',
  bank_requisites: 'Банковские реквизиты',
  eis_settings: 'Настройки ЕИС',
  company_tariff: 'Тариф организации',
  tariff: 'Тариф',
  user: 'Пользователь',
  registration: 'Заявка на регистрацию',
  procurement_rule: 'Положение о закупке',
  rule_version: 'Редакция положения',
  procurement: 'Закупка',
  contract: 'Договор',
  plan: 'План закупки',
  payment_import: 'Загрузка платёжных поручений',
  payment_order: 'Платёжное поручение',
  eis44_notice: 'Документ закупки из ЕИС (44-ФЗ)',
  eis223_notice: 'Извещение о закупке из ЕИС (223-ФЗ)',
  tender_plan: 'План-график (44-ФЗ)',
  approval_route: 'Маршрут согласования',
  document_template: 'Шаблон документа',
  ...Object.fromEntries(Object.entries(CATALOG_KIND_TITLES).map(([k, t]) => [`catalog.${k as CatalogKind}`, `Справочник «${t}»`])),
};

/** What a company card's history covers: the company and its parts, all recorded with its company_id. */
export const COMPANY_AUDIT_ENTITIES = ['company', 'contact', 'bank_requisites', 'eis_settings', 'company_tariff'] as const;

export const AUDIT_ACTION_TITLES: Record<string, string> = {
  create: 'Создание',
  update: 'Изменение',
  delete: 'Удаление',
  archive: 'Перенос в архив',
  restore: 'Восстановление из архива',
  block: 'Блокировка',
  unblock: 'Разблокировка',
  grants: 'Доступ к заказчикам',
  password_reset: 'Сброс пароля',
  password_change: 'Смена пароля',
  profile: 'Изменение профиля',
  approve: 'Утверждение',
  reject: 'Отклонение',
  publish: 'Публикация',
  approval_document: 'Документ об утверждении',
  copy: 'Копирование',
  status: 'Смена статуса',
  file_upload: 'Загрузка файла',
  file_replace: 'Замена файла',
  file_delete: 'Удаление файла',
  document_values: 'Поля документа',
  generate_documents: 'Формирование документации',
  document_rule_create: 'Правило документа: добавление',
  document_rule_update: 'Правило документа: изменение',
  document_rule_delete: 'Правило документа: удаление',
  import_create: 'Загрузка: новый',
  import_update: 'Загрузка: новая версия',
  upd_upload: 'Загрузка УПД',
  upd_processed: 'Обработка УПД',
  line_mapping: 'Сопоставление строки УПД',
  acceptance_review: 'Приёмка: экспертиза',
  acceptance_buyer_title: 'Приёмка: титул покупателя УПД сформирован',
  acceptance_vote: 'Приёмка: решение члена комиссии',
  acceptance_decision: 'Приёмка: решение заказчика',
  procedure_commission: 'Процедура: состав комиссии',
  procedure_criteria: 'Процедура: критерии оценки',
  procedure_application: 'Процедура: заявка внесена',
  procedure_application_delete: 'Процедура: заявка удалена',
  procedure_application_file: 'Процедура: файл заявки',
  procedure_review: 'Процедура: рассмотрение заявок',
  procedure_scores: 'Процедура: оценка заявок',
  procedure_protocol: 'Процедура: протокол',
  commission_quorum: 'Кворум комиссии',
  acceptance_commission: 'Приёмочная комиссия',
  acceptance_terms: 'Сроки приёмки и оплаты',
  payment_link: 'Привязка платёжного поручения',
  payment_unlink: 'Отвязка платёжного поручения',
  execution_send: 'Отправка сведений об исполнении',
  execution_registered: 'Сведения об исполнении зарегистрированы',
  execution_rejected: 'Сведения об исполнении отклонены',
  execution_import: 'Загрузка сведений об исполнении',
  execution_prepare: 'Подготовка сведений об исполнении к подписи',
  execution_withdraw: 'Отзыв сведений об исполнении',
  upd_withdraw: 'Отзыв УПД',
  signature_add: 'Подписание',
  signature_upload: 'Подпись из файла',
  signing_right_grant: 'Право подписи предоставлено',
  signing_right_revoke: 'Право подписи отозвано',
  processed: 'Обработка',
  identity_request: 'Заявка на смену ИНН, КПП или ОГРН',
  identity_approve: 'Смена ИНН, КПП или ОГРН подтверждена',
  identity_reject: 'Смена ИНН, КПП или ОГРН отклонена',
  identity_withdraw: 'Заявка на смену ИНН, КПП или ОГРН отозвана',
  sync_stopped: 'Синхронизация с ЕИС остановлена',
  replace: 'Замена',
  approval_send: 'Отправка на согласование',
  approval_approve: 'Согласование: этап согласован',
  approval_return: 'Согласование: возврат на доработку',
  approval_delegate: 'Согласование: этап передан другому',
  approval_complete: 'Согласование завершено',
  approval_restart: 'Согласование начато заново',
  mail_failed: 'Письмо не доставлено',
  // steps of an approval's own history (its events), named alike wherever they are shown
  sent: 'Отправлено на согласование',
  approved: 'Согласовано',
  signed: 'Согласовано с подписью',
  return: 'Возврат на доработку',
  returned: 'Возвращено на доработку',
  delegate: 'Передача этапа',
  delegated: 'Этап передан другому',
  completed: 'Согласование завершено',
  restarted: 'Согласование начато заново',
};

/** Where one object type says it differently. */
const ACTION_OVERRIDES: Record<string, string> = {
  'registration.approve': 'Одобрение',
  'plan.import_create': 'Загрузка версии плана',
  'payment_import.create': 'Загрузка файла',
  'eis44_notice.import_create': 'Загрузка из ЕИС',
  'eis223_notice.import_create': 'Новая версия извещения из ЕИС',
  'tender_plan.import_create': 'Загрузка версии плана-графика',
  'document_template.replace': 'Замена шаблона',
};

export const auditEntityTitle = (entity: string): string => AUDIT_ENTITY_TITLES[entity] ?? entity;
export const auditActionTitle = (entity: string, action: string): string =>
  ACTION_OVERRIDES[`${entity}.${action}`] ?? AUDIT_ACTION_TITLES[action] ?? action;
