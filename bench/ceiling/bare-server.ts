/**
 * The ceiling for `GET /api/companies/my`: a bare Fastify route that runs the same two indexed statements as the
 * product (the session of the bearer token with its user and company, then the user's companies) through the same
 * driver (`pg`, a pool of 10, its statements prepared by name as the product's are), with nothing else — no hooks, no
 * rate limit, no logging, no schema. Started by bench/companies-my.ts in its own process; PORT and DATABASE_URL from
 * the environment. SESSION_KEPT_MS keeps a session found for that long, as the product keeps it (platform/session-cache.ts):
 * then each request runs the companies' statement alone, as the product's do in the steady state.
 */
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

const SESSION = `SELECT s.id AS session_id, u.id, u.title, u.login, u.email, u.role, u.company_id, u.blocked, c.id AS own_company_id, c.deleted_at
  FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_used_at > $3 LIMIT 1`;
const COMPANIES = `SELECT * FROM companies WHERE deleted_at IS NULL AND id = $1 ORDER BY title COLLATE "und-x-icu", id LIMIT 1000`;

const KEPT_MS = Number(process.env.SESSION_KEPT_MS ?? 0);
const kept = new Map<string, { at: number; user: { company_id: number; blocked: boolean } }>();

app.get('/api/companies/my', async (req, reply) => {
  const token = req.headers.authorization?.slice(7) ?? '';
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  const now = new Date();
  const hit = kept.get(hash);
  let user = hit && hit.at > now.getTime() - KEPT_MS ? hit.user : undefined;
  if (!user) {
    const s = await pool.query({ name: 'session', text: SESSION, values: [hash, now, new Date(now.getTime() - 8 * 3600_000)] });
    user = s.rows[0];
    if (user && KEPT_MS) kept.set(hash, { at: now.getTime(), user });
  }
  if (!user || user.blocked) return reply.status(401).send({ message: 'unauthorized' });
  const c = await pool.query({ name: 'companies', text: COMPANIES, values: [user.company_id] });
  return c.rows.map((r: { id: number; title: string }) => ({ id: r.id, title: r.title }));
});

app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.send?.('ready'));
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
