import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { fileTransport, smtpTransport } from './transport';

export { type ComposedMail, composeMail, type MailWords } from './compose';
export { type MailContext, mailContext } from './context';
export { LEASE_MS, MAIL_POLL_MS, MailOutbox, type QueuedMail, queueMail, retryDelayMs } from './outbox';
export type { MailTransport, OutgoingMail } from './transport';

/** The transport the configuration names: SMTP_URL, or .eml files under DATA_DIR/mail. */
export function configuredTransport(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: Logger) {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : fileTransport(path.join(config.dataDir, 'mail'), config.mailFrom, log);
}
