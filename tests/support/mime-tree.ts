/**
 * A received message's MIME structure (RFC 2045/2046), read from its raw bytes: each part's content
 * type with its parameters, its disposition, its children (multipart) or its decoded text (a leaf).
 * `mailparser` flattens the tree into text, html and attachments; where a part sits (inside
 * multipart/alternative or beside it) is what a calendar client looks at, so tests read it here.
 */

export interface MimePart {
  /** Lower case, without parameters: `multipart/alternative`, `text/calendar`. */
  type: string;
  /** Content-Type parameters, names in lower case (`method`, `charset`, `boundary`, `name`). */
  params: Record<string, string>;
  /** `attachment`, `inline` or null. */
  disposition: string | null;
  children: MimePart[];
  /** A leaf's content, transfer decoding undone, as UTF-8 text. */
  text: string;
}

function headerBlock(source: string): { headers: Map<string, string>; body: string } {
  const split = source.search(/\r?\n\r?\n/);
  const head = split === -1 ? source : source.slice(0, split);
  const body = split === -1 ? '' : source.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameters(value: string): { main: string; params: Record<string, string> } {
  const [main = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const item of rest) {
    const equals = item.indexOf('=');
    if (equals > 0)
      params[item.slice(0, equals).trim().toLowerCase()] = item
        .slice(equals + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { main: main.trim().toLowerCase(), params };
}

function decode(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
      // Percent-decoding turns the escaped bytes back into UTF-8; a literal % is escaped first.
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    }
    default:
      return body;
  }
}

function parsePart(source: string): MimePart {
  const { headers, body } = headerBlock(source);
  const { main, params } = parameters(headers.get('content-type') ?? 'text/plain');
  const disposition = headers.has('content-disposition') ? parameters(headers.get('content-disposition')!).main : null;
  if (main.startsWith('multipart/') && params.boundary) {
    const delimiter = `--${params.boundary}`;
    const sections = body.split(new RegExp(`^${delimiter.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(?:--)?[ \\t]*\\r?$`, 'm'));
    // Before the first delimiter: the preamble; after the closing one: the epilogue.
    // The line break before a delimiter belongs to the delimiter (RFC 2046 5.1.1), not to the part.
    const children = sections.slice(1, -1).map((section) => parsePart(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { type: main, params, disposition, children, text: '' };
  }
  return { type: main, params, disposition, children: [], text: decode(body, headers.get('content-transfer-encoding') ?? '7bit') };
}

export function mimeTree(raw: Buffer | string): MimePart {
  return parsePart(String(raw));
}

/** Every part, depth first, the root included. */
export function mimeParts(root: MimePart): MimePart[] {
  return [root, ...root.children.flatMap(mimeParts)];
}
