import { dictionaryFor, type LocaleKey, translate } from '@orbit/contract';
import { type ComposedMail, composeMail, type MailContext } from '../../platform/mail';

/** The mails of account recovery, in the words of the request's language (the contract's dictionaries). */

function wordsIn(lang: string | undefined) {
  const { keys } = dictionaryFor(lang);
  return (key: LocaleKey, ...args: string[]) => translate(keys, key, ...args);
}

/** The link a mailed token opens: the app's reset screen, which then sends the member to sign in. */
export function resetLink(context: MailContext, token: string): string {
  return `${context.origin}/reset-password?token=${token}`;
}

/** Forgot password: a link that works once, for 30 minutes. */
export function resetMail(context: MailContext, link: string, username: string): ComposedMail {
  const t = wordsIn(context.lang);
  return composeMail({
    subject: t('mail.reset.subject'),
    before: [t('mail.reset.intro', username)],
    action: { label: t('mail.reset.action'), url: link },
    after: [t('mail.reset.ignore')],
    fallback: t('mail.link_fallback'),
  });
}

/** A member someone added: a set-password link that works once, for 7 days. */
export function welcomeMail(context: MailContext, link: string, username: string): ComposedMail {
  const t = wordsIn(context.lang);
  return composeMail({
    subject: t('mail.welcome.subject'),
    before: [t('mail.welcome.intro', username)],
    action: { label: t('mail.welcome.action'), url: link },
    after: [t('mail.welcome.later')],
    fallback: t('mail.link_fallback'),
  });
}

/** After a reset: the password changed and every device was signed out; what to do if it was not them. */
export function changedMail(context: MailContext, username: string): ComposedMail {
  const t = wordsIn(context.lang);
  return composeMail({
    subject: t('mail.changed.subject'),
    before: [t('mail.changed.intro', username)],
    action: { label: t('mail.changed.action'), url: `${context.origin}/` },
    after: [t('mail.changed.warning')],
    fallback: t('mail.link_fallback'),
  });
}
