/**
 * The site's French typography (site/lib/content.ts), for the text the server writes into pages: a
 * no-break space before « : ; ! ? % » and after «, after a number, and "18 h 00" kept on one line.
 */
export function typesetFrench(text: string): string {
  return text
    .replace(/ ([:;!?%»])/g, '\u00a0$1')
    .replace(/(«) /g, '$1\u00a0')
    .replace(/(\d) (?=\S)/g, '$1\u00a0')
    .replace(/ h (?=\d)/g, '\u00a0h\u00a0');
}
