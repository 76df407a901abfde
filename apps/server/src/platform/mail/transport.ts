import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SentMessageInfo, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

/** One message as the outbox hands it to a transport. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's link, printed in the log by the file transport. */
  link: string | null;
}

/** Where mail goes: an SMTP server, or files. `send` throws when the message was not taken. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Short enough that a dead server fails a send well within the outbox's lease (LEASE_MS). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function transportOver(
  transporter: Transporter,
  from: string,
  afterSend?: (mail: OutgoingMail, info: SentMessageInfo) => Promise<void>,
): MailTransport {
  return {
    async send(mail) {
      const { to, subject, text, html } = mail;
      const info = await transporter.sendMail({ from, to, subject, text, html });
      await afterSend?.(mail, info);
    },
    close: () => transporter.close(),
  };
}

/** SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...` (TLS from the start). */
export function smtpTransport(url: string, from: string): MailTransport {
  return transportOver(nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }), from);
}

/**
 * No SMTP_URL: each message is written whole (headers, plain-text and HTML parts) as an .eml file under
 * `dir`, and its link printed in the log, so that a newcomer on `npm start` can follow a reset link.
 */
export function fileTransport(dir: string, from: string, log: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return transportOver(transporter, from, async (mail, info) => {
    await fs.mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    log.info({ to: mail.to, file, link: mail.link ?? undefined }, `mail written to a file: ${mail.subject}`);
  });
}
