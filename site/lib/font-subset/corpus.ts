/**
 * The characters the site's fonts must draw, read from the sources at build time, so a character
 * added to the copy is never missing from the subset fonts:
 * - every string of every content file (site/content/*.yaml), in upper and lower case too, since
 *   CSS `uppercase` turns "é" into "É";
 * - for body text also: the text the public components, layouts and pages write themselves, the
 *   API's messages that toasts and inline errors show (the contract: api/contract/ and each feature's
 *   contract/ folder, decision 135; api/platform/errors.ts), and what
 *   visitors type: printable ASCII and the French alphabet with its punctuation.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { SiteFont } from './fonts.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** api/contract/ and every feature's contract/ folder (decision 135), read when the fonts are made. */
function contractSources(): string[] {
  const features = path.join(ROOT, 'api', 'features');
  if (!existsSync(features)) return [];
  return ['api/contract', ...readdirSync(features).map((feature) => `api/features/${feature}/contract`)].filter((dir) => existsSync(path.join(ROOT, dir)));
}
/** Sources whose own text reaches the page in the body font (and the contract's, contractSources). */
const BODY_SOURCES = ['site/components', 'site/layouts', 'site/pages', 'site/lib', 'api/platform/errors.ts'];
/** Admin code never uses the public fonts. */
const NOT_PUBLIC = /(^|\/)(admin|login)(\.astro|\/|$)/;

const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).join('');
const FRENCH_LETTERS = 'àâäæçéèêëîïôöœùûü';
/** Guillemets, apostrophes and quotes, dashes, ellipsis, euro, no-break space, ©, middle dot (the
 * narrow no-break space U+202F is not in the font files: the copy does not use it). */
const FRENCH_PUNCTUATION = '«»‘’“”–—…€\u00a0©·';

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(full, name))
    .filter((file) => statSync(file).isFile() && /\.(astro|tsx?|ya?ml)$/.test(file));
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Drops control characters (line breaks, tabs): nothing draws them. */
function drawable(text: string): Set<string> {
  return new Set([...text].filter((character) => !/[\u0000-\u001f\u007f-\u009f]/.test(character)));
}

/** Every string value of the content files, as parsed (escapes resolved), with its case variants. */
export function contentText(contentDir = path.join(ROOT, 'site', 'content')): string {
  const text = readdirSync(contentDir)
    .filter((name) => /\.ya?ml$/.test(name))
    .flatMap((name) => strings(parse(readFileSync(path.join(contentDir, name), 'utf8'))))
    .join('');
  return text + text.toLocaleUpperCase('fr') + text.toLocaleLowerCase('fr');
}

/** Source code without its comments (block, HTML and line comments, not the `//` of a URL). */
export function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:\\'"`])\/\/[^\n]*/g, '$1');
}

/** The text of the public sources that write characters of their own (their comments aside). */
export function bodySourceText(): string {
  return [...BODY_SOURCES, ...contractSources()]
    .flatMap(files)
    .filter((file) => !NOT_PUBLIC.test(path.relative(ROOT, file)))
    .map((file) => withoutComments(readFileSync(file, 'utf8')))
    .join('');
}

/** The characters `font` must draw, sorted by code point (`contentDir`: another copy, for tests). */
export function charactersFor(font: SiteFont, contentDir?: string): string[] {
  const content = contentText(contentDir);
  const text = font.role === 'display' ? content + '0123456789' : content + bodySourceText() + PRINTABLE_ASCII + FRENCH_LETTERS + FRENCH_LETTERS.toLocaleUpperCase('fr') + FRENCH_PUNCTUATION;
  return [...drawable(text)].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
}
