/** A dictionary of translation key to text (000 §3.14). */
export type Dictionary = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{(\d+)\}\}/g;
/** A key starting with this sign is a phrase translated word by word (000 §3.14). */
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
