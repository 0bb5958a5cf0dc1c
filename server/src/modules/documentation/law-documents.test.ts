import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@proc/contract/routes';
import {
  documentKindTitle,
  type DocumentsResponse,
  type ProcurementResponse,
  type TenderPlanPositionsResponse,
  type TenderPlanResponse,
} from '@proc/contract';
import { nextEvent, startTestServer, type TestServer } from '../../../test/harness';
import { BLANK, emptyLabelFindings, formatMoneyRu, readDocxText } from '../../formats/docx';
import { download, fillRequired, PAPER_PURCHASE, upload } from '../../../test/factories';
import { buildDocxPackage, p as para } from '../../formats/docx/ooxml';
import type { CustomTemplate, TemplateCatalogueResponse, TemplateSlotsResponse } from '@proc/contract';

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
  const answer = nextEvent(s, 'readyDocumentResponse', (x) => x.key === key);
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

describe('templates the customer owns', () => {
  const ours = (...lines: string[]) => buildDocxPackage({ title: 'Шаблон юротдела', body: lines.map((l) => para(l)).join('') });

  it('takes a template with tags of the catalogue, refuses an unknown tag or a broken loop by its place, and builds with it', async () => {
    const catalogue = await t.api<TemplateCatalogueResponse>('GET', '/api/document-templates/catalogue', { token: budget });
    expect(catalogue.status).toBe(200);
    const byName = new Map(catalogue.body.fields.map((f) => [f.name, f]));
    expect(byName.get('ikz')).toMatchObject({ required: true, description: expect.stringContaining('ст. 23') });
    expect(byName.get('okved2')).toMatchObject({ required: false });
    expect(catalogue.body.loops.find((l) => l.name === 'items')!.columns.map((c) => c.name)).toContain('quantity');

    // the built-in set is the default and a download to start from
    const slots = await t.api<TemplateSlotsResponse>('GET', '/api/document-templates?law=44', { token: budget });
    expect(slots.status).toBe(200);
    expect(slots.body.slots).toHaveLength(15);
    expect(slots.body.slots.every((s) => s.custom === null)).toBe(true);
    const builtin = await download(t, '/api/document-templates/builtin/44/notice/goods', budget);
    expect(readDocxText(builtin.data)).toContain('{ikz}');
    // a 223-ФЗ template belongs to a version of the Положение
    const noVersion = await t.api<{ message: string }>('GET', '/api/document-templates?law=223', { token: client });
    expect(noVersion.status).toBe(400);

    const unknown = await upload(
      t,
      'POST',
      '/api/document-templates?law=44&document_kind=notice&subject=goods',
      budget,
      'извещение.docx',
      ours('Извещение № {procurementNumber}', 'Участник: {hackerTag}'),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('неизвестный тег «{hackerTag}»');
    expect(unknown.body.message).toContain('абзац 2: «Участник: {hackerTag}»');
    const broken = await upload(
      t,
      'POST',
      '/api/document-templates?law=44&document_kind=notice&subject=goods',
      budget,
      'извещение.docx',
      ours('{#items}{name} — {quantity}', 'Итого {nmcd}'),
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/«\{#items\}» открыт, но не закрыт тегом «\{\/items\}» \(абзац 1/);
    expect(
      (await t.api<TemplateSlotsResponse>('GET', '/api/document-templates?law=44', { token: budget })).body.slots.every((s) => !s.custom),
    ).toBe(true);

    const good = await upload(
      t,
      'POST',
      '/api/document-templates?law=44&document_kind=notice&subject=goods',
      budget,
      'извещение юротдела.docx',
      ours(
        'Извещение юридического отдела № {procurementNumber}',
        'ИКЗ {ikz}; НМЦК {nmcd} ({nmcdInWords})',
        '{#okved2}ОКВЭД2: {okved2}{/okved2}',
        '{#items}{index}. {name}{/items}',
        'Подписал: {signerPosition} {signerName}, на основании {signerBasis}',
      ),
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const own = good.body as unknown as CustomTemplate;
    expect(own.fields).toEqual([
      'procurementNumber',
      'ikz',
      'nmcd',
      'nmcdInWords',
      'okved2',
      'signerPosition',
      'signerName',
      'signerBasis',
    ]);
    expect(own.loops).toEqual({ items: ['index', 'name'] });

    const created = await t.api<ProcurementResponse>('POST', '/api/procurements', {
      token: budget,
      body: { ...PAPER_PURCHASE, law: '44', method: 'auction_e', ikz: `${ikz.slice(0, 26)}0090000${ikz.slice(33)}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const p = created.body;
    // the document's fields are the tags of the customer's template
    const docs = await t.call(routes.documentation.getProcurementsDocuments, {
      params: { id: p.id },
      query: { templates: 'notice' },
      token: budget,
    });
    expect(docs.body.documents[0].fields.map((f) => f.name)).toEqual([...own.fields, 'items']);
    // a preview marks what the purchase lacks
    const preview = readDocxText((await download(t, `/api/procurements/${p.id}/documents/notice/preview`, budget)).data);
    expect(preview).toContain('на основании [не заполнено: Основание полномочий подписанта');
    await fillRequired(t, budget, p.id);
    const res = await generate(budget, p.id, 'own-template');
    expect(res.result, JSON.stringify(res)).toBe('success');
    const notice = readDocxText((await download(t, `/api/procurements/${p.id}/files/${res.files[0].id}/download`, budget)).data);
    expect(notice).toContain(`Извещение юридического отдела № ${p.number}`);
    expect(notice).toContain(`НМЦК ${formatMoneyRu(p.nmcd)}`);
    expect(notice).not.toContain('ОКВЭД2');
    expect(notice).toContain('1. Бумага печатная прочая');

    // another company cannot reach it
    expect((await t.call(routes.documentation.getTemplatesDownload, { params: { id: own.id }, token: client })).status).toBe(404);
    // removed, the built-in one applies again
    expect((await t.call(routes.documentation.deleteTemplatesById, { params: { id: own.id }, token: budget })).status).toBe(200);
    const again = await t.call(routes.documentation.getProcurementsDocuments, {
      params: { id: p.id },
      query: { templates: 'notice' },
      token: budget,
    });
    expect(again.body.documents[0].fields.map((f) => f.name)).toContain('smpAdvantage');
  });
});
