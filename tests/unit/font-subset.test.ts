/**
 * The subset fonts (decision 041) draw every character of the copy: each string of every content file
 * (read here on its own, in upper and lower case for CSS `uppercase`), and for the body font what
 * visitors type (printable ASCII). A character the font files cannot draw stops the build with a
 * French message naming it. The @font-face rules declare the subsets' families, files and weights.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SITE_FONTS, type SiteFont } from '../../site/lib/font-subset/fonts.ts';
import { readFont, subsetSiteFont, FULL_FONTS_DIR, type SubsetResult } from '../../site/lib/font-subset/subset.ts';

// HarfBuzz (WebAssembly) subsets a font in about a second, several on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

/** The build's own subset of each font, made once for the whole file. */
const built = new Map<string, Promise<SubsetResult>>();
function buildSubset(font: SiteFont): Promise<SubsetResult> {
  if (!built.has(font.file)) built.set(font.file, subsetSiteFont(font));
  return built.get(font.file)!;
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CONTENT = path.join(ROOT, 'site', 'content');

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

function copyCharacters(): string[] {
  const text = readdirSync(CONTENT)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) => allStrings(parse(readFileSync(path.join(CONTENT, name), 'utf8'))))
    .join('');
  return [...new Set(text + text.toUpperCase() + text.toLowerCase())].filter((character) => character >= ' ' && character !== '\u007f');
}

const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function contentWith(text: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'font-subset-'));
  temporary.push(dir);
  writeFileSync(path.join(dir, 'test.yaml'), `title: "${text}"\n`);
  return dir;
}

const codes = (characters: string[]) => characters.map((character) => `U+${character.codePointAt(0)!.toString(16).padStart(4, '0')} ${character}`);

describe.each(SITE_FONTS)('$family subset', (font) => {
  it('draws every character of the content files, in both cases', async () => {
    const { data } = await buildSubset(font);
    const subset = readFont(data);
    const missing = copyCharacters().filter((character) => !subset.hasGlyphForCodePoint(character.codePointAt(0)!));
    expect(codes(missing)).toEqual([]);
    // Really a subset: far fewer glyphs than the full file.
    const full = readFont(readFileSync(path.join(FULL_FONTS_DIR, font.file)));
    expect(subset.numGlyphs).toBeLessThan(full.numGlyphs);
    expect(data.length).toBeLessThan(readFileSync(path.join(FULL_FONTS_DIR, font.file)).length);
  });

  it('keeps the weights the site uses, and only those', async () => {
    const subset = readFont((await buildSubset(font)).data);
    expect(subset.variationAxes.wght).toMatchObject({ min: font.weights.min, max: font.weights.max });
  });

  it('follows the copy: a new character is in the next subset', async () => {
    const { data, characters } = await subsetSiteFont(font, { contentDir: contentWith('Zoë Ärni, Noël') });
    expect(characters).toEqual(expect.arrayContaining(['ë', 'Ë', 'Ä', 'ä']));
    expect(readFont(data).hasGlyphForCodePoint('Ä'.codePointAt(0)!)).toBe(true);
  });

  it('stops the build, naming it, on a character the font file cannot draw', async () => {
    await expect(subsetSiteFont(font, { contentDir: contentWith('Dvořák') })).rejects.toThrow(
      `La police ${font.family} (${font.file}) ne contient pas « Ř » (U+0158), « ř » (U+0159), utilisé(s) dans le texte du site`,
    );
  });
});

it('the body font draws what visitors type: printable ASCII', async () => {
  const body = SITE_FONTS.find((font) => font.role === 'body')!;
  const subset = readFont((await buildSubset(body)).data);
  const ascii = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index));
  expect(codes(ascii.filter((character) => !subset.hasGlyphForCodePoint(character.codePointAt(0)!)))).toEqual([]);
});

it('the @font-face rules declare the subsets: family, file and weight range', () => {
  const css = readFileSync(path.join(ROOT, 'site', 'layouts', 'public.css'), 'utf8');
  const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
    family: /font-family:\s*'([^']+)'/.exec(body!)?.[1],
    file: /url\('\/fonts\/([^']+)'\)/.exec(body!)?.[1],
    weights: /font-weight:\s*(\d+)\s+(\d+)/.exec(body!)?.slice(1).map(Number),
    display: /font-display:\s*(\w+)/.exec(body!)?.[1],
  }));
  expect(faces).toEqual(SITE_FONTS.map((font) => ({ family: font.family, file: font.file, weights: [font.weights.min, font.weights.max], display: 'swap' })));
});
