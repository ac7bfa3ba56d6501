import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, logged plain when mails go to the outbox (never when sent by SMTP). */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set (nothing of the mail but its address and subject logged); otherwise
 * each mail is written to DATA_DIR/outbox as an .eml file and its link is logged, so a fresh
 * install works without any mail service.
 */
export function createMailer(opts: { smtpUrl?: string | undefined; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      // The .eml file holds the link quoted-printable (split and escaped): the log gives it plain, on
      // one line. Only here: a mail sent by SMTP is the person's own, and its link never goes to a log.
      const link = mail.link ? `; its link: ${mail.link}` : '';
      opts.log.info({ to: mail.to, subject: mail.subject, file }, `mail to ${mail.to} written to the outbox (SMTP_URL is not set)${link}`);
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain mail with one action link, readable in any client. */
export function actionMail(opts: { to: string; subject: string; greeting: string; lines: string[]; action: string; link: string; signature: string }): Mail {
  const text = [opts.greeting, '', ...opts.lines, '', `${opts.action}: ${opts.link}`, '', opts.signature].join('\n');
  const html = [
    `<p>${escapeHtml(opts.greeting)}</p>`,
    ...opts.lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.action)}</a></p>`,
    `<p>${escapeHtml(opts.signature)}</p>`,
  ].join('\n');
  return { to: opts.to, subject: opts.subject, text, html, link: opts.link };
}
