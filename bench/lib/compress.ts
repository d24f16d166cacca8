import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

export interface Sizes {
  count: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export const ZERO: Sizes = { count: 0, raw: 0, gzip: 0, brotli: 0 };

/** The sizes a file has on the wire with the build's precompression (gzip -9, brotli q11). */
export function sizesOf(body: Buffer): Sizes {
  return {
    count: 1,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export function addSizes(...list: Sizes[]): Sizes {
  return list.reduce((sum, item) => ({ count: sum.count + item.count, raw: sum.raw + item.raw, gzip: sum.gzip + item.gzip, brotli: sum.brotli + item.brotli }), ZERO);
}
