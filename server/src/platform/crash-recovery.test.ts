import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createJobs, JobSuperseded, type Jobs } from './jobs';
import { parseEisContracts } from '../formats';
import { startIntegrationService } from '../../test/eis-world';
import { DEMO_PASSWORD } from '../modules/demo/seed-demo';
import { startNode, type NodeProcess, httpApi as api } from '../../test/nodes';
import { TEST_INTEGRATION_SECRET } from '../../test/harness';
import { callerHeaders } from '../eis-service/caller-auth';
import { DEMO_CUSTOMER, startFakeEis, type FakeEis } from '../../../tools/fake-eis/server';
import { contractXml, type DemoContractSpec } from '../../../tools/fake-eis/generate-demo';

/*
 * kill -9 of the server in the middle of a job, on the embedded database: the server is a child process on its own
 * DATA_DIR; once a contracts import (then a report) is under way it is killed, the DATA_DIR is looked at as the crash
 * left it, and the server is started again. The job must finish exactly once: the import continues after the last day
 * it stored (those days are not asked for again), every contract once with all its positions, one report file, one
 * completed job, and nothing half-written in between.
 */

const PERIOD = { date_from: '2025-03-01', date_to: '2025-03-31' };
/** Enough contracts that storing them takes seconds; the last one has enough positions that its PDF takes seconds. */
const CONTRACTS = 120;
const BIG_POSITIONS = 1000;

function eisData(dir: string): void {
  const supplier = { name: 'ООО «Поставщик-Юг»', inn: '0105011112', kpp: '010501001' };
  for (let i = 1; i <= CONTRACTS; i++) {
    const positions = Array.from({ length: i === CONTRACTS ? BIG_POSITIONS : 1 + (i % 3) }, (_, k) => ({
      name: `Товар ${i}-${k + 1}`,
      okpd2: ['17.12.14.110', 'Бумага для печати'] as [string, string],
      okei: ['796', 'Штука'] as [string, string],
      qty: String(1 + k),
    }));
    const spec: DemoContractSpec = {
      regNumber: `4${DEMO_CUSTOMER.inn}25${String(i).padStart(5, '0')}0000`.padEnd(23, '0'),
      version: 1,
      number: `КР-${i}/2025`,
      date: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      publication: '2025-04-01T10:00:00',
      subject: `Поставка товаров, партия ${i}`,
      price: `${1000 + i}.00`,
      methodCode: '40000',
      methodName: 'Запрос котировок в электронной форме',
      supplier,
      positions,
    };
    fs.writeFileSync(path.join(dir, `contract_${i}.xml`), contractXml(DEMO_CUSTOMER, spec));
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, everyMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function kill9(node: NodeProcess): Promise<void> {
  const exited = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGKILL');
  await exited;
}

type Row = Record<string, unknown>;

describe.skipIf(!!process.env.TEST_DATABASE_URL)('crash recovery on the embedded database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-crash-'));
  const dataDir = path.join(dir, 'data');
  const eisDir = path.join(dir, 'eis');
  let eis: FakeEis;
  let integration: FastifyInstance;
  let env: Record<string, string>;
  let node: NodeProcess | undefined;

  const start = async () => (node = await startNode(env));
  const sql = async (text: string) => (await node!.sql(text)).rows as Row[];
  /** The DATA_DIR as the crash left it, read in this process while no server runs. */
  const afterCrash = async <T>(read: (q: (text: string) => Promise<Row[]>) => Promise<T>): Promise<T> => {
    const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      return await read(async (text) => (await db.sql.query<Row>(text)).rows);
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    fs.mkdirSync(eisDir);
    eisData(eisDir);
    eis = await startFakeEis({ dataDir: eisDir });
    // the service's budget is far above the month's requests: the import runs in one go (at ЕИС's 90 a minute its job would give its
    // worker back between windows, and a kill could find it waiting in the queue rather than running)
    const service = await startIntegrationService(eis.url, { timeoutMs: 30_000 });
    integration = service.app;
    // start from the migrated, seeded template of the run (as in-process tests do) instead of seeding anew
    if (process.env.PG_TEMPLATE_FILE) {
      const seeded = await openDatabase({
        dataDir: path.join(dataDir, 'pglite'),
        loadDataDir: new Blob([fs.readFileSync(process.env.PG_TEMPLATE_FILE)]),
      });
      await seeded.close();
    }
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: path.join(dir, 'no-web'),
      INTEGRATION_API_URL: service.url,
      INTEGRATION_SECRET: TEST_INTEGRATION_SECRET,
      JOBS_ENABLED: 'true',
      LOG_LEVEL: 'error',
    };
  }, 120_000);

  afterAll(async () => {
    if (node?.child.exitCode === null) await node.stop();
    await integration?.close();
    await eis?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Files under DATA_DIR/files, relative. */
  const storedFiles = (): string[] => {
    const root = path.join(dataDir, 'files');
    return fs.existsSync(root)
      ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort()
      : [];
  };
  let token: string;
  let bigContract: string;

  it('resumes a period import cut by kill -9 after its last stored day, and stores every contract once', async () => {
    // what ЕИС holds for the period, day by day: the contracts the import must end with, each with its positions
    const days = Array.from({ length: 31 }, (_, i) => `2025-03-${String(i + 1).padStart(2, '0')}`);
    const expected = new Map<string, { day: string; positions: number }>();
    for (const day of days) {
      const q = new URLSearchParams({ customer_inn: DEMO_CUSTOMER.inn, type: 'contract', day });
      const { files } = (await (
        await fetch(`${env.INTEGRATION_API_URL}/eis/documents?${q}`, { headers: callerHeaders(TEST_INTEGRATION_SECRET) })
      ).json()) as { files: string[] };
      for (const c of files.flatMap((x) => parseEisContracts(Buffer.from(x)).contracts))
        expected.set(c.registrationNumber!, { day, positions: c.positions.length });
    }
    expect(expected.size).toBe(CONTRACTS);
    bigContract = [...expected].find(([, c]) => c.positions === BIG_POSITIONS)![0];

    await start();
    token = (await api<{ token: string }>(node!.url, 'POST', '/api/auth/login', undefined, { login: 'client', password: DEMO_PASSWORD }))
      .body.token;
    const r = await api<{ key: string }>(node!.url, 'POST', '/api/eis/contracts/import', token, PERIOD);
    expect(r.status).toBe(202);
    const [job] = await until('import job running', async () => {
      const rows = await sql(`SELECT id, state FROM pgboss.job WHERE name = 'eis.period-import'`);
      return rows[0]?.state === 'active' && rows;
    });
    // killed once a few days of the month are stored: between two days' transactions or inside one
    await until(
      'the first days stored',
      async () => {
        const [row] = await sql(
          `SELECT (SELECT count(*)::int FROM eis_import_days) AS n, (SELECT state FROM pgboss.job WHERE id = '${job.id}') AS state`,
        );
        if (row.state === 'completed') throw new Error('the import finished before the server could be killed in the middle of it');
        return (row.n as number) >= 3;
      },
      30_000,
      2,
    );
    await kill9(node!);

    const ours = `registry_number LIKE '4${DEMO_CUSTOMER.inn}25%'`;
    const crashed = await afterCrash(async (q) => ({
      job: (await q(`SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = '${job.id}'`))[0],
      days: (await q(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM eis_import_days WHERE import_id = '${r.body.key}' ORDER BY day`)).map(
        (x) => x.day as string,
      ),
      contracts: await q(
        `SELECT c.registry_number, count(p.id)::int AS positions FROM contracts c LEFT JOIN contract_positions p ON p.contract_id = c.id WHERE c.${ours} GROUP BY c.id`,
      ),
      trail: (await q(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'contract' AND action = 'import_create'`))[0].n,
    }));
    // cut short in the middle: the days stored are the period's beginning, each with all its contracts and their
    // positions, and nothing of the day it died in
    expect(crashed.job).toEqual({ state: 'active', retry_count: 0 });
    expect(crashed.days.length).toBeLessThan(days.length);
    expect(crashed.days).toEqual(days.slice(0, crashed.days.length));
    const storedBefore = new Set(crashed.days);
    const expectedBefore = [...expected].filter(([, c]) => storedBefore.has(c.day));
    expect(new Map(crashed.contracts.map((x) => [x.registry_number as string, x.positions as number]))).toEqual(
      new Map(expectedBefore.map(([n, c]) => [n, c.positions])),
    );
    expect(crashed.trail).toBe(expectedBefore.length);

    const asked = eis.soi.requests.length;
    await start();
    const done = await until(
      'import job completed after the restart',
      async () => {
        const [row] = await sql(`SELECT state, retry_count, output FROM pgboss.job WHERE id = '${job.id}'`);
        return row?.state === 'completed' && row;
      },
      60_000,
      100,
    );
    // one more run: the dead one counted as the first attempt; the completion committed with the import's end
    expect(done).toMatchObject({ retry_count: 1, output: { status: 'success' } });
    expect((await sql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'eis.period-import'`))[0].n).toBe(1);
    // the run after the restart went on from the first day not stored: the stored days were not asked for again
    const askedAgain = new Set(eis.soi.requests.slice(asked).map((q) => q.params.exactDate));
    expect([...askedAgain].sort()).toEqual(days.filter((d) => !storedBefore.has(d)));

    const stored = await sql(`SELECT c.registry_number, count(p.id)::int AS positions
      FROM contracts c LEFT JOIN contract_positions p ON p.contract_id = c.id WHERE c.${ours} GROUP BY c.id`);
    expect(stored.length).toBe(CONTRACTS);
    expect(new Map(stored.map((x) => [x.registry_number as string, x.positions as number]))).toEqual(
      new Map([...expected].map(([n, c]) => [n, c.positions])),
    );
    const trail = await sql(
      `SELECT count(*)::int AS n, count(DISTINCT entity_id)::int AS d FROM audit_log WHERE entity = 'contract' AND action = 'import_create'`,
    );
    expect(trail[0]).toEqual({ n: CONTRACTS, d: CONTRACTS });
    const [imp] = await sql(
      `SELECT status, days_total, (SELECT count(*)::int FROM eis_import_days WHERE import_id = '${r.body.key}') AS days_done FROM eis_imports WHERE id = '${r.body.key}'`,
    );
    expect(imp).toEqual({ status: 'success', days_total: 31, days_done: 31 });
  }, 180_000);

  it('finishes a report cut by kill -9 exactly once after the restart: one file, one result', async () => {
    expect(node?.child.exitCode, 'the server of the import test runs').toBeNull();
    const [contract] = await sql(`SELECT id FROM contracts WHERE registry_number = '${bigContract}'`);
    const r = await api<{ report_code: string }>(node!.url, 'POST', `/api/contracts/${contract.id}/reports`, token, { format: 'pdf' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const code = r.body.report_code;
    // killed as soon as a worker has taken the job: laying out a PDF of this many positions takes the node seconds, so
    // the kill lands in the middle of it (a job that finished first fails the check of the crashed state below)
    const job = await until(
      'report job running',
      async () => {
        const [row] = await sql(`SELECT id, state FROM pgboss.job WHERE name = 'execution.build-report'`);
        if (row?.state === 'completed') throw new Error('the report finished before the server could be killed in the middle of it');
        return row?.state === 'active' && row;
      },
      30_000,
      5,
    );
    await kill9(node!);

    const crashed = await afterCrash(async (q) => ({
      job: (await q(`SELECT state::text AS state, retry_count FROM pgboss.job WHERE id = '${job.id}'`))[0],
      report: (await q(`SELECT status, file_key FROM reports WHERE code = '${code}'`))[0],
    }));
    expect(crashed).toEqual({ job: { state: 'active', retry_count: 0 }, report: { status: 'pending', file_key: null } });

    await start();
    const done = await until(
      'report job completed after the restart',
      async () => {
        const [row] = await sql(`SELECT state, retry_count, output FROM pgboss.job WHERE id = '${job.id}'`);
        return row?.state === 'completed' && row;
      },
      60_000,
      100,
    );
    expect(done).toMatchObject({ retry_count: 1, output: { status: 'ready' } });
    expect((await sql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'execution.build-report'`))[0].n).toBe(1);
    const reports = await sql(`SELECT code, status, file_key FROM reports`);
    expect(reports).toEqual([{ code, status: 'ready', file_key: `reports/${code}.pdf` }]);
    // one stored file, whole: nothing left of the run that died
    expect(storedFiles()).toEqual([path.join('reports', `${code}.pdf`)]);
    const res = await fetch(`${node!.url}/api/reports/${code}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  }, 180_000);

  it('stops on SIGTERM in the middle of a report: exits 0, and after the restart the work is done once, not lost', async () => {
    expect(node?.child.exitCode, 'the server of the report test runs').toBeNull();
    const [contract] = await sql(`SELECT id FROM contracts WHERE registry_number = '${bigContract}'`);
    const r = await api<{ report_code: string }>(node!.url, 'POST', `/api/contracts/${contract.id}/reports`, token, { format: 'pdf' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const code = r.body.report_code;
    const job = await until(
      'report job running',
      async () => {
        const rows = await sql(
          `SELECT id, state FROM pgboss.job WHERE name = 'execution.build-report' AND data->>'report_id' = (SELECT id::text FROM reports WHERE code = '${code}')`,
        );
        return rows[0]?.state === 'active' && rows[0];
      },
      30_000,
      5,
    );
    const exited = new Promise<number | null>((res) => node!.child.once('exit', (c) => res(c)));
    const stopping = Date.now();
    node!.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // the report's current step is finished or left for the next start: never half a file
    expect(Date.now() - stopping).toBeLessThan(30_000);
    const stopped = await afterCrash(async (q) => (await q(`SELECT status, file_key FROM reports WHERE code = '${code}'`))[0]);
    expect([
      JSON.stringify({ status: 'pending', file_key: null }),
      JSON.stringify({ status: 'ready', file_key: `reports/${code}.pdf` }),
    ]).toContain(JSON.stringify(stopped));

    await start();
    const done = await until(
      'report job completed',
      async () => {
        const [row] = await sql(`SELECT state, output FROM pgboss.job WHERE id = '${job.id}'`);
        return row?.state === 'completed' && row;
      },
      60_000,
      100,
    );
    expect(done).toMatchObject({ output: { status: 'ready' } });
    expect(await sql(`SELECT status, file_key FROM reports WHERE code = '${code}'`)).toEqual([
      { status: 'ready', file_key: `reports/${code}.pdf` },
    ]);
    expect(storedFiles().filter((f) => f.includes(code))).toEqual([path.join('reports', `${code}.pdf`)]);
  }, 180_000);
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('jobs a dead process left active on the embedded database', () => {
  const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  const queue = (jobs: Jobs, ran: string[]) =>
    jobs.define({ name: 'test-crash', schema: z.object({ n: z.string() }), handler: async (p) => void ran.push(p.n) });

  it('runs again at start those with retries left, counting the dead run, fails the rest, and lets one run complete', async () => {
    const database = await openDatabase({});
    const first = createJobs(database, log);
    queue(first, []);
    // a queue no worker takes (the second process does not know it), for the completion below
    first.define({ name: 'test-crash-idle', schema: z.object({}), handler: async () => undefined });
    await first.start({ work: false });
    await first.send('test-crash', { n: 'again' }, { retryLimit: 1 });
    await first.send('test-crash', { n: 'spent' }, { retryLimit: 0 });
    // taken by a worker of a process that then dies: no completion, no failure, the rows stay 'active'
    expect(await first.boss.fetch('test-crash', { batchSize: 2 })).toHaveLength(2);

    const ran: string[] = [];
    const second = createJobs(database, log);
    queue(second, ran);
    await second.start({ work: true });
    await second.idle('test-crash', 20_000);
    expect(ran).toEqual(['again']);
    const { rows } = await database.sql.query(
      `SELECT data->>'n' AS n, state::text AS state, retry_count FROM pgboss.job WHERE name = 'test-crash' ORDER BY 1`,
    );
    expect(rows).toEqual([
      { n: 'again', state: 'completed', retry_count: 1 },
      { n: 'spent', state: 'failed', retry_count: 0 },
    ]);

    // two runs of one job (one outlived its expiry): the second to commit finds the job completed and rolls back
    const id = (await first.send('test-crash-idle', {}))!;
    await database.db.transaction((tx) => first.completeIn(tx, 'test-crash-idle', id));
    await expect(database.db.transaction((tx) => first.completeIn(tx, 'test-crash-idle', id))).rejects.toBeInstanceOf(JobSuperseded);
    await second.stop();
    await first.stop();
    await database.close();
  }, 60_000);
});
