/**
 * The pages whose next-session slot the server fills (decision 052). The built page is read once (again
 * when its file changes); each distinct slot content gets its own bytes, ETag and compressed copies,
 * compressed once, on the first request that asks for that encoding, then served from memory like the
 * build's precompressed siblings. A request costs one look-up of the next session (an in-memory cache,
 * api/features/webinars/sessions/next-session.ts) and a hash of a few hundred bytes.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fillNextSessionSlot, hasNextSessionSlot, hasQueryFields } from './page-slots.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The slot's current inner HTML. */
export type SlotSource = () => Promise<string>;

interface FileInfo {
  file: string;
  size: number;
  mtime: Date;
}

interface Page {
  html: string;
  slot: boolean;
  queryFields: boolean;
}

export interface FilledPage {
  etag: string;
  identity: Buffer;
  encoded: (encoding: 'br' | 'gzip') => Promise<Buffer>;
}

export function createSlotPages(source: SlotSource | undefined) {
  const pages = new Map<string, { version: string; page: Page }>();
  const filledPages = new Map<string, { key: string; filled: FilledPage }>();

  async function page(found: FileInfo): Promise<Page> {
    const version = `${found.size}-${found.mtime.getTime()}`;
    const known = pages.get(found.file);
    if (known?.version === version) return known.page;
    const html = await readFile(found.file, 'utf8');
    const read = { html, slot: hasNextSessionSlot(html), queryFields: hasQueryFields(html) };
    pages.set(found.file, { version, page: read });
    return read;
  }

  /** The page with its slot filled, or undefined for a page without the slot. */
  async function filled(found: FileInfo): Promise<FilledPage | undefined> {
    if (!source) return undefined;
    const built = await page(found);
    if (!built.slot) return undefined;
    const inner = await source();
    // One hash of the built file's version and the slot's content: as distinct as the three side by side,
    // and 19 bytes fewer in the header of the landing page's first response (decision 120).
    const key = createHash('sha256').update(`${found.size}-${found.mtime.getTime()}-`).update(inner).digest('base64url').slice(0, 16);
    const known = filledPages.get(found.file);
    if (known?.key === key) return known.filled;
    const identity = Buffer.from(fillNextSessionSlot(built.html, inner));
    const compressed = new Map<string, Promise<Buffer>>();
    const entry: FilledPage = {
      etag: `W/"${key}"`,
      identity,
      encoded(encoding) {
        let bytes = compressed.get(encoding);
        if (!bytes) {
          bytes = encoding === 'br' ? brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipAsync(identity, { level: 9 });
          compressed.set(encoding, bytes);
        }
        return bytes;
      },
    };
    filledPages.set(found.file, { key, filled: entry });
    return entry;
  }

  return { page, filled };
}
