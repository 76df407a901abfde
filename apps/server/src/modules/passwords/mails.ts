import { dictionaryFor, type LocaleKey, translate } from '@orbit/contract';
import { type ComposedMail, composeMail, type MailContext } from '../../platform/mail';

/** The mails of account recovery, each a subject, an introduction naming the account, a link and a last word. */
const MAILS = {
  /** Forgot password: a link that works once, for 30 minutes. */
  reset: ['mail.reset.subject', 'mail.reset.intro', 'mail.reset.action', 'mail.reset.ignore'],
  /** A member someone added: a set-password link that works once, for 7 days. */
  welcome: ['mail.welcome.subject', 'mail.welcome.intro', 'mail.welcome.action', 'mail.welcome.later'],
  /** After a reset: the password changed and every device was signed out; what to do if it was not them. */
  changed: ['mail.changed.subject', 'mail.changed.intro', 'mail.changed.action', 'mail.changed.warning'],
} as const satisfies Record<string, readonly [LocaleKey, LocaleKey, LocaleKey, LocaleKey]>;

export type AccountMail = keyof typeof MAILS;

/** The link a mailed token opens: the app's reset screen, which then sends the member to sign in. */
export function resetLink(context: MailContext, token: string): string {
  return `${context.origin}/reset-password?token=${token}`;
}

/** One of the mails in the words of the request's language, for the account `username`, linking to `url`. */
export function accountMail(
  kind: AccountMail,
  context: MailContext,
  username: string,
  url: string,
): ComposedMail {
  const { keys } = dictionaryFor(context.lang);
  const [subject, intro, action, last] = MAILS[kind];
  return composeMail({
    subject: translate(keys, subject),
    before: [translate(keys, intro, username)],
    action: { label: translate(keys, action), url },
    after: [translate(keys, last)],
    fallback: translate(keys, 'mail.link_fallback'),
  });
}
