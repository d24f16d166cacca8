/**
 * The Astro integration that replaces the built copies of the web fonts (dist/fonts/) by their
 * subsets once the pages are built (decision 041). `astro dev` keeps serving the full files.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { SITE_FONTS } from './fonts.ts';
import { subsetSiteFont } from './subset.ts';

export default function fontSubset(): AstroIntegration {
  return {
    name: 'font-subset',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        for (const font of SITE_FONTS) {
          const { data, characters } = await subsetSiteFont(font);
          writeFileSync(path.join(fileURLToPath(dir), 'fonts', font.file), data);
          logger.info(`${font.file}: ${characters.length} characters, ${font.weights.min}–${font.weights.max}, ${(data.length / 1000).toFixed(1)} kB`);
        }
      },
    },
  };
}
