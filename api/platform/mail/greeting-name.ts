/**
 * Whether a typed first name may appear in an e-mail (decision 087). Anyone can type any address and
 * any "first name" into a public form, and the e-mail then goes out in our name: a greeting that
 * repeats whatever was typed turns our confirmations into a relay for someone else's text (a link, a
 * sentence). So a name is shown only when it looks like one: letters of any alphabet (accents and
 * combining marks included), spaces, hyphens and apostrophes, at most 40 characters. Nothing else can
 * form a link (no `.`, `:`, `/`, `@`), and invisible characters (bidi controls, zero-width joiners) are
 * not letters. Otherwise the e-mail uses its greeting without a name (`greetingNoName`).
 */

export const GREETING_NAME_MAX_LENGTH = 40;

/** Only letters, marks, spaces, hyphens (ASCII and U+2010/U+2011) and apostrophes (ASCII and typographic). */
const NAME_CHARACTERS = /^[\p{L}\p{M} \-\u2010\u2011'\u2019]+$/u;
const LETTER = /\p{L}/u;

/** The name to greet with (trimmed, inner spaces collapsed), or null when it does not look like a name. */
export function greetingName(typed: string | null | undefined): string | null {
  if (typeof typed !== 'string') return null;
  const name = typed.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (name === '' || [...name].length > GREETING_NAME_MAX_LENGTH) return null;
  if (!NAME_CHARACTERS.test(name) || !LETTER.test(name)) return null;
  return name;
}

/** The greeting line: with the name when it looks like one, else the variant without it. */
export function greetingCopy(copy: { greeting: string; greetingNoName: string }, firstName: string | null | undefined): string {
  return greetingName(firstName) === null ? copy.greetingNoName : copy.greeting;
}
