import Decimal from 'decimal.js';
import { ACCEPTANCE_STATE_TITLES } from '@proc/contract';
import { formatDateRu } from '../../formats/docx';
import { buildDocxPackage, empty, p, table, title, PORTRAIT_TEXT_WIDTH, type RowSpec } from '../../formats/docx/ooxml';
import type { Ctx } from '../../platform/context';
import { now } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { acceptancePanel, contractOf } from './service';

const DECISION = { accept: 'Принять', partial: 'Принять частично', refuse: 'Отказать в приёмке' } as const;
const q = (s: string | null) => (s === null ? '—' : new Decimal(s).toString().replace('.', ','));

/**
 * The act of acceptance (документ о приёмке, ч. 7 ст. 94 44-ФЗ) as DOCX: the document accepted, what was accepted of
 * each line and why the rest was refused, each commission member's decision and how it was signed, the customer's
 * approval. Built with the repository's DOCX writer (formats/docx/ooxml.ts).
 */
export async function actDocx(ctx: Ctx, documentId: number): Promise<{ name: string; contentType: string; data: Buffer }> {
  const a = await acceptancePanel(ctx, documentId);
  if (a.state !== 'accepted' && a.state !== 'partial' && a.state !== 'refused')
    throw new AppError('INVALID_STATE', 'Акт приёмки формируется после решения по документу');
  const { contract } = await contractOf(ctx, a.contract_id);
  const W = PORTRAIT_TEXT_WIDTH;
  const lineRows: RowSpec[] = [
    { header: true, cells: ['№', 'Наименование', 'Количество', 'Принято', 'Причина отказа'] },
    ...a.lines.map((l) => ({
      cells: [String(l.ordinal), l.name ?? '—', q(l.quantity), q(l.accepted_quantity), l.refusal_reason ?? ''],
    })),
  ];
  const members = a.commission.members;
  const memberRows: RowSpec[] = [
    { header: true, cells: ['Член комиссии', 'Решение', 'Подпись'] },
    ...members.map((m) => ({
      cells: [
        `${m.full_name}${m.is_chair ? ' (председатель)' : ''}${m.position ? `, ${m.position}` : ''}`,
        m.vote ? `${DECISION[m.vote.decision]}${m.vote.reason ? `: ${m.vote.reason}` : ''}` : 'Не принял решения',
        m.vote ? (m.vote.signed_by === 'kep' ? `КЭП: ${m.vote.signer ?? ''}` : 'Собственноручная подпись (скан приложен)') : '',
      ],
    })),
  ];
  const body = [
    title('Документ о приёмке'),
    p(
      `поставленного товара, выполненной работы, оказанной услуги по договору № ${contract.number ?? contract.id}${contract.registryNumber ? ` (реестровый номер ${contract.registryNumber})` : ''}`,
      { align: 'center' },
    ),
    empty(),
    p(
      `Документ поставщика: УПД № ${a.number} от ${formatDateRu(a.date)}. Поставщик: ${contract.supplierName ?? '—'}${contract.supplierInn ? `, ИНН ${contract.supplierInn}` : ''}.`,
    ),
    a.review
      ? p(
          a.review.kind === 'expert'
            ? `Экспертиза проведена экспертной организацией ${a.review.expert_name ?? ''}${a.review.conclusion_file_name ? `, заключение: ${a.review.conclusion_file_name}` : ''} (ч. 3 ст. 94 44-ФЗ).`
            : 'Экспертиза проведена заказчиком своими силами (ч. 3 ст. 94 44-ФЗ).',
        )
      : '',
    p(`Решение: ${ACCEPTANCE_STATE_TITLES[a.state]}${a.accepted_on ? ` ${formatDateRu(a.accepted_on)}` : ''}.`),
    a.refusal_reason ? p(`Мотивированный отказ: ${a.refusal_reason}`) : '',
    empty(),
    table([W * 0.07, W * 0.38, W * 0.15, W * 0.15, W * 0.25].map(Math.round), lineRows),
    empty(),
    members.length ? p('Решения членов приёмочной комиссии:') : p('Приёмочная комиссия не создавалась: документ подписывает заказчик.'),
    members.length ? table([W * 0.4, W * 0.3, W * 0.3].map(Math.round), memberRows) : '',
    empty(),
    p('Утверждаю: заказчик ____________________'),
  ].join('');
  const data = buildDocxPackage({ title: `Документ о приёмке по УПД № ${a.number}`, body, date: now() });
  return {
    name: `Документ о приёмке УПД ${a.number.replace(/[\\/:*?"<>|]/g, '_')}.docx`,
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    data,
  };
}
