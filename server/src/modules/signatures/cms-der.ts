/**
 * Just enough of a BER/DER reader to learn two things about a CMS SignedData (RFC 5652 §5) before OpenSSL sees it:
 * whether the content is inside (an attached signature) and the signer's signingTime attribute (RFC 5652 §11.3).
 * CryptoPro writes DER; OpenSSL's `-stream` writes indefinite lengths, so both are read.
 */

interface Node {
  tag: number;
  constructed: boolean;
  /** Offsets of the value in the buffer; `end` excludes the end-of-contents octets of an indefinite length. */
  start: number;
  end: number;
  /** Where the next sibling starts. */
  next: number;
}

function readNode(buf: Buffer, pos: number, limit: number): Node {
  if (pos + 2 > limit) throw new Error('truncated');
  const tag = buf[pos];
  if ((tag & 0x1f) === 0x1f) throw new Error('high tag numbers are not used in CMS');
  const constructed = (tag & 0x20) !== 0;
  let p = pos + 1;
  const first = buf[p++];
  if (first === 0x80) {
    if (!constructed) throw new Error('indefinite primitive');
    // children until the 00 00 end-of-contents
    let q = p;
    while (true) {
      if (q + 2 > limit) throw new Error('truncated');
      if (buf[q] === 0 && buf[q + 1] === 0) return { tag, constructed, start: p, end: q, next: q + 2 };
      q = readNode(buf, q, limit).next;
    }
  }
  let len = first;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n > 4 || p + n > limit) throw new Error('bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[p++];
  }
  if (p + len > limit) throw new Error('truncated');
  return { tag, constructed, start: p, end: p + len, next: p + len };
}

function children(buf: Buffer, n: Node): Node[] {
  const out: Node[] = [];
  for (let p = n.start; p < n.end;) {
    const c = readNode(buf, p, n.end);
    out.push(c);
    p = c.next;
  }
  return out;
}

const oidHex = (buf: Buffer, n: Node) => buf.subarray(n.start, n.end).toString('hex');
// 1.2.840.113549.1.7.2 signedData, 1.2.840.113549.1.9.5 signingTime
const SIGNED_DATA = '2a864886f70d010702';
const SIGNING_TIME = '2a864886f70d010905';

function parseTime(tag: number, s: string): string | null {
  // UTCTime YYMMDDHHMMSSZ (years 50–99 are 19xx, RFC 5280 §4.1.2.5.1); GeneralizedTime YYYYMMDDHHMMSSZ
  const m =
    tag === 0x17
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(s)
      : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.\d+)?Z$/.exec(s);
  if (!m) return null;
  const year = tag === 0x17 ? (Number(m[1]) >= 50 ? 1900 : 2000) + Number(m[1]) : Number(m[1]);
  return new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0))).toISOString();
}

export interface CmsOutline {
  /** The content is inside the signature (eContent present). */
  attached: boolean;
  /** The first signer's signingTime attribute, ISO; null when the signer did not put one. */
  signingTime: string | null;
  signers: number;
}

/** The outline of a DER/BER ContentInfo holding SignedData; null when the bytes are not one. */
export function outlineCms(buf: Buffer): CmsOutline | null {
  try {
    const ci = readNode(buf, 0, buf.length);
    const [type, wrapped] = children(buf, ci);
    if (!type || type.tag !== 0x06 || oidHex(buf, type) !== SIGNED_DATA || !wrapped || wrapped.tag !== 0xa0) return null;
    const [sd] = children(buf, wrapped);
    if (!sd || sd.tag !== 0x30) return null;
    const parts = children(buf, sd);
    const encap = parts[2];
    if (!encap || encap.tag !== 0x30) return null;
    const attached = children(buf, encap).some((c) => c.tag === 0xa0);
    const infos = parts[parts.length - 1];
    if (!infos || infos.tag !== 0x31) return null;
    const signerInfos = children(buf, infos);
    let signingTime: string | null = null;
    const first = signerInfos[0];
    if (first) {
      const attrs = children(buf, first).find((c) => c.tag === 0xa0);
      for (const attr of attrs ? children(buf, attrs) : []) {
        const [oid, values] = children(buf, attr);
        if (oid?.tag !== 0x06 || oidHex(buf, oid) !== SIGNING_TIME || !values) continue;
        const [t] = children(buf, values);
        if (t && (t.tag === 0x17 || t.tag === 0x18)) signingTime = parseTime(t.tag, buf.subarray(t.start, t.end).toString('latin1'));
      }
    }
    return { attached, signingTime, signers: signerInfos.length };
  } catch {
    return null;
  }
}

/** A CMS signature as it arrives: DER, or its base64 (with or without PEM armour). */
export function cmsBytes(input: Buffer | string): Buffer {
  const asText = typeof input === 'string' ? input : input[0] === 0x30 ? null : input.toString('latin1');
  if (asText === null) return input as Buffer;
  const b64 = asText.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return Buffer.alloc(0);
  return Buffer.from(b64, 'base64');
}
