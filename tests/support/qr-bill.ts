/**
 * Reads back the Swiss QR code a PDF draws, with zbar (Debian's zbar-tools, installed by .ci/run).
 * zbar does not decode the code with the Swiss cross printed over its centre (a phone's banking app
 * does, from the error correction), so the modules are taken from the PDF itself: every square of the
 * QR code's module size in the page's content streams, placed on their grid, drawn black on white with
 * a quiet zone into a PGM image, and that image is decoded. The payload is thus exactly the one the
 * invoice's modules encode.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';

const run = promisify(execFile);

function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a Flate stream (a font, an image): no drawing operators to read.
    }
  }
  return streams;
}

/** The QR code's dark modules as [column, row], and its size in modules. */
export function qrModules(pdf: Buffer): { size: number; modules: Array<[number, number]> } {
  const squares: number[][] = [];
  for (const stream of contentStreams(pdf)) {
    for (const match of stream.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)) {
      const [x, y, width, height] = match.slice(1, 5).map(Number) as [number, number, number, number];
      if (width === height) squares.push([x, y, width]);
    }
  }
  // The module size is the most frequent square (hundreds of modules, a handful of other squares).
  const counts = new Map<number, number>();
  for (const [, , side] of squares) counts.set(side!, (counts.get(side!) ?? 0) + 1);
  const [block] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const modules = squares.filter(([, , side]) => side === block).map(([x, y]) => [Math.round(x! / block), Math.round(y! / block)] as [number, number]);
  return { size: Math.max(...modules.flat()) + 1, modules };
}

/** The text the PDF's QR code carries. */
export async function readQrPayload(pdf: Buffer): Promise<string> {
  const { size, modules } = qrModules(pdf);
  const scale = 8;
  const quiet = 4;
  const side = (size + 2 * quiet) * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (const [column, row] of modules) {
    for (let dy = 0; dy < scale; dy += 1) pixels.fill(0, ((row + quiet) * scale + dy) * side + (column + quiet) * scale, ((row + quiet) * scale + dy) * side + (column + quiet + 1) * scale);
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'qr-bill-'));
  try {
    const file = path.join(directory, 'qr.pgm');
    writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${side} ${side}\n255\n`), pixels]));
    const { stdout } = await run('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', file], { encoding: 'utf8' });
    // zbarimg ends its output with a newline of its own.
    return stdout.replace(/\n$/, '');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
