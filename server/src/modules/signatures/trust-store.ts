import fs from 'node:fs/promises';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { opensslWorkRoot } from './openssl';
import { nowMs } from '../../platform/clock';

/**
 * The trust store (SIGNATURE_TRUST_DIR: roots and intermediate CAs — Минцифры's root and the accredited CAs) and the
 * revocation lists (SIGNATURE_CRL_DIR), as files OpenSSL reads: one PEM bundle of each, rebuilt when a file in the
 * folder is added, removed or changed. Files may be PEM or DER (.cer/.crt as the CAs publish them, .crl).
 */

export interface Bundles {
  /** PEM file of every trusted certificate; null when the folder has none. */
  caFile: string | null;
  /**
   * The same certificates followed by every CRL; null when there are none (revocation then is not checked). `openssl
   * cms` has no -CRLfile: its CAfile lookup reads CRLs as well as certificates (X509_load_cert_crl_file).
   */
  caCrlFile: string | null;
  roots: number;
  crls: number;
}

const pemOf = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n?$/, '\n')}-----END ${label}-----\n`;

async function listing(dir: string | undefined): Promise<{ key: string; files: string[] }> {
  if (!dir) return { key: '', files: [] };
  let names: string[];
  try {
    names = (await fs.readdir(dir)).sort();
  } catch {
    return { key: `missing:${dir}`, files: [] };
  }
  const files: string[] = [];
  const parts: string[] = [];
  for (const n of names) {
    const f = path.join(dir, n);
    const st = await fs.stat(f).catch(() => null);
    if (!st?.isFile() || st.size > 5 * 1024 * 1024) continue;
    files.push(f);
    parts.push(`${n}:${st.size}:${st.mtimeMs}`);
  }
  return { key: `${dir}|${parts.join('|')}`, files };
}

async function certificatesPem(files: string[]): Promise<{ pem: string; n: number }> {
  let pem = '';
  let n = 0;
  for (const f of files) {
    const data = await fs.readFile(f);
    const text = data.toString('latin1');
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
    for (const b of blocks ?? []) {
      pem += `${b}\n`;
      n++;
    }
    if (!blocks) {
      try {
        pem += new X509Certificate(data).toString();
        n++;
      } catch {
        // not a certificate: a README or a stray file in the folder is not the trust store's business
      }
    }
  }
  return { pem, n };
}

async function crlsPem(files: string[]): Promise<{ pem: string; n: number }> {
  let pem = '';
  let n = 0;
  for (const f of files) {
    const data = await fs.readFile(f);
    const blocks = data.toString('latin1').match(/-----BEGIN X509 CRL-----[\s\S]+?-----END X509 CRL-----/g);
    if (blocks) {
      for (const b of blocks) pem += `${b}\n`;
      n += blocks.length;
    } else if (data[0] === 0x30) {
      pem += pemOf('X509 CRL', data);
      n++;
    }
  }
  return { pem, n };
}

let cached: { key: string; bundles: Promise<Bundles> } | null = null;

export async function trustBundles(trustDir: string | undefined, crlDir: string | undefined): Promise<Bundles> {
  const [t, c] = await Promise.all([listing(trustDir), listing(crlDir)]);
  const key = `${t.key}#${c.key}`;
  if (cached?.key !== key) {
    cached = {
      key,
      bundles: (async () => {
        const root = await opensslWorkRoot();
        const stamp = `${nowMs()}-${Math.random().toString(36).slice(2)}`;
        const [certs, crls] = await Promise.all([certificatesPem(t.files), crlsPem(c.files)]);
        const caFile = certs.n ? path.join(root, `trust-${stamp}.pem`) : null;
        const caCrlFile = caFile && crls.n ? path.join(root, `trust-crl-${stamp}.pem`) : null;
        if (caFile) await fs.writeFile(caFile, certs.pem, { mode: 0o600 });
        if (caCrlFile) await fs.writeFile(caCrlFile, certs.pem + crls.pem, { mode: 0o600 });
        return { caFile, caCrlFile, roots: certs.n, crls: crls.n };
      })(),
    };
  }
  return cached.bundles;
}
