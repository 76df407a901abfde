import { DEFAULT_LANG } from '../constants';
import { EN_US } from './en_us';
import type { Dictionary } from './translate';

export { EN_US, type LocaleKey } from './en_us';
export { type Dictionary, pluralForm, pluralKey, translate, translateCount } from './translate';

/** Every language served. A further language is one file beside en_us.ts and one line here. */
const DICTIONARIES: Readonly<Record<string, Dictionary>> = {
  [DEFAULT_LANG]: EN_US,
};

/** The dictionary for a requested language: 'en-US' and 'EN_us' mean en_us; anything unknown falls back to it. */
export function dictionaryFor(lang: string | undefined): { lang: string; keys: Dictionary } {
  const wanted = (lang ?? DEFAULT_LANG).trim().toLowerCase().replace(/-/g, '_');
  const used = Object.hasOwn(DICTIONARIES, wanted) ? wanted : DEFAULT_LANG;
  return { lang: used, keys: DICTIONARIES[used] };
}
