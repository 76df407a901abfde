/** A dictionary of translation key to text (docs/product/README.md#texts). */
export type Dictionary = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{(\d+)\}\}/g;
/** A key starting with this sign is a phrase translated word by word (docs/product/README.md#texts). */
const WORD_BY_WORD = '%';

function lookUp(dict: Dictionary, key: string): string {
  return Object.hasOwn(dict, key) ? dict[key] : key;
}

function fillPlaceholders(text: string, args: readonly (string | number)[]): string {
  return text.replace(PLACEHOLDER, (placeholder, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}

/**
 * The spec's lookup: `{{n}}` takes the n-th argument, a '%' key is translated one word at a time, and a
 * missing key (or word) is shown as itself.
 */
export function translate(dict: Dictionary, key: string, ...args: (string | number)[]): string {
  const text = key.startsWith(WORD_BY_WORD)
    ? key
        .slice(WORD_BY_WORD.length)
        .split(/(\s+)/)
        .map((piece) => (piece.trim() === '' ? piece : lookUp(dict, piece)))
        .join('')
    : lookUp(dict, key);
  return fillPlaceholders(text, args);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of a count in a dictionary's language ('en_us' reads as en-US), as i18next uses. */
export function pluralForm(lang: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lang.replace(/_/g, '-'));
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/**
 * The key of a count's form, i18next's way: `key_one`, `key_few`… when the dictionary has that form; else the
 * key itself, which holds the general form ('{{0}} members'), so a language needs only the forms it has.
 */
export function pluralKey(dict: Dictionary, lang: string, key: string, count: number): string {
  const form = `${key}_${pluralForm(lang, count)}`;
  return Object.hasOwn(dict, form) ? form : key;
}

/** A text about a number of things ("1 member", "3 members"): `{{0}}` is the count, `{{1}}`… the rest. */
export function translateCount(
  dict: Dictionary,
  lang: string,
  key: string,
  count: number,
  ...args: (string | number)[]
): string {
  return translate(dict, pluralKey(dict, lang, key, count), count, ...args);
}
