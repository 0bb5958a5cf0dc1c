import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { REPO_ROOT } from '../../server/src/paths';
import { parseEisFile, isFormatError, EIS_NOTICE_TYPES, noticeDocumentTypeOf } from '../../server/src/formats';
import { currentYearRecords, demoRecords, type DemoCustomer } from './generate-demo';
import { createSoi, type SoiEntry, type SoiFailure, type SoiState } from './soi';
import { demoNotices } from './notice-samples';
import { demoTenderPlans } from './tender-plan-samples';
import { demoNotices44 } from './notice44-samples';
import { demoContracts44 } from './contract44-samples';
import { verifyCms } from '../../server/src/modules/signatures/verify';

/**
 * A stand-in for ЕИС 223-ФЗ: serves real-format XML (the fixture files plus generated demo records), accepts
 * execution packages, and can be told to fail for the next N requests so outage handling can be tested.
 *
 *   POST /eis-integration/services/getDocsIP  (SOAP, ЕИС's СОИ)        → contracts, plans, notices, 44-ФЗ планы-графики and contracts (RGK) by region and day, or by registry number (soi.ts)
 *   GET  /dstore/common/download/compound?docRequestUid=…&compoundUid=…  (individualPerson_token) → the ZIP an answer links to
 *   POST /223/performance  (body: performanceContract XML, or JSON { xml, signature } — the package with its detached
 *                          GOST CMS signature, base64)                → { result: 'accepted', registration_number } | { result: 'rejected', reasons }
 *   POST /control/fail {count, mode: 'error'|'timeout', status?}      → fail the next `count` requests
 *   POST /control/soi {mode: errorInfo|noData|notReady|brokenZip|bomb|directErrorInfo|empty, count} → СОИ's own failures for the next `count` requests
 *   POST /control/soi-limit {per_minute, minute_ms}                    → the per-token request limit (code 13); per_minute null: none
 *   POST /control/soi-token {token, rejected}                          → a token ЕИС no longer knows (expired): code 5
 *   POST /control/signature {required}                                → refuse unsigned packages from now on (the default), or not
 *   POST /control/reset, GET /control/received                        → clear failures / list accepted packages
 */

export const DEMO_CUSTOMER: DemoCustomer = { inn: '0105123458', kpp: '010501001', ogrn: '1020100001239', name: 'АО «Демо-Заказчик»' };
/** The demo's 44-ФЗ customer, a budget institution, and its code in ЕИС's register of organisations (its планы-графики). */
export const DEMO_44_CUSTOMER: DemoCustomer = { inn: '0105123522', kpp: '010501001', ogrn: '1020100001272', name: 'ГБУ «Демо-Учреждение»' };
export const DEMO_44_REG_NUM = '20763000123';
/** The demo customer's own планы-графики (a company may buy under both laws), under its register code. */
export const DEMO_REG_NUM = '20763000100';
/** The year of the fake's планы-графики: the current one (published in December of the last). */
export const TENDER_PLAN_YEAR = new Date().getFullYear();

export interface FakeEis {
  url: string;
  port: number;
  /** Accepted execution packages, newest last. */
  received: Array<{ registrationNumber: string; contractRegNumber: string; xml: string; signed: boolean; signerSerial: string | null }>;
  /**
   * Refuse a package without a signature — true unless started with `signatures.allowUnsigned` (ЕИС accepts only
   * signed ones, see /223/performance); a signature that came is always verified.
   */
  requireSignature: boolean;
  requests: number;
  /** СОИ: the SOAP requests answered and the failure mode of the next ones. */
  soi: SoiState;
  fail(count: number, mode?: 'error' | 'timeout', status?: number): void;
  /** Requests answered with an injected failure (fail()) so far: what a test's outage actually did. */
  failuresServed: number;
  failSoi(mode: SoiFailure, count?: number): void;
  /** The per-token limit of requests a minute (null: none), and the minute's length for tests. */
  limitSoi(perMinute: number | null, minuteMs?: number): void;
  /** A token ЕИС no longer accepts (expired or revoked), or accepts again. */
  rejectToken(token: string, rejected?: boolean): void;
  /** ЕИС publishes one more document (a test's notice, protocol or contract): СОИ serves it from now on. */
  publish(entry: SoiEntry): void;
  /** Answers every СОИ request this much later (a slower ЕИС, so a test can watch an import's progress). */
  soiDelayMs: number;
  /**
   * Holds every СОИ request from now until `release()`: `reached` resolves when the first one is waiting, so a test
   * acts on an import known to be in the middle of a call to ЕИС instead of guessing how long one takes.
   */
  holdSoi(): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

const here = path.join(REPO_ROOT, 'tools/fake-eis');

/** The day a document went out in ЕИС (its publication, else its creation), as СОИ's exactDate selects it. */
const dayOf = (...dates: Array<string | null | undefined>) => dates.find(Boolean)?.slice(0, 10) ?? null;

function loadEntries(dataDir: string, customer: DemoCustomer): SoiEntry[] {
  const files = fs
    .readdirSync(dataDir)
    .filter((f) => f.endsWith('.xml'))
    .sort();
  // ЕИС names its files after the document type (purchaseNoticeIS_Moskva_20170316_…): a notice served under a type its
  // root does not tell (purchaseNoticeIS files carry the root purchaseNotice) goes by its file name
  const typeOfFile = new Map<string, string | undefined>(
    files.map((f) => [
      fs.readFileSync(path.join(dataDir, f), 'utf8'),
      EIS_NOTICE_TYPES.find((t) => f.startsWith(`${t.documentType}_`))?.documentType,
    ]),
  );
  const texts = [...typeOfFile.keys()];
  const past = demoRecords(customer);
  const current = currentYearRecords(customer);
  const notices = demoNotices(customer);
  for (const n of notices) typeOfFile.set(n.xml, n.documentType);
  const entries: SoiEntry[] = [];
  // 44-ФЗ планы-графики, by the day each version went out (tender-plan-samples.ts)
  for (const [c, regNum] of [
    [customer, DEMO_REG_NUM],
    [DEMO_44_CUSTOMER, DEMO_44_REG_NUM],
  ] as const) {
    for (const p of demoTenderPlans(c, regNum, TENDER_PLAN_YEAR))
      entries.push({ xml: p.xml, documentType: 'tenderPlan2020', customerInn: c.inn, contracts: [], day: p.day });
  }
  // 44-ФЗ notices and final protocols (PRIZ) of both customers' purchases (notice44-samples.ts), by the day each went out
  for (const [c, regNum] of [
    [customer, DEMO_REG_NUM],
    [DEMO_44_CUSTOMER, DEMO_44_REG_NUM],
  ] as const) {
    for (const n of demoNotices44(c, regNum, TENDER_PLAN_YEAR))
      entries.push({ xml: n.xml, documentType: n.documentType, customerInn: c.inn, contracts: [], day: n.day });
  }
  // 44-ФЗ register of contracts (RGK) of the demo institution: its contracts on its plan's positions (contract44-samples.ts)
  for (const d of demoContracts44(DEMO_44_CUSTOMER, DEMO_44_REG_NUM, TENDER_PLAN_YEAR))
    entries.push({
      xml: d.xml,
      documentType: d.documentType,
      customerInn: DEMO_44_CUSTOMER.inn,
      // by its register number too: the by-number request finds the contract, its executions and its cancel (soi.ts)
      contracts: [{ regNumber: d.regNum, date: null }],
      day: d.day,
      subsystem: 'RGK',
    });
  for (const xml of [...texts, ...past.contracts, ...past.plans, ...current.contracts, ...current.plans, ...notices.map((n) => n.xml)]) {
    try {
      const f = parseEisFile(Buffer.from(xml));
      if (f.kind === 'contracts') {
        entries.push({
          xml,
          documentType: 'contract',
          customerInn: f.contracts[0]?.customer?.inn ?? null,
          contracts: f.contracts.map((c) => ({ regNumber: c.registrationNumber, date: c.contractDate })),
          day: null,
        });
      } else if (f.kind === 'plan') {
        entries.push({
          xml,
          documentType: 'purchasePlan',
          customerInn: f.plan.customer?.inn ?? null,
          contracts: [],
          day: dayOf(f.plan.publicationDateTime, f.plan.createDateTime),
        });
      } else if (f.kind === 'tenderPlan') {
        entries.push({
          xml,
          documentType: 'tenderPlan2020',
          customerInn: f.tenderPlan.customer.inn,
          contracts: [],
          day: dayOf(f.tenderPlan.publishDate),
        });
      } else if (f.kind === 'notice') {
        // СОИ's document type of the root (purchaseNoticeAE94FZ is served as purchaseNoticeAE94: notice-types.ts)
        const documentType = typeOfFile.get(xml) ?? noticeDocumentTypeOf(f.notice.noticeType) ?? f.notice.noticeType;
        entries.push({
          xml,
          documentType,
          customerInn: f.notice.customer?.inn ?? null,
          contracts: [],
          day: dayOf(f.notice.publicationDateTime, f.notice.createDateTime),
        });
      } else if (f.kind === 'performance') {
        entries.push({
          xml,
          documentType: 'performanceContract',
          customerInn: f.performances[0]?.customer?.inn ?? null,
          contracts: [],
          day: null,
        });
      }
    } catch (e) {
      if (!isFormatError(e)) throw e; // broken samples (the empty one) are simply not served
    }
  }
  return entries;
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** ЕИС's answer to an unsigned execution package. */
export const UNSIGNED_REASON =
  'Документ не подписан усиленной квалифицированной электронной подписью лица, имеющего право действовать от имени заказчика';

export interface FakeEisSignatures {
  /** Trusted CAs for the signatures of execution packages (modules/signatures' SIGNATURE_TRUST_DIR format). */
  trustDir?: string;
  crlDir?: string;
  /**
   * Accept unsigned execution packages, which the real ЕИС never does: only for old tests that exercise the transport
   * (retries, outages) rather than the signature. Off by default.
   */
  allowUnsigned?: boolean;
}

/** `tls`: serve HTTPS with this key and certificate (as int.zakupki.gov.ru does), for the transport settings' tests. */
export async function startFakeEis(
  opts: {
    port?: number;
    host?: string;
    dataDir?: string;
    customer?: DemoCustomer;
    tls?: { key: string; cert: string };
    signatures?: FakeEisSignatures;
  } = {},
): Promise<FakeEis> {
  const entries = loadEntries(opts.dataDir ?? path.join(here, 'data'), opts.customer ?? DEMO_CUSTOMER);
  const knownContracts = new Set(entries.flatMap((e) => e.contracts.map((c) => c.regNumber)).filter(Boolean) as string[]);
  let failures = { count: 0, mode: 'error' as 'error' | 'timeout', status: 503 };
  const open = new Set<http.ServerResponse>();
  let soiGate: { arrived: () => void; released: Promise<void> } | null = null;

  let baseUrl = '';
  const soi = createSoi(entries, () => baseUrl);
  const state: Omit<FakeEis, 'url' | 'port' | 'close'> = {
    received: [],
    requireSignature: !opts.signatures?.allowUnsigned,
    requests: 0,
    failuresServed: 0,
    soi: soi.state,
    fail(count, mode = 'error', status = 503) {
      failures = { count, mode, status };
    },
    failSoi(mode, count = 1) {
      soi.state.failure = { mode, count };
    },
    limitSoi(perMinute, minuteMs = 60_000) {
      soi.state.limit = { perMinute, minuteMs };
    },
    publish(entry) {
      entries.push(entry);
      for (const c of entry.contracts) if (c.regNumber) knownContracts.add(c.regNumber);
    },
    rejectToken(token, rejected = true) {
      if (rejected) soi.state.rejectedTokens.add(token);
      else soi.state.rejectedTokens.delete(token);
    },
    soiDelayMs: 0,
    holdSoi() {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((r) => (arrived = r));
      const released = new Promise<void>((r) => (release = r));
      const gate = { arrived, released };
      soiGate = gate;
      return {
        reached,
        release: () => {
          if (soiGate === gate) soiGate = null;
          release();
        },
      };
    },
  };

  const handler: http.RequestListener = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    try {
      if (url.pathname === '/control/fail' && req.method === 'POST') {
        const b = JSON.parse((await readBody(req)).toString() || '{}') as { count?: number; mode?: 'error' | 'timeout'; status?: number };
        state.fail(b.count ?? 1, b.mode ?? 'error', b.status ?? 503);
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/control/soi' && req.method === 'POST') {
        const b = JSON.parse((await readBody(req)).toString() || '{}') as { count?: number; mode?: SoiFailure };
        if (b.mode) state.failSoi(b.mode, b.count ?? 1);
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/control/soi-limit' && req.method === 'POST') {
        const b = JSON.parse((await readBody(req)).toString() || '{}') as { per_minute?: number | null; minute_ms?: number };
        state.limitSoi(b.per_minute ?? null, b.minute_ms ?? 60_000);
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/control/soi-token' && req.method === 'POST') {
        const b = JSON.parse((await readBody(req)).toString() || '{}') as { token?: string; rejected?: boolean };
        if (b.token) state.rejectToken(b.token, b.rejected ?? true);
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/control/reset' && req.method === 'POST') {
        state.fail(0);
        soi.state.failure = { mode: null, count: 0 };
        soi.state.rejectedTokens.clear();
        soi.state.limit = { perMinute: null, minuteMs: 60_000 };
        state.soiDelayMs = 0;
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/control/signature' && req.method === 'POST') {
        const b = JSON.parse((await readBody(req)).toString() || '{}') as { required?: boolean };
        state.requireSignature = b.required ?? true;
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/control/received') return json(res, 200, state.received);
      state.requests++;
      if (failures.count > 0) {
        failures.count--;
        state.failuresServed++;
        if (failures.mode === 'timeout') {
          open.add(res); // never answered: the caller's timeout must fire
          res.on('close', () => open.delete(res));
          return;
        }
        return json(res, failures.status, { error: 'Сервис ЕИС временно недоступен' });
      }
      if (url.pathname === '/eis-integration/services/getDocsIP' && req.method === 'POST') {
        const [status, body] = soi.handle((await readBody(req)).toString('utf8'));
        const gate = soiGate;
        if (gate) {
          gate.arrived();
          await gate.released;
        }
        if (state.soiDelayMs) await new Promise((r) => setTimeout(r, state.soiDelayMs));
        res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
        return res.end(body);
      }
      // ЕИС's file store, as the archive links of its answers name it (sources in soi.ts)
      const compound = url.searchParams.get('compoundUid');
      if (url.pathname === '/dstore/common/download/compound' && compound && req.method === 'GET') {
        const token = req.headers['individualperson_token'];
        const [status, body] = soi.archive(compound, Array.isArray(token) ? token[0] : token);
        res.writeHead(status, {
          'content-type': status === 200 ? 'application/zip' : 'text/plain; charset=utf-8',
          'content-length': body.length,
        });
        return res.end(body);
      }
      if (url.pathname === '/223/performance' && req.method === 'POST') {
        const raw = await readBody(req);
        let body = raw;
        let signerSerial: string | null = null;
        const signed = /application\/json/.test(req.headers['content-type'] ?? '');
        if (signed) {
          const p = JSON.parse(raw.toString('utf8')) as { xml?: string; signature?: string };
          body = Buffer.from(p.xml ?? '', 'utf8');
          // ЕИС takes a document only signed by the ЭП of a person authorised for the customer (Правила
          // функционирования ЕИС, ПП РФ от 23.12.2015 № 1414, xn--80aafg4awbfege9o.xn--p1ai/zakon/amp/
          // postanovlenie-pravitelstvo-rf-1414-23122015; «без ЭП нельзя опубликовать ни один документ в ЕИС»,
          // arganabio.ru/registracziya-novogo-sertifikata-v-eis-instrukcziya): the signature is checked against the
          // package's exact bytes and the certificate's chain, with the same OpenSSL/gost check as modules/signatures
          const v = await verifyCms(p.signature ?? '', body, { trustDir: opts.signatures?.trustDir, crlDir: opts.signatures?.crlDir });
          if (!v.valid)
            return json(res, 200, { result: 'rejected', reasons: [`Электронная подпись пакета не прошла проверку: ${v.reason}`] });
          signerSerial = v.signer?.serial ?? null;
        } else if (state.requireSignature) {
          // an unsigned package is refused: the customer sends the information and documents of the register of
          // contracts «в электронном виде и подписанные с использованием усиленной квалифицированной электронной
          // подписи лица, имеющего право действовать от имени заказчика» (Правила ведения реестра договоров, ПП РФ от
          // 31.10.2014 № 1132, п. 5; kadis.org/useful-materials/goryachiye-novosti/o-poryadke-vedeniya-reestra-
          // dogovorov-zaklyuchennykh-po-rezultatam-zakupki; the text: geostart.ru/doc/read/418)
          return json(res, 200, { result: 'rejected', reasons: [UNSIGNED_REASON] });
        }
        let contractRegNumber: string | null = null;
        try {
          const f = parseEisFile(body);
          if (f.kind !== 'performance')
            return json(res, 200, {
              result: 'rejected',
              reasons: ['Пакет не является сведениями об исполнении договора (performanceContract)'],
            });
          contractRegNumber = f.performances[0]?.contractRegistrationNumber ?? null;
        } catch (e) {
          return json(res, 200, { result: 'rejected', reasons: [isFormatError(e) ? e.message : 'Пакет не разобран'] });
        }
        if (!contractRegNumber || !knownContracts.has(contractRegNumber)) {
          return json(res, 200, {
            result: 'rejected',
            reasons: [`Договор с реестровым номером ${contractRegNumber ?? '(не указан)'} не найден в реестре договоров`],
          });
        }
        const registrationNumber = `${contractRegNumber.slice(0, 19)}${String(randomInt(1000, 9999))}`;
        state.received.push({ registrationNumber, contractRegNumber, xml: body.toString('utf8'), signed, signerSerial });
        return json(res, 200, { result: 'accepted', registration_number: registrationNumber });
      }
      return json(res, 404, { error: 'not found' });
    } catch (e) {
      return json(res, 500, { error: String(e) });
    }
  };
  const server = opts.tls ? https.createServer(opts.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  baseUrl = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return Object.assign(state, {
    url: baseUrl,
    port,
    async close() {
      for (const r of open) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
