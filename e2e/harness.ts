import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { loadConfig, type Config } from '../server/src/config';
import { buildServer, type Server } from '../server/src/app';
import { startFakeDadata } from '../tools/fake-dadata';
import { recordTrail } from './trail';
import { TEST_INTEGRATION_SECRET } from '../server/test/harness';

export { TEST_INTEGRATION_SECRET };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');
export const DEMO_PASSWORD = 'demo12345';

export interface Mail {
  to: string;
  text: string;
}

export interface E2E {
  url: string;
  server: Server;
  browser: Browser;
  mails: Mail[];
  newPage(): Promise<Page>;
  login(page: Page, login: string, password?: string): Promise<void>;
  /** The page's bearer token (the spec's `token` cookie). */
  token(page: Page): Promise<string>;
  /** Ends the page's session on the server, behind the browser's back: its next call gets a 401. */
  endSession(page: Page): Promise<void>;
  shot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** The message body as text: nodemailer sends Cyrillic as base64 or quoted-printable. */
function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function startSmtp(mails: Mail[]): Promise<{ url: string; close(): Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: decodeBody(raw) });
        cb();
      });
    },
  });
  return new Promise((resolve) => {
    smtp.listen(0, '127.0.0.1', () => {
      const port = (smtp.server.address() as { port: number }).port;
      resolve({ url: `smtp://127.0.0.1:${port}`, close: () => new Promise((r) => smtp.close(() => r())) });
    });
  });
}

/** The built app on a free port, a fresh embedded database, a real SMTP server, a fake DaData and Debian's Chromium. */
export async function startE2E(overrides: Partial<Config> = {}): Promise<E2E> {
  // WEB_DIST lets several engineers build and test side by side
  const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-e2e-'));
  const mails: Mail[] = [];
  const smtp = await startSmtp(mails);
  const dadata = await startFakeDadata({ key: 'e2e-key' });
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' } as Record<string, string>, {
    PORT: 0,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    WEB_DIST: dist,
    SMTP_URL: smtp.url,
    COMPANY_LOOKUP_URL: dadata.url,
    COMPANY_LOOKUP_KEY: 'e2e-key',
    DEMO_CONTRACTS: false,
    INTEGRATION_SECRET: TEST_INTEGRATION_SECRET,
    ...overrides,
  });
  const server = await buildServer(config);
  const url = await server.listen();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const tokenOf = async (page: Page) => decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'token')!.value);
  return {
    url,
    server,
    browser,
    mails,
    async newPage() {
      // reducedMotion: the app then drops antd's zoom and slide (App.tsx), so a click never lands on a dialog still
      // growing; E2E_TZ runs the browser in another time zone, to see that no screen takes its «today» from it
      const ctx = await browser.newContext({
        baseURL: url,
        viewport: { width: 1440, height: 900 },
        locale: 'ru-RU',
        reducedMotion: 'reduce',
        ...(process.env.E2E_TZ ? { timezoneId: process.env.E2E_TZ } : {}),
      });
      const page = await ctx.newPage();
      page.setDefaultTimeout(15_000);
      recordTrail(page);
      return page;
    },
    async login(page, login, password = DEMO_PASSWORD) {
      await page.goto('/login');
      await page.getByLabel('Логин').fill(login);
      await page.getByLabel('Пароль').fill(password);
      await page.getByRole('button', { name: 'Войти' }).click();
      await page.getByTestId('greeting').waitFor();
    },
    token: tokenOf,
    async endSession(page) {
      await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${await tokenOf(page)}` } });
    },
    async shot(page, name) {
      const file = path.join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await browser.close();
      await server.close();
      await smtp.close();
      await dadata.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
