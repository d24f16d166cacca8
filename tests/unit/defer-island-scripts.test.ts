import { describe, expect, it } from 'vitest';
import { deferIslandScripts } from '../../site/lib/client-interaction/index.ts';

// The shapes Astro 7 writes (abridged): a directive's registration, then the astro-island runtime.
const DIRECTIVE = '(()=>{var u=1;(self.Astro||(self.Astro={})).interaction=u;window.dispatchEvent(new Event("astro:interaction"));})();';
const RUNTIME = '(()=>{class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();';

describe('island scripts deferred after the build (decision 080)', () => {
  it("turns Astro's inline island scripts into module scripts, in place and in order, with the same bodies", () => {
    const page = `<head><link rel="stylesheet" href="/a.css"></head><body><p>Avant</p><script>${DIRECTIVE}</script><script>${RUNTIME}</script><astro-island ssr></astro-island></body>`;
    expect(deferIslandScripts(page)).toBe(
      `<head><link rel="stylesheet" href="/a.css"></head><body><p>Avant</p><script type="module">${DIRECTIVE}</script><script type="module">${RUNTIME}</script><astro-island ssr></astro-island></body>`,
    );
  });

  it('leaves every other script alone: other inline code, script files, JSON data', () => {
    const page = [
      '<script>document.documentElement.dataset.theme = "clair";</script>',
      '<script type="module" src="/_astro/page.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
    ].join('');
    expect(deferIslandScripts(page)).toBe(page);
  });

  it('never merges two scripts: a plain script before the runtime stays classic', () => {
    const page = `<script>var x = 1;</script><p>texte</p><script>${RUNTIME}</script>`;
    expect(deferIslandScripts(page)).toBe(`<script>var x = 1;</script><p>texte</p><script type="module">${RUNTIME}</script>`);
  });
});
