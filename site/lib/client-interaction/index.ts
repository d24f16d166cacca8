/**
 * The Astro integration that registers `client:interaction` (see directive.ts and
 * docs/decisions/040-hydrate-on-interaction.md) and, after the build, turns Astro's inline island
 * scripts into deferred module scripts (docs/decisions/080-island-scripts-never-block-parsing.md).
 * Used in astro.config.mjs.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor starts using the island (pointer, touch, focus or click); the click is replayed. */
    'client:interaction'?: boolean;
  }
}

/**
 * Astro's island scripts, as its renderer writes them before the first island of a page: the
 * `astro-island` element's definition and each client directive's registration (which announces
 * itself with an `astro:<directive>` event). Anything else inline is left alone.
 */
const ISLAND_SCRIPT = /<script>((?:(?!<\/script>)[\s\S])*?(?:customElements\.define\("astro-island"|new Event\("astro:)(?:(?!<\/script>)[\s\S])*)<\/script>/g;

/**
 * Astro inlines its island runtime as classic scripts in the middle of the body. A classic script
 * after a stylesheet stops the HTML parser until that stylesheet has arrived
 * (https://html.spec.whatwg.org/multipage/parsing.html#has-a-style-sheet-that-is-blocking-scripts),
 * and the rest of the page is then parsed in one long task. As inline module scripts they run in the
 * same order once the document is parsed (https://html.spec.whatwg.org/multipage/scripting.html#attr-script-type),
 * and define the islands already in the page (custom elements are upgraded when defined).
 */
export function deferIslandScripts(html: string): string {
  return html.replace(ISLAND_SCRIPT, (_script, body: string) => `<script type="module">${body}</script>`);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? htmlFiles(file) : entry.name.endsWith('.html') ? [file] : [];
  });
}

export default function clientInteraction(): AstroIntegration {
  return {
    name: 'client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)) });
      },
      'astro:build:done': ({ dir }) => {
        for (const file of htmlFiles(fileURLToPath(dir))) {
          const html = readFileSync(file, 'utf8');
          const deferred = deferIslandScripts(html);
          if (deferred !== html) writeFileSync(file, deferred);
        }
      },
    },
  };
}
