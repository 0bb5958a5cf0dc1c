import { Card, Col, Descriptions, Input, Row, Typography } from 'antd';
import { Link } from 'react-router';
import type { ProcurementFactsInput, ProcurementResponse } from '@proc/contract';
import { formatMoney } from '@proc/contract/format';
import { Field } from '../../lib/Field';
import { DateInput } from '../../lib/DateInput';
import { dateRules, isoDateProps } from '../../lib/dates';
import { MoneyInput, moneyRules } from '../../lib/MoneyInput';
import { Okpd2Select, useMethods } from '../catalogs';
import { sameValues } from '../../lib/form-baseline';

/** The form's namespace of the purchase's facts: `['procurement', 'nmcd']`, as the server keys a missing fact. */
export const FACTS = 'procurement';

export interface FactsForm {
  nmcd?: string | null;
  published_on?: string | null;
  application_deadline?: string | null;
  review_on?: string | null;
  summing_up_on?: string | null;
  delivery_place?: string | null;
  delivery_terms?: string | null;
  subject_description?: string | null;
  okpd2?: string[];
}

const KEYS = [
  'nmcd',
  'published_on',
  'application_deadline',
  'review_on',
  'summing_up_on',
  'delivery_place',
  'delivery_terms',
  'subject_description',
  'okpd2',
] as const;

export const factsOfCard = (p: ProcurementResponse): FactsForm => ({
  nmcd: p.nmcd,
  published_on: p.published_on,
  application_deadline: p.application_deadline,
  review_on: p.review_on,
  summing_up_on: p.summing_up_on,
  delivery_place: p.delivery_place,
  delivery_terms: p.delivery_terms,
  subject_description: p.subject_description,
  okpd2: p.okpd2.map((o) => o.code),
});

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const AMOUNTS = new Set(['nmcd']);

/** The facts the user changed against the card, as the facts request carries them (null clears one). */
export function changedFacts(p: ProcurementResponse, form: FactsForm | undefined): ProcurementFactsInput | null {
  if (!form) return null;
  const was = factsOfCard(p);
  const changed = KEYS.filter((k) => !sameValues(form as Record<string, unknown>, was as Record<string, unknown>, [k], AMOUNTS));
  if (!changed.length) return null;
  const out: Record<string, unknown> = {};
  for (const k of changed) out[k] = k === 'okpd2' ? (form.okpd2 ?? []).map((code) => ({ code })) : (blank(form[k]) ?? null);
  return out as ProcurementFactsInput;
}

/**
 * The purchase's facts its documents print, typed once for all of them and saved on the purchase itself (the card's
 * save, its checks): НМЦД, the dates, the place and terms of delivery, the subject and ОКПД2. The method, the law and
 * the обеспечение are shown from the card, where they are changed.
 */
export function PurchaseFacts({ p }: { p: ProcurementResponse }) {
  const methods = useMethods();
  const ensuring = (e: ProcurementResponse['application_ensuring']) =>
    !e ? 'не требуется' : e.kind === 'percent' ? `${e.value.replace('.', ',')} % НМЦД` : formatMoney(e.value);
  return (
    <Card size="small" title="Сведения закупки — общие для всех документов" style={{ marginBottom: 16 }} data-testid="purchase-facts">
      <Typography.Paragraph type="secondary">
        Хранятся в карточке закупки и печатаются во всех документах: изменение здесь меняет карточку, а сформированные документы помечаются
        устаревшими.
      </Typography.Paragraph>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Способ закупки">{methods.title(p.method)}</Descriptions.Item>
        <Descriptions.Item label="Закон">{p.law === '44' ? '44-ФЗ' : '223-ФЗ'}</Descriptions.Item>
        <Descriptions.Item label="Обеспечение заявки / договора">
          {ensuring(p.application_ensuring)} / {ensuring(p.contract_ensuring)} (<Link to={`/documents/${p.id}`}>изменить в карточке</Link>)
        </Descriptions.Item>
      </Descriptions>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Field label="Начальная (максимальная) цена договора" name={[FACTS, 'nmcd']} rules={moneyRules()}>
            <MoneyInput aria-label="Начальная (максимальная) цена договора" />
          </Field>
        </Col>
        {(
          [
            ['published_on', 'Дата размещения извещения'],
            ['application_deadline', 'Дата окончания срока подачи заявок'],
            ['review_on', 'Дата рассмотрения заявок'],
            ['summing_up_on', 'Дата подведения итогов'],
          ] as const
        ).map(([name, label]) => (
          <Col xs={12} md={4} key={name}>
            <Field label={label} name={[FACTS, name]} rules={dateRules()} {...isoDateProps}>
              <DateInput aria-label={label} style={{ width: '100%' }} />
            </Field>
          </Col>
        ))}
      </Row>
      <Field label="Предмет договора: количество товара, объём работ, услуг, краткое описание" name={[FACTS, 'subject_description']}>
        <Input.TextArea aria-label="Предмет договора" autoSize={{ minRows: 2, maxRows: 6 }} />
      </Field>
      <Field label="ОКПД2" name={[FACTS, 'okpd2']}>
        <Okpd2Select
          mode="multiple"
          aria-label="ОКПД2"
          placeholder="Код или слова наименования"
          knownOptions={p.okpd2.map((o) => ({ value: o.code, label: o.name ? `${o.code} ${o.name}` : o.code }))}
        />
      </Field>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Field label="Место поставки товара, выполнения работ, оказания услуг" name={[FACTS, 'delivery_place']}>
            <Input.TextArea aria-label="Место поставки" autoSize={{ minRows: 2, maxRows: 6 }} />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label="Сроки (периоды) поставки товара, выполнения работ, оказания услуг" name={[FACTS, 'delivery_terms']}>
            <Input.TextArea aria-label="Сроки поставки" autoSize={{ minRows: 2, maxRows: 6 }} />
          </Field>
        </Col>
      </Row>
    </Card>
  );
}
