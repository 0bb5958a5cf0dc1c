import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { GOST_OPENSSL_CNF } from '../../src/modules/signatures/openssl';

/**
 * A test PKI made at test time with OpenSSL and the gost engine: a trusted CA (in `trustDir`) with its CRL (in
 * `crlDir`), an unknown CA, and GOST R 34.10-2012 certificates with the Russian subject attributes of qualified
 * certificates (ИНН, ИННЮЛ, ОГРН, СНИЛС). The private keys stay in this folder: tests and the e2e stand-in of the
 * CryptoPro plug-in sign with them; the product never sees a key.
 */

const run = promisify(execFile);

export interface TestCertSpec {
  /** The company's ИНН (ИННЮЛ) and ОГРН; absent for a private person. */
  innLe?: string;
  ogrn?: string;
  /** The person's own ИНН (12 digits). */
  inn?: string;
  snils?: string;
  surname: string;
  givenName: string;
  organization?: string;
  algorithm?: 'gost2012_256' | 'gost2012_512';
  /** Validity: from and to, as OpenSSL's YYYYMMDDHHMMSSZ; a year from now by default. */
  startDate?: string;
  endDate?: string;
  issuer?: 'trusted' | 'unknown';
  revoke?: boolean;
}

export interface TestCert {
  name: string;
  certFile: string;
  keyFile: string;
  pem: string;
  spec: TestCertSpec;
}

export interface TestPki {
  dir: string;
  trustDir: string;
  crlDir: string;
  certs: Record<string, TestCert>;
  /** A CMS signature (DER) of `content` by the named certificate, detached unless `attached`. */
  sign(name: string, content: Buffer, opts?: { attached?: boolean }): Promise<Buffer>;
  close(): Promise<void>;
}

const stamp = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

function caSection(name: string, dir: string): string {
  return `
[${name}]
dir = ${dir}
database = ${dir}/index.txt
new_certs_dir = ${dir}/newcerts
certificate = ${dir}/ca.pem
private_key = ${dir}/ca.key
serial = ${dir}/serial
crlnumber = ${dir}/crlnumber
default_md = md_gost12_256
default_days = 365
default_crl_days = 30
policy = policy_any
unique_subject = no
copy_extensions = none
x509_extensions = v3_user
string_mask = utf8only
`;
}

/** The default set: the demo-like company, its expired and revoked certificates, another company, an unknown CA's, a 512-bit one, a person by МЧД. */
export const STANDARD_CERTS: Record<string, TestCertSpec> = {
  valid: {
    innLe: '0105123458',
    ogrn: '1020100001239',
    inn: '010512345678',
    snils: '12345678901',
    surname: 'Иванов',
    givenName: 'Иван Петрович',
    organization: 'АО «Демо-Заказчик»',
  },
  valid512: {
    innLe: '0105123458',
    ogrn: '1020100001239',
    inn: '010512345679',
    snils: '12345678902',
    surname: 'Петрова',
    givenName: 'Анна Сергеевна',
    organization: 'АО «Демо-Заказчик»',
    algorithm: 'gost2012_512',
  },
  expired: {
    innLe: '0105123458',
    ogrn: '1020100001239',
    inn: '010512345670',
    surname: 'Сидоров',
    givenName: 'Олег Ильич',
    organization: 'АО «Демо-Заказчик»',
    startDate: '20200101000000Z',
    endDate: '20210101000000Z',
  },
  revoked: {
    innLe: '0105123458',
    ogrn: '1020100001239',
    inn: '010512345671',
    surname: 'Кузнецов',
    givenName: 'Пётр Андреевич',
    organization: 'АО «Демо-Заказчик»',
    revoke: true,
  },
  otherCompany: {
    innLe: '7707083893',
    ogrn: '1027700132195',
    inn: '770708389312',
    surname: 'Смирнов',
    givenName: 'Алексей Викторович',
    organization: 'ПАО «Другая компания»',
  },
  unknownCa: {
    innLe: '0105123458',
    ogrn: '1020100001239',
    inn: '010512345672',
    surname: 'Фёдоров',
    givenName: 'Илья Ильич',
    organization: 'АО «Демо-Заказчик»',
    issuer: 'unknown',
  },
  person: { inn: '500100732259', snils: '11223344595', surname: 'Орлова', givenName: 'Мария Ивановна' },
};

export async function createTestPki(specs: Record<string, TestCertSpec> = STANDARD_CERTS): Promise<TestPki> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'test-pki-'));
  const cnf = path.join(dir, 'openssl.cnf');
  const cas = { trusted: path.join(dir, 'ca'), unknown: path.join(dir, 'unknown-ca') };
  await fs.writeFile(
    cnf,
    `${GOST_OPENSSL_CNF}
[req]
distinguished_name = dn
string_mask = utf8only
utf8 = yes
[dn]
[v3_ca]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[v3_user]
basicConstraints = CA:false
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = clientAuth,emailProtection
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[policy_any]
commonName = supplied
${caSection('ca_trusted', cas.trusted)}
${caSection('ca_unknown', cas.unknown)}
`,
  );
  const env = { ...process.env, OPENSSL_CONF: cnf };
  const ossl = (args: string[]) => run('openssl', args, { env, timeout: 30_000 });

  for (const [kind, caDir] of Object.entries(cas)) {
    await fs.mkdir(path.join(caDir, 'newcerts'), { recursive: true });
    await fs.writeFile(path.join(caDir, 'index.txt'), '');
    await fs.writeFile(path.join(caDir, 'serial'), kind === 'trusted' ? '1000\n' : '5000\n');
    await fs.writeFile(path.join(caDir, 'crlnumber'), '01\n');
    await ossl(['genpkey', '-algorithm', 'gost2012_256', '-pkeyopt', 'paramset:A', '-out', path.join(caDir, 'ca.key')]);
    const cn = kind === 'trusted' ? 'Тестовый УЦ' : 'Неизвестный УЦ';
    await ossl([
      'req',
      '-new',
      '-x509',
      '-utf8',
      '-key',
      path.join(caDir, 'ca.key'),
      '-out',
      path.join(caDir, 'ca.pem'),
      '-days',
      '3650',
      '-subj',
      `/CN=${cn}/O=${cn}/C=RU`,
      '-extensions',
      'v3_ca',
      '-md_gost12_256',
    ]);
  }

  const certs: Record<string, TestCert> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const keyFile = path.join(dir, `${name}.key`);
    const csr = path.join(dir, `${name}.csr`);
    const certFile = path.join(dir, `${name}.pem`);
    const alg = spec.algorithm ?? 'gost2012_256';
    await ossl(['genpkey', '-algorithm', alg, '-pkeyopt', 'paramset:A', '-out', keyFile]);
    const subj = [
      `CN=${spec.organization ?? `${spec.surname} ${spec.givenName}`}`,
      `SN=${spec.surname}`,
      `GN=${spec.givenName}`,
      spec.inn ? `INN=${spec.inn}` : null,
      spec.innLe ? `INNLE=${spec.innLe}` : null,
      spec.ogrn ? `OGRN=${spec.ogrn}` : null,
      spec.snils ? `SNILS=${spec.snils}` : null,
      spec.organization ? `O=${spec.organization}` : null,
      'C=RU',
    ].filter(Boolean);
    await ossl(['req', '-new', '-utf8', '-key', keyFile, '-out', csr, '-subj', `/${subj.join('/')}`]);
    const caName = spec.issuer === 'unknown' ? 'ca_unknown' : 'ca_trusted';
    const now = new Date();
    // a certificate's validity is a span of instants, not of Moscow calendar days
    // eslint-disable-next-line no-restricted-syntax
    const start = spec.startDate ?? stamp(new Date(now.getTime() - 86_400_000));
    // eslint-disable-next-line no-restricted-syntax
    const end = spec.endDate ?? stamp(new Date(now.getTime() + 365 * 86_400_000));
    await ossl([
      'ca',
      '-batch',
      '-utf8',
      '-preserveDN',
      '-notext',
      '-name',
      caName,
      '-in',
      csr,
      '-out',
      certFile,
      '-startdate',
      start,
      '-enddate',
      end,
    ]);
    if (spec.revoke) await ossl(['ca', '-name', caName, '-revoke', certFile, '-crl_reason', 'keyCompromise']);
    certs[name] = { name, certFile, keyFile, pem: await fs.readFile(certFile, 'utf8'), spec };
  }

  const trustDir = path.join(dir, 'trust');
  const crlDir = path.join(dir, 'crl');
  await fs.mkdir(trustDir);
  await fs.mkdir(crlDir);
  await fs.copyFile(path.join(cas.trusted, 'ca.pem'), path.join(trustDir, 'test-ca.pem'));
  // the CA's CRL in DER, as CAs publish them (.crl)
  await ossl(['ca', '-name', 'ca_trusted', '-gencrl', '-out', path.join(dir, 'ca.crl.pem')]);
  await ossl(['crl', '-in', path.join(dir, 'ca.crl.pem'), '-outform', 'DER', '-out', path.join(crlDir, 'test-ca.crl')]);

  let n = 0;
  return {
    dir,
    trustDir,
    crlDir,
    certs,
    async sign(name, content, opts = {}) {
      const c = certs[name];
      if (!c) throw new Error(`no test certificate ${name}`);
      const i = ++n;
      const inFile = path.join(dir, `in-${i}.bin`);
      const outFile = path.join(dir, `out-${i}.p7s`);
      await fs.writeFile(inFile, content);
      const md = c.spec.algorithm === 'gost2012_512' ? 'md_gost12_512' : 'md_gost12_256';
      await ossl([
        'cms',
        '-sign',
        '-binary',
        '-in',
        inFile,
        '-signer',
        c.certFile,
        '-inkey',
        c.keyFile,
        '-md',
        md,
        '-outform',
        'DER',
        '-out',
        outFile,
        ...(opts.attached ? ['-nodetach'] : []),
      ]);
      const der = await fs.readFile(outFile);
      await Promise.all([fs.rm(inFile), fs.rm(outFile)]);
      return der;
    },
    close: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
