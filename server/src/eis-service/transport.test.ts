/**
 * The way to ЕИС (transport.ts) against an HTTPS fake ЕИС whose certificate a test CA issued (made here with the
 * openssl CLI, as the Russian Trusted Root CA is absent from Node's bundle): refused without EIS_CA_FILE, trusted with
 * it; through an HTTP proxy (CONNECT) and through a local TLS tunnel (what stunnel does for GOST TLS) — for the SOAP
 * request, the archive download and callEis alike.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEis, DEMO_CUSTOMER, type FakeEis } from '../../../tools/fake-eis/server';
import { contractXml } from '../../../tools/fake-eis/generate-demo';
import { parseEisFile } from '../formats';
import { callEis, EisUnavailable } from './eis-client';
import { soiByReestrNumber, type SoiOptions } from './soi/client';
import { createTransport, TransportSettingsError } from './transport';

let dir: string;
let caFile: string;
let ca: string;
let tlsFiles: { key: string; cert: string };
/** Listens on 127.0.0.1: reachable directly. */
let direct: FakeEis;
/**
 * Listens on 127.0.0.2 while its addresses (and its archive links) say 127.0.0.1: only a proxy or a tunnel that knows
 * where it is reaches it, so an answer proves the request and the download both went that way.
 */
let hidden: FakeEis;
/** The one contract the fakes hold (its number as ЕИС's registry gives it, read back from the file). */
let REGISTRY_NUMBER: string;
const closers: Array<() => Promise<unknown>> = [];

const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eis-transport-'));
  // a root CA and a server certificate for 127.0.0.1 signed by it, as ЕИС's chains to Минцифры's root
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test Trusted Root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    '/CN=127.0.0.1',
  );
  fs.writeFileSync(
    path.join(dir, 'ext.cnf'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  );
  caFile = path.join(dir, 'ca.pem');
  ca = fs.readFileSync(caFile, 'utf8');
  tlsFiles = { key: fs.readFileSync(path.join(dir, 'server.key'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'server.pem'), 'utf8') };
  // one contract the fake holds, asked for by its registry number: one SOAP request and one archive download
  const data = path.join(dir, 'eis');
  fs.mkdirSync(data);
  const xml = contractXml(DEMO_CUSTOMER, {
    regNumber: `4${DEMO_CUSTOMER.inn}250000100000`,
    version: 1,
    number: 'TLS-1',
    date: '2025-03-03',
    subject: 'Бумага',
    price: '100.00',
    methodCode: '1',
    methodName: 'Открытый конкурс',
    supplier: { name: 'ООО «Поставщик»', inn: '0105011112', kpp: '010501001' },
    positions: [{ name: 'Бумага А4', okpd2: ['17.12.14.110', 'Бумага для печати'], okei: ['796', 'Штука'], qty: '1' }],
    publication: '2025-03-03T10:00:00',
  });
  fs.writeFileSync(path.join(data, 'contract.xml'), xml);
  const parsed = parseEisFile(Buffer.from(xml));
  REGISTRY_NUMBER = parsed.kind === 'contracts' ? parsed.contracts[0].registrationNumber! : '';
  direct = await startFakeEis({ dataDir: data, tls: tlsFiles });
  hidden = await startFakeEis({ dataDir: data, tls: tlsFiles, host: '127.0.0.2' });
}, 60_000);
afterAll(async () => {
  for (const c of closers.reverse()) await c();
  await direct?.close();
  await hidden?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const soi = (eis: FakeEis, o: Partial<SoiOptions>): SoiOptions => ({
  baseUrl: eis.url,
  token: 'test-individual-token',
  timeoutMs: 5_000,
  archiveRetryMs: 20,
  ...o,
});
const contract = async (o: SoiOptions) => {
  const files = await soiByReestrNumber(o, { subsystemType: 'RD223', reestrNumber: REGISTRY_NUMBER });
  const parsed = files.map((f) => parseEisFile(Buffer.from(f)));
  return parsed.flatMap((p) => (p.kind === 'contracts' ? p.contracts.map((c) => c.registrationNumber) : []));
};
const performance = (eis: FakeEis, dispatcher: ReturnType<typeof createTransport>) =>
  callEis<{ result: string; reasons?: string[] }>(eis.url, '/223/performance', {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: '<x/>',
    timeoutMs: 5_000,
    dispatcher,
  });
function transport(s: Parameters<typeof createTransport>[0]) {
  const d = createTransport(s);
  closers.push(() => d.close());
  return d;
}

describe('EIS_CA_FILE', () => {
  it('refuses ЕИС’s certificate without the file, saying where to add the chain, and trusts it with the file', async () => {
    const untrusted = transport({});
    const refused = contract(soi(direct, { dispatcher: untrusted }));
    await expect(refused).rejects.toThrow(EisUnavailable);
    await expect(refused).rejects.toThrow(
      /^ЕИС недоступна: её сертификат не подтверждён \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\) — добавьте цепочку сертификатов ЕИС в EIS_CA_FILE$/,
    );
    await expect(performance(direct, untrusted)).rejects.toThrow(/сертификат не подтверждён/);
    const before = direct.soi.requests.length;

    const trusted = transport({ caFile });
    expect(await contract(soi(direct, { dispatcher: trusted }))).toEqual([REGISTRY_NUMBER]);
    expect(direct.soi.requests.length).toBe(before + 1);
    expect((await performance(direct, trusted)).body.result).toBe('rejected'); // ЕИС's own answer: the call went through
  });

  it('takes a DER certificate as gosuslugi.ru gives it; a missing file or one without a certificate stops the start', async () => {
    const der = path.join(dir, 'ca.cer');
    fs.writeFileSync(der, new X509Certificate(ca).raw);
    expect(await contract(soi(direct, { dispatcher: transport({ caFile: der }) }))).toEqual([REGISTRY_NUMBER]);

    expect(() => createTransport({ caFile: path.join(dir, 'absent.pem') })).toThrow(
      new TransportSettingsError(`EIS_CA_FILE: не удалось прочитать файл ${path.join(dir, 'absent.pem')} (ENOENT)`),
    );
    const junk = path.join(dir, 'junk.pem');
    fs.writeFileSync(junk, 'not a certificate');
    expect(() => createTransport({ caFile: junk })).toThrow(`EIS_CA_FILE: в файле ${junk} нет сертификата X.509 (ожидается PEM или DER)`);
    expect(() => createTransport({ proxyUrl: 'socks5://127.0.0.1:1080' })).toThrow(
      'EIS_PROXY_URL: протокол socks5: не поддерживается (http, https или tunnel)',
    );
    expect(() => createTransport({ proxyUrl: 'tunnel://127.0.0.1' })).toThrow('EIS_PROXY_URL: туннель задаётся как tunnel://хост:порт');
  });
});

describe('EIS_PROXY_URL', () => {
  it('an HTTP proxy: the SOAP request, the archive download and callEis all go through it (CONNECT)', async () => {
    // the fake behind the proxy is not reachable directly: the check can fail
    await expect(contract(soi(hidden, { dispatcher: transport({ caFile }) }))).rejects.toThrow('ЕИС недоступна');

    const tunnels: string[] = [];
    const proxy = http.createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      // the proxy knows the way: the address the service names is served on 127.0.0.2
      const upstream = net.connect(Number(port), host === '127.0.0.1' ? '127.0.0.2' : host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => (proxy.closeAllConnections(), proxy.close(r))));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;

    const via = transport({ caFile, proxyUrl });
    const before = hidden.soi.requests.length;
    expect(await contract(soi(hidden, { dispatcher: via }))).toEqual([REGISTRY_NUMBER]);
    expect(hidden.soi.requests.length).toBe(before + 1);
    expect((await performance(hidden, via)).body.result).toBe('rejected');
    expect(tunnels.length).toBeGreaterThanOrEqual(1);
    expect(new Set(tunnels)).toEqual(new Set([`127.0.0.1:${hidden.port}`]));
    // TLS inside the tunnel is still checked against EIS_CA_FILE
    await expect(contract(soi(hidden, { dispatcher: transport({ proxyUrl }) }))).rejects.toThrow(/сертификат не подтверждён/);
  });

  it('a local TLS tunnel (stunnel): plain TCP to the tunnel, which does the TLS, for the request and the download', async () => {
    let connections = 0;
    // what stunnel in client mode does: accept plain connections, open TLS to ЕИС checking its chain (CAfile)
    const tunnel = net.createServer((plain) => {
      connections++;
      const secure = tls.connect({ host: '127.0.0.2', port: hidden.port, servername: 'localhost', ca }, () =>
        secure.pipe(plain).pipe(secure),
      );
      secure.on('error', () => plain.destroy());
      plain.on('error', () => secure.destroy());
    });
    await new Promise<void>((r) => tunnel.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => tunnel.close(r)));
    const via = transport({ proxyUrl: `tunnel://127.0.0.1:${(tunnel.address() as net.AddressInfo).port}` });

    const before = hidden.soi.requests.length;
    expect(await contract(soi(hidden, { dispatcher: via }))).toEqual([REGISTRY_NUMBER]);
    expect(hidden.soi.requests.length).toBe(before + 1);
    expect((await performance(hidden, via)).body.result).toBe('rejected');
    expect(connections).toBeGreaterThanOrEqual(1);
  });
});
