/**
 * iCalendar content lines (RFC 5545 3.1), shared by every calendar file the API writes (the webinars'
 * and bookings' e-mails, the hosts' subscription feeds): the `ics` package folds by characters with a
 * tab, and a line must be folded at 75 octets.
 */
const MAX_LINE_OCTETS = 75;

/**
 * RFC 5545 3.1: a content line longer than 75 octets is split with CRLF and one space; the split never
 * falls inside a UTF-8 sequence (code points are kept whole, so each piece stays valid UTF-8).
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  // The first line has 75 octets; each continuation line has the leading space plus 74.
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

/** Undoes any folding (`ics` folds by characters with a tab) and folds every line again by octets. */
export function refold(calendar: string): string {
  return calendar
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(foldLine)
    .join('\r\n');
}
