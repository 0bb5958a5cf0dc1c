import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { nowMs } from './clock';

let cached: Buffer | null = null;

function key(config: Config): Buffer {
  if (cached) return cached;
  let material = config.SECRET_KEY;
  if (!material) {
    const file = path.join(config.DATA_DIR, 'secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.DATA_DIR, { recursive: true });
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
    }
    material = fs.readFileSync(file, 'utf8').trim();
  }
  cached = crypto.createHash('sha256').update(material).digest();
  return cached;
}

/** AES-256-GCM; the stored form is iv.tag.ciphertext in base64url. */
export function encryptSecret(config: Config, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(config), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(config: Config, stored: string): string {
  const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(config), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** A tamper-proof, time-stamped value (HMAC with the same key): proof that this server issued it recently. */
export function signValue(config: Config, value: string): string {
  const body = `${nowMs().toString(36)}.${Buffer.from(value).toString('base64url')}`;
  return `${body}.${crypto.createHmac('sha256', key(config)).update(body).digest('base64url')}`;
}

/** The signed value, or null when forged or older than `maxAgeMs`. */
export function verifySigned(config: Config, token: string, maxAgeMs: number): string | null {
  const [at, value, mac] = token.split('.');
  if (!at || value === undefined || !mac) return null;
  const expected = crypto.createHmac('sha256', key(config)).update(`${at}.${value}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const age = nowMs() - parseInt(at, 36);
  if (!(age >= 0 && age <= maxAgeMs)) return null;
  return Buffer.from(value, 'base64url').toString('utf8');
}
