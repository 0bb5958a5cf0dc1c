/**
 * Database errors: data PostgreSQL refuses answers 4xx in Russian, and no log line holds a statement's
 * parameters (password hashes, e-mails), whether the error reached the user as a 4xx or was logged as a 500.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import { sql } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/platform/passwords';
import { databaseDataError } from '../../src/platform/errors';

let t: TestServer;
let admin: string;
let companyId: number;
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const logged = () => lines.join('');

beforeAll(async () => {
  t = await startTestServer({ LOG_LEVEL: 'info' }, { listen: false, logStream });
  admin = await t.login('admin');
  const list = await t.api<{ items: { login: string; company_id: number }[] }>('GET', '/api/users?limit=100', { token: admin });
  companyId = list.body.items.find((u) => u.login === 'admin')!.company_id;
});
afterAll(async () => t?.close());

const EMAIL = 'secret.person@example.ru';

describe('database errors', () => {
  it('a user with a NUL in the title answers 4xx in Russian and logs neither the e-mail nor a hash', async () => {
    const r = await t.api<{ message: string }>('POST', '/api/users', {
      token: admin,
      body: { title: 'x\u0000y', login: 'nul_user', role: 'client', company_id: companyId, email: EMAIL, password: 'hidden-password-1' },
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body.message).toMatch(/[А-Яа-яЁё]/);
    expect(logged()).not.toContain(EMAIL);
    expect(logged()).not.toMatch(/\$argon2/);
    expect(logged()).not.toContain('hidden-password-1');
  });

  it('a failed insert logged as an error carries its code and statement, not its parameters', async () => {
    const passwordHash = await hashPassword('hidden-password-2');
    let caught: unknown;
    try {
      await t.server.deps.db
        .insert(users)
        .values({ companyId, login: 'nul_direct', title: 'x\u0000y', email: EMAIL, role: 'client', passwordHash });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(databaseDataError(caught)).toEqual({ code: 'VALIDATION', message: 'Текст содержит недопустимые символы' });
    const before = lines.length;
    t.server.app.log.error({ err: caught }, 'insert failed');
    const line = lines.slice(before).join('');
    expect(line).toContain('insert failed');
    expect(line).toContain('22021'); // the cause's SQLSTATE stays, for whoever reads the log
    expect(line).toMatch(/insert into \\"users\\"/); // JSON-escaped quotes
    expect(line).not.toContain(passwordHash);
    expect(line).not.toMatch(/\$argon2/);
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('nul_direct');
  });

  it('a unique violation and an out-of-range date answer 4xx with Russian text', async () => {
    let dup: unknown;
    try {
      await t.server.deps.db.insert(users).values({ companyId, login: 'admin', title: 'Двойник', role: 'client', passwordHash: 'x' });
    } catch (e) {
      dup = e;
    }
    expect(databaseDataError(dup)).toEqual({ code: 'CONFLICT', message: 'Запись с такими данными уже существует' });
    let date: unknown;
    try {
      await t.server.deps.db.execute(sql`select ${'2026-02-30'}::date`);
    } catch (e) {
      date = e;
    }
    expect(databaseDataError(date)).toEqual({ code: 'VALIDATION', message: 'Некорректная дата' });
  });
});
