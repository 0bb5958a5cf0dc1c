import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AdapterFactory } from './realtime';

/**
 * Cross-node socket.io delivery: Redis when REDIS_URL is set, else PostgreSQL NOTIFY when the database is a server,
 * else none (one embedded process).
 */
export function createAdapterFactory(config: Config, database: Database, log: FastifyBaseLogger): AdapterFactory {
  return async () => {
    if (config.REDIS_URL) {
      const { createClient } = await import('redis');
      const { createAdapter } = await import('@socket.io/redis-adapter');
      const pub = createClient({ url: config.REDIS_URL });
      const sub = pub.duplicate();
      pub.on('error', (err) => log.error({ err }, 'redis pub error'));
      sub.on('error', (err) => log.error({ err }, 'redis sub error'));
      await Promise.all([pub.connect(), sub.connect()]);
      return createAdapter(pub, sub);
    }
    if (database.kind === 'postgres' && database.url) {
      const { createAdapter } = await import('@socket.io/postgres-adapter');
      // its own pool: the adapter holds a LISTEN connection that must not starve queries
      const pool = new pg.Pool({ connectionString: database.url, max: 5 });
      pool.on('error', (err) => log.error({ err }, 'socket adapter pool error'));
      pool.on('connect', (client) => client.on('error', (err) => log.error({ err }, 'socket adapter client error')));
      await pool.query(`CREATE TABLE IF NOT EXISTS socket_io_attachments (
        id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)`);
      return createAdapter(pool, { tableName: 'socket_io_attachments', heartbeatInterval: 2000, heartbeatTimeout: 6000 });
    }
    return undefined;
  };
}
