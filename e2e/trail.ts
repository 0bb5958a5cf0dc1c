import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * What each open page did last — its API calls with status and time, calls that never ended, console errors — kept
 * so that a failed step can say what the screen was waiting for (a flaky step on a loaded CI machine is otherwise
 * only «Timeout 30000ms exceeded»).
 */
const trails = new Map<Page, { lines: string[]; pending: Map<object, string> }>();
const KEEP = 40;

const clock = () => new Date().toISOString().slice(11, 23);

export function recordTrail(page: Page): void {
  const trail = { lines: [] as string[], pending: new Map<object, string>() };
  trails.set(page, trail);
  const push = (line: string) => {
    trail.lines.push(`${clock()} ${line}`);
    if (trail.lines.length > KEEP) trail.lines.shift();
  };
  const apiCall = (url: string) => {
    const u = new URL(url);
    return u.pathname.startsWith('/api/') ? u.pathname + u.search : null;
  };
  page.on('request', (req) => {
    const call = apiCall(req.url());
    if (call) trail.pending.set(req, `${clock()} ${req.method()} ${call}`);
  });
  page.on('requestfinished', (req) => {
    const call = apiCall(req.url());
    if (!call) return;
    trail.pending.delete(req);
    // the page may close before the response object is read (the test's last step ends it); that is no failure
    req.response().then(
      (res) => push(`${req.method()} ${call} → ${res?.status() ?? '?'} in ${Math.round(req.timing().responseEnd)} ms`),
      () => push(`${req.method()} ${call} → (page closed)`),
    );
  });
  page.on('requestfailed', (req) => {
    const call = apiCall(req.url());
    trail.pending.delete(req);
    if (call) push(`${req.method()} ${call} failed: ${req.failure()?.errorText ?? '?'}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') push(`console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => push(`page error: ${e.message.slice(0, 300)}`));
  page.on('close', () => trails.delete(page));
}

/** Every open page's trail and the calls still waiting for an answer, as text; a screenshot of each kept in `dir`. */
export async function reportTrails(test: string, dir: string): Promise<string> {
  const reports: string[] = [];
  let i = 0;
  for (const [page, trail] of trails) {
    const file = path.join(dir, `failed-${test.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}-${++i}.png`);
    const shot = await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(
      () => file,
      (e: Error) => `no screenshot: ${e.message}`,
    );
    const waiting = [...trail.pending.values()].map((s) => `${s} (no answer yet)`);
    // notices and dialogs on screen: what the user would have read
    const shown = await page
      .locator('[role=alert], [role=dialog]')
      .allInnerTexts()
      .catch(() => []);
    const onScreen = shown.map((t) => `on screen: ${t.replace(/\s+/g, ' ').slice(0, 200)}`);
    reports.push([`${page.url()} (${shot}):`, ...trail.lines, ...waiting, ...onScreen].join('\n  '));
  }
  return reports.join('\n');
}
