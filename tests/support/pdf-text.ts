/**
 * The text a PDF made by pdfkit with its standard fonts shows, for tests: each content stream is
 * inflated (FlateDecode), and each text operator's strings (`[<hex> kerning <hex>] TJ`, `<hex> Tj`) are
 * decoded from WinAnsi (windows-1252), the encoding of the standard fonts; one line per operator.
 * Enough to check what a document says without a PDF tool on the machine.
 */
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const decoder = new TextDecoder('windows-1252');
  const source = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const operator of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = operator[1] !== undefined ? [...operator[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1]!) : [operator[2]!];
      lines.push(hexes.map((hex) => decoder.decode(Buffer.from(hex, 'hex'))).join(''));
    }
  }
  return lines.join('\n');
}
