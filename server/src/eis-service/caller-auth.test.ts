/**
 * The integration service answers only the main server: over HTTP, a call without INTEGRATION_SECRET or with a wrong
 * one is refused (401, Russian), the right one goes through, the main server's gateway sends it. The service as its own
 * process (main.ts): listens on 127.0.0.1 only by default, and will not start without a secret or with a transport
 * setting that cannot work.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEis, DEMO_CUSTOMER, type FakeEis } from '../../../tools/fake-eis/server';
import { REPO_ROOT } from '../paths';
import { createEisGateway } from '../clients/eis-gateway';
import { buildIntegrationApp } from './build-integration-app';
import { CALLER_REFUSED } from './caller-auth';

const SECRET = 'caller-auth-test-secret-0123456789';
let eis: FakeEis;
let app: FastifyInstance;
let url: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  eis = await startFakeEis();
  app = await buildIntegrationApp({
    eisUrl: eis.url,
    token: 'test-individual-token',
    tokenFallback: true,
    secret: SECRET,
    timeoutMs: 5_000,
    archiveRetryMs: 20,
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  for (const c of children)
    if (c.exitCode === null && c.signalCode === null) await new Promise((r) => (c.once('exit', r), c.kill('SIGTERM')));
  await app?.close();
  await eis?.close();
});

const check = `/eis/check?customer_inn=${DEMO_CUSTOMER.inn}`;

describe('the integration service’s caller', () => {
  it('is refused without the secret or with a wrong one, on every route but /health; the right one goes through', async () => {
    const asked = eis.soi.requests.length;
    const callers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-secret-of-the-same-length-xx' },
      { authorization: `Bearer ${SECRET}x` },
      { authorization: SECRET },
    ];
    for (const headers of callers) {
      for (const [method, p] of [
        ['GET', check],
        ['GET', `/eis/documents?customer_inn=${DEMO_CUSTOMER.inn}&type=contract&day=2025-03-03`],
        ['POST', '/eis/performance'],
        ['GET', '/no-such-route'],
      ] as const) {
        const r = await fetch(`${url}${p}`, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: method === 'POST' ? JSON.stringify({ xml: '<x/>' }) : undefined,
        });
        expect(r.status, `${method} ${p} ${JSON.stringify(headers)}`).toBe(401);
        expect(await r.json()).toEqual({ code: 'UNAUTHORIZED', message: CALLER_REFUSED });
      }
    }
    // nothing reached ЕИС on a refused call
    expect(eis.soi.requests.length).toBe(asked);
    expect(eis.received).toEqual([]);
    expect((await fetch(`${url}/health`)).status).toBe(200);

    const ok = await fetch(`${url}${check}`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, message: expect.stringMatching(/^ЕИС ответила: договоров региона 01/) });
    expect(eis.soi.requests.length).toBe(asked + 1);
  });

  it('the main server’s gateway sends the secret; without it the user reads why', async () => {
    expect(await createEisGateway(url, SECRET).checkConnection(DEMO_CUSTOMER.inn, { token: null, region: null })).toMatchObject({
      ok: true,
    });
    expect(await createEisGateway(url, undefined).checkConnection(DEMO_CUSTOMER.inn, { token: null, region: null })).toEqual({
      ok: false,
      message: CALLER_REFUSED,
    });
    expect(
      await createEisGateway(url, 'another-secret-0123456789').checkConnection(DEMO_CUSTOMER.inn, { token: null, region: null }),
    ).toEqual({ ok: false, message: CALLER_REFUSED });
  });

  it('cannot be built without a secret or with a short one', async () => {
    await expect(buildIntegrationApp({ eisUrl: eis.url, secret: '', logLevel: 'silent' })).rejects.toThrow(
      /^INTEGRATION_SECRET: не задан или короче 16 символов/,
    );
    await expect(buildIntegrationApp({ eisUrl: eis.url, secret: 'short', logLevel: 'silent' })).rejects.toThrow(/^INTEGRATION_SECRET/);
  });
});

/** A free port on 127.0.0.1. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** server/src/eis-service/main.ts as `npm start` runs it, with only the given settings of the environment. */
function runService(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(INTEGRATION_|EIS_|PORT$|HOST$|TEST_DATABASE_URL$)/.test(k)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/eis-service/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...clean, LOG_FORMAT: 'json', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  /** Resolves once the output says `what` (or rejects when the process ends first). */
  const said = (what: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (!what.test(out)) return;
        child.stdout!.off('data', look);
        resolve();
      };
      child.stdout!.on('data', look);
      look();
      void exited.then(() => (what.test(out) ? resolve() : reject(new Error(`exited without ${what}:\n${out}`))));
    });
  return { child, exited, said, log: () => out };
}

/** The listening TCP sockets on a port, from the kernel's tables (what `ss -ltn` prints), as address strings. */
function listeners(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A' || !local.endsWith(`:${hex}`)) continue; // 0A: LISTEN
      const addr = local.split(':')[0];
      found.push(
        addr.length === 8
          ? (addr.match(/../g) ?? [])
              .reverse()
              .map((b) => parseInt(b, 16))
              .join('.')
          : addr === '0'.repeat(32)
            ? '::'
            : addr,
      );
    }
  }
  return found;
}

describe('the integration service as its own process', () => {
  it('listens on 127.0.0.1 only by default, refuses a wrong secret and logs the refusal without it', async () => {
    const port = await freePort();
    const s = runService({ INTEGRATION_SECRET: SECRET, INTEGRATION_PORT: String(port), EIS_URL: eis.url });
    await s.said(/Server listening at/);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    // what `ss -ltn` shows: one listening socket on the port, on the loopback address alone
    expect(listeners(port)).toEqual(['127.0.0.1']);

    const wrong = 'a-wrong-secret-that-must-not-be-logged';
    expect((await fetch(`http://127.0.0.1:${port}${check}`, { headers: { authorization: `Bearer ${wrong}` } })).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}${check}`, { headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(200);
    await s.said(/integration call refused/);
    expect(s.log()).toMatch(
      /"reason":"wrong secret".*"msg":"integration call refused"|"msg":"integration call refused".*"reason":"wrong secret"/,
    );
    expect(s.log()).not.toContain(wrong);
    expect(s.log()).not.toContain(SECRET);
    s.child.kill('SIGTERM');
    await s.exited;
  }, 90_000);

  it('does not start without a secret, nor with an EIS_CA_FILE it cannot read or a bad EIS_PROXY_URL, and says why', async () => {
    const port = String(await freePort());
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /Сервис интеграции с ЕИС не запущен: INTEGRATION_SECRET: не задан или короче 16 символов/],
      [
        { INTEGRATION_SECRET: SECRET, EIS_CA_FILE: path.join(REPO_ROOT, 'no-such-ca.pem') },
        /Сервис интеграции с ЕИС не запущен: EIS_CA_FILE: не удалось прочитать файл .*no-such-ca\.pem \(ENOENT\)/,
      ],
      [
        { INTEGRATION_SECRET: SECRET, EIS_PROXY_URL: 'socks5://127.0.0.1:1080' },
        /Сервис интеграции с ЕИС не запущен: Неверные настройки \(переменные окружения\):\n\s+EIS_PROXY_URL: адрес прокси http:\/\/хост:порт/,
      ],
    ];
    // one after the other: each starts tsx, the machine is shared
    for (const [env, message] of cases) {
      const s = runService({ INTEGRATION_PORT: port, ...env });
      expect(await s.exited, s.log()).toBe(1);
      expect(s.log()).toMatch(message);
    }
  }, 120_000);
});
