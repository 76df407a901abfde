import { DEFAULT_LANG, type Dictionary, translate, translateCount } from '@orbit/contract';
import { useSyncExternalStore } from 'react';
import { call } from '../api/client';

export interface LocaleResponse {
  keys: Record<string, string>;
  lang: string;
}

/** The values of a text's `{{0}}`, `{{1}}` placeholders, by position: positional(...) or { 0: name }. */
export type TextValues = Readonly<Record<number | string, string | number>>;
export type TFunction = (key: string, values?: TextValues) => string;
/** A text about a number of things, in the plural form its count takes: `{{0}}` is the count. */
export type TCountFunction = (key: string, count: number, ...more: (string | number)[]) => string;

let dictionary: Dictionary = {};
let language: string = DEFAULT_LANG;
let version = 0;
const listeners = new Set<() => void>();

function argumentsOf(values: TextValues | undefined): (string | number)[] {
  const args: (string | number)[] = [];
  for (const [position, value] of Object.entries(values ?? {})) args[Number(position)] = value;
  return args;
}

/**
 * A text in the member's language by its key: the contract's `translate`, the spec's lookup that the server
 * uses too (docs/product/README.md#texts): `{{n}}` takes the n-th value, a missing key is shown as itself.
 */
const t: TFunction = (key, values) => translate(dictionary, key, ...argumentsOf(values));

/**
 * "1 member", "3 members": the form the count takes in the dictionary's language (i18next's `_one`, `_few`…
 * suffixes, Intl's plural rules), through the contract's `translateCount`; a key without forms reads as it is.
 */
const tCount: TCountFunction = (key, count, ...more) =>
  translateCount(dictionary, language, key, count, ...more);

/** The app's texts outside a component: t, tCount, and the language of the dictionary. */
export const i18n = {
  t,
  tCount,
  get language(): string {
    return language;
  },
};

/** Puts a dictionary in place; every component showing texts renders again. */
export function setDictionary(lang: string, keys: Dictionary): void {
  dictionary = keys;
  language = lang;
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The texts for a component, which renders again when the dictionary changes. */
export function useTranslation(): { t: TFunction; tCount: TCountFunction; i18n: typeof i18n } {
  useSyncExternalStore(subscribe, () => version);
  return { t, tCount, i18n };
}

/** Loads the dictionary from GET /locale; a failure is only logged (docs/product/realtime.md#notifications-list) and keys show as they are. */
export async function loadLocale(lang: string = DEFAULT_LANG): Promise<void> {
  try {
    const locale = await call('locale', { query: { lang } });
    setDictionary(locale.lang, locale.keys);
  } catch (error) {
    console.warn('[orbit] locale not loaded', error);
  }
}

/** Positional values for `{{0}}`, `{{1}}`: t(key, positional('height')). */
export function positional(...values: (string | number)[]): Record<string, string | number> {
  return Object.fromEntries(values.map((value, index) => [String(index), value]));
}
