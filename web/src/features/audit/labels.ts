import {
  ACCEPTANCE_STATE_TITLES,
  AUDIT_REF_KINDS,
  TARIFF_PERIOD_TITLES,
  PROCUREMENT_STATUS_TITLES,
  RULE_VERSION_STATUS_TITLES,
  ROLE_TITLES,
  DOCUMENT_KIND_TITLES,
  SUBJECT_TITLES,
} from '@proc/contract';
import { formatDate, formatMoney, formatSize } from '../../lib/format';
import { METHOD_TITLES } from '../catalogs';

/** Russian names of the fields the trail records; a field without one is shown by its API name. */
export const FIELD_TITLES: Record<string, string> = {
  title: 'Наименование',
  name: 'Наименование',
  full_title: 'Полное наименование',
  description: 'Описание',
  inn: 'ИНН',
  kpp: 'КПП',
  ogrn: 'ОГРН',
  address: 'Адрес',
  law: 'Закон',
  parent_id: 'Головная организация',
  position: 'Должность',
  phone: 'Телефон',
  email: 'E-mail',
  is_active: 'Активный',
  bank_name: 'Банк',
  bik: 'БИК',
  corr_account: 'Корр. счёт',
  account: 'Расчётный счёт',
  is_main: 'Основные',
  login: 'Логин',
  role: 'Роль',
  blocked: 'Заблокирован',
  company_ids: 'Доступ к заказчикам',
  company_id: 'Организация',
  status: 'Статус',
  comment: 'Комментарий',
  domain: 'Почтовый домен получателя',
  attempts: 'Попыток отправки',
  first_error: 'Первая ошибка',
  mail: 'Письмо',
  tasks: 'Задач в письме',
  reason: 'Причина',
  number: 'Номер',
  method: 'Способ закупки',
  subject: 'Предмет',
  subject_description: 'Предмет договора',
  nmcd: 'НМЦД',
  currency: 'Валюта',
  nmcd_method_id: 'Метод определения НМЦД',
  requirement_ids: 'Требования',
  info_document_ids: 'Доп. информация и документы',
  funding_source_ids: 'Источники финансирования',
  delivery_terms: 'Сроки поставки',
  delivery_term_ids: 'Условия поставки',
  delivery_place: 'Место поставки',
  delivery_place_ids: 'Место поставки (справочник)',
  ensuring_ids: 'Обеспечение (справочник)',
  application_ensuring: 'Обеспечение заявки',
  contract_ensuring: 'Обеспечение исполнения договора',
  sme_only: 'Только для МСП',
  published_on: 'Дата размещения',
  application_deadline: 'Окончание подачи заявок',
  review_on: 'Рассмотрение заявок',
  summing_up_on: 'Подведение итогов',
  rule_id: 'Положение о закупке',
  okpd2: 'ОКПД2',
  object_lines: 'Объект закупки (строки)',
  plan_item_id: 'Позиция плана',
  plan_item_number: 'Номер позиции плана',
  file_id: 'Файл',
  file_name: 'Файл',
  size: 'Размер',
  version: 'Версия',
  template: 'Шаблон',
  document: 'Документ',
  files: 'Файлы',
  archived: 'В архиве',
  approved_on: 'Дата утверждения',
  in_force_from: 'Вступает в силу',
  lead_time_overrides: 'Свои сроки',
  single_supplier_max: 'Ед. поставщик до',
  notes: 'Примечание',
  document_rule_id: 'Правило документа',
  document_kind: 'Вид документа',
  required: 'Обязательный',
  min_days: 'Не менее дней',
  days_unit: 'Дни',
  nmcd_min: 'НМЦД от',
  nmcd_max: 'НМЦД до',
  note: 'Примечание',
  tariff_id: 'Тариф',
  tariff_name: 'Тариф',
  valid_from: 'Действует с',
  valid_to: 'Действует по',
  price: 'Цена',
  period: 'Период',
  max_users: 'Пользователей не более',
  max_procurements_per_year: 'Закупок в год не более',
  storage_mb: 'Хранилище, МБ',
  registry_code: 'Код в реестре',
  password_changed: 'Пароль изменён',
  registry_number: 'Реестровый номер',
  registration_number: 'Реестровый номер',
  contract_date: 'Дата договора',
  supplier_name: 'Поставщик',
  supplier_inn: 'ИНН поставщика',
  start_date: 'Начало исполнения',
  end_date: 'Окончание исполнения',
  violations: 'Нарушения',
  source: 'Источник',
  positions: 'Позиций',
  document_id: 'Документ приёмки',
  date: 'Дата',
  seller_inn: 'ИНН продавца',
  amount_with_vat: 'Сумма с НДС',
  amount: 'Сумма',
  lines: 'Строк',
  mapped: 'Сопоставлено',
  line_id: 'Строка',
  accepted_quantity: 'Принято',
  ordinal: '№ строки',
  position_id: 'Позиция договора',
  payment_id: 'Платёжное поручение',
  linked_by: 'Привязал',
  moved_to_contract_id: 'Перенесено в договор',
  moved_from_contract_id: 'Перенесено из договора',
  execution_record_id: 'Сведения об исполнении',
  stages: 'Этапов',
  reasons: 'Причины',
  error: 'Ошибка',
  created: 'Добавлено',
  duplicates: 'Повторов',
  matched: 'Привязано',
  documents: 'Документов',
  company_title: 'Организация',
  user_title: 'ФИО',
  user_id: 'Пользователь',
  registration_id: 'Заявка',
  copied_from_id: 'Скопировано из',
  copied_from_title: 'Скопировано из',
  versions: 'Редакций',
  year: 'Год',
  items: 'Позиций',
  total: 'Сумма',
  code: 'Код',
  type: 'Тип',
  // keys of ЕИС documents and imports kept in the trail
  guid: 'Идентификатор документа (GUID)',
  purpose: 'Назначение',
  customer_name: 'Заказчик',
  customer_inn: 'ИНН заказчика',
  signer_name: 'Подписант',
  signer_position: 'Должность подписанта',
  signer_basis: 'Основание полномочий подписанта',
  signer_in_preamble: 'В лице кого действует заказчик',
  supplier_signer_name: 'Подписант поставщика',
  supplier_signer_position: 'Должность подписанта поставщика',
  supplier_signer_basis: 'Основание полномочий подписанта поставщика',
  supplier_signer_in_preamble: 'В лице кого действует поставщик',
  approved_by_name: 'Утвердил',
  approved_by_position: 'Должность утвердившего',
  prepared_by_name: 'Подготовил',
  prepared_by_position: 'Должность подготовившего',
  criteria: 'Критерии оценки',
  other_info: 'Иная информация',
  contract_id: 'Договор',
  procurement_id: 'Закупка',
  procurement_number: 'Номер закупки',
  contract_number: 'Номер договора',
  notice_number: 'Номер извещения',
  supplier_kpp: 'КПП поставщика',
  seller_name: 'Продавец',
  seller_kpp: 'КПП продавца',
  upd_number: 'Номер УПД',
  vat: 'НДС',
  paid: 'Оплачено',
  delivered: 'Поставлено',
  period_from: 'Период с',
  period_to: 'Период по',
  account_number: 'Счёт',
  payer_inn: 'ИНН плательщика',
  payee_inn: 'ИНН получателя',
  withdrawn: 'Отозван',
  withdrawn_reason: 'Причина отзыва',
  idempotency_key: 'Ключ повтора',
  quantity: 'Количество',
  unit: 'Единица измерения',
  okei: 'ОКЕИ',
  okpd2_code: 'Код ОКПД2',
  okpd2_name: 'ОКПД2',
  subject_id: 'Предмет закупки',
  subject_type: 'Вид предмета',
  kind: 'Вид',
  value_type: 'Размер задаётся',
  percent: 'Процент',
  percent_min: 'Процент от',
  percent_max: 'Процент до',
  short_name: 'Краткое наименование',
  is_competitive: 'Конкурентный',
  is_electronic: 'Электронный',
  user_fields: 'Поля пользователя',
  region_code: 'Код региона',
  registration: 'Заявка',
  signature: 'Подпись',
  certificate: 'Сертификат',
  signer: 'Подписант',
  contract_price: 'Цена договора',
  // signatures and ЕИС's 44-ФЗ documents
  signature_id: 'Подпись',
  certificate_serial: 'Серийный номер сертификата',
  issuer: 'Издатель сертификата',
  valid: 'Подпись верна',
  mchd_number: 'Номер МЧД',
  person_inn: 'ИНН подписанта',
  document_type: 'Вид документа ЕИС',
  purchase_number: 'Номер закупки в ЕИС',
  ikz: 'ИКЗ',
  plan_number: 'Номер плана-графика',
  based_on_version_id: 'На основе редакции',
  request_id: 'Заявка',
  signed: 'Подписано',
  token_changed: 'Токен изменён',
  // columns of the procurement and contract rows a create or import records whole
  kvr: 'КВР',
  another_for_plan_item: 'Ещё одна закупка по позиции плана',
  tender_plan_position_id: 'Позиция плана-графика',
  finance_years: 'Финансирование по годам',
  has_violations: 'Есть нарушения',
  revision: 'Редакция сведений',
  purchase_notice_number: 'Номер извещения о закупке',
  method_name: 'Способ закупки (ЕИС)',
  method_code: 'Код способа закупки',
  published_at: 'Размещено в ЕИС',
  eis_stages: 'Этапы исполнения (ЕИС)',
  eis_stage: 'Стадия исполнения (ЕИС)',
  price_with_vat: 'Цена с НДС',
  // acceptance of deliveries
  expert_name: 'Эксперт',
  conclusion: 'Заключение экспертизы',
  member: 'Член комиссии',
  members: 'Состав приёмочной комиссии',
  decision: 'Решение',
  signed_by: 'Подписано',
  acceptance: 'Приёмка',
  accepted_on: 'Дата приёмки',
  // approval routes and approvals
  is_default: 'Маршрут по умолчанию',
  min_amount: 'Сумма свыше',
  steps: 'Этапы',
  approval_id: 'Согласование',
  route: 'Маршрут согласования',
  version_hash: 'Контрольная сумма версии',
  step: 'Этап',
  to_user_id: 'Кому передано',
  to: 'Кому передано',
  // the purchase's procedure
  quorum_share: 'Кворум (доля членов комиссии)',
  commission: 'Состав комиссии',
  participant_name: 'Участник закупки',
  application_id: 'Заявка',
  decisions: 'Решения по заявкам',
  scores: 'Баллы',
  signed_on: 'Дата подписания',
  winner: 'Победитель',
  // customer's document templates
  rule_version_id: 'Редакция положения',
};

/** A camelCase key (document fields, ЕИС data) in the trail's snake_case. */
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The Russian name of a recorded key: its own, or that of its snake_case twin (customerName → customer_name); a key
 * with neither reads «прочее поле», never its English name.
 */
export const fieldTitle = (key: string) => FIELD_TITLES[key] ?? FIELD_TITLES[snake(key)] ?? 'Прочее поле';

const SOURCE_TITLES: Record<string, string> = {
  eis: 'ЕИС',
  upload: 'файл',
  manual: 'вручную',
  auto: 'автоматически',
  user: 'пользователь',
};

/** Sums the trail keeps as decimal strings. */
const MONEY_FIELDS = new Set([
  'price',
  'nmcd',
  'nmcd_min',
  'nmcd_max',
  'amount',
  'amount_with_vat',
  'total',
  'single_supplier_max',
  'application_ensuring',
  'contract_ensuring',
  'min_amount',
]);

/** Names of the objects an entry refers to by id (the server resolves them), keyed `kind:id`. */
export type Refs = Record<string, string>;

/** An id field by the name of what it points at; an id the reader may not see stays «№ id». */
function reference(key: string, id: number, refs: Refs): string | null {
  const kind = (AUDIT_REF_KINDS as Record<string, string>)[key];
  if (!kind) return null;
  return refs[`${kind}:${id}`] ?? `№ ${id}`;
}

/**
 * Statuses of a contract's parts as the trail records them on the contract (the contract itself, its execution
 * records, УПД, payment imports, reports); one entry mixes them, so the words fit each.
 */
const OTHER_STATUS_TITLES: Record<string, string> = {
  draft: 'подготовлен',
  sent: 'отправлен в ЕИС',
  registered: 'зарегистрирован в ЕИС',
  rejected: 'отклонён ЕИС',
  editing: 'редактируется',
  invalid: 'недействителен',
  changing: 'изменяется',
  processing: 'обрабатывается',
  processed: 'обработан',
  pending: 'формируется',
  ready: 'готов',
  error: 'ошибка',
};

/** What a signature entry's document is, beside the procurement's own document kinds. */
const SIGNED_KIND_TITLES: Record<string, string> = {
  upd: 'УПД',
  buyer_title: 'титул покупателя УПД',
  rule_version: 'редакция положения',
  documentation: 'документация',
  execution_record: 'сведения об исполнении',
};

/** Values that have a Russian name in the field's vocabulary. */
function named(entity: string, key: string, v: string): string | null {
  if (key === 'status' && entity === 'procurement') return PROCUREMENT_STATUS_TITLES[v as keyof typeof PROCUREMENT_STATUS_TITLES] ?? null;
  if (key === 'status' && entity === 'rule_version')
    return RULE_VERSION_STATUS_TITLES[v as keyof typeof RULE_VERSION_STATUS_TITLES] ?? null;
  if (key === 'status' && entity === 'registration')
    return ({ pending: 'на рассмотрении', approved: 'одобрена', rejected: 'отклонена' } as Record<string, string>)[v] ?? null;
  if (key === 'status') return OTHER_STATUS_TITLES[v] ?? null;
  if (key === 'subject' && entity === 'procurement') return SUBJECT_TITLES[v as keyof typeof SUBJECT_TITLES] ?? null;
  if (key === 'method') return METHOD_TITLES[v] ?? null;
  if (key === 'role') return ROLE_TITLES[v as keyof typeof ROLE_TITLES] ?? null;
  if (key === 'document' || key === 'document_kind' || key === 'template')
    return DOCUMENT_KIND_TITLES[v as keyof typeof DOCUMENT_KIND_TITLES] ?? SIGNED_KIND_TITLES[v] ?? null;
  if (key === 'source' || key === 'linked_by') return SOURCE_TITLES[v] ?? null;
  if (key === 'acceptance') return ACCEPTANCE_STATE_TITLES[v as keyof typeof ACCEPTANCE_STATE_TITLES] ?? null;
  if (key === 'signed_by') return ({ kep: 'КЭП', scan: 'скан бумажной подписи' } as Record<string, string>)[v] ?? null;
  if (key === 'law') return v === '44' ? '44-ФЗ' : v === '223' ? '223-ФЗ' : null;
  if (key === 'period') return TARIFF_PERIOD_TITLES[v as keyof typeof TARIFF_PERIOD_TITLES] ?? null;
  if (MONEY_FIELDS.has(key) && /^-?\d+(\.\d+)?$/.test(v)) return formatMoney(v);
  return null;
}

/** A list item: its name when it has one (files), else its fields in Russian (a decided УПД line), never raw JSON. */
const itemText = (entity: string, x: Record<string, unknown>, refs: Refs): string =>
  typeof x.name === 'string'
    ? `«${x.name}»`
    : `(${Object.entries(x)
        .map(([k, v]) => `${fieldTitle(k)}: ${formatValue(entity, k, v, refs)}`)
        .join(', ')})`;

/** One recorded value as text: dates in Russian, yes/no, lists joined, nested values as compact JSON. */
export function formatValue(entity: string, key: string, v: unknown, refs: Refs = {}): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'да' : 'нет';
  if (typeof v === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
    return named(entity, key, v) ?? v;
  }
  if (typeof v === 'number') {
    if (Number.isInteger(v)) {
      const ref = reference(key, v, refs);
      if (ref) return ref;
      if (key === 'size') return formatSize(v);
    }
    if (MONEY_FIELDS.has(key)) return formatMoney(String(v));
    return String(v).replace('.', ',');
  }
  if (Array.isArray(v))
    return v.length
      ? v
          .map((x) =>
            x && typeof x === 'object' ? itemText(entity, x as Record<string, unknown>, refs) : formatValue(entity, key, x, refs),
          )
          .join(', ')
      : '—';
  return JSON.stringify(v);
}
