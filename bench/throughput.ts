/**
 * What the fair share costs one company working alone: uploads/s and reports/s with the fair queues and the route
 * limits on (FAIR_SHARE=true, the default) and off (FAIR_SHARE=false: the queues in arrival order, no caps, no limits —
 * the server as it was before the fair share). Each on a fresh server (PGlite). One company sends 300 uploads (8 at a time)
 * and 40 monthly reports at once: with the limits on, those past a company's share are refused (429) — the figure is
 * of the work accepted.
 *
 *   npx tsx bench/throughput.ts
 */
import { EVENTS, type ProcurementResponse } from '@proc/contract';
import { nextEvent, startTestServer } from '../server/test/harness';
import { upload, world } from '../server/test/factories';
import { failIf } from './lib/errors';

const UPLOADS = Number(process.env.UPLOADS ?? 300);
const AT_ONCE = 8;
const REPORTS = Number(process.env.REPORTS ?? 40);
// a 64 KB PDF: its head is what the upload's type check reads
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
  Buffer.alloc(64 * 1024, 0x25),
  Buffer.from('\n%%EOF\n'),
]);

async function measure(fairShare: boolean) {
  const t = await startTestServer({ LOG_LEVEL: 'silent', FAIR_SHARE: fairShare });
  try {
    const w = await world(t);
    const p = await t.api<ProcurementResponse>('POST', '/api/procurements', {
      token: w.client,
      body: { title: 'Замер загрузок', method: 'auction_e', subject: 'goods', nmcd: '1000', okpd2: [{ code: '26.20.14.120' }] },
    });
    if (p.status !== 200) throw new Error(`procurement: ${p.status}`);

    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < UPLOADS) {
          next++;
          const r = await upload(t, 'POST', `/api/procurements/${p.body.id}/files`, w.client, 'Замер.pdf', PDF);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        }
      }),
    );
    const uploadSeconds = (performance.now() - started) / 1000;
    const uploaded = statuses.get(200) ?? 0;
    // 429 is the limit at work (the figure is of the work accepted); anything else is an error
    failIf(UPLOADS - uploaded - (statuses.get(429) ?? 0), `uploads answered neither 200 nor 429 (${[...statuses].join('; ')})`);

    const sock = await t.socket('auth', w.client);
    // warm-up: the report libraries load on first use
    const first = await t.api<{ key: string }>('POST', '/api/reports/monthly', { token: w.client, body: { year: 2025, month: 1 } });
    await nextEvent(sock, EVENTS.reportCreateResponse, (e) => e.key === first.body.key, 300_000);
    const keys = new Set<string>();
    const done = new Set<string>();
    const reportsStarted = performance.now();
    let refused = 0;
    const all = new Promise<void>((resolve) => {
      sock.on(EVENTS.reportCreateResponse, (e) => {
        const key = String(e.key);
        if (keys.has(key)) done.add(key);
        if (sentAll && done.size === keys.size) resolve();
      });
    });
    let sentAll = false;
    for (let i = 0; i < REPORTS; i++) {
      const r = await t.api<{ key: string }>('POST', '/api/reports/monthly', {
        token: w.client,
        body: { year: 2025, month: 1 + (i % 12) },
      });
      if (r.status === 200) keys.add(r.body.key);
      else if (r.status === 429) refused++;
      else throw new Error(`report: ${r.status} ${JSON.stringify(r.body)}`);
    }
    sentAll = true;
    if (done.size < keys.size) await all;
    const reportSeconds = (performance.now() - reportsStarted) / 1000;
    return { uploadSeconds, uploaded, statuses, reportSeconds, reports: keys.size, refused };
  } finally {
    await t.close();
  }
}

async function main() {
  console.log(
    `one company alone: ${UPLOADS} uploads of 64 KB (${AT_ONCE} at a time), then ${REPORTS} monthly XLSX reports at once; PGlite`,
  );
  for (const [label, on] of [
    ['before (FAIR_SHARE=false)', false],
    ['after  (FAIR_SHARE=true) ', true],
  ] as const) {
    const r = await measure(on);
    const codes = [...r.statuses].map(([code, n]) => `${n}×${code}`).join(', ');
    console.log(
      `${label}: uploads ${(r.uploaded / r.uploadSeconds).toFixed(1)}/s accepted (${codes} in ${r.uploadSeconds.toFixed(1)} s); ` +
        `reports ${(r.reports / r.reportSeconds).toFixed(1)}/s (${r.reports} built, ${r.refused} refused with 429, ${r.reportSeconds.toFixed(1)} s)`,
    );
  }
  console.log('the limits (docs/security.md «Fair share»): uploads 120 a minute per user, reports 30 per user and 20 waiting per company');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
