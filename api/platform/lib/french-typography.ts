/**
 * The site's French typography (site/lib/content.ts), for the text the server writes into pages: a
 * no-break space before « : ; ! ? % » and after «, after a number, and "18 h 00" kept on one line;
 * "e-mail" in a sentence never split after its hyphen (a word joiner, invisible and drawn by no font:
 * decision 119).
 * Applying it twice changes nothing.
 */
export const WORD_JOINER = '\u2060';

export function typesetFrench(text: string): string {
  return (
    text
      .replace(/ ([:;!?%»])/g, '\u00a0$1')
      .replace(/(«) /g, '$1\u00a0')
      // The hour first: once "10 h" is joined by the number's rule, " h " would no longer match (the
      // space after the h stayed breakable: "10 h / 00").
      .replace(/(\d)[ \u00a0]h (?=\d)/g, '$1\u00a0h\u00a0')
      .replace(/(\d) (?=\S)/g, '$1\u00a0')
      // Inside a sentence only (after a space): a field's label "E-mail" keeps the accessible name people and
      // assistive technologies use for it.
      .replace(/(?<=\s)([Ee])-(?=mails?\b)/g, `$1-${WORD_JOINER}`)
  );
}
