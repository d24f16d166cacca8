/** The addresses an issue may not take are exactly the archive's built pages (site/pages/newsletter/, decision 114). */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from '../../api/features/newsletters/issues.ts';

describe('newsletter slugs', () => {
  it('reserves the name of every built page under /newsletter/', () => {
    const pages = readdirSync('site/pages/newsletter')
      .filter((file) => file.endsWith('.astro') && file !== 'index.astro')
      .map((file) => file.replace(/\.astro$/, ''))
      .sort();
    expect([...RESERVED_SLUGS].sort()).toEqual(pages);
  });
});
