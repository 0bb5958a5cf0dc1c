/**
 * Acceptance of deliveries (server/src/modules/acceptance) on the real server: per document, the five members of a
 * commission decide (one of the company's users with a GOST КЭП — its signature checked by OpenSSL — and four named
 * outsiders with scanned paper signatures), then the customer approves the commission's decision, which recomputes
 * the document's lines. Prints the median and worst time of the signed vote (its signature check included) and of the
 * decision; the goal is under 0.5 s each on 2 cores. PGlite, a test PKI (server/test/pki/test-pki.ts).
 *
 *   npx tsx bench/acceptance.ts          # 20 documents
 *   N=3 npx tsx bench/acceptance.ts
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { EVENTS } from '@proc/contract';
import { startTestServer, nextEvent } from '../server/test/harness';
import { upload, world } from '../server/test/factories';
import { createTestPki, STANDARD_CERTS } from '../server/test/pki/test-pki';
import { fixturePath } from '../server/src/formats/fixtures-path';
import { failIf } from './lib/errors';

const N = Number(process.env.N ?? 20);
const UPD = fs.readFileSync(fixturePath('upd', 'upd_970_v5_02_seller.xml'));
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const pki = await createTestPki({ valid: STANDARD_CERTS.valid });
  const t = await startTestServer({ LOG_LEVEL: 'silent', SIGNATURE_TRUST_DIR: pki.trustDir, SIGNATURE_CRL_DIR: pki.crlDir });
  try {
    const w = await world(t);
    const sock = await t.socket('auth', w.client);
    const me = (await t.api<{ id: number }>('GET', '/api/profile', { token: w.client })).body.id;
    const q = (text: string, params: unknown[] = []) => t.server.deps.database.sql.query(text, params);
    const votes: number[] = [];
    const decisions: number[] = [];
    let bad = 0;
    for (let i = 0; i < N; i++) {
      const [{ id: contract }] = (
        await q(
          `INSERT INTO contracts (company_id, registry_number, number, subject, price, status, source, law, contract_date, supplier_inn) VALUES ($1, $2, $3, 'Замер', '100000.00', 'executing', 'manual', '44', '2023-01-10', '9103624367') RETURNING id`,
          [w.demoId, `0301${String(i).padStart(16, '0')}`, `А-${i}`],
        )
      ).rows as { id: number }[];
      await q(
        `INSERT INTO contract_positions (contract_id, ordinal, name, okei_code, quantity, unit_price) VALUES ($1, 1, 'СведТов-НаимТов', '113', '16', '200.00'), ($1, 2, 'Product2 2.0 мм', '778', '120', '516.67')`,
        [contract],
      );
      const set = await t.api<{ members: { id: number }[] }>('PUT', `/api/contracts/${contract}/acceptance-commission`, {
        token: w.client,
        body: { members: [{ user_id: me, is_chair: true }, ...['Б', 'В', 'Г', 'Д'].map((n) => ({ full_name: `Член комиссии ${n}` }))] },
      });
      const done = nextEvent(sock, EVENTS.notificationMapInvoiceItemsResponse, (p) => p.contract_id === contract, 60_000);
      const up = await upload(t, 'POST', `/api/contracts/${contract}/upd?confirm=true`, w.client, 'upd.xml', UPD);
      await done;
      const doc = up.body.id as number;
      const [member, ...outsiders] = set.body.members;
      const text = await t.api<{ content_base64: string }>('POST', `/api/acceptance/${doc}/votes/text`, {
        token: w.client,
        body: { member_id: member.id },
      });
      const signature = (await pki.sign('valid', Buffer.from(text.body.content_base64, 'base64'))).toString('base64');
      const t1 = performance.now();
      const signed = await t.api('POST', `/api/acceptance/${doc}/votes`, { token: w.client, body: { member_id: member.id, signature } });
      votes.push(performance.now() - t1);
      if (signed.status !== 200) bad++;
      for (const m of outsiders) {
        const r = await t.api('POST', `/api/acceptance/${doc}/votes`, {
          token: w.client,
          body: { member_id: m.id, scan: { file_name: 'скан.png', content_base64: PNG } },
        });
        if (r.status !== 200) bad++;
      }
      const t2 = performance.now();
      const decided = await t.api<{ state: string }>('POST', `/api/acceptance/${doc}/decision`, { token: w.client, body: {} });
      decisions.push(performance.now() - t2);
      if (decided.status !== 200 || decided.body.state !== 'accepted') bad++;
    }
    failIf(bad, 'acceptance requests refused');
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    console.log(`signed vote (КЭП checked): median ${ms(median(votes))}, worst ${ms(Math.max(...votes))}`);
    console.log(`commission's decision approved: median ${ms(median(decisions))}, worst ${ms(Math.max(...decisions))}`);
    console.log(`goal: under 0.5 s each — ${median(votes) < 500 && median(decisions) < 500 ? 'met' : 'NOT met'}`);
    sock.close();
  } finally {
    await t.close();
    await pki.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
