/**
 * Subsets the site's fonts to the characters the site draws (corpus.ts), with subset-font
 * (HarfBuzz's hb-subset compiled to WebAssembly; docs/decisions/041-font-subsetting.md). The build
 * fails, naming them, if the copy uses a character the font file itself cannot draw: better than a
 * glyph silently drawn in a fallback font.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { create, type Font } from 'fontkitten';
import { charactersFor } from './corpus.ts';
import { KEPT_FEATURES, type SiteFont } from './fonts.ts';

export const FULL_FONTS_DIR = path.resolve(import.meta.dirname, '..', '..', 'public', 'fonts');

export function readFont(data: Buffer): Font {
  const font = create(data);
  if ('fonts' in font) throw new Error('A font collection was given where one font is expected.');
  return font as Font;
}

export interface SubsetResult {
  data: Buffer;
  characters: string[];
}

export async function subsetSiteFont(font: SiteFont, options: { contentDir?: string } = {}): Promise<SubsetResult> {
  const full = readFileSync(path.join(FULL_FONTS_DIR, font.file));
  const characters = charactersFor(font, options.contentDir);
  const source = readFont(full);
  const missing = characters.filter((character) => !source.hasGlyphForCodePoint(character.codePointAt(0)!));
  if (missing.length) {
    throw new Error(
      `La police ${font.family} (${font.file}) ne contient pas ${missing.map((character) => `« ${character} » (U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ')}, ` +
        'utilisé(s) dans le texte du site : remplacez ce caractère dans site/content/ ou choisissez un fichier de police qui le contient.',
    );
  }
  const data = await subsetFont(full, characters.join(''), {
    targetFormat: 'woff2',
    keepFeatures: KEPT_FEATURES,
    variationAxes: { wght: font.weights },
  });
  return { data, characters };
}
