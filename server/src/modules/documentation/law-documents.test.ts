import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentKindTitle,
  type DocumentsResponse,
  type ProcurementResponse,
  type TenderPlanPositionsResponse,
  type TenderPlanResponse,
} from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { BLANK, emptyLabelFindings, formatMoneyRu, readDocxText } from '../../formats/docx';
import { download, fillRequired, PAPER_PURCHASE } from '../../../test/factories';

let t: TestServer;
let client: string;
let budget: string;
let ikz: string;

beforeAll(async () => {
  t = await startTestServer();
  [client, budget] = await Promise.all([t.login('client'), t.login('budget')]);
  // an ИКЗ of the budget institution's план-график: the card's ИКЗ is checked against the company's ИКУ and the year
  const plans = await t.api<TenderPlanResponse[]>('GET', '/api/eis/tender-plans', { token: budget });
  const positions = await t.api<TenderPlanPositionsResponse>('GET', `/api/eis/tender-plans/${plans.body[0].plan_number}/positions`, {
    token: budget,
  });
  ikz = positions.body.items[0].ikz!;
}, 180_000);
afterAll(async () => t?.close());

const SUBJECTS = ['goods', 'works', 'services'] as const;
const TITLES = {
  goods: 'Поставка офисной бумаги формата А4',
  works: 'Ремонт кровли административного здания',
  services: 'Оказание услуг по уборке помещений',
};
const PLATFORM = { platformName: 'АО «Сбербанк-АСТ»', platformUrl: 'https://www.sberbank-ast.ru' };

async function generate(token: string, id: number, key: string) {
  const s = await t.socket('auth', token);
  const answer = nextEvent<{
    key: string;
    result: string;
    error?: string;
    fields?: Record<string, string[]>;
    files: { id: number; name: string }[];
  }>(s, 'readyDocumentResponse', (x) => x.key === key);
  s.emit('readyDocumentRequest', { key, procurement_id: id, values: { notice: PLATFORM, documentation: PLATFORM } });
  const res = await answer;
  s.disconnect();
  return res;
}

describe.each(['223', '44'] as const)('the documents of a %s-ФЗ purchase', (law) => {
  it.each(SUBJECTS)('of %s read back in the words of the law, complete and signed', async (subject) => {
    const token = law === '44' ? budget : client;
    const created = await t.api<ProcurementResponse>('POST', '/api/procurements', {
      token,
      body: {
        ...PAPER_PURCHASE,
        title: TITLES[subject],
        subject,
        law,
        method: law === '44' ? 'auction_e' : 'competition_e',
        okpd2: [
          { code: subject === 'goods' ? '17.12.14.129' : subject === 'works' ? '43.91.19.110' : '81.21.10.000', name: TITLES[subject] },
        ],
        ...(law === '44' ? { sme_only: true } : {}),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const p = created.body;
    await fillRequired(t, token, p.id);
    if (law === '44') {
      // a required fact the purchase lacks stops generation, naming it
      const refused = await generate(token, p.id, `no-ikz-${subject}`);
      expect(refused.result).toBe('error');
      expect(refused.fields!['procurement.ikz']).toEqual(['Сведения закупки: не заполнено поле «Идентификационный код закупки (ИКЗ)»']);
      // the position's ИКЗ with a purchase number of its own (digits 27–29) and ОКПД2 «0000» (several codes)
      const own = `${ikz.slice(0, 26)}00${SUBJECTS.indexOf(subject) + 1}0000${ikz.slice(33)}`;
      const put = await t.api('PUT', `/api/procurements/${p.id}`, {
        token,
        body: { ...PAPER_PURCHASE, title: p.title, subject, law, method: p.method, okpd2: p.okpd2, sme_only: true, ikz: own },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
    const listed = await t.api<DocumentsResponse>('GET', `/api/procurements/${p.id}/documents`, { token });
    const signer = listed.body.documents[0].fields.find((f) => f.name === 'signerName')!.value as string;
    expect(signer).toBeTruthy();

    const res = await generate(token, p.id, `gen-${law}-${subject}`);
    expect(res.result, JSON.stringify(res)).toBe('success');
    expect(res.files.map((f) => f.name.replace(/ № .*/, ''))).toEqual(
      (['notice', 'documentation', 'draft-contract', 'tech-spec', 'nmcd-justification'] as const).map((k) => documentKindTitle(k, law)),
    );
    const card = (await t.api<ProcurementResponse>('GET', `/api/procurements/${p.id}`, { token })).body;
    const nmcd = formatMoneyRu(card.nmcd);
    const texts = await Promise.all(
      res.files.map(async (f) => readDocxText((await download(t, `/api/procurements/${p.id}/files/${f.id}/download`, token)).data)),
    );
    const [notice, requirements, contract, spec, justification] = texts;
    for (const [i, text] of texts.entries()) {
      const name = res.files[i].name;
      expect(text, name).not.toContain(BLANK);
      expect(text, name).not.toMatch(/_{5,}|\{|\}|undefined|null/);
      expect(emptyLabelFindings(text), name).toEqual([]);
      expect(text, name).toContain(signer);
      expect(text, name).toMatch(/Действует на основании \S/);
      if (law === '44') {
        expect(text, name).toContain('№ 44-ФЗ');
        expect(
          text.split('\n').filter((l) => /223-ФЗ|№ 223|Положени[еия] о закупке|НМЦД/.test(l)),
          name,
        ).toEqual([]);
      } else {
        expect(text, name).toContain('№ 223-ФЗ');
        expect(
          text.split('\n').filter((l) => /44-ФЗ|№ 44|НМЦК/.test(l)),
          name,
        ).toEqual([]);
      }
    }
    // the figures are the card's
    for (const text of [notice, contract, justification]) expect(text).toContain(nmcd);
    expect(notice).toContain(card.number);
    if (law === '44') {
      expect(notice).toContain('Извещение\nоб осуществлении закупки');
      expect(notice).toContain(card.ikz!);
      expect(notice).toMatch(/п\. 1 ч\. 1 ст\. 30 Закона № 44-ФЗ/);
      expect(notice).toContain('Описание объекта закупки (ст. 33 Закона № 44-ФЗ)');
      expect(requirements).toContain('статьёй 43');
      expect(contract).toMatch(/^Контракт №/m);
      expect(contract).toContain('ч. 13.1 ст. 34 Закона № 44-ФЗ');
      expect(contract).toContain('ч. 13 ст. 94 Закона № 44-ФЗ');
      expect(contract).toContain('№ 1042');
      expect(contract).toContain('ч. 3 ст. 96 Закона № 44-ФЗ');
      expect(spec).toMatch(/^Описание объекта закупки/m);
      expect(justification).toContain('ст. 22');
    } else {
      expect(notice).toContain('ч. 9 ст. 4');
      expect(requirements).toMatch(/^Документация о закупке/m);
      expect(contract).toMatch(/^Договор №/m);
      expect(contract).toContain('ст. 4.1 Закона № 223-ФЗ');
      expect(spec).toContain('ч. 6.1 ст. 3 Закона № 223-ФЗ');
    }
    // works and services get their own contract and specification, not the goods ones
    if (subject === 'goods') {
      expect(contract).toContain('Поставщик обязуется поставить Товар');
    } else {
      for (const text of [contract, spec]) {
        expect(text).not.toMatch(/поставить Товар|Требования к упаковке|Наименование товара/);
        expect(text).toMatch(/один этап|Этап 1/);
      }
      expect(contract).toContain(subject === 'works' ? 'Подрядчик обязуется выполнить Работы' : 'Исполнитель обязуется оказать Услуги');
      expect(contract).toContain(subject === 'works' ? 'акту о приёмке выполненных Работ' : 'акту об оказании Услуг');
    }
  });
});
