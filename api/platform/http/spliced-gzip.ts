/**
 * A page kept for every visit but for a few bytes (the booking page's idempotency key, decision 126),
 * gzip-compressed without compressing it again at each visit: its two kept parts are compressed once,
 * each as raw DEFLATE ending on a byte boundary (RFC 1951: a full flush ends the first, which is not
 * final, and the second starts with an empty history), and each visit's bytes go between them as one
 * stored block. One gzip member (RFC 1952) holds the three: the header, the blocks, then the CRC-32 and
 * the length of the whole page, computed per visit. Any gzip decoder reads it as one stream.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A stored block holds at most 65,535 bytes. */
const STORED_MAX = 0xffff;

export interface SplicedPage {
  before: Buffer;
  after: Buffer;
  beforeCrc: number;
  /** Raw DEFLATE of `before`, full-flushed (not final), and of `after` (final). */
  beforeDeflated: Buffer;
  afterDeflated: Buffer;
}

/** Compresses the kept parts once (at the level the precompressed pages use). */
export function prepareSplicedPage(before: string, after: string): SplicedPage {
  const beforeBytes = Buffer.from(before);
  const afterBytes = Buffer.from(after);
  return {
    before: beforeBytes,
    after: afterBytes,
    beforeCrc: crc32(beforeBytes),
    beforeDeflated: deflateRawSync(beforeBytes, { level: 9, finishFlush: constants.Z_FULL_FLUSH }),
    afterDeflated: deflateRawSync(afterBytes, { level: 9 }),
  };
}

/** The gzip body of `before + middle + after` (middle: at most 65,535 bytes). */
export function splicedGzip(page: SplicedPage, middle: string): Buffer {
  const middleBytes = Buffer.from(middle);
  if (middleBytes.length > STORED_MAX) throw new RangeError('spliced part too long for one stored block');
  const stored = Buffer.alloc(5);
  stored[0] = 0x00; // BFINAL 0, BTYPE 00 (stored), padded to the byte
  stored.writeUInt16LE(middleBytes.length, 1);
  stored.writeUInt16LE(~middleBytes.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(page.after, crc32(middleBytes, page.beforeCrc)) >>> 0, 0);
  trailer.writeUInt32LE((page.before.length + middleBytes.length + page.after.length) >>> 0, 4);
  return Buffer.concat([HEADER, page.beforeDeflated, stored, middleBytes, page.afterDeflated, trailer]);
}

/**
 * The HTML kept around each visit's bytes, as a page filler hands it to the static server: the
 * compression of its parts is made at the first visit that asks for gzip, then kept with it.
 */
export class SplicedHtml {
  readonly before: string;
  readonly after: string;
  private compressed: SplicedPage | undefined;

  constructor(before: string, after: string) {
    this.before = before;
    this.after = after;
  }

  html(middle: string): string {
    return this.before + middle + this.after;
  }

  gzip(middle: string): Buffer {
    this.compressed ??= prepareSplicedPage(this.before, this.after);
    return splicedGzip(this.compressed, middle);
  }
}

/** A page made for one visit from kept HTML and this visit's bytes. */
export interface SplicedVisit {
  spliced: SplicedHtml;
  middle: string;
}
