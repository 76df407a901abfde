import { DEFAULT_LANG } from '@orbit/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { get } from '../api/client';

export interface LocaleResponse {
  keys: Record<string, string>;
  lang: string;
}

export const i18n = i18next.createInstance();

/**
 * Keys are whole texts or dotted names, never nested paths, so separators are off; a missing key shows
 * the key itself (000 §3.14); `{{0}}` placeholders take values named "0", "1"...
 */
export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: DEFAULT_LANG,
    fallbackLng: false,
    resources: {},
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

/** Loads the dictionary from GET /locale; a failure is only logged (000 §8) and keys show as they are. */
export async function loadLocale(lang: string = DEFAULT_LANG): Promise<void> {
  try {
    const locale = await get<LocaleResponse>('/locale', { lang });
    i18n.addResourceBundle(locale.lang, 'translation', locale.keys, true, true);
    await i18n.changeLanguage(locale.lang);
  } catch (error) {
    console.warn('[orbit] locale not loaded', error);
  }
}

/** Positional values for `{{0}}`, `{{1}}`: t(key, positional('height')). */
export function positional(...values: (string | number)[]): Record<string, string | number> {
  return Object.fromEntries(values.map((value, index) => [String(index), value]));
}
