import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

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
