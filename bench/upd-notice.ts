/**
 * УПД upload → socket notice, end to end: POST /api/contracts/:id/upd (multipart, the fixture
 * shared/fixtures/upd/upd_970_v5_02_seller.xml) until notificationMapInvoiceItemsResponse with the same key arrives
 * on the user's socket. Real server on a fresh embedded database (or TEST_DATABASE_URL), sequential uploads.
 *
 *   npx tsx bench/upd-notice.ts          # 50 uploads
 *   N=10 npx tsx bench/upd-notice.ts
 */
import fs from 'node:fs';
import { startTestServer } from '../server/test/harness';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { companies, contractPositions, contracts } from '../server/src/db/schema';
import { eq } from 'drizzle-orm';
import { failIf } from './lib/errors';

const N = Number(process.env.N ?? 50);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function main() {
  const t = await startTestServer();
  try {
    const upd = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
    const token = await t.login('client');
    const [customer] = await t.server.deps.db.select({ id: companies.id }).from(companies).where(eq(companies.title, 'АО «Демо-Заказчик»'));
    const [c] = await t.server.deps.db
      .insert(contracts)
      .values({
        companyId: customer.id,
        registryNumber: '31234567890123456789012',
        number: 'Д-012',
        contractDate: '2025-01-20',
        subject: 'Поставка товаров',
        supplierName: 'ООО «Поставщик»',
        supplierInn: '9103624367',
        price: '100000.00',
      })
      .returning();
    await t.server.deps.db.insert(contractPositions).values([
      { contractId: c.id, ordinal: 1, name: 'СведТов-НаимТов', okeiCode: '113', unitPrice: '200.00', quantity: '10' },
      { contractId: c.id, ordinal: 2, name: 'Product2 2.0 мм', okeiCode: '778', unitPrice: '516.67', quantity: '10' },
    ]);
    const sock = await t.socket('auth', token);
    // notices by key, kept from the moment they arrive: one may come before the upload's HTTP answer is read
    const arrived = new Map<string, { at: number; result: string }>();
    sock.on('notificationMapInvoiceItemsResponse', (p) => arrived.set(String(p.key), { at: performance.now(), result: p.result }));
    const ms: number[] = [];
    let ok = 0;
    for (let i = 0; i < N + 3; i++) {
      const form = new FormData();
      form.append('file', new Blob([upd]), 'upd_970_v5_02_seller.xml');
      const t0 = performance.now();
      // the fixture's buyer and date are not this contract's (a confirmation the user gives once), and each upload after
      // the first replaces the one before, as the user confirms it: the figure is of the upload and its processing
      const res = await fetch(`${t.url}/api/contracts/${c.id}/upd?confirm=true&replace=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await res.json()) as { key: string };
      if (res.status !== 200) throw new Error(`upload: HTTP ${res.status} ${JSON.stringify(body)}`);
      const until = Date.now() + 30_000;
      while (!arrived.has(body.key) && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
      const notice = arrived.get(body.key);
      if (!notice) throw new Error(`no notice for ${body.key} within 30 s`);
      if (i >= 3) ms.push(notice.at - t0); // the first uploads warm up
      if (notice.result === 'success') ok++;
    }
    console.log(
      `УПД upload → notificationMapInvoiceItemsResponse, ${N} sequential uploads, database ${t.server.deps.database.kind}; the upload wakes this node's worker, polling every 0.5 s is the fallback`,
    );
    console.log(
      `p50 ${pct(ms, 50).toFixed(0)} ms, p95 ${pct(ms, 95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; ${ok} of ${N + 3} answered success`,
    );
    failIf(N + 3 - ok, 'uploads not mapped with success');
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
