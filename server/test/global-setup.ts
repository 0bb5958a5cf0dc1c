import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/app';
import { openDatabase } from '../src/db/client';

/**
 * Migrates and seeds one embedded database for the whole run and dumps it; every test server then starts from a copy
 * instead of repeating migrations, ОКПД2 loading and demo seeding.
 */
export async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proc-template-'));
  const database = await openDatabase({});
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: 0, HOST: '127.0.0.1', WEB_DIST: path.join(dir, 'none'), DEMO_CONTRACTS: false },
  );
  const server = await buildServer(config, { database, work: false });
  await server.close();
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  process.env.PG_TEMPLATE_FILE = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
