import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import { russianIssue } from '@proc/contract/zod-russian';
import { REPO_ROOT } from './paths';

export { REPO_ROOT };

const bool = z.union([z.boolean(), z.string()]).transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

/** An existing folder, or unset (an empty value is unset). */
const dirPath = z
  .string()
  .transform((v) => v.trim())
  .refine((v) => v === '' || (fs.existsSync(v) && fs.statSync(v).isDirectory()), 'папка не найдена')
  .transform((v) => (v === '' ? undefined : path.resolve(v)));

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback unless set: a server behind a proxy on the same host needs no more, and a demo is not open to a network. */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public address of the web client (links in e-mails, CORS). */
  CLIENT_URL: z.string().url().default('http://localhost:3000'),
  /** Address the browser calls for the API; same origin by default. */
  API_URL: z.string().default('/api'),
  /** The separate integration (ЕИС) service; by default on PORT+1 (see sidePorts). */
  INTEGRATION_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The secret the main server sends the integration service on every call (and the service requires): anyone who can
   * reach the service must not use the provider's ЕИС token or send records. `npm start` makes one for the pair it runs.
   */
  INTEGRATION_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'не короче 16 символов').optional()),
  /** Interface the integration service listens on: only this machine by default (the main server is its one caller). */
  INTEGRATION_HOST: z
    .string()
    .default('127.0.0.1')
    .refine(
      (h) =>
        z.ipv4().safeParse(h).success ||
        z.ipv6().safeParse(h).success ||
        /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(h),
      'IP-адрес или имя хоста',
    ),
  /** Port of the integration service; by default the port of INTEGRATION_API_URL. */
  INTEGRATION_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** ЕИС address used by the integration service; by default the local fake on PORT+2. */
  EIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Extra trusted CA certificates (PEM or DER) for ЕИС's HTTPS, added to Node's own: the Russian Trusted Root CA of
   * Минцифры that ЕИС's certificate chains to is not in Node's bundle.
   */
  EIS_CA_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * How the integration service reaches ЕИС when not directly: http(s)://host:port — an HTTP(S) proxy (CONNECT for
   * https); tunnel://host:port — a local TLS tunnel (stunnel with a GOST engine) that takes plain HTTP and does the TLS.
   */
  EIS_PROXY_URL: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = v?.trim();
      if (!s) return undefined;
      let u: URL | null = null;
      try {
        u = new URL(s);
      } catch {
        // reported below
      }
      if (!u || !['http:', 'https:', 'tunnel:'].includes(u.protocol) || !u.hostname || (u.protocol === 'tunnel:' && !u.port)) {
        ctx.addIssue({ code: 'custom', message: 'адрес прокси http://хост:порт или https://хост:порт, либо туннеля tunnel://хост:порт' });
        return z.NEVER;
      }
      return s;
    }),
  /**
   * Whether the integration service may ask ЕИС with its own EIS_TOKEN for a company that has no token of its own. Off
   * by default: a tenant asks ЕИС only as the person who gave its token, never as the provider.
   */
  EIS_TOKEN_FALLBACK: bool.default(false),
  /**
   * СОИ requests one token may make a minute (ЕИС answers more with errorInfo code 13): the integration service paces
   * every call with a token to it, and the import dialog estimates a period's time from it.
   */
  EIS_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(90),
  /**
   * How long an import job waits in its worker for its token's next request slot; a longer wait gives the worker back
   * and the job comes back at that time (platform/jobs.ts JobDeferred). 0: never given back (waits in the worker, as
   * the first version did; only to measure).
   */
  EIS_BUDGET_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /** The integration service's own person's token for СОИ (individualPerson_token): used only with EIS_TOKEN_FALLBACK. */
  EIS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** How long the integration service waits for one answer of ЕИС, in milliseconds. */
  EIS_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int('целое число миллисекунд')
      .min(100, 'не меньше 100 мс')
      .max(600_000, 'не больше 600 000 мс (10 минут)')
      .default(10_000),
  ),
  /** DaData-compatible company lookup (findById/party). */
  COMPANY_LOOKUP_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  COMPANY_LOOKUP_KEY: z.string().optional(),
  SENTRY_DSN: z.string().optional(),
  CHAT_WIDGET_URL: z.string().optional(),
  ANALYTICS_ENABLED: bool.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Система автоматизации закупок <noreply@localhost>'),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z.string().optional(),
  /** Connections of this server to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /**
   * The hot reads prepared by name on each connection (db/prepared.ts). Off behind a pooler that
   * hands a session's statements to other connections (PgBouncer in transaction mode without prepared-statement support).
   */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  /** Without DATABASE_URL: PGlite in the server's own thread, or in a worker thread (bench/embedded-db.ts compares them). */
  EMBEDDED_DB: z
    .enum(['pglite', 'pglite-worker', 'postgres'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** shared_buffers of the embedded database (see db/client.ts); PostgreSQL's own default is 128MB. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'например 32MB')
    .default('32MB'),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log lines: pretty (readable) or json; unset — pretty on a terminal, json otherwise (platform/logging.ts). */
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pretty', 'json'], 'pretty или json').optional()),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** File storage of a company without a tariff, in MiB (a tariff's storage_mb governs otherwise); 0 — unlimited. */
  STORAGE_DEFAULT_MB: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  /**
   * The fair share of the job queues and the per-user/per-company limits of the expensive routes (docs/security.md «Fair share»).
   * `false` turns them off — jobs in order of arrival, no caps, no limits — only to measure what they cost
   * (bench/throughput.ts); never on a server with more than one company.
   */
  FAIR_SHARE: bool.default(true),
  /** Days a deleted or replaced file stays in the files folder before the retention job removes it. */
  FILE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 14),
  /** A session unused for this long ends (a stolen token is worth less). */
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(8),
  /** How often the socket server drops the sockets of sessions that expired (idle, TTL) or ended elsewhere. */
  SESSION_SOCKET_CHECK_SECONDS: z.coerce.number().positive().default(60),
  /**
   * Which proxies' X-Forwarded-For to believe when finding the client's IP (rate limits, sessions list): off by default
   * (the socket's address); a hop count (`1` behind one nginx) or a list of proxy addresses/CIDRs (`127.0.0.1,10.0.0.0/8`).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const s = v?.trim() ?? '';
      if (s === '' || s === 'false' || s === '0') return false;
      if (/^\d+$/.test(s)) return Number(s);
      const list = s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (list.some((x) => !/^[\da-fA-F.:]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/.test(x))) {
        ctx.addIssue({ code: 'custom', message: 'число прокси или список адресов/подсетей через запятую' });
        return z.NEVER;
      }
      return list;
    }),
  DEMO_DATA: bool.default(true),
  /** With DEMO_DATA: the demo customer's contracts, УПД, payments, an execution record and a report, made on first start through the ЕИС import path. */
  DEMO_CONTRACTS: bool.default(true),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'web/dist')),
  /** Key for secrets stored in the database (ЕИС passwords); generated into DATA_DIR when absent. */
  SECRET_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).optional()),
  JOBS_ENABLED: bool.default(true),
  /**
   * After how long a running ЕИС import or report job counts as lost and is run again (by any node, PostgreSQL). On the
   * embedded database the jobs of a process that died are run again at the next start, without waiting.
   */
  JOB_EXPIRE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(23 * 3600)
    .default(300),
  /**
   * The database belongs to this one server (the embedded PostgreSQL `npm start` runs): a job still active when the
   * server starts was being run by a server that died, and goes back to the queue at once instead of after its expiry.
   */
  DATABASE_SINGLE_NODE: bool.default(false),
  /**
   * Qualified signatures (modules/signatures): the trusted roots and intermediate CAs (PEM or DER files: Минцифры's
   * root and the accredited CAs) and the CA revocation lists (.crl); by default DATA_DIR/signatures/trust and …/crl.
   */
  SIGNATURE_TRUST_DIR: dirPath.optional(),
  SIGNATURE_CRL_DIR: dirPath.optional(),
  /**
   * The CryptoPro Browser plug-in's loader, cadesplugin_api.js, from where the vendor publishes it (its licence does
   * not allow bundling it); the page loads it on the signing screens.
   */
  CADESPLUGIN_API_URL: z.string().url().default('https://www.cryptopro.ru/sites/default/files/products/cades/cadesplugin_api.js'),
  SUPPORT_EMAIL: z.string().default('support@zakupki-auto.ru'),
  SUPPORT_PHONES: z.string().default('8 800 555-35-35,+7 495 123-45-67'),

  // `npm start` (tools/start.mjs) only
  /** Port of the embedded PostgreSQL (127.0.0.1 only); PORT+3 by default. */
  EMBEDDED_PG_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  /** Extra settings of the embedded PostgreSQL, space-separated name=value. */
  EMBEDDED_PG_SETTINGS: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(/\s+/)
          .filter(Boolean)
          .every((x) => /^[a-z_.]+=\S+$/i.test(x)),
      'настройки через пробел в виде имя=значение',
    ),
  /** Processes started beside the server, comma-separated source files; by default the fake ЕИС and the integration service without DATABASE_URL and EIS_URL. */
  START_EXTRA: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),

  // the fake ЕИС (tools/fake-eis/main.ts), for development and the demo
  /** Its port; by default the port of EIS_URL. */
  FAKE_EIS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** Where it keeps what it was sent; in memory when unset. */
  FAKE_EIS_DATA: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Its trusted CAs and revocation lists for signed records; by default SIGNATURE_TRUST_DIR / SIGNATURE_CRL_DIR. */
  FAKE_EIS_TRUST_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  FAKE_EIS_CRL_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** ЕИС refuses an unsigned execution record; `true` lets the fake take one (only for tests of the transport). */
  FAKE_EIS_ALLOW_UNSIGNED: bool.default(false),
  /** The DaData fake's port (tools/fake-dadata.ts run by itself). */
  FAKE_DADATA_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3003)),
});

/** Every environment variable a process of this project reads (the .env.example test checks the file names them all). */
export const CONFIG_KEYS = Object.keys(ConfigSchema.shape);

export type Config = z.infer<typeof ConfigSchema> & { INTEGRATION_API_URL: string; EIS_URL: string };

/** The environment checked against the schema, without the defaults derived from PORT; a Russian error names each bad key. */
export function readEnv(env: Record<string, string | undefined> = process.env): z.infer<typeof ConfigSchema> {
  const parsed = ConfigSchema.safeParse(env, { error: russianIssue });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Неверные настройки (переменные окружения):\n${lines}`);
  }
  return parsed.data;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const merged = { ...readEnv(env), ...overrides };
  const side = sidePorts(merged.PORT);
  return {
    ...merged,
    INTEGRATION_API_URL: merged.INTEGRATION_API_URL ?? `http://127.0.0.1:${side.integration}`,
    EIS_URL: merged.EIS_URL ?? `http://127.0.0.1:${side.eis}`,
  };
}

/**
 * The ports of the processes `npm start` runs beside the server, from PORT alone (PORT+1, PORT+2), so a second instance
 * needs nothing but another PORT and DATA_DIR. PORT 0 (any free port, tests) keeps the classic 3001/3002.
 */
export function sidePorts(port: number): { integration: number; eis: number } {
  return port > 0 && port < 65534 ? { integration: port + 1, eis: port + 2 } : { integration: 3001, eis: 3002 };
}
