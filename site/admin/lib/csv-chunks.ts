/**
 * The browser's side of the CSV import (decision 076): the file is decoded as the server would (strict
 * UTF-8, else Windows-1252; decision 075) and cut into chunks of whole records, each sent with the header
 * line so every request is a CSV of its own. A line break ends a record only outside quotes; CSV escapes a
 * quote by doubling it, so counting quotes is enough to know.
 */

export function decodeCsvBytes(bytes: ArrayBuffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The header line and every record's text (a record may span lines inside quotes). Empty records are kept, so rows keep their numbers. */
export function splitRecords(text: string): { header: string; records: string[] } {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '"') quoted = !quoted;
    else if (character === '\n' && !quoted) {
      records.push(text.slice(start, index).replace(/\r$/, ''));
      start = index + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start).replace(/\r$/, ''));
  const [header = '', ...rest] = records;
  return { header, records: rest };
}

export interface CsvChunk {
  /** The file's row number of the chunk's first record (the header is row 1). */
  firstRow: number;
  rows: number;
  body: string;
}

export function csvChunks(header: string, records: string[], size: number): CsvChunk[] {
  const chunks: CsvChunk[] = [];
  for (let start = 0; start < records.length; start += size) {
    const part = records.slice(start, start + size);
    chunks.push({ firstRow: start + 2, rows: part.length, body: `${header}\r\n${part.join('\r\n')}\r\n` });
  }
  return chunks;
}
