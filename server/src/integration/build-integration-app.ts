import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callEis, EisUnavailable } from './eis-client';
import { loggerOptions } from '../platform/logging';

/**
 * The integration service: the only process that talks to ЕИС. It returns the raw XML files; the main server parses
 * them with server/src/formats (one place for parsing). ЕИС outages answer 502/504 with { code, message, http_status }.
 */

export interface IntegrationOptions {
  eisUrl: string;
  timeoutMs?: number;
  logLevel?: string;
}

const inn = z.string().regex(/^\d{10}(\d{2})?$/);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export async function buildIntegrationApp(opts: IntegrationOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(opts.logLevel ?? 'info'), bodyLimit: 20 * 1024 * 1024 });
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const eis = <T>(p: string, init: RequestInit = {}) => callEis<T>(opts.eisUrl, p, { ...init, timeoutMs });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof EisUnavailable) {
      const status = err.httpStatus === null ? 504 : 502;
      return reply.status(status).send({ code: 'EIS_UNAVAILABLE', message: err.message, http_status: err.httpStatus });
    }
    if (err instanceof z.ZodError) return reply.status(400).send({ code: 'VALIDATION', message: err.issues[0]?.message ?? 'Некорректный запрос' });
    return reply.status(500).send({ code: 'INTERNAL', message: 'Внутренняя ошибка сервиса интеграции' });
  });

  app.get('/health', async () => ({ ok: true }));

  app.get('/eis/plans', async (req) => {
    const q = z.object({ customer_inn: inn }).parse(req.query);
    const r = await eis<{ files: string[] }>(`/223/plans?customer_inn=${q.customer_inn}`);
    return { files: r.body.files ?? [] };
  });

  app.get('/eis/contracts', async (req, reply) => {
    const q = z
      .object({ customer_inn: inn, date_from: isoDate.optional(), date_to: isoDate.optional(), registry_number: z.string().regex(/^\d{23}$/).optional() })
      .parse(req.query);
    if (q.registry_number) {
      const r = await eis<{ files?: string[]; error?: string }>(`/223/contracts/${q.registry_number}`);
      if (r.status === 404) return reply.status(404).send({ code: 'NOT_FOUND', message: r.body.error ?? 'Договор не найден в ЕИС' });
      return { files: r.body.files ?? [] };
    }
    const params = new URLSearchParams({ customer_inn: q.customer_inn, ...(q.date_from ? { date_from: q.date_from } : {}), ...(q.date_to ? { date_to: q.date_to } : {}) });
    const r = await eis<{ files: string[] }>(`/223/contracts?${params}`);
    return { files: r.body.files ?? [] };
  });

  app.post('/eis/performance', async (req) => {
    const b = z.object({ xml: z.string().min(1) }).parse(req.body);
    const r = await eis<{ result: 'accepted' | 'rejected'; registration_number?: string; reasons?: string[] }>('/223/performance', {
      method: 'POST',
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: b.xml,
    });
    return r.body.result === 'accepted'
      ? { result: 'accepted', registration_number: r.body.registration_number ?? null }
      : { result: 'rejected', reasons: r.body.reasons ?? ['ЕИС отклонила пакет'] };
  });

  await app.ready();
  return app;
}
