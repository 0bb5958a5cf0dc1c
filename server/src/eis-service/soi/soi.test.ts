/**
 * The СОИ client against the fake ЕИС over HTTP: the same SOAP both ways, archives downloaded and unzipped, and each
 * failure mode of the service. The envelope's element order (what ЕИС validates) is pinned by exact text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { startFakeEis, DEMO_CUSTOMER, type FakeEis } from '../../../../tools/fake-eis/server';
import { parseEisFile } from '../../formats';
import { EisUnavailable } from '../eis-client';
import { byOrgRegionRequest, byReestrNumberRequest, SOI_DOCUMENTS } from './envelope';
import { SoiBusy, SoiError, soiByOrgRegion, soiByReestrNumber, type SoiOptions } from './client';
import { createSoiLimiter } from './limiter';
import { moscowToday, nextDay } from '../../platform/clock';

let eis: FakeEis;
let o: SoiOptions;
/** A day of this year on which the demo customer's region has a contract (the fake's generated records), found once. */
let found: { day: string; files: string[] } | null = null;
async function dayWithContracts() {
  const year = moscowToday().slice(0, 4);
  for (let day = `${year}-01-01`; !found && day.startsWith(year); day = nextDay(day)) {
    const files = await soiByOrgRegion(o, {
      orgRegion: DEMO_CUSTOMER.inn.slice(0, 2),
      subsystemType: 'RD223',
      documentType223: 'contract',
      exactDate: day,
    });
    if (files.length) found = { day, files };
  }
  if (!found) throw new Error('the fake has no contract of this year');
  return {
    orgRegion: DEMO_CUSTOMER.inn.slice(0, 2),
    subsystemType: 'RD223',
    documentType223: 'contract',
    exactDate: found.day,
    files: found.files,
  };
}

beforeAll(async () => {
  eis = await startFakeEis();
  o = { baseUrl: eis.url, token: 'test-individual-token', timeoutMs: 1_000, archiveRetryMs: 20 };
});
afterAll(async () => eis?.close());

/** An envelope checked by libxml2 against the XSD written from СОИ's published description (schema/). */
async function schemaErrors(xml: string): Promise<string[]> {
  const dir = path.join(__dirname, 'schema');
  const file = (fileName: string) => ({ fileName, contents: fs.readFileSync(path.join(dir, fileName), 'utf8') });
  const r = await validateXML({
    xml: [{ fileName: 'request.xml', contents: xml }],
    schema: [file('soap-envelope.xsd')],
    preload: [file('get-docs-ip.xsd')],
  });
  return r.valid ? [] : r.errors.map((e) => e.message);
}

describe('СОИ envelopes', () => {
  it('pass the schema of the service: every request the product sends, and not one out of order', async () => {
    const sent = [
      byReestrNumberRequest('T0KEN', { subsystemType: SOI_DOCUMENTS.contract.subsystemType, reestrNumber: '52208008370190000010000' }),
      ...Object.values(SOI_DOCUMENTS).flatMap((d) =>
        d.documentTypes.map((t) =>
          byOrgRegionRequest('T0KEN', { orgRegion: '01', subsystemType: d.subsystemType, documentType223: t, exactDate: '2026-03-30' }),
        ),
      ),
    ];
    for (const xml of sent) expect(await schemaErrors(xml)).toEqual([]);
    // the check can fail: the document type after periodInfo, index after selectionParams, no token, an unknown subsystem
    const region = sent[1];
    const swapped = region.replace(/(\s*<documentType223>[^<]*<\/documentType223>)(\s*<periodInfo>[\s\S]*?<\/periodInfo>)/, '$2$1');
    expect(swapped).not.toBe(region);
    expect((await schemaErrors(swapped)).join('\n')).toMatch(/periodInfo|documentType223/);
    const late = region.replace(/(\s*<index>[\s\S]*?<\/index>)(\s*<selectionParams>[\s\S]*?<\/selectionParams>)/, '$2$1');
    expect(await schemaErrors(late)).not.toEqual([]);
    expect(await schemaErrors(byReestrNumberRequest('', { subsystemType: 'RD223', reestrNumber: '1' }))).not.toEqual([]);
    expect(await schemaErrors(byReestrNumberRequest('T', { subsystemType: 'RX223', reestrNumber: '1' }))).not.toEqual([]);
  });

  it('put the token in the header and index before selectionParams, in ЕИС’s element order', () => {
    const index = { id: '7c2b5c1e-4a36-4e7e-9b1e-3f6f1c2d9a10', createDateTime: '2026-11-25T10:38:07', mode: 'PROD' as const };
    expect(byReestrNumberRequest('T0KEN', { subsystemType: 'RD223', reestrNumber: '52208008370190000010000' }, index)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ws="http://zakupki.gov.ru/fz44/get-docs-ip/ws">',
        '    <soapenv:Header>',
        '        <individualPerson_token>T0KEN</individualPerson_token>',
        '    </soapenv:Header>',
        '    <soapenv:Body>',
        '        <ws:getDocsByReestrNumberRequest>',
        '            <index>',
        '                <id>7c2b5c1e-4a36-4e7e-9b1e-3f6f1c2d9a10</id>',
        '                <createDateTime>2026-11-25T10:38:07</createDateTime>',
        '                <mode>PROD</mode>',
        '            </index>',
        '            <selectionParams>',
        '                <subsystemType>RD223</subsystemType>',
        '                <reestrNumber>52208008370190000010000</reestrNumber>',
        '            </selectionParams>',
        '        </ws:getDocsByReestrNumberRequest>',
        '    </soapenv:Body>',
        '</soapenv:Envelope>',
        '',
      ].join('\n'),
    );
    const region = byOrgRegionRequest(
      'T0KEN',
      { orgRegion: '01', subsystemType: 'RD223', documentType223: 'contract', exactDate: '2026-03-30' },
      index,
    );
    expect(region.replace(/\s+</g, '<')).toContain(
      '<ws:getDocsByOrgRegionRequest><index><id>7c2b5c1e-4a36-4e7e-9b1e-3f6f1c2d9a10</id><createDateTime>2026-11-25T10:38:07</createDateTime><mode>PROD</mode></index><selectionParams><orgRegion>01</orgRegion><subsystemType>RD223</subsystemType><documentType223>contract</documentType223><periodInfo><exactDate>2026-03-30</exactDate></periodInfo></selectionParams></ws:getDocsByOrgRegionRequest>',
    );
    // a token is text, never markup
    expect(byReestrNumberRequest('<x>&', { subsystemType: 'RD223', reestrNumber: '1' })).toContain(
      '<individualPerson_token>&lt;x&gt;&amp;</individualPerson_token>',
    );
  });
});

describe('СОИ client against the fake ЕИС', () => {
  it('takes a region’s contracts of a day from an archive, and one contract by its registry number', async () => {
    const list = eis.soi.requests.length;
    const { exactDate: day, files } = await dayWithContracts();
    expect(files.length).toBeGreaterThan(0);
    const parsed = parseEisFile(Buffer.from(files[0]));
    expect(parsed.kind).toBe('contracts');
    const contract = parsed.kind === 'contracts' ? parsed.contracts[0] : null;
    expect(contract?.contractDate).toBe(day);
    expect(contract?.customer?.inn).toBe(DEMO_CUSTOMER.inn);
    expect(
      eis.soi.requests
        .slice(list)
        .every(
          (r) =>
            r.operation === 'getDocsByOrgRegionRequest' && r.params.subsystemType === 'RD223' && r.params.documentType223 === 'contract',
        ),
    ).toBe(true);

    const one = await soiByReestrNumber(o, { subsystemType: 'RD223', reestrNumber: contract!.registrationNumber! });
    expect(one).toHaveLength(1);
    expect(await soiByReestrNumber(o, { subsystemType: 'RD223', reestrNumber: '00000000000000000000000' })).toEqual([]); // noData
  });

  it('asks again for an archive that is not ready yet, and gives up after its retries', async () => {
    const { files, ...day } = await dayWithContracts();
    eis.failSoi('notReady');
    expect(await soiByOrgRegion(o, day)).toHaveLength(files.length);
    eis.failSoi('notReady');
    await expect(soiByOrgRegion({ ...o, archiveRetries: 1 }, day)).rejects.toThrow(
      'ЕИС так и не подготовила архив с документами: повторите позже',
    );
  });

  it('says ЕИС’s errorInfo, refuses a broken archive and a ZIP bomb, and reports timeouts, 5xx and a missing token', async () => {
    const { files: _files, ...day } = await dayWithContracts();
    eis.failSoi('errorInfo');
    await expect(soiByOrgRegion(o, day)).rejects.toThrow(new SoiError('ЕИС ответила ошибкой 9: Внутренняя ошибка сервиса', '9'));
    eis.failSoi('noData');
    expect(await soiByOrgRegion(o, day)).toEqual([]);
    eis.failSoi('brokenZip');
    await expect(soiByOrgRegion(o, day)).rejects.toThrow('Архив ЕИС не принят: Архив повреждён или не является ZIP-архивом');
    eis.failSoi('bomb');
    // the fake compresses 30 MB for the bomb in this process: more time than a usual answer
    await expect(soiByOrgRegion({ ...o, timeoutMs: 10_000 }, day)).rejects.toThrow(
      /^Архив ЕИС не принят: Файл «document_1\.xml» сжат в \d+ раз: такой архив не принимается$/,
    );
    eis.fail(1, 'timeout');
    await expect(soiByOrgRegion({ ...o, timeoutMs: 200 }, day)).rejects.toThrow(new EisUnavailable('ЕИС не ответила вовремя', null));
    eis.fail(1, 'error', 503);
    await expect(soiByOrgRegion(o, day)).rejects.toThrow(new EisUnavailable('ЕИС ответила ошибкой 503', 503));
    await expect(soiByOrgRegion({ ...o, token: '' }, day)).rejects.toThrow('ЕИС ответила ошибкой 5: Токены отсутствуют');
    // and after all that it answers again
    expect((await soiByOrgRegion(o, day)).length).toBeGreaterThan(0);
  });
});

describe('СОИ answers as ЕИС writes them', () => {
  it('reads errorInfo and noData inside dataInfo, echoes the request id as refId, links archives in the /dstore form', async () => {
    const { files: _f, ...day } = await dayWithContracts();
    const raw = async () => {
      const res = await fetch(`${eis.url}/eis-integration/services/getDocsIP`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: byOrgRegionRequest('T0KEN', day, { id: 'req-1' }),
      });
      return (await res.text()).replace(/\s+</g, '<');
    };
    const found = await raw();
    expect(found).toMatch(
      /<ns2:getDocsByOrgRegionResponse [^>]*><index><id>[0-9a-f-]{36}<\/id><refId>req-1<\/refId><createDateTime>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d<\/createDateTime><mode>PROD<\/mode><\/index><dataInfo><archiveUrl>/,
    );
    expect(found).toMatch(
      /<archiveUrl>http:\/\/127\.0\.0\.1:\d+\/dstore\/common\/download\/compound\?docRequestUid=req-1&amp;compoundUid=[0-9a-f-]{36}<\/archiveUrl>/,
    );
    eis.failSoi('errorInfo');
    expect(await raw()).toContain('<dataInfo><errorInfo><code>9</code><message>Внутренняя ошибка сервиса</message></errorInfo></dataInfo>');
    eis.failSoi('noData');
    expect(await raw()).toContain('<dataInfo><noData>true</noData></dataInfo>');
    // the client: ЕИС's words from inside dataInfo
    eis.failSoi('errorInfo');
    await expect(soiByOrgRegion(o, day)).rejects.toThrow(new SoiError('ЕИС ответила ошибкой 9: Внутренняя ошибка сервиса', '9'));
  });

  it('tolerated: errorInfo directly under the response element, the placement older clients used', async () => {
    const { files: _f, ...day } = await dayWithContracts();
    eis.failSoi('directErrorInfo');
    await expect(soiByOrgRegion(o, day)).rejects.toThrow(new SoiError('ЕИС ответила ошибкой 9: Внутренняя ошибка сервиса', '9'));
  });

  it('takes an answer with neither archiveUrl nor noData nor errorInfo for an error, never for «no documents»', async () => {
    const { files: _f, ...day } = await dayWithContracts();
    eis.failSoi('empty');
    await expect(soiByOrgRegion(o, day)).rejects.toThrow(
      new EisUnavailable('ЕИС ответила без ссылок на архивы, без noData и без errorInfo', null),
    );
  });

  it('names a token ЕИС no longer knows as a refused token, and a schema error as ЕИС’s error only', async () => {
    const { files: _f, ...day } = await dayWithContracts();
    eis.rejectToken('expired-token');
    const refused = await soiByOrgRegion({ ...o, token: 'expired-token' }, day).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SoiError);
    expect(refused).toMatchObject({ message: 'ЕИС ответила ошибкой 5: Токены отсутствуют', code: '5', tokenRejected: true });
    eis.failSoi('errorInfo');
    expect(await soiByOrgRegion(o, day).catch((e: unknown) => e)).toMatchObject({ code: '9', tokenRejected: false });
    eis.rejectToken('expired-token', false);
    expect((await soiByOrgRegion({ ...o, token: 'expired-token' }, day)).length).toBeGreaterThan(0);
  });

  it('paces a token evenly within ЕИС’s sliding minute, and a code 13 slows the pace instead of waiting for a clock minute', async () => {
    const { files, ...day } = await dayWithContracts();
    // «a minute» of 2 s, ЕИС lets a token make 4 requests in any of them
    const minuteMs = 2_000;
    eis.limitSoi(4, minuteMs);
    const arrivals = (token: string) => eis.soi.requests.filter((r) => r.token === token);
    /** The most requests ЕИС let through within any sliding minute. */
    const mostInAMinute = (log: number[]) => Math.max(...log.map((s) => log.filter((x) => x > s - minuteMs && x <= s).length));
    try {
      // a budget equal to ЕИС's: spread evenly (one every minute/4), never refused, never a burst
      const paced = { ...o, token: 'paced-token', limiter: createSoiLimiter(4, minuteMs) };
      const got = await Promise.all(Array.from({ length: 8 }, () => soiByOrgRegion(paced, day)));
      expect(got.every((f) => f.length === files.length)).toBe(true);
      const sent = arrivals('paced-token');
      expect(sent.filter((r) => r.limited)).toEqual([]);
      expect(mostInAMinute(sent.map((r) => r.at))).toBeLessThanOrEqual(4);
      // evenly: no two requests closer than most of minute/4 (the network's jitter aside)
      const gaps = sent.slice(1).map((r, i) => r.at - sent[i].at);
      expect(Math.min(...gaps)).toBeGreaterThan((minuteMs / 4) * 0.8);

      // a budget three times ЕИС's (another program shares the token): the first refusal slows the pace to what ЕИС let
      // through, and the rest go at that pace — not a burst refused again after each minute's edge
      const loose = { ...o, token: 'limited-token', limiter: createSoiLimiter(12, minuteMs) };
      const more = await Promise.all(Array.from({ length: 12 }, () => soiByOrgRegion(loose, day)));
      expect(more.every((f) => f.length === files.length)).toBe(true);
      const refused = arrivals('limited-token').filter((r) => r.limited);
      expect(refused.length).toBeGreaterThan(0);
      // the first, and at most one for each step back up the pace takes after a minute without one (12 requests at 4 a
      // «minute» take three)
      expect(refused.length).toBeLessThanOrEqual(4);
      const accepted = arrivals('limited-token').filter((r) => !r.limited);
      expect(accepted.length).toBe(12);
      expect(mostInAMinute(accepted.map((r) => r.at))).toBeLessThanOrEqual(4);

      // a caller that may not wait is told at once when to come back, and nothing is sent
      const asked = eis.soi.requests.length;
      const busy = await soiByOrgRegion({ ...loose, maxWaitMs: 0 }, day).catch((e: unknown) => e);
      expect(busy).toBeInstanceOf(SoiBusy);
      expect((busy as SoiBusy).message).toMatch(/^лимит запросов ЕИС, повторите через \d+ с$/);
      expect(eis.soi.requests.length).toBe(asked);

      // the limit is ЕИС's for a token: without retries left the refusal is an outage to retry later, not «no documents»
      eis.limitSoi(0, 60_000);
      await expect(soiByOrgRegion({ ...o, token: 'limited-token', limitRetries: 0 }, day)).rejects.toThrow(
        new EisUnavailable('ЕИС отказывает: превышен лимит запросов по токену (код 13) — повторите позже', null),
      );
    } finally {
      eis.limitSoi(null);
    }
  });
});
