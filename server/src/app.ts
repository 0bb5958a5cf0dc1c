import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, runMigrations, type Database } from './db/client';
import { createJobs } from './platform/jobs';
import { createRealtime } from './platform/realtime';
import { forgetUsers } from './platform/session-cache';
import { createMailer } from './platform/mail';
import { directoryStore } from './platform/files';
import { installErrorHandler, errorBody, refuseBadUrl, refuseClientError } from './platform/errors';
import { ERROR_TEXT } from '@proc/contract';
import { bearer, liveSessionIds, userByToken } from './platform/auth';
import { createAdapterFactory } from './platform/scale';
import { reportError, initErrorReporting } from './platform/sentry';
import type { Deps } from './platform/context';
import type { App } from './platform/module';
import { MODULES } from './modules';
import { collectRoutes, installReadOnlyGuard, type RouteEntry } from './platform/route-table';
import { installSecurityHeaders } from './platform/security-headers';
import { installAuthRateLimits } from './platform/rate-limit';
import { trustRule } from './platform/client-ip';
import { loggerOptions } from './platform/logging';
import { installInputGuard } from './platform/input-guard';
import { installIdempotency } from './platform/idempotency';
import { closeParsePool } from './formats';

export interface Server {
  app: App;
  deps: Deps;
  /** Every route of the app (method + full url), collected as registered; security tests walk it. */
  routes: RouteEntry[];
  /** Listens on the configured port (0 = any free one); returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** Reuse an open database (tests share one PGlite between restarts of the app). */
  database?: Database;
  /** Whether this process runs job workers (default: config.JOBS_ENABLED). */
  work?: boolean;
  /** Where log lines go instead of stdout (tests read what was logged). */
  logStream?: import('node:stream').Writable;
}

export async function buildServer(config: Config, opts: BuildOptions = {}): Promise<Server> {
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, opts.logStream, config.LOG_FORMAT),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: trustRule(config.TRUST_PROXY),
    // a path that is not valid percent-encoded UTF-8 (`%FF`, a lone surrogate's bytes): refused in Russian as well
    frameworkErrors: refuseBadUrl,
    clientErrorHandler: refuseClientError,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  initErrorReporting(config);
  installErrorHandler(app, reportError);
  // before any route is registered, so the table is complete
  const routes = collectRoutes(app);

  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
      dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
      sharedBuffers: config.PGLITE_SHARED_BUFFERS,
      inWorker: config.EMBEDDED_DB === 'pglite-worker',
    }));
  const ownsDatabase = !opts.database;
  await runMigrations(database);

  const jobs = createJobs(database, app.log, {
    expireInSeconds: config.JOB_EXPIRE_SECONDS,
    singleNode: config.DATABASE_SINGLE_NODE,
    fairShare: config.FAIR_SHARE,
  });
  const realtime = createRealtime(app.log, createAdapterFactory(config, database, app.log), () => forgetUsers(database.db));
  const deps: Deps = {
    config,
    database,
    db: database.db,
    jobs,
    realtime,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      log: app.log,
    }),
    files: directoryStore(path.join(config.DATA_DIR, 'files')),
  };

  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    const token = bearer(req);
    req.user = token ? await userByToken(database.db, token, config.SESSION_IDLE_HOURS) : null;
  });
  installSecurityHeaders(app, config);
  installAuthRateLimits(app, deps);
  installReadOnlyGuard(app);
  installInputGuard(app);
  installIdempotency(app, deps);

  await app.register(fastifyMultipart, { limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 5 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Система автоматизации закупок — API', version: '1.0.0' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.get('/health', async () => ({ ok: true, database: database.kind }));
      // what the browser needs to know of this deployment; nothing secret
      api.get('/config', async () => ({
        apiUrl: config.API_URL,
        sentryDsn: config.SENTRY_DSN ?? null,
        chatWidgetUrl: config.CHAT_WIDGET_URL ?? null,
        analytics: config.ANALYTICS_ENABLED,
        supportEmail: config.SUPPORT_EMAIL,
        supportPhones: config.SUPPORT_PHONES.split(',')
          .map((p) => p.trim())
          .filter(Boolean),
        clientUrl: config.CLIENT_URL,
      }));
      for (const m of MODULES) await m.routes?.(api as App, deps);
    },
    { prefix: '/api' },
  );
  for (const m of MODULES) m.jobs?.(deps);
  for (const m of MODULES) m.socket?.(deps);

  const hasWeb = fs.existsSync(path.join(config.WEB_DIST, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: config.WEB_DIST, wildcard: false, index: false, maxAge: '1h' });
  const indexHtml = hasWeb ? fs.readFileSync(path.join(config.WEB_DIST, 'index.html'), 'utf8') : null;
  // history fallback: a GET outside /api and /socket.io that is no file gets the SPA
  app.setNotFoundHandler((req, reply) => {
    if (indexHtml && req.method === 'GET' && !req.url.startsWith('/api') && !req.url.startsWith('/socket.io')) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send(errorBody('NOT_FOUND', ERROR_TEXT.NOT_FOUND));
  });

  await app.ready();
  for (const m of MODULES) await m.seed?.(deps);
  await jobs.start({ work: opts.work ?? config.JOBS_ENABLED });
  for (const m of MODULES) await m.started?.(deps);

  let listening = false;
  return {
    app,
    deps,
    routes,
    async listen() {
      await realtime.attach(app.server, (token) => userByToken(database.db, token, config.SESSION_IDLE_HOURS), {
        liveSessions: (ids) => liveSessionIds(database.db, ids, config.SESSION_IDLE_HOURS),
        checkEveryMs: config.SESSION_SOCKET_CHECK_SECONDS * 1000,
      });
      await app.listen({ port: config.PORT, host: config.HOST });
      listening = true;
      const port = (app.server.address() as { port: number }).port;
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      await realtime.close();
      await jobs.stop().catch(() => undefined);
      if (listening) await app.close();
      else await app.close();
      if (ownsDatabase) {
        await closeParsePool();
        await database.close();
      }
    },
  };
}
