import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Decimal from 'decimal.js';
import { COMMISSION_ROLE_TITLES, PROTOCOL_TITLES, STANDARD_METHOD_TITLES, type ProtocolKind } from '@proc/contract';
import { formatDateRu, formatMoneyRu } from '../../formats/docx';
import { renderDocx } from '../../formats/docx/render-docx';
import { DOCX_TEMPLATES_DIR } from '../../formats/docx/builtin-templates';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { moscowDateTime } from '../../platform/clock';
import { protocolSnapshot, type Snapshot } from './service';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const rub = (v: string | null) => (v === null ? null : `${formatMoneyRu(v)} ₽`);

/** The data a protocol template is filled with, from the protocol's record (what was signed). */
export function protocolData(s: Snapshot, signedOn: string): Record<string, unknown> {
  const { panel, procurement } = s;
  const apps = panel.applications;
  const criteria = panel.criteria;
  const members = panel.members.map((m) => ({
    memberName: m.position ? `${m.full_name}, ${m.position}` : m.full_name,
    memberRole: COMMISSION_ROLE_TITLES[m.role],
    memberPresent: m.present ? 'Присутствует' : 'Отсутствует',
  }));
  const present = panel.members.filter((m) => m.present).length;
  const share = new Decimal(panel.quorum_share);
  return {
    procurementNumber: procurement.number,
    procurementTitle: procurement.title,
    methodTitle: STANDARD_METHOD_TITLES[procurement.method] ?? procurement.method,
    customerName: procurement.customer,
    signedOn: formatDateRu(signedOn),
    nmcd: rub(procurement.nmcd),
    members,
    signers: members.filter((_, i) => panel.members[i].present),
    presentCount: String(present),
    membersCount: String(panel.members.length),
    quorumText: share.eq(0.5)
      ? 'Кворум имеется: присутствует более половины членов комиссии.'
      : `Кворум имеется: присутствует более ${share.mul(100).toString()} % членов комиссии.`,
    applicationsCount: String(apps.length),
    applications: apps.map((a) => ({
      number: String(a.number),
      participant: a.participant_name,
      smsp: a.smsp,
      inn: a.inn,
      kpp: a.kpp,
      // the moment of registration as Moscow time: the law asks for the date and the time (п. 2 ч. 13 ст. 3.2 223-ФЗ)
      receivedAt: `${moscowDateTime(new Date(a.received_at)).replace(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}).*$/, '$3.$2.$1 $4')} (МСК)`,
      price: rub(a.price),
      decision: a.admitted ? 'Допустить к участию в закупке' : 'Отклонить заявку',
      reason: a.admitted ? null : a.reason,
      clause: a.admitted ? null : a.clause,
    })),
    refusedCount: String(apps.filter((a) => a.admitted === false).length),
    criteriaText: criteria.length ? criteria.map((c) => `«${c.name}» — ${c.weight.replace('.', ',')} %`).join('; ') : null,
    ranking: apps
      .filter((a) => a.rank !== null)
      .sort((x, y) => x.rank! - y.rank!)
      .map((a) => ({
        rank: String(a.rank),
        number: String(a.number),
        participant: a.participant_name,
        price: rub(a.price),
        scoresText: criteria.length
          ? `${criteria.map((c) => `«${c.name}»: ${(a.scores[String(c.id)] ?? '0').replace('.', ',')}`).join('; ')}; итоговый рейтинг: ${(a.total ?? '0').replace('.', ',')}`
          : null,
      })),
    winnerName: s.winner?.participant_name ?? null,
    winnerInn: s.winner?.inn ?? null,
    winnerPrice: s.winner ? rub(s.winner.price) : null,
  };
}

/** A signed protocol as DOCX, filled from the built-in 223-ФЗ template (tools/docx-templates/build-templates.ts). */
export async function protocolDocx(ctx: Ctx, id: number, kind: ProtocolKind) {
  const { snapshot, signedOn } = await protocolSnapshot(ctx, id, kind);
  if (snapshot.procurement.law === '44')
    throw new AppError('INVALID_STATE', 'Протоколы 44-ФЗ формирует комиссия на электронной площадке (ст. 48–50 44-ФЗ)');
  const template = await readFile(path.join(DOCX_TEMPLATES_DIR, `223/protocol-${kind}.docx`));
  const data = renderDocx(template, protocolData(snapshot, signedOn));
  const number = (snapshot.procurement.number ?? String(id)).replace(/[\\/:*?"<>|]/g, '_');
  return { name: `${PROTOCOL_TITLES[kind]} ${number}.docx`, contentType: DOCX, data };
}
