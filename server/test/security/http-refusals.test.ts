/**
 * What Node's HTTP parser refuses before any route: a 100,000-character query or header (431), a
 * request that is not HTTP (400). Sent over a real socket, since `inject` never passes the parser; each answer is the
 * project's JSON envelope in Russian, and the server serves the next request.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import { refusalProblems } from './route-walk';

let t: TestServer;
let port: number;

beforeAll(async () => {
  t = await startTestServer();
  port = Number(new URL(t.url).port);
}, 90_000);
afterAll(async () => t?.close());

/** Writes raw bytes and reads the whole answer until the server closes the connection. */
function raw(request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const CASES: [string, string | Buffer, number][] = [
  ['a 100,000-character query', `GET /api/procurements?search=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
  ['a 100,000-character header', `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Long: ${'x'.repeat(100_000)}\r\n\r\n`, 431],
  [
    'a thousand headers',
    `GET /api/health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`,
    431,
  ],
  ['not HTTP at all', 'HELLO\r\n\r\n', 400],
  ['a broken request line', 'GET /api/health HTTP/9.9.9\r\n\r\n', 400],
  ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost x\r\n\r\n', 400],
  ['a control character in a header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n', 400],
  ['a bad Content-Length', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
  ['two Content-Lengths', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab', 400],
  ['a broken chunk', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400],
];

describe("the HTTP parser's own refusals", () => {
  it.each(CASES)('%s: refused in Russian in the JSON envelope', async (_what, request, status) => {
    const a = await raw(request);
    expect(a.status).toBe(status);
    expect(a.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(refusalProblems(a.status, a.body)).toBeNull();
    expect(JSON.parse(a.body)).toMatchObject({ statusCode: status, code: status === 431 ? 'HEADERS_TOO_LARGE' : 'VALIDATION' });
    // Content-Length counts bytes, not the characters of the Russian text
    expect(Number(/content-length: (\d+)/i.exec(a.headers)?.[1])).toBe(Buffer.byteLength(a.body));
  });

  it('still serves the next request', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
  });
});
