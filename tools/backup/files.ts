// The folders of DATA_DIR a backup carries beside the database: the stored documents (files/), the key that encrypts
// the ЕИС tokens in the database (secret.key, when SECRET_KEY is not set) and the signature trust store (signatures/).
// Not carried: the mail outbox (mail written when SMTP_URL is unset — one-time codes and links that expire within
// hours, of no use after a restore and secret meanwhile), the embedded database's own folders (carried as rows) and
// half-written files (*.part, rewritten by the job that left them).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface FileSum {
  size: number;
  sha256: string;
}

/** What a backup carries: `files/…` documents and `data/…` other DATA_DIR files, by their path relative to DATA_DIR. */
export const CARRIED = ['files', 'signatures', 'secret.key'];

export function sha256(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

export async function sha256OfFile(file: string): Promise<FileSum> {
  const h = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    h.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: h.digest('hex') };
}

/** Every carried file under DATA_DIR, as relative paths with '/' (sorted, so two backups list alike). */
export function carriedFiles(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(dataDir, rel);
    if (!fs.existsSync(full)) return;
    const st = fs.statSync(full);
    if (st.isDirectory()) for (const name of fs.readdirSync(full)) walk(rel ? `${rel}/${name}` : name);
    else if (st.isFile() && !rel.endsWith('.part')) out.push(rel);
  };
  for (const top of CARRIED) walk(top);
  return out.sort();
}

/** Writes a restored file 0600 in folders 0700, as the server makes them (platform/files.ts). */
export function writePrivate(dataDir: string, rel: string, data: Buffer): void {
  if (rel.split('/').some((p) => p === '..' || p === '') || !CARRIED.includes(rel.split('/')[0]))
    throw new Error(`чужой путь в архиве: ${rel}`);
  const file = path.join(dataDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  for (let dir = path.dirname(file); dir !== dataDir && dir.startsWith(dataDir); dir = path.dirname(dir)) fs.chmodSync(dir, 0o700);
  fs.writeFileSync(file, data, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}
