import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import { lazyModule } from './lazy-module';
import { PRIVATE_FILE_MODE, privateDir } from './files';
import type { FastifyBaseLogger } from 'fastify';
import { nowMs } from './clock';

const mailer = lazyModule<typeof nodemailer>('nodemailer');

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (a multipart/alternative over SMTP; beside the text in the outbox). */
  html?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise each message is written to the outbox folder and the log. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = mailer().createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      // confirmation codes and passwords' links: the outbox is the server user's only (0700 / 0600)
      await privateDir(opts.outboxDir);
      const file = path.join(
        opts.outboxDir,
        `${nowMs()}-${crypto.randomBytes(4).toString('hex')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.txt`,
      );
      await fs.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, { mode: PRIVATE_FILE_MODE });
      if (mail.html) await fs.writeFile(file.replace(/\.txt$/, '.html'), mail.html, { mode: PRIVATE_FILE_MODE });
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}
