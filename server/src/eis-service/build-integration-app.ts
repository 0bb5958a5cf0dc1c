import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callEis, EisUnavailable } from './eis-client';
import { CONTRACT_REGISTRY_NUMBER, EIS_DOCUMENT_TYPES, is44RegistryNumber } from '@proc/contract';
import { SoiBusy, SoiError, soiByOrgRegion, soiByReestrNumber, type SoiOptions } from './soi/client';
import { SOI_DOCUMENTS } from './soi/envelope';
import { createSoiLimiter } from './soi/limiter';
import { loggerOptions } from '../platform/logging';
import { createTransport, type TransportSettings } from './transport';
import { callerAuth } from './caller-auth';
import { moscowToday, previousDay } from '../platform/clock';
import { formatRuDate } from '../modules/deadlines/iso-date';

/**
 * The integration service: the only process that talks to ЕИС. It returns the raw XML files; the main server parses
 * them with server/src/formats (one place for parsing). ЕИС outages answer 502/504 with { code, message, http_status }.
 */

export interface IntegrationOptions {
  eisUrl: string;
  /** The person's token ЕИС issued for its СОИ (EIS_TOKEN); without one ЕИС answers every request with an error. */
  token?: string;
  /** Whether `token` answers for a caller without a token of its own (EIS_TOKEN_FALLBACK, off by default). */
  tokenFallback?: boolean;
  timeoutMs?: number;
  logLevel?: string;
  logFormat?: 'pretty' | 'json';
  /** How long to wait before asking again for an archive ЕИС has not put together yet. */
  archiveRetryMs?: number;
  /** INTEGRATION_SECRET: every route but /health answers only a caller that presents it. */
  secret: string;
  /** EIS_CA_FILE and EIS_PROXY_URL; a file or address that cannot work fails the build (TransportSettingsError). */
  transport?: TransportSettings;
  /** EIS_REQUESTS_PER_MINUTE: the budget of СОИ requests per token (default 90). */
  requestsPerMinute?: number;
  /** The length of the budget's «minute» (tests shorten it; ЕИС's is 60 s). */
  minuteMs?: number;
}

const inn = z.string().regex(/^\d{10}(\d{2})?$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export async function buildIntegrationApp(opts: IntegrationOptions): Promise<FastifyInstance> {
  const authenticate = callerAuth(opts.secret);
  const dispatcher = createTransport(opts.transport);
  const app = Fastify({ logger: loggerOptions(opts.logLevel ?? 'info', undefined, opts.logFormat), bodyLimit: 20 * 1024 * 1024 });
  app.addHook('onRequest', authenticate);
  app.addHook('onClose', async () => dispatcher.close());
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const eis = <T>(p: string, init: RequestInit = {}) => callEis<T>(opts.eisUrl, p, { ...init, timeoutMs, dispatcher });
  // one budget per token for every call this process makes: it is the only process that talks to ЕИС (limiter.ts)
  const limiter = createSoiLimiter(opts.requestsPerMinute ?? 90, opts.minuteMs ?? 60_000);
  const soi: SoiOptions = {
    baseUrl: opts.eisUrl,
    token: opts.token ?? '',
    timeoutMs,
    archiveRetryMs: opts.archiveRetryMs,
    dispatcher,
    limiter,
  };

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof EisUnavailable || err instanceof SoiError)
      req.log.warn({ url: req.url, err: err.message }, 'ЕИС не ответила документами');
    // the token's budget has no slot within the caller's wait: when to ask again (a job gives its worker back meanwhile)
    if (err instanceof SoiBusy)
      return reply
        .status(429)
        .header('retry-after', String(Math.ceil(err.retryAfterMs / 1000)))
        .send({ code: 'EIS_RATE_LIMITED', message: err.message, retry_after_ms: err.retryAfterMs });
    if (err instanceof EisUnavailable) {
      const status = err.httpStatus === null ? 504 : 502;
      return reply.status(status).send({ code: 'EIS_UNAVAILABLE', message: err.message, http_status: err.httpStatus });
    }
    // ЕИС's own refusal (errorInfo, a fault, a bad archive): said as it is, not retried; a refused token is named as such
    if (err instanceof SoiError)
      return reply
        .status(422)
        .send({ code: err.tokenRejected ? 'EIS_TOKEN_REJECTED' : 'EIS_ERROR', message: err.message, eis_code: err.code });
    if (err instanceof z.ZodError)
      return reply.status(400).send({ code: 'VALIDATION', message: err.issues[0]?.message ?? 'Некорректный запрос' });
    req.log.error({ err, url: req.url }, 'integration request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Внутренняя ошибка сервиса интеграции' });
  });

  app.get('/health', async () => ({ ok: true }));

  // СОИ answers by registry number, or by region, day and document type; the main server walks the days of a period
  // and keeps only the company's own documents
  /** The caller's own token (a company's, from its ЕИС settings); the service's EIS_TOKEN only with EIS_TOKEN_FALLBACK. */
  const soiFor = (req: { headers: Record<string, string | string[] | undefined> }, maxWaitMs?: number): SoiOptions => {
    const own = req.headers['x-eis-token'];
    return { ...soi, maxWaitMs, token: (Array.isArray(own) ? own[0] : own) || (opts.tokenFallback ? soi.token : '') };
  };
  /** max_wait_ms: how long the caller may wait for the token's next request slot (none: as long as it takes). */
  const maxWait = z.coerce.number().int().min(0).max(600_000).optional();
  /** «Проверить подключение» answers at once: a user is not kept waiting for the token's next slot. */
  const CHECK_WAIT_MS = 1_000;
  const region = z
    .string()
    .regex(/^\d{2}$/)
    .optional();
  const tokenMissing = { code: 'EIS_TOKEN_MISSING', message: 'Не задан токен доступа к ЕИС: укажите его в настройках ЕИС организации' };
  // the tax office code that opens the ИНН is the region's code for ordinary customers
  const regionOf = (q: { customer_inn: string; org_region?: string }) => q.org_region ?? q.customer_inn.slice(0, 2);

  // the number names its register: 23 digits RD223, 19 digits RGK (CONTRACT_REGISTRY_NUMBER); getDocsByReestrNumberRequest
  // takes either subsystem (its subsystemType is commonSubsystemType, getDocsIP-ws-api.xsd 14.1 in
  // rezident1989/portal44_xml; a public Python client asks <subsystemType>RGK</subsystemType> with a 19-digit
  // <reestrNumber>, find_string id 2900812807), and answers with every document under the number: for RGK the
  // contract's versions, its executions (contractProcedure) and its cancel
  app.get('/eis/contracts', async (req, reply) => {
    const q = z
      .object({ customer_inn: inn, registry_number: z.string().regex(CONTRACT_REGISTRY_NUMBER), max_wait_ms: maxWait })
      .parse(req.query);
    const o = soiFor(req, q.max_wait_ms);
    if (!o.token) return reply.status(422).send(tokenMissing);
    const is44 = is44RegistryNumber(q.registry_number);
    const subsystemType = (is44 ? SOI_DOCUMENTS.contract44 : SOI_DOCUMENTS.contract).subsystemType;
    const files = await soiByReestrNumber(o, { subsystemType, reestrNumber: q.registry_number });
    if (!files.length)
      return reply.status(404).send({
        code: 'NOT_FOUND',
        message: is44 ? 'Контракт не найден в реестре контрактов ЕИС (44-ФЗ)' : 'Договор не найден в реестре договоров ЕИС',
      });
    return { files };
  });

  // a period import asks for hundreds of days: each request is not worth a log line, what went wrong is
  app.get('/eis/documents', { logLevel: 'warn' }, async (req, reply) => {
    const q = z
      .object({ customer_inn: inn, org_region: region, type: z.enum(EIS_DOCUMENT_TYPES), day: isoDate, max_wait_ms: maxWait })
      .parse(req.query);
    const o = soiFor(req, q.max_wait_ms);
    if (!o.token) return reply.status(422).send(tokenMissing);
    const docs: { subsystemType: string; documentTypes: readonly string[]; law?: '44' } = SOI_DOCUMENTS[q.type];
    const files: string[] = [];
    // only the day's first request may send the caller away: once it is answered, the day's other types (a notice's
    // dozens) follow at the token's pace, or every return would spend the budget on the same first requests again
    for (const [i, documentType223] of docs.documentTypes.entries())
      files.push(
        ...(await soiByOrgRegion(i === 0 ? o : { ...o, maxWaitMs: undefined }, {
          orgRegion: regionOf(q),
          subsystemType: docs.subsystemType,
          documentType223,
          law: docs.law,
          exactDate: q.day,
        })),
      );
    return { files };
  });

  // «Проверить подключение»: one real request (yesterday's contracts of the region, yesterday in Moscow as ЕИС
  // counts days) and what ЕИС answered
  app.get('/eis/check', async (req) => {
    const q = z.object({ customer_inn: inn, org_region: region }).parse(req.query);
    const o = soiFor(req, CHECK_WAIT_MS);
    if (!o.token) return { ok: false, message: tokenMissing.message };
    const yesterday = previousDay(moscowToday());
    const orgRegion = regionOf(q);
    try {
      const files = await soiByOrgRegion(o, {
        orgRegion,
        subsystemType: SOI_DOCUMENTS.contract.subsystemType,
        documentType223: 'contract',
        exactDate: yesterday,
      });
      const day = formatRuDate(yesterday);
      return {
        ok: true,
        message: files.length
          ? `ЕИС ответила: договоров региона ${orgRegion} за ${day} — ${files.length} файл(ов)`
          : `ЕИС ответила: договоров региона ${orgRegion} за ${day} нет (noData) — подключение работает`,
      };
    } catch (e) {
      if (e instanceof SoiBusy) return { ok: false, message: e.message, retry_after: Math.max(1, Math.ceil(e.retryAfterMs / 1000)) };
      if (e instanceof SoiError) return { ok: false, message: e.message, ...(e.tokenRejected ? { token_rejected: true } : {}) };
      if (e instanceof EisUnavailable) return { ok: false, message: e.message };
      throw e;
    }
  });

  app.post('/eis/performance', async (req) => {
    const b = z.object({ xml: z.string().min(1), signature: z.string().min(1).optional() }).parse(req.body);
    // a signed package goes with its detached signature (the signed bytes are the XML's UTF-8 exactly)
    const r = await eis<{ result: 'accepted' | 'rejected'; registration_number?: string; reasons?: string[] }>(
      '/223/performance',
      b.signature
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: JSON.stringify({ xml: b.xml, signature: b.signature }),
          }
        : { method: 'POST', headers: { 'content-type': 'application/xml; charset=utf-8' }, body: b.xml },
    );
    return r.body.result === 'accepted'
      ? { result: 'accepted', registration_number: r.body.registration_number ?? null }
      : { result: 'rejected', reasons: r.body.reasons ?? ['ЕИС отклонила пакет'] };
  });

  await app.ready();
  return app;
}
