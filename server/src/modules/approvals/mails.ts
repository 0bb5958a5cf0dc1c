import type { Mail } from '../../platform/mail';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const SIGNATURE = 'Система автоматизации закупок';

export interface MailLine {
  text: string;
  link?: string;
  note?: string;
}

/** A Russian mail, plain and HTML alike: a greeting, the lines (each with its link), a closing line. */
export function composeMail(
  to: string,
  subject: string,
  opts: { greeting: string; intro: string; lines: MailLine[]; outro?: string },
): Mail {
  const text = [
    opts.greeting,
    '',
    opts.intro,
    '',
    ...opts.lines.map((l) => `• ${l.text}${l.note ? ` (${l.note})` : ''}${l.link ? `\n  ${l.link}` : ''}`),
    ...(opts.outro ? ['', opts.outro] : []),
    '',
    SIGNATURE,
  ].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif">
<p>${escape(opts.greeting)}</p><p>${escape(opts.intro)}</p>
<ul>${opts.lines
    .map(
      (l) =>
        `<li>${l.link ? `<a href="${escape(l.link)}">${escape(l.text)}</a>` : escape(l.text)}${l.note ? ` <i>(${escape(l.note)})</i>` : ''}</li>`,
    )
    .join('')}</ul>${opts.outro ? `<p>${escape(opts.outro)}</p>` : ''}
<p style="color:#888">${SIGNATURE}</p></body></html>`;
  return { to, subject, text, html };
}

/** The link of a page for the mail: the product's address and the page's path. */
export const absolute = (clientUrl: string, path: string) => `${clientUrl.replace(/\/+$/, '')}${path}`;
