/**
 * Fair share of the report queue: how long company A waits for one report while company B has filled its share of
 * the queue (20 waiting, the cap), against A's report on an idle server; and B's throughput. The figures before
 * the fair queues: A's XLSX report took 74.5 s under B's 150 PDF reports, 0.3 s alone.
 *
 *   npx tsx bench/fair-share.ts
 */
import { EVENTS } from '@proc/contract';
import { nextEvent, startTestServer } from '../server/test/harness';
import { world } from '../server/test/factories';

// B's flood: its whole share of the queue by default (20 waiting)
const FLOOD = Number(process.env.FLOOD ?? 20);

async function main() {
  const t = await startTestServer({ LOG_LEVEL: 'silent' });
  try {
    const w = await world(t);
    const sockA = await t.socket('auth', w.client);
    const sockB = await t.socket('auth', w.otherClient);
    const report = async (token: string, month: number) => {
      const r = await t.api<{ key: string }>('POST', '/api/reports/monthly', { token, body: { year: 2025, month } });
      if (r.status !== 200) throw new Error(`report: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.key;
    };
    const timeA = async () => {
      const started = performance.now();
      const key = await report(w.client, 1);
      await nextEvent(sockA, EVENTS.reportCreateResponse, (p) => p.key === key, 300_000);
      return performance.now() - started;
    };
    // warm-up (the report libraries load on first use), then A alone
    await timeA();
    const alone = await timeA();

    const floodStarted = performance.now();
    const keysB: string[] = [];
    const doneB = new Set<string>();
    const allB = new Promise<void>((resolve) => {
      sockB.on(EVENTS.reportCreateResponse, (p) => {
        const key = String(p.key);
        if (keysB.includes(key)) doneB.add(key);
        if (doneB.size === FLOOD) resolve();
      });
    });
    for (let i = 0; i < FLOOD; i++) keysB.push(await report(w.otherClient, 1 + (i % 12)));
    const underFlood = await timeA();
    await allB;
    const floodSeconds = (performance.now() - floodStarted) / 1000;

    console.log('monthly XLSX report, PGlite, 3 report workers (a company holds at most 2 of them), 20 waiting at most');
    console.log(`A alone:                      ${alone.toFixed(0)} ms`);
    console.log(
      `A under B's ${FLOOD} queued:        ${underFlood.toFixed(0)} ms (${(underFlood / alone).toFixed(1)}× alone; before the fair queues: 74.5 s under 150, 0.3 s alone)`,
    );
    console.log(`B's ${FLOOD} reports:               ${floodSeconds.toFixed(1)} s, ${(FLOOD / floodSeconds).toFixed(1)} reports/s`);
    console.log(`goal: A waits at most one job's time behind B's flood: ${underFlood <= alone * 3 ? 'met' : 'MISSED'}`);
  } finally {
    await t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
