import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EVENTS } from '@proc/contract';
import { routes } from '@proc/contract/routes';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { buildProcurement, buildUser, download, innFrom9, type BuiltUser } from '../../../test/factories';
import { procurements } from '../../db/schema';
import { readDocxText } from '../../formats/docx';
import { setClock } from '../../platform/clock';

/**
 * A 223-ФЗ запрос предложений from the applications to the final protocol on the real server: a commission with a
 * quorum, three applications after the deadline, one refused with its grounds, scores by price and a non-price
 * criterion, the ranking (equal ratings by the earlier application), the two protocols read back as the law lists
 * (ч. 13, 14 ст. 3.2 223-ФЗ) and the status following them.
 */

let t: TestServer;
let u: BuiltUser;
let other: BuiltUser;

const P = routes.procedure;

/** A purchase the commission works on: its applications closed yesterday, it stands at «Приём заявок». */
async function purchase(method = 'proposal_e') {
  const p = await buildProcurement(
    t,
    { method, title: 'Оказание услуг по уборке помещений', subject: 'services', nmcd: '300000.00' },
    { by: u },
  );
  await t.server.deps.db
    .update(procurements)
    .set({ status: 'accepting', publishedOn: '2026-11-10', applicationDeadline: '2026-11-24' })
    .where(eq(procurements.id, p.id));
  return p.id;
}

const application = (name: string, inn: string, price: string, at: string) => ({
  participant_name: name,
  inn,
  received_at: at,
  price,
  smsp: true,
});

beforeAll(async () => {
  setClock('2026-11-25T10:00:00+03:00');
  t = await startTestServer();
  u = await buildUser(t);
  other = await buildUser(t);
}, 240_000);
afterAll(async () => {
  setClock(null);
  await t?.close();
});

describe('the procedure of a 223-ФЗ purchase', () => {
  it('takes a запрос предложений from the commission to the final protocol and the winner’s price', async () => {
    const id = await purchase();
    const token = u.token;
    const params = { id };

    // no quorum: two of four present is not more than half (the company's default share, ч. 2 ст. 2 223-ФЗ)
    const commission = {
      members: [
        { user_id: u.id, role: 'chair' as const, position: 'Директор' },
        { full_name: 'Сидоров Пётр Иванович', role: 'secretary' as const },
        { full_name: 'Иванова Мария Олеговна', role: 'member' as const, present: false },
        { full_name: 'Кузнецов Олег Петрович', role: 'member' as const, present: false },
      ],
    };
    let r = await t.call(P.putCommission, { params, body: commission, token });
    expect(r.status).toBe(200);
    expect(r.body.quorum).toBe(false);
    commission.members[2].present = true;
    r = await t.call(P.putCommission, { params, body: commission, token });
    expect(r.body.quorum).toBe(true);
    expect(r.body.members.map((m) => m.full_name)).toEqual([
      'Тестовый Пользователь',
      'Сидоров Пётр Иванович',
      'Иванова Мария Олеговна',
      'Кузнецов Олег Петрович',
    ]);
    // two chairs are refused in Russian
    const twoChairs = await t.call(P.putCommission, {
      params,
      body: {
        members: [
          { full_name: 'А', role: 'chair' },
          { full_name: 'Б', role: 'chair' },
        ],
      },
      token,
    });
    expect(twoChairs.status).toBe(400);
    expect(twoChairs.body.message).toBe('В комиссии должен быть один председатель');

    // criteria: weights must sum to 100
    const bad = await t.call(P.putCriteria, {
      params,
      body: { criteria: [{ name: 'Цена договора', kind: 'price', weight: '60' }] },
      token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('должна быть 100 %');
    r = await t.call(P.putCriteria, {
      params,
      body: {
        criteria: [
          { name: 'Цена договора', kind: 'price', weight: '60' },
          { name: 'Квалификация участника', kind: 'other', weight: '40' },
        ],
      },
      token,
    });
    expect(r.status).toBe(200);
    const [price, qual] = r.body.criteria;

    // an ИНН with a wrong check digit is refused
    const badInn = await t.call(P.postApplications, {
      params,
      body: application('ООО «Ошибка»', '7707083894', '100000', '2026-11-20T10:00:00+03:00'),
      token,
    });
    expect(badInn.status).toBe(400);
    expect(JSON.stringify(badInn.body)).toContain('контрольное число');

    const socket = await t.socket('auth', token);
    const pushed = nextEvent(socket, EVENTS.procedureChanged, (p) => p.procurement_id === id);
    await t.call(P.postApplications, {
      params,
      body: application('ООО «Альфа»', '7707083893', '250000.00', '2026-11-20T10:00:00+03:00'),
      token,
    });
    expect(await pushed).toMatchObject({ procurement_id: id, status: 'accepting' });
    await t.call(P.postApplications, {
      params,
      body: { ...application('ООО «Бета»', innFrom9('500100732'), '200000.00', '2026-11-21T11:30:00+03:00'), kpp: '500101001' },
      token,
    });
    r = await t.call(P.postApplications, {
      params,
      body: application('ООО «Гамма»', innFrom9('781000001'), '180000.00', '2026-11-22T09:15:00+03:00'),
      token,
    });
    socket.disconnect();
    expect(r.body.applications.map((a) => [a.number, a.participant_name, a.price])).toEqual([
      [1, 'ООО «Альфа»', '250000.00'],
      [2, 'ООО «Бета»', '200000.00'],
      [3, 'ООО «Гамма»', '180000.00'],
    ]);
    const [alfa, beta, gamma] = r.body.applications;
    const file = await t.call(P.putApplicationsFile, {
      params: { id, applicationId: beta.id },
      body: { file_name: 'заявка.pdf', content_base64: Buffer.from('%PDF-1.4 x').toString('base64') },
      token,
    });
    expect(file.body.applications[1].file_name).toBe('заявка.pdf');

    // the final protocol cannot come before the review
    expect(
      (await t.call(P.postProtocols, { params: { id, kind: 'summary' }, body: { signed_on: '2026-11-25' }, token })).body.message,
    ).toBe('Сначала составьте протокол рассмотрения заявок');
    // a refusal needs its grounds and the documentation's clause
    const noReason = await t.call(P.postReview, { params, body: { decisions: [{ application_id: gamma.id, admitted: false }] }, token });
    expect(noReason.status).toBe(400);
    r = await t.call(P.postReview, {
      params,
      body: {
        decisions: [
          { application_id: alfa.id, admitted: true },
          { application_id: beta.id, admitted: true },
          {
            application_id: gamma.id,
            admitted: false,
            reason: 'Не представлена выписка из ЕГРЮЛ',
            clause: 'п. 14 раздела 3 документации о закупке',
          },
        ],
      },
      token,
    });
    expect(r.status).toBe(200);
    r = await t.call(P.postProtocols, { params: { id, kind: 'review' }, body: { signed_on: '2026-11-25' }, token });
    expect(r.status).toBe(200);
    const card = await t.call(routes.procurements.getById, { params, token });
    expect(card.body.status).toBe('summing_up');
    // what the review protocol recorded stands
    expect(
      (
        await t.call(P.postApplications, {
          params,
          body: application('ООО «Дельта»', '7707083893', '1', '2026-11-23T10:00:00+03:00'),
          token,
        })
      ).status,
    ).toBe(409);

    // Альфа: price 200000/250000×100 = 80 × 0.6 = 48 + 90 × 0.4 = 36 → 84; Бета: 100 × 0.6 = 60 + 60 × 0.4 = 24 → 84.
    // Equal ratings: the earlier application (Альфа) takes the first number (п. 3 ч. 14 ст. 3.2 223-ФЗ).
    r = await t.call(P.putScores, {
      params,
      body: {
        scores: [
          { application_id: alfa.id, criterion_id: qual.id, score: '90' },
          { application_id: beta.id, criterion_id: qual.id, score: '60' },
        ],
      },
      token,
    });
    expect(r.body.applications.map((a) => [a.participant_name, a.scores[String(price.id)] ?? null, a.total, a.rank])).toEqual([
      ['ООО «Альфа»', '80', '84', 1],
      ['ООО «Бета»', '100', '84', 2],
      ['ООО «Гамма»', null, null, null],
    ]);
    // a refused application is not scored
    expect(
      (await t.call(P.putScores, { params, body: { scores: [{ application_id: gamma.id, criterion_id: qual.id, score: '50' }] }, token }))
        .status,
    ).toBe(409);

    r = await t.call(P.postProtocols, { params: { id, kind: 'summary' }, body: { signed_on: '2026-11-25' }, token });
    expect(r.status).toBe(200);
    expect(r.body.winner).toEqual({ application_id: alfa.id, participant_name: 'ООО «Альфа»', inn: '7707083893', price: '250000.00' });

    const review = await download(t, `/api/procurements/${id}/procedure/protocols/review`, token);
    expect(review.status).toBe(200);
    const rt = readDocxText(review.data);
    expect(rt).toContain('Протокол рассмотрения заявок');
    expect(rt).toContain('Дата подписания протокола: 25.11.2026');
    expect(rt).toContain('Количество поданных заявок на участие в закупке: 3');
    expect(rt).toContain('21.11.2026 11:30 (МСК)');
    expect(rt).toContain('Не представлена выписка из ЕГРЮЛ (п. 14 раздела 3 документации о закупке)');
    expect(rt).toContain('Количество отклонённых заявок: 1');
    expect(rt).toContain('Сидоров Пётр Иванович');
    expect(rt).not.toContain('__________');
    expect(rt).not.toContain('44-ФЗ');

    const summary = await download(t, `/api/procurements/${id}/procedure/protocols/summary`, token);
    const st = readDocxText(summary.data);
    expect(st).toContain('Протокол подведения итогов');
    expect(st).toContain('«Цена договора» — 60 %; «Квалификация участника» — 40 %');
    expect(st).toMatch(/1\nООО «Альфа» \(№ 1\)\n250\s000,00 ₽\n«Цена договора»: 80; «Квалификация участника»: 90; итоговый рейтинг: 84/);
    expect(st).toMatch(/Победителем закупки признан участник ООО «Альфа» \(ИНН 7707083893\)/);
    expect(st).toMatch(/Цена договора: 250\s000,00 ₽/);

    // another company's user finds nothing of it
    expect((await t.call(P.getById, { params, token: other.token })).status).toBe(404);
    expect((await t.api('GET', `/api/procurements/${id}/procedure/protocols/summary`, { token: other.token })).status).toBe(404);
  }, 300_000);

  it('ranks a запрос котировок by the lowest price and takes no criteria', async () => {
    const id = await purchase('quotation_e');
    const token = u.token;
    const params = { id };
    const crit = await t.call(P.putCriteria, { params, body: { criteria: [{ name: 'Цена', kind: 'price', weight: '100' }] }, token });
    expect(crit.status).toBe(400);
    await t.call(P.postApplications, {
      params,
      body: application('ООО «Альфа»', '7707083893', '150000', '2026-11-20T10:00:00+03:00'),
      token,
    });
    await t.call(P.postApplications, {
      params,
      body: application('ООО «Бета»', innFrom9('500100732'), '140000', '2026-11-21T10:00:00+03:00'),
      token,
    });
    const r = await t.call(P.postApplications, {
      params,
      body: application('ООО «Гамма»', innFrom9('781000001'), '140000', '2026-11-22T10:00:00+03:00'),
      token,
    });
    const decisions = r.body.applications.map((a) => ({ application_id: a.id, admitted: true }));
    const reviewed = await t.call(P.postReview, { params, body: { decisions }, token });
    expect(reviewed.body.applications.map((a) => [a.participant_name, a.rank])).toEqual([
      ['ООО «Альфа»', 3],
      ['ООО «Бета»', 1],
      ['ООО «Гамма»', 2],
    ]);
  });

  it('refuses applications before the deadline and keeps the quorum per company', async () => {
    const id = await purchase();
    await t.server.deps.db.update(procurements).set({ applicationDeadline: '2026-11-30' }).where(eq(procurements.id, id));
    const early = await t.call(P.postApplications, {
      params: { id },
      body: application('ООО «Альфа»', '7707083893', '150000', '2026-11-20T10:00:00+03:00'),
      token: u.token,
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Заявки вносятся после окончания срока подачи заявок (30.11.2026)');

    expect((await t.call(P.getQuorum, { token: u.token })).body.quorum_share).toBe('0.5');
    expect((await t.call(P.putQuorum, { body: { quorum_share: '0.66' }, token: u.token })).body.quorum_share).toBe('0.66');
    expect((await t.call(P.getQuorum, { token: other.token })).body.quorum_share).toBe('0.5');
  });
});
