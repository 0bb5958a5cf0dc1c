/**
 * Just enough of a BER/DER reader to learn what OpenSSL does not tell about a CMS SignedData (RFC 5652 §5) before it
 * runs: whether the content is inside (an attached signature), each SignerInfo — which certificate it names, its
 * algorithms, its signingTime attribute (RFC 5652 §11.3) — and the certificates of the set, with their key usage.
 * CryptoPro writes DER; OpenSSL's `-stream` writes indefinite lengths, so both are read.
 */

interface Node {
  /** Where the node's encoding (its tag) begins. */
  at: number;
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
      if (buf[q] === 0 && buf[q + 1] === 0) return { at: pos, tag, constructed, start: p, end: q, next: q + 2 };
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
  return { at: pos, tag, constructed, start: p, end: p + len, next: p + len };
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
// RFC 5280 §4.2.1.2 subjectKeyIdentifier, §4.2.1.3 keyUsage, §4.2.1.9 basicConstraints
const EXT_SKI = '551d0e';
const EXT_KEY_USAGE = '551d0f';
const EXT_BASIC_CONSTRAINTS = '551d13';

/** An OBJECT IDENTIFIER's dotted form (X.690 §8.19). */
function oidText(buf: Buffer, n: Node): string {
  const b = buf.subarray(n.start, n.end);
  const arcs: number[] = [];
  let v = 0;
  for (const byte of b) {
    v = v * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(v);
      v = 0;
    }
  }
  if (!arcs.length) return '';
  const first = arcs[0] < 80 ? Math.floor(arcs[0] / 40) : 2;
  return [first, arcs[0] - first * 40, ...arcs.slice(1)].join('.');
}

/** The algorithm of an AlgorithmIdentifier SEQUENCE { OID, params }. */
const algorithmOf = (buf: Buffer, n: Node | undefined): string | null => {
  if (!n || n.tag !== 0x30) return null;
  const [oid] = children(buf, n);
  return oid?.tag === 0x06 ? oidText(buf, oid) : null;
};

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

/**
 * How a SignerInfo names its certificate (RFC 5652 §5.3): the issuer's Name (its DER, tag included) and the serial
 * number (the INTEGER's content octets), or the subjectKeyIdentifier ([0] IMPLICIT OCTET STRING, version 3).
 */
export type SignerId = { kind: 'issuerSerial'; issuer: Buffer; serial: Buffer } | { kind: 'ski'; keyId: Buffer };

export interface SignerInfoOutline {
  sid: SignerId;
  /** The digest algorithm (RFC 5652 §5.3 digestAlgorithm) and the signature algorithm (signatureAlgorithm), dotted. */
  digestAlgorithm: string | null;
  signatureAlgorithm: string | null;
  /** The signingTime attribute (RFC 5652 §11.3), ISO; null when the signer did not put one. */
  signingTime: string | null;
}

export interface CmsOutline {
  /** The content is inside the signature (eContent present). */
  attached: boolean;
  /** The first signer's signingTime attribute, ISO; null when the signer did not put one. */
  signingTime: string | null;
  signers: number;
  signerInfos: SignerInfoOutline[];
  /** The DER of each certificate of the certificate set ([0] certificates; other CertificateChoices are skipped). */
  certificates: Buffer[];
}

function signerInfoOf(buf: Buffer, si: Node): SignerInfoOutline | null {
  const [version, sid, digest, ...rest] = children(buf, si);
  if (version?.tag !== 0x02 || !sid) return null;
  let id: SignerId;
  if (sid.tag === 0x30) {
    const [issuer, serial] = children(buf, sid);
    if (issuer?.tag !== 0x30 || serial?.tag !== 0x02) return null;
    id = {
      kind: 'issuerSerial',
      issuer: Buffer.from(buf.subarray(issuer.at, issuer.end)),
      serial: Buffer.from(buf.subarray(serial.start, serial.end)),
    };
  } else if (sid.tag === 0x80) {
    id = { kind: 'ski', keyId: Buffer.from(buf.subarray(sid.start, sid.end)) };
  } else return null;
  const attrs = rest[0]?.tag === 0xa0 ? rest[0] : null;
  const sigAlg = attrs ? rest[1] : rest[0];
  let signingTime: string | null = null;
  for (const attr of attrs ? children(buf, attrs) : []) {
    const [oid, values] = children(buf, attr);
    if (oid?.tag !== 0x06 || oidHex(buf, oid) !== SIGNING_TIME || !values) continue;
    const [t] = children(buf, values);
    if (t && (t.tag === 0x17 || t.tag === 0x18)) signingTime = parseTime(t.tag, buf.subarray(t.start, t.end).toString('latin1'));
  }
  return { sid: id, digestAlgorithm: algorithmOf(buf, digest), signatureAlgorithm: algorithmOf(buf, sigAlg), signingTime };
}

/** The outline of a DER/BER ContentInfo holding SignedData (RFC 5652 §5.1); null when the bytes are not one. */
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
    const signerInfos: SignerInfoOutline[] = [];
    for (const si of children(buf, infos)) {
      const o = si.tag === 0x30 ? signerInfoOf(buf, si) : null;
      // a SignerInfo that cannot be read is not skipped: the whole signature is not one
      if (!o) return null;
      signerInfos.push(o);
    }
    const certificates: Buffer[] = [];
    const certSet = parts.slice(3, -1).find((p) => p.tag === 0xa0);
    if (certSet) {
      let p = certSet.start;
      while (p < certSet.end) {
        const c = readNode(buf, p, certSet.end);
        if (c.tag === 0x30 && c.end === c.next) certificates.push(Buffer.from(buf.subarray(c.at, c.next)));
        p = c.next;
      }
    }
    return { attached, signingTime: signerInfos[0]?.signingTime ?? null, signers: signerInfos.length, signerInfos, certificates };
  } catch {
    return null;
  }
}

export interface KeyUsage {
  digitalSignature: boolean;
  nonRepudiation: boolean;
  keyEncipherment: boolean;
}

/** What the CMS checks need of a certificate (RFC 5280 §4.1) that node's X509Certificate does not give. */
export interface CertificateOutline {
  /** The issuer Name's DER (tag included) and the serial number's INTEGER content octets, as a SignerInfo names them. */
  issuer: Buffer;
  serial: Buffer;
  subjectKeyId: Buffer | null;
  /** The keyUsage extension's bits; null when the certificate has no keyUsage. */
  keyUsage: KeyUsage | null;
  /** The subject public key's algorithm, dotted (RFC 5280 §4.1.2.7). */
  keyAlgorithm: string | null;
  ca: boolean;
}

export function outlineCertificate(der: Buffer): CertificateOutline | null {
  try {
    const cert = readNode(der, 0, der.length);
    const [tbs] = children(der, cert);
    if (tbs?.tag !== 0x30) return null;
    const fields = children(der, tbs);
    const i = fields[0]?.tag === 0xa0 ? 1 : 0;
    const [serial, , issuer, , , spki] = fields.slice(i);
    if (serial?.tag !== 0x02 || issuer?.tag !== 0x30 || spki?.tag !== 0x30) return null;
    const out: CertificateOutline = {
      issuer: Buffer.from(der.subarray(issuer.at, issuer.end)),
      serial: Buffer.from(der.subarray(serial.start, serial.end)),
      subjectKeyId: null,
      keyUsage: null,
      keyAlgorithm: algorithmOf(der, children(der, spki)[0]),
      ca: false,
    };
    const extsWrap = fields.find((f) => f.tag === 0xa3);
    const [exts] = extsWrap ? children(der, extsWrap) : [];
    for (const ext of exts ? children(der, exts) : []) {
      const parts = children(der, ext);
      const oid = parts[0];
      const value = parts[parts.length - 1];
      if (oid?.tag !== 0x06 || value?.tag !== 0x04) continue;
      const [inner] = children(der, value);
      const id = oidHex(der, oid);
      if (id === EXT_SKI && inner?.tag === 0x04) out.subjectKeyId = Buffer.from(der.subarray(inner.start, inner.end));
      if (id === EXT_KEY_USAGE && inner?.tag === 0x03) {
        // BIT STRING: the count of unused bits, then the bits from bit 0 (digitalSignature) on (RFC 5280 §4.2.1.3)
        const first = inner.end - inner.start > 1 ? der[inner.start + 1] : 0;
        out.keyUsage = { digitalSignature: !!(first & 0x80), nonRepudiation: !!(first & 0x40), keyEncipherment: !!(first & 0x20) };
      }
      if (id === EXT_BASIC_CONSTRAINTS && inner?.tag === 0x30) {
        const [ca] = children(der, inner);
        out.ca = ca?.tag === 0x01 && der[ca.start] !== 0;
      }
    }
    return out;
  } catch {
    return null;
  }
}

/** Whether a SignerInfo names this certificate (RFC 5652 §5.3, §10.2.4): exact issuer and serial, or the key identifier. */
export function signerIdMatches(sid: SignerId, cert: CertificateOutline): boolean {
  if (sid.kind === 'ski') return !!cert.subjectKeyId && cert.subjectKeyId.equals(sid.keyId);
  return cert.serial.equals(sid.serial) && cert.issuer.equals(sid.issuer);
}

/** A CMS signature as it arrives: DER, or its base64 (with or without PEM armour). */
export function cmsBytes(input: Buffer | string): Buffer {
  const asText = typeof input === 'string' ? input : input[0] === 0x30 ? null : input.toString('latin1');
  if (asText === null) return input as Buffer;
  const b64 = asText.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return Buffer.alloc(0);
  return Buffer.from(b64, 'base64');
}
