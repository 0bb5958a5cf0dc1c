/**
 * One application node in its own process, for multi-node tests and benchmarks: `fork(this file)` with the node's
 * configuration in the environment (DATABASE_URL, DATA_DIR, REDIS_URL, JOBS_ENABLED…; PORT defaults to any free one).
 * Sends `{ ready: url }` once listening; answers `{ op: 'put', data }` / `{ op: 'get', key }` messages through this node's
 * FileStore (base64), so a test can check that a file stored by one node is readable by another; `{ op: 'rss' }` reports
 * memory; `{ op: 'sql', text }` runs SQL on the node's database (benchmarks fill an embedded database this way); `{ op: 'push' }`
 * sends an event to a user's sockets through this node's realtime (stamped with `sent_at`).
 */
import type { PushName } from '@proc/contract';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/app';
import { stopOnSignals } from '../src/platform/shutdown';

type Msg =
  | { id: number; op: 'put'; data: string }
  | { id: number; op: 'get'; key: string }
  | { id: number; op: 'rss' }
  | { id: number; op: 'sql'; text: string }
  | { id: number; op: 'push'; userId: number; event: string; payload: Record<string, unknown> }
  | { id: number; op: 'stop' };

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: '0',
  DEMO_CONTRACTS: 'false',
  ...process.env,
});
const server = await buildServer(config);
const url = await server.listen();
stopOnSignals(server);
process.send?.({ ready: url });

process.on('message', (m: Msg) => {
  const reply = (body: Record<string, unknown>) => process.send?.({ id: m.id, ...body });
  const run = async () => {
    if (m.op === 'put') return reply({ key: await server.deps.files.put(Buffer.from(m.data, 'base64'), 'txt') });
    if (m.op === 'get') return reply({ data: (await server.deps.files.get(m.key)).toString('base64') });
    if (m.op === 'sql') return reply({ rows: (await server.deps.database.sql.exec(m.text)).rows });
    if (m.op === 'push') {
      // stamped here, so a receiver on another node measures the delivery alone
      // a probe of the benchmarks' own (bench/sockets.ts) is no event of the contract: sent as it is named
      server.deps.realtime.toUser(
        m.userId,
        m.event as PushName,
        { ...m.payload, sent_at: performance.timeOrigin + performance.now() } as never,
      );
      return reply({});
    }
    if (m.op === 'rss') return reply({ rss: process.memoryUsage().rss });
    await server.close();
    reply({ stopped: true });
    process.exit(0);
  };
  run().catch((err: Error) => reply({ error: err.message }));
});
process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
