import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildServer } from '../app';
import { sql } from 'drizzle-orm';
import { DEMO_USERS } from '../modules/demo/seed-demo';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-restart-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// the embedded database lives in DATA_DIR: stop and start keeps data, and a job queued before a stop runs after it;
// PGlite in the server's thread and in a worker thread keep the same data directory
it.skipIf(!!process.env.TEST_DATABASE_URL).each(['pglite', 'pglite-worker'] as const)(
  'keeps data and queued jobs across a restart of the embedded database (%s)',
  async (embedded) => {
    const config = loadConfig(
      { NODE_ENV: 'test' },
      {
        DATA_DIR: path.join(dir, embedded),
        LOG_LEVEL: 'silent',
        PORT: 0,
        HOST: '127.0.0.1',
        WEB_DIST: path.join(dir, 'none'),
        EMBEDDED_DB: embedded,
      },
    );
    const first = await buildServer(config, { work: false });
    expect(first.deps.database.inWorker).toBe(embedded === 'pglite-worker');
    first.deps.jobs.define({ name: 'test-mark', schema: z.object({ mark: z.string() }), handler: async () => undefined });
    await first.deps.jobs.start({ work: false });
    await first.deps.database.sql.exec('CREATE TABLE IF NOT EXISTS test_marks (mark text)');
    const token = await first.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: 'admin', password: 'demo12345' } });
    expect(token.statusCode).toBe(200);
    await first.deps.jobs.send('test-mark', { mark: 'до перезапуска' });
    await first.close();

    const second = await buildServer(config, { work: false });
    const done: string[] = [];
    second.deps.jobs.define({
      name: 'test-mark',
      schema: z.object({ mark: z.string() }),
      handler: async (p) => {
        await second.deps.db.execute(sql`INSERT INTO test_marks (mark) VALUES (${p.mark})`);
        done.push(p.mark);
      },
    });
    await second.deps.jobs.start({ work: true });
    await second.deps.jobs.idle('test-mark', 20_000);
    expect(done).toEqual(['до перезапуска']);
    const { rows } = await second.deps.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    // the demo's users, seeded once: none twice after the restart
    expect(rows[0].n).toBe(DEMO_USERS.length);
    const marks = await second.deps.database.sql.query<{ mark: string }>('SELECT mark FROM test_marks');
    expect(marks.rows.map((r) => r.mark)).toEqual(['до перезапуска']);
    await second.close();
  },
  // two full starts, each seeding the demo's two customers (the budget institution builds its documents)
  180_000,
);
