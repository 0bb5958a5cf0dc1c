import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * A PKI of its own for the signature suite, made at test time with nothing but the `openssl` command line and the gost
 * engine named on each command (`-engine gost`) — none of the product's code or of test-pki.ts, so a mistake the
 * product shares with its own helpers cannot hide: a root, an intermediate CA (which the signatures carry, as CryptoPro
 * adds the chain), a forged root that is trusted by nobody, and end-entity certificates with the Russian subject
 * attributes of a qualified certificate (приказ ФСБ № 795: ИНН 1.2.643.3.131.1.1, ИННЮЛ 1.2.643.100.4, ОГРН
 * 1.2.643.100.1, СНИЛС 1.2.643.100.3).
 */

const run = promisify(execFile);

export interface Identity {
  innLe?: string;
  ogrn?: string;
  inn?: string;
  snils?: string;
  surname: string;
  givenName: string;
  organization?: string;
}

export interface LeafSpec {
  who: Identity;
  key?: 'gost2012_256' | 'gost2012_512' | 'gost2001' | 'rsa2048';
  /** The keyUsage a CA writes into a qualified certificate (default), none, or keyEncipherment alone. */
  usage?: 'qualified' | 'none' | 'keyEncipherment';
  issuer?: 'intermediate' | 'forged';
  expired?: boolean;
  revoked?: boolean;
  /** A forged twin: the subjectKeyIdentifier copied from this (earlier) leaf's certificate. */
  keyIdOf?: string;
}

export interface Leaf {
  name: string;
  cert: string;
  key: string;
  spec: LeafSpec;
}

export interface SignOptions {
  /** Extra certificates put into the CMS (`-certfile`), beside the signer's and the intermediate's. */
  extra?: string[];
  /** The signer's certificate left out (`-nocerts`). */
  noSignerCert?: boolean;
  /** The SignerInfo names its certificate by subjectKeyIdentifier (`-keyid`) instead of issuer and serial. */
  keyId?: boolean;
}

const stamp = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
const DIGEST: Record<NonNullable<LeafSpec['key']>, string> = {
  gost2012_256: 'md_gost12_256',
  gost2012_512: 'md_gost12_512',
  gost2001: 'md_gost94',
  rsa2048: 'sha256',
};

export class IndependentPki {
  readonly trustDir: string;
  readonly crlDir: string;
  readonly leaves: Record<string, Leaf> = {};
  private n = 0;
  private constructor(readonly dir: string) {
    this.trustDir = path.join(dir, 'trust');
    this.crlDir = path.join(dir, 'crl');
  }

  private ossl(args: string[]) {
    // our own configuration only (no engine in it: the engine is named on the command), never the system's
    return run('openssl', args, { env: { PATH: process.env.PATH, OPENSSL_CONF: path.join(this.dir, 'pki.cnf') }, timeout: 30_000 });
  }

  static async create(leaves: Record<string, LeafSpec>): Promise<IndependentPki> {
    const pki = new IndependentPki(await fs.mkdtemp(path.join(os.tmpdir(), 'indep-pki-')));
    await pki.setUp(leaves);
    return pki;
  }

  private async setUp(leaves: Record<string, LeafSpec>) {
    const d = this.dir;
    // each CA signs with the digest of its key's size (the intermediate's key is 512-bit)
    const ca = (name: string, md = 'md_gost12_256') => `
[${name}]
dir = ${d}/${name}
database = $dir/index.txt
new_certs_dir = $dir
certificate = $dir/ca.pem
private_key = $dir/ca.key
serial = $dir/serial
crlnumber = $dir/crlnumber
default_md = ${md}
default_days = 365
default_crl_days = 30
policy = any
unique_subject = no
copy_extensions = none
string_mask = utf8only
`;
    await fs.writeFile(
      path.join(d, 'pki.cnf'),
      `oid_section = oids
[oids]
innLegalEntity = 1.2.643.100.4
[req]
distinguished_name = dn
string_mask = utf8only
utf8 = yes
[dn]
[any]
commonName = supplied
[root_ext]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[intermediate_ext]
basicConstraints = critical,CA:true,pathlen:0
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[qualified_ext]
basicConstraints = CA:false
keyUsage = critical,digitalSignature,nonRepudiation,keyEncipherment,dataEncipherment
extendedKeyUsage = clientAuth,emailProtection
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[none_ext]
basicConstraints = CA:false
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[keyEncipherment_ext]
basicConstraints = CA:false
keyUsage = critical,keyEncipherment
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
${ca('root')}${ca('intermediate', 'md_gost12_512')}${ca('forged')}`,
    );
    for (const name of ['root', 'intermediate', 'forged']) {
      const dir = path.join(d, name);
      await fs.mkdir(dir);
      await fs.writeFile(path.join(dir, 'index.txt'), '');
      await fs.writeFile(path.join(dir, 'serial'), `${{ root: '10', intermediate: '2000', forged: '2000' }[name]}\n`);
      await fs.writeFile(path.join(dir, 'crlnumber'), '01\n');
    }
    const key = async (file: string, alg: NonNullable<LeafSpec['key']>) =>
      alg === 'rsa2048'
        ? this.ossl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', file])
        : this.ossl(['genpkey', '-engine', 'gost', '-algorithm', alg, '-pkeyopt', 'paramset:A', '-out', file]);
    // the roots sign themselves; the intermediate, with a 512-bit key, is the root's
    for (const [name, cn] of [
      ['root', 'Корневой УЦ (независимый тест)'],
      ['forged', 'Минцифры России'],
    ]) {
      await key(path.join(d, name, 'ca.key'), 'gost2012_256');
      await this.ossl([
        'req', '-engine', 'gost', '-new', '-x509', '-utf8', '-key', path.join(d, name, 'ca.key'), '-out', path.join(d, name, 'ca.pem'),
        '-days', '3650', '-subj', `/CN=${cn}/O=${cn}/C=RU`, '-extensions', 'root_ext', '-md_gost12_256',
      ]); // prettier-ignore
    }
    await key(path.join(d, 'intermediate', 'ca.key'), 'gost2012_512');
    await this.ossl(['req', '-engine', 'gost', '-new', '-utf8', '-key', path.join(d, 'intermediate', 'ca.key'), '-out', path.join(d, 'intermediate.csr'), '-subj', '/CN=УЦ «Проверка» (независимый тест)/O=УЦ «Проверка»/C=RU', '-md_gost12_512']); // prettier-ignore
    await this.issue('root', path.join(d, 'intermediate.csr'), path.join(d, 'intermediate', 'ca.pem'), 'intermediate_ext');

    for (const [name, spec] of Object.entries(leaves)) {
      const k = path.join(d, `${name}.key`);
      const csr = path.join(d, `${name}.csr`);
      const cert = path.join(d, `${name}.pem`);
      await key(k, spec.key ?? 'gost2012_256');
      const w = spec.who;
      const subj = [
        `CN=${w.organization ?? `${w.surname} ${w.givenName}`}`,
        `SN=${w.surname}`,
        `GN=${w.givenName}`,
        w.inn && `INN=${w.inn}`,
        w.innLe && `innLegalEntity=${w.innLe}`,
        w.ogrn && `OGRN=${w.ogrn}`,
        w.snils && `SNILS=${w.snils}`,
        w.organization && `O=${w.organization}`,
        'C=RU',
      ].filter(Boolean);
      await this.ossl(['req', '-engine', 'gost', '-new', '-utf8', '-key', k, '-out', csr, '-subj', `/${subj.join('/')}`]);
      let extfile: string | undefined;
      if (spec.keyIdOf) {
        const ski = await this.ossl(['x509', '-in', this.leaves[spec.keyIdOf].cert, '-noout', '-ext', 'subjectKeyIdentifier']);
        extfile = path.join(d, `${name}.ext`);
        const keyId = ski.stdout.split('\n')[1].trim();
        await fs.writeFile(
          extfile,
          `[twin_ext]\nbasicConstraints = CA:false\nkeyUsage = critical,digitalSignature,nonRepudiation\nsubjectKeyIdentifier = ${keyId}\n`,
        );
      }
      await this.issue(
        spec.issuer ?? 'intermediate',
        csr,
        cert,
        extfile ? 'twin_ext' : `${spec.usage ?? 'qualified'}_ext`,
        spec.expired,
        extfile,
      );
      if (spec.revoked)
        await this.ossl(['ca', '-engine', 'gost', '-name', 'intermediate', '-revoke', cert, '-crl_reason', 'keyCompromise']);
      this.leaves[name] = { name, cert, key: k, spec };
    }
    // trusted: the root alone; the intermediate comes inside each signature. Its CRL, in DER as CAs publish them.
    await fs.mkdir(this.trustDir);
    await fs.mkdir(this.crlDir);
    await fs.copyFile(path.join(d, 'root', 'ca.pem'), path.join(this.trustDir, 'root.pem'));
    for (const name of ['root', 'intermediate']) {
      const pem = path.join(d, `${name}.crl.pem`);
      await this.ossl(['ca', '-engine', 'gost', '-name', name, '-gencrl', '-out', pem]);
      await this.ossl(['crl', '-in', pem, '-outform', 'DER', '-out', path.join(this.crlDir, `${name}.crl`)]);
    }
  }

  private async issue(ca: string, csr: string, out: string, extensions: string, expired = false, extfile?: string) {
    // validity is a span of instants, not Moscow calendar days: a day before now to a year after
    const now = Date.now();
    const DAY = 24 * 3600 * 1000;
    const [from, to] = expired ? ['20200101000000Z', '20210101000000Z'] : [stamp(new Date(now - DAY)), stamp(new Date(now + 365 * DAY))];
    await this.ossl(['ca', '-engine', 'gost', '-batch', '-utf8', '-preserveDN', '-notext', '-name', ca, '-extensions', extensions, '-in', csr, '-out', out, '-startdate', from, '-enddate', to, ...(extfile ? ['-extfile', extfile] : [])]); // prettier-ignore
  }

  /** The PEM file of a CA's certificate or a leaf's. */
  certFile(name: string): string {
    return ['root', 'intermediate', 'forged'].includes(name) ? path.join(this.dir, name, 'ca.pem') : this.leaves[name].cert;
  }

  /** A detached CMS (DER) of `content` by one signer or several (`openssl cms -sign -signer … -signer …`). */
  async sign(signers: string | string[], content: Buffer, opts: SignOptions = {}): Promise<Buffer> {
    const i = ++this.n;
    const inFile = path.join(this.dir, `in-${i}.bin`);
    const outFile = path.join(this.dir, `out-${i}.p7s`);
    const chain = path.join(this.dir, `chain-${i}.pem`);
    await fs.writeFile(inFile, content);
    const extra = [this.certFile('intermediate'), ...(opts.extra ?? []).map((n) => this.certFile(n))];
    await fs.writeFile(chain, (await Promise.all(extra.map((f) => fs.readFile(f, 'utf8')))).join(''));
    const list = typeof signers === 'string' ? [signers] : signers;
    const args = ['cms', '-sign', '-engine', 'gost', '-binary', '-in', inFile, '-outform', 'DER', '-out', outFile, '-certfile', chain];
    for (const s of list) {
      const leaf = this.leaves[s];
      args.push('-signer', leaf.cert, '-inkey', leaf.key, '-md', DIGEST[leaf.spec.key ?? 'gost2012_256']);
    }
    if (opts.noSignerCert) args.push('-nocerts');
    if (opts.keyId) args.push('-keyid');
    await this.ossl(args);
    const der = await fs.readFile(outFile);
    await Promise.all([inFile, outFile, chain].map((f) => fs.rm(f)));
    return der;
  }

  close(): Promise<void> {
    return fs.rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * The same CMS with its certificate set in another order: the set is not signed (RFC 5652 §5.1), so whoever sends
 * the signature chooses it. `order` gets the certificates' subjects and returns the indexes in the new order.
 */
export function reorderCertificates(der: Buffer, order: (certs: Buffer[]) => number[]): Buffer {
  // definite-length DER as `openssl cms -outform DER` writes it
  const node = (pos: number) => {
    const first = der[pos + 1];
    let len = first;
    let hdr = 2;
    if (first & 0x80) {
      len = 0;
      for (let k = 0; k < (first & 0x7f); k++) len = len * 256 + der[pos + 2 + k];
      hdr += first & 0x7f;
    }
    return { tag: der[pos], start: pos + hdr, end: pos + hdr + len };
  };
  const kids = (n: { start: number; end: number }) => {
    const out: Array<{ tag: number; at: number; start: number; end: number }> = [];
    for (let p = n.start; p < n.end;) {
      const c = node(p);
      out.push({ ...c, at: p });
      p = c.end;
    }
    return out;
  };
  const [, wrapped] = kids(node(0));
  const [signedData] = kids(wrapped);
  const set = kids(signedData).find((c) => c.tag === 0xa0);
  if (!set) throw new Error('no certificate set');
  const certs = kids(set).map((c) => der.subarray(c.at, c.end));
  const out = Buffer.from(der);
  Buffer.concat(order(certs).map((k) => certs[k])).copy(out, set.start);
  return out;
}
