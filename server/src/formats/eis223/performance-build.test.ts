import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { fixturePath } from '../fixtures-path';
import { parseXml } from '../xml';
import { attr } from '../xml-read';
import { parseEisPerformance } from './parse';
import { EIS_NS_CONTRACT, EIS_NS_TYPES, buildPerformanceContractXml } from './performance-build';
import type { EisPerformance } from './types';

const fixture = (): Buffer => fs.readFileSync(fixturePath('eis223', 'contractCompleting_test.xml'));

const sample: EisPerformance = {
  guid: '0b6f3d0e-5f1c-4c4e-9a51-2f0d7c1e9a10',
  registrationNumber: '00105018196240000120003',
  contractRegistrationNumber: '00105018196240000120000',
  version: 2,
  status: 'P',
  createDateTime: '2024-03-01T10:00:00+03:00',
  publicationDate: '2024-03-02T09:30:00+03:00',
  completed: false,
  hasPenalty: true,
  customer: {
    name: 'АО "Ромашка & Ко" <Север>',
    shortName: 'АО "Ромашка"',
    inn: '0105018196',
    kpp: '010501001',
    ogrn: '1020100707318',
    okato: '79401000000',
  },
  placer: null,
  contract: {
    guid: '7f0c2a4e-2f57-4b6e-9e0c-1c2d3e4f5a6b',
    number: '12/24-П',
    customerName: 'АО "Ромашка"',
    supplierName: "ООО 'Поставщик'",
    subject: 'Поставка бумаги',
    contractDate: '2024-01-15',
  },
  stages: [
    {
      ordinal: 1,
      payments: [
        {
          ordinal: 1,
          date: '2024-02-10',
          amount: '1000.50',
          currency: { code: 'RUB', digitalCode: '643', name: 'Российский рубль' },
          rubAmount: '1000.50',
          prepaid: true,
        },
      ],
      documents: [
        {
          ordinal: 1,
          date: '2024-02-09',
          code: '12',
          name: 'акт о приемке выполненных работ',
          number: 'А-0001',
          contractPosition: {
            guid: '3c1e8b8a-1111-2222-3333-444455556666',
            name: 'Бумага',
            okpd2: { code: '17.12.14.110', name: 'Бумага' },
          },
          okei: { code: '778', name: 'Упаковка' },
          quantity: '10.125',
          prepayment: null,
        },
        {
          ordinal: 2,
          date: null,
          code: '19',
          name: null,
          number: null,
          contractPosition: null,
          okei: null,
          quantity: null,
          prepayment: false,
        },
      ],
    },
    {
      ordinal: 2,
      payments: [
        { ordinal: 1, date: '2024-03-01', amount: '500', currency: null, rubAmount: null, prepaid: false },
        { ordinal: 2, date: '2024-03-15', amount: '0.01', currency: null, rubAmount: null, prepaid: null },
      ],
      documents: [],
    },
    { ordinal: 3, payments: [], documents: [] },
  ],
  total: '1500.51',
  urlEis: 'https://zakupki.gov.ru/223/contract/private/completing/info/view.html?id=1&x=2',
};

describe('buildPerformanceContractXml', () => {
  const options = {
    packetGuid: 'd3561864-17c4-4497-9c0f-f9725937c866',
    itemGuid: 'e8c84ac9-7ac8-4ac4-94fe-b75f3d58515a',
    createDateTime: '2024-03-02T09:31:00',
  };

  it('round-trips: build → parse gives the same data', () => {
    const xml = buildPerformanceContractXml(sample, options);
    const parsed = parseEisPerformance(Buffer.from(xml));
    // written as ЕИС writes it, Moscow time without an offset, and read back as Moscow time
    expect(parsed.packet).toEqual({
      guid: options.packetGuid,
      createDateTime: `${options.createDateTime}+03:00`,
      schemaVersion: 'TFF-7.5',
    });
    // The placer defaults to the customer, as ЕИС requires one.
    expect(parsed.performances).toEqual([{ ...sample, placer: sample.customer }]);
  });

  it('round-trips the real execution record', () => {
    const original = parseEisPerformance(fixture());
    const rebuilt = parseEisPerformance(Buffer.from(buildPerformanceContractXml(original.performances[0], options)));
    expect(rebuilt.performances).toEqual(original.performances);
  });

  it('writes the namespaces and element layout of the ЕИС export', () => {
    const xml = buildPerformanceContractXml(sample, options);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ns2:performanceContract ')).toBe(true);
    expect(xml).toContain(`xmlns="${EIS_NS_TYPES}"`);
    expect(xml).toContain(`xmlns:ns2="${EIS_NS_CONTRACT}"`);
    expect(xml).toContain('<ns2:body>');
    expect(xml).toMatch(/<ns2:customer>\s*<mainInfo>\s*<fullName>АО &quot;Ромашка &amp; Ко&quot; &lt;Север&gt;<\/fullName>/);
    expect(xml).toMatch(/<ns2:position>\s*<ns2:ordinal>1<\/ns2:ordinal>\s*<ns2:paymentDate>2024-02-10<\/ns2:paymentDate>/);
    expect(xml).toMatch(/<ns2:currency>\s*<code>RUB<\/code>/);
    expect(xml).toContain('<ns2:paymentInfos>');
    const { rootName, root } = parseXml(Buffer.from(xml));
    expect(rootName).toBe('performanceContract');
    expect(attr(root, 'schemaLocation')).toContain('TFF-7.5');
  });

  it('uses fresh packet identifiers by default', () => {
    const a = parseEisPerformance(Buffer.from(buildPerformanceContractXml(sample))).packet;
    const b = parseEisPerformance(Buffer.from(buildPerformanceContractXml(sample))).packet;
    expect(a.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.guid).not.toBe(b.guid);
    expect(a.createDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('refuses data that would make an invalid record', () => {
    const bad = { ...sample, total: '1,500.51' };
    expect(() => buildPerformanceContractXml(bad)).toThrow(FormatError);
    expect(() => buildPerformanceContractXml(bad)).toThrow('(поле total)');
  });
});
