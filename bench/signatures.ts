/**
 * GOST signature verification (modules/signatures): how many detached GOST R 34.10-2012 CMS signatures of a 64 KB
 * file the server verifies per second — each one an `openssl cms -verify` child process with the gost engine, the
 * chain to the trust store and the CRL check — and the latency of one (p50/p95), at 1 and at 4 at a time (the module
 * runs at most 4 OpenSSL children at once). A test PKI is made first (server/test/pki/test-pki.ts).
 *
 *   npx tsx bench/signatures.ts          # 200 verifications per run
 *   N=50 npx tsx bench/signatures.ts
 */
import { createTestPki } from '../server/test/pki/test-pki';
import { verifyCms } from '../server/src/modules/signatures';
import { failIf } from './lib/errors';

const N = Number(process.env.N ?? 200);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function run(label: string, parallel: number, verify: () => Promise<boolean>) {
  const times: number[] = [];
  let next = 0;
  let bad = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next++ < N) {
        const t0 = performance.now();
        if (!(await verify())) bad++;
        times.push(performance.now() - t0);
      }
    }),
  );
  const secs = (performance.now() - started) / 1000;
  failIf(bad, `valid signatures not verified (${label})`);
  console.log(
    `${label}: ${(N / secs).toFixed(1)} verifications/s, p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms${bad ? `, ${bad} NOT VALID` : ''}`,
  );
  return { perSecond: N / secs, p95: pct(times, 95) };
}

async function main() {
  const pki = await createTestPki();
  try {
    const content = Buffer.alloc(64 * 1024, 'сведения об исполнении ');
    const sig256 = await pki.sign('valid', content);
    const sig512 = await pki.sign('valid512', content);
    const opts = { trustDir: pki.trustDir, crlDir: pki.crlDir, companyInn: '0105123458' };
    await verifyCms(sig256, content, opts); // the engine check and the trust bundle, once
    const one = await run('GOST 2012-256, one at a time', 1, async () => (await verifyCms(sig256, content, opts)).valid);
    await run('GOST 2012-512, one at a time', 1, async () => (await verifyCms(sig512, content, opts)).valid);
    const four = await run('GOST 2012-256, 4 at a time', 4, async () => (await verifyCms(sig256, content, opts)).valid);
    console.log(
      `goal: ≥ 20 verifications/s on 2 cores at 4 at a time, p95 one at a time ≤ 100 ms — ${four.perSecond >= 20 && one.p95 <= 100 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await pki.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
