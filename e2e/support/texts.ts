import { DEFAULT_LANG, EN_US, translate, translateCount } from '@orbit/contract';
import { buttonCase } from '../../apps/web/src/i18n/casing';
import { T, type TextName } from '../../apps/web/src/i18n/texts';

/**
 * What the web app shows for one of its texts in en_us, looked up the way the app does. Journeys find
 * elements by these accessible names, so a reworded text moves the app and its journeys together.
 */
export function text(name: TextName, ...args: (string | number)[]): string {
  return translate(EN_US, T[name], ...args);
}

/** A button's label as the app shows it: the text in the buttons' one casing (apps/web/src/i18n/casing.ts). */
export function buttonText(name: TextName, ...args: (string | number)[]): string {
  return buttonCase(text(name, ...args));
}

/** A text about a number of things as the app shows it: "1 comment", "3 comments". */
export function countText(name: TextName, count: number, ...args: (string | number)[]): string {
  return translateCount(EN_US, DEFAULT_LANG, T[name], count, ...args);
}

/** A header button's name, as the home view gives it: "Notifications, 2 unread", the bare label at zero. */
export function unreadName(name: TextName, count: number): string {
  return count > 0 ? text('homeUnreadLabel', text(name), count) : text(name);
}
