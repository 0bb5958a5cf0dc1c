/**
 * JavaScript weight of the web client, as a browser loads it: the real server serves the built web (WEB_DIST, default
 * web/dist; built first when missing), Chromium (playwright-core, CHROMIUM_PATH or /usr/bin/chromium) opens /login,
 * then signs in and opens the signed-in shell in a fresh page; the JS responses of each load are gzipped (level 6,
 * as a proxy would) and summed.
 *
 *   npx tsx bench/bundle.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from '../server/src/config';
import { startTestServer } from '../server/test/harness';
import { DEMO_PASSWORD } from '../server/src/modules/demo/seed-demo';
import { failIf } from './lib/errors';

const WEB_DIST = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist');

async function jsOf(page: Page, go: () => Promise<void>) {
  const files = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = res.url();
    if (!/\.m?js(\?|$)/.test(url) && res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (b) => void files.set(url, zlib.gzipSync(b, { level: 6 }).length),
        () => undefined,
      ),
    );
  });
  await go();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const total = [...files.values()].reduce((s, n) => s + n, 0);
  return { total, count: files.size };
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log(`building the web into ${WEB_DIST}…`);
    const r = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, env: { ...process.env, WEB_DIST }, stdio: 'ignore' });
    if (r.status !== 0) throw new Error('web build failed');
  }
  const built = fs.statSync(path.join(WEB_DIST, 'index.html')).mtime.toISOString().slice(0, 16);
  const t = await startTestServer({ WEB_DIST });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ baseURL: t.url });
    // a chunk or a request the pages could not load is an error, not a lighter page
    const failures: string[] = [];
    context.on('response', (res) => void (res.status() >= 400 && failures.push(`${res.status()} ${res.url()}`)));
    context.on('requestfailed', (req) => void failures.push(`${req.failure()?.errorText} ${req.url()}`));
    const page = await context.newPage();
    const loginJs = await jsOf(page, async () => void (await page.goto('/login')));
    await page.getByLabel('Логин').fill('client');
    await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByTestId('greeting').waitFor();
    // the signed-in shell as a returning user gets it: a fresh page (empty memory cache) on the same session
    const shell = await context.newPage();
    const shellJs = await jsOf(shell, async () => {
      await shell.goto('/');
      await shell.getByTestId('greeting').waitFor();
    });
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`web build of ${built} UTC from ${path.relative(REPO_ROOT, WEB_DIST) || WEB_DIST}; gzip level 6 of each JS response`);
    console.log(`/login:           ${kb(loginJs.total)} in ${loginJs.count} JS files (goal ≤ 200 KB)`);
    console.log(`signed-in shell:  ${kb(shellJs.total)} in ${shellJs.count} JS files (goal ≤ 450 KB)`);
    failIf(failures.length, `requests failed: ${failures.join('; ')}`);
  } finally {
    await browser.close();
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
