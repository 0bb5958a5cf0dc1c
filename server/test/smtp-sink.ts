import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test's process, the product's mailer (nodemailer over SMTP_URL) talking to it over TCP as
 * to any mail server. Chosen over Debian's Postfix or exim: `smtp-server` is the pure-JS server of nodemailer's
 * authors, already a dev dependency of the e2e harness, declares `engines: node >=20.0.0` (it runs on this Node 20.20
 * without a warning), needs no root and no system daemon, listens on a free port per test and hands each message's
 * raw bytes to the test as it arrives.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Addresses the server refuses for now with a temporary failure (451), as a full mailbox or a greylisting server does. */
  refused: Set<string>;
  /** Resolves with the first mail (already here or still to come) that satisfies `pred`. */
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** RFC 2047 encoded words («=?UTF-8?B?…?=» / «=?UTF-8?Q?…?=») of a header, as nodemailer writes Cyrillic subjects. */
function decodeWords(v: string): string {
  return v.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _cs: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function split(part: string): { headers: Record<string, string>; body: string } {
  const at = part.indexOf('\r\n\r\n');
  const head = (at < 0 ? part : part.slice(0, at)).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: at < 0 ? '' : part.slice(at + 4) };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return Buffer.from(body, 'latin1').toString('utf8');
}

/** Reads a MIME message: its subject and its text/plain and text/html parts (one level of multipart, as nodemailer sends). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const top = split(raw);
  const type = top.headers['content-type'] ?? 'text/plain';
  let text = '';
  let html: string | null = null;
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1)
        .filter((p) => !p.startsWith('--'))
        .map((p) => split(p.replace(/^\r\n/, '')))
    : [top];
  for (const p of parts) {
    const t = p.headers['content-type'] ?? 'text/plain';
    if (/^text\/html/i.test(t)) html = decodeBody(p.headers, p.body);
    else if (/^text\/plain/i.test(t)) text = decodeBody(p.headers, p.body);
  }
  return { to, subject: decodeWords(top.headers.subject ?? ''), text, html, raw };
}

export function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters: { pred: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const refused = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, cb) {
      if (!refused.has(address.address)) return cb();
      // RFC 5321 4.2.2: 451 — requested action aborted, local error in processing (try again later)
      return cb(Object.assign(new Error('Requested action aborted: try again later'), { responseCode: 451 }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('latin1'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        for (const w of [...waiters])
          if (w.pred(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        cb();
      });
    },
  });
  return new Promise((resolve) => {
    smtp.listen(0, '127.0.0.1', () => {
      const port = (smtp.server.address() as { port: number }).port;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        mails,
        refused,
        waitFor(pred, timeoutMs = 10_000) {
          const have = mails.find(pred);
          if (have) return Promise.resolve(have);
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error(`no such mail within ${timeoutMs} ms`)), timeoutMs);
            waiters.push({ pred, resolve: (m) => (clearTimeout(timer), res(m)) });
          });
        },
        close: () => new Promise((r) => smtp.close(() => r())),
      });
    });
  });
}
