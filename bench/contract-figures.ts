/**
 * The one computation of contracts' figures (server/src/modules/figures) at a company's scale: 1 000 contracts, half
 * under 223-ФЗ (two УПД of three mapped lines and two 1C payment orders each), half under 44-ФЗ (a contractProcedure in
 * two versions with 3 acts and 45 payments, one of them also a linked 1C order; the УПД accepted, as only accepted count). Prints the median time of a register
 * page of 50 (its figures in one statement), of the dashboard (all 1 000 at once) and of one card's summary. PGlite.
 *
 *   npx tsx bench/contract-figures.ts
 */
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../server/test/harness';
import { world } from '../server/test/factories';

const CONTRACTS = Number(process.env.CONTRACTS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 15);

async function main() {
  const t = await startTestServer({ LOG_LEVEL: 'silent' });
  try {
    const w = await world(t);
    const q = (text: string, params: unknown[] = []) => t.server.deps.database.sql.query(text, params);
    const company = w.demoId;
    for (let i = 0; i < CONTRACTS; i++) {
      const law = i % 2 ? '44' : '223';
      const reg = law === '44' ? `3${String(7700000000 + i)}26${String(i).padStart(6, '0')}` : `5${String(i).padStart(22, '0')}`;
      const [{ id }] = (
        await q(
          `INSERT INTO contracts (company_id, registry_number, number, subject, price, status, source, law) VALUES ($1, $2, $3, 'Замер', '1000000.00', 'executing', 'manual', $4) RETURNING id`,
          [company, reg, `Б-${i}`, law],
        )
      ).rows as { id: number }[];
      const [{ id: pos }] = (
        await q(
          `INSERT INTO contract_positions (contract_id, ordinal, name, quantity, amount) VALUES ($1, 1, 'Товар', '100', '1000000.00') RETURNING id`,
          [id],
        )
      ).rows as { id: number }[];
      await q(
        `INSERT INTO payment_orders (company_id, contract_id, linked_by, kind, number, doc_date, amount) VALUES ($1, $2, 'auto', 'Платежное поручение', $3, '2026-05-01', '10000.00'), ($1, $2, 'auto', 'Платежное поручение', $4, '2026-06-01', '20000.00')`,
        [company, id, `${i}01`, `${i}02`],
      );
      if (law === '223') {
        for (const n of [1, 2]) {
          const [{ id: doc }] = (
            await q(
              `INSERT INTO acceptance_documents (company_id, contract_id, number, doc_date, file_key, file_name, amount_with_vat, status, acceptance, received_on, accepted_on) VALUES ($1, $2, $3, '2026-04-01', 'bench', 'bench.xml', '30000.00', 'processed', 'accepted', '2026-04-01', '2026-04-03') RETURNING id`,
              [company, id, `${i}-${n}`],
            )
          ).rows as { id: number }[];
          await q(
            `INSERT INTO acceptance_lines (company_id, document_id, ordinal, name, quantity, amount_with_vat, position_id) SELECT $1, $2, g, 'Товар', '1', '10000.00', $3 FROM generate_series(1, 3) g`,
            [company, doc, pos],
          );
        }
      } else {
        const executions = [
          ...[1, 2, 3].map((n) => ({
            acceptance: { number: `А-${n}`, date: `2026-0${n + 3}-01`, sum: '100000.00', name: 'Акт' },
            payment: null,
          })),
          ...Array.from({ length: 45 }, (_, n) => ({
            acceptance: null,
            payment: {
              number: n === 0 ? `${i}01` : `9${n}`,
              date: n === 0 ? '2026-05-01' : '2026-07-01',
              sum: n === 0 ? '10000.00' : '1000.00',
              name: 'ПП',
            },
          })),
        ];
        for (const version of [0, 1])
          await q(
            `INSERT INTO contract_documents_44 (company_id, registry_number, kind, eis_id, version, published_at, payload) VALUES ($1, $2, 'procedure', $3, $4, '2026-07-02T10:00:00+03:00', $5)`,
            [company, reg, `p${i}`, version, JSON.stringify({ id: `p${i}`, regNum: reg, version, executions, stage: 'E' })],
          );
      }
    }
    // a live database has its statistics (autovacuum's ANALYZE): without them the planner guesses one row a company
    if (!process.env.NO_ANALYZE) await q('ANALYZE');
    const time = async (label: string, url: string) => {
      const runs: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const t0 = performance.now();
        const res = await t.api('GET', url, { token: w.specialist, headers: { 'x-company-id': String(company) } });
        runs.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      runs.sort((a, b) => a - b);
      console.log(`${label.padEnd(44)} median ${runs[RUNS >> 1].toFixed(1)} ms, max ${runs[RUNS - 1].toFixed(1)} ms`);
    };
    const [{ id: one }] = (await q(`SELECT id FROM contracts WHERE company_id = $1 AND law = '44' LIMIT 1`, [company])).rows as {
      id: number;
    }[];
    console.log(`${CONTRACTS} contracts, ${RUNS} runs each`);
    await time('GET /api/contracts?limit=50 (register page)', '/api/contracts?limit=50');
    await time('GET /api/dashboard (all contracts)', '/api/dashboard');
    await time('GET /api/contracts/:id/execution-summary', `/api/contracts/${one}/execution-summary`);
    if (process.env.EXPLAIN) {
      const { contractFigures } = await import('../server/src/modules/figures');
      for (const ids of [
        [one],
        ((await q(`SELECT id FROM contracts WHERE company_id = $1 LIMIT 50`, [company])).rows as { id: number }[]).map((r) => r.id),
        ((await q(`SELECT id FROM contracts WHERE company_id = $1`, [company])).rows as { id: number }[]).map((r) => r.id),
      ]) {
        const t0 = performance.now();
        await contractFigures(t.server.deps.db, company, ids);
        console.log(`contractFigures(${ids.length}) ${(performance.now() - t0).toFixed(1)} ms`);
      }
      const { sql } = await import('drizzle-orm');
      const db = t.server.deps.db;
      const explaining = new Proxy(db, {
        get: (target, prop) =>
          prop === 'execute'
            ? async (query: unknown) => {
                const r = (await target.execute(sql`EXPLAIN ANALYZE ${query as ReturnType<typeof sql>}`)) as unknown as {
                  rows: Record<string, string>[];
                };
                console.log(r.rows.map((x) => Object.values(x)[0]).join('\n'));
                return { rows: [] };
              }
            : Reflect.get(target, prop),
      });
      await contractFigures(
        explaining,
        company,
        ((await q(`SELECT id FROM contracts WHERE company_id = $1`, [company])).rows as { id: number }[]).map((r) => r.id),
      );
    }
  } finally {
    await t.close();
  }
}

void main();
