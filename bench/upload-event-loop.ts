/**
 * /api/health latency while five hostile ~19 MB XML files (1.3 M elements, 100 k+ attributes, deep nesting, …) are
 * uploaded at once to /api/eis/upload and parsed in the parser threads. Goal: p99 ≤ 100 ms.
 *
 *   npx tsx bench/upload-event-loop.ts
 */
import os from 'node:os';
import { startTestServer } from '../server/test/harness';
import { healthUnderHostileUploads } from '../server/test/security/health-under-uploads';
import { failIf } from './lib/errors';

// each hostile file's size: ~19 MB, within the upload limit, by default
const BYTES = Number(process.env.UPLOAD_BYTES ?? 19 * 1024 * 1024);

async function main() {
  const t = await startTestServer({}, { listen: true });
  try {
    const token = await t.login('client');
    const f = await healthUnderHostileUploads(t, token, '/api/eis/upload', BYTES);
    const line = (name: string, x: { p50: number; p99: number; max: number; n: number }) =>
      `${name.padEnd(36)} p50 ${x.p50.toFixed(1).padStart(6)} ms   p99 ${x.p99.toFixed(1).padStart(6)} ms   max ${x.max.toFixed(1).padStart(6)} ms   (${x.n} requests)`;
    console.log(
      `load average before: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(line('/api/health, idle', f.baseline));
    console.log(line('/api/health, 5 hostile uploads', f.underUploads));
    console.log(`uploads answered ${f.statuses.join(', ')} in ${f.uploadSeconds.toFixed(1)} s: ${[...new Set(f.messages)].join(' | ')}`);
    // the files are hostile: each is to be refused with a 4xx, never taken nor answered with a 5xx
    failIf(f.statuses.filter((s) => s < 400 || s >= 500).length, 'hostile uploads not refused with a 4xx');
    failIf(f.healthFailed, '/api/health requests not answered 200');
    console.log(
      `goal p99 ≤ 100 ms: ${f.underUploads.p99 <= 100 ? 'met' : 'MISSED'} (ratio to goal ${(f.underUploads.p99 / 100).toFixed(2)})`,
    );
  } finally {
    await t.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
