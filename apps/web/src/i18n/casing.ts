/** Words this short in capitals are abbreviations (OK, TBD) and keep them. */
const ABBREVIATION_MAX = 3;

/**
 * The one casing of button labels, sentence case: the dictionary holds the spec's texts as written ("JOIN",
 * "LEAVE ROOM", "grant mic"), and a button shows "Join", "Leave room", "Grant mic". A label already starting
 * with a capital keeps its other capitals, which may be names ("Invite Amara").
 */
export function buttonCase(label: string): string {
  const letters = label.replace(/[^\p{L}]/gu, '');
  if (
    letters.length > ABBREVIATION_MAX &&
    letters === letters.toUpperCase() &&
    letters !== letters.toLowerCase()
  ) {
    return capitalized(label.toLowerCase());
  }
  return capitalized(label);
}

/** The text with its first letter a capital, the rest as written. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
