import http from 'node:http';
import { loadConfig } from '../server/src/config';

/** A local stand-in for DaData's `findById/party` API (same path, auth header and response shape). */
export interface FakeParty {
  inn: string;
  kpp?: string;
  ogrn?: string;
  short: string;
  full: string;
  address: string;
  director?: string;
  status?: string;
}

export const DEMO_PARTIES: FakeParty[] = [
  {
    inn: '7707083893',
    kpp: '773601001',
    ogrn: '1027700132195',
    short: 'ПАО СБЕРБАНК',
    full: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
    address: 'г Москва, ул Вавилова, д 19',
    director: 'Греф Герман Оскарович',
    status: 'ACTIVE',
  },
  {
    inn: '0105020396',
    kpp: '010501001',
    ogrn: '1020100698859',
    short: 'МУП "МАЙКОПВОДОКАНАЛ"',
    full: 'МУНИЦИПАЛЬНОЕ УНИТАРНОЕ ПРЕДПРИЯТИЕ "МАЙКОПВОДОКАНАЛ"',
    address: 'Респ Адыгея, г Майкоп, ул Шоссейная, д 1',
    director: 'Иванов Иван Иванович',
    status: 'ACTIVE',
  },
];

export function startFakeDadata(
  opts: { port?: number; key?: string; parties?: FakeParty[] } = {},
): Promise<{ url: string; close(): Promise<void>; calls: number }> {
  const parties = opts.parties ?? DEMO_PARTIES;
  const state = { calls: 0 };
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/suggestions/api/4_1/rs/findById/party') return send(404, { message: 'Not found' });
    if (opts.key && req.headers.authorization !== `Token ${opts.key}`) return send(401, { message: 'Unauthorized' });
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      state.calls++;
      let query = '';
      try {
        query = String((JSON.parse(raw) as { query?: string }).query ?? '');
      } catch {
        return send(400, { message: 'Bad JSON' });
      }
      const found = parties.filter((p) => p.inn === query);
      send(200, {
        suggestions: found.map((p) => ({
          value: p.short,
          unrestricted_value: p.full,
          data: {
            inn: p.inn,
            kpp: p.kpp,
            ogrn: p.ogrn,
            name: { short_with_opf: p.short, full_with_opf: p.full },
            address: { value: p.address, unrestricted_value: p.address },
            management: p.director ? { name: p.director, post: 'ДИРЕКТОР' } : undefined,
            state: { status: p.status ?? 'ACTIVE' },
          },
        })),
      });
    });
  });
  return new Promise((resolve) => {
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        get calls() {
          return state.calls;
        },
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

if (process.argv[1]?.endsWith('fake-dadata.ts')) {
  const config = loadConfig();
  void startFakeDadata({ port: config.FAKE_DADATA_PORT, key: config.COMPANY_LOOKUP_KEY }).then((s) =>
    console.log(`fake DaData on ${s.url}`),
  );
}
