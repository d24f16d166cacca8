/**
 * The Astro integration that registers `client:interaction` (see directive.ts and
 * docs/decisions/040-hydrate-on-interaction.md). Used in astro.config.mjs.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor starts using the island (pointer, touch, focus or click); the click is replayed. */
    'client:interaction'?: boolean;
  }
}

export default function clientInteraction(): AstroIntegration {
  return {
    name: 'client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./directive.ts', import.meta.url)) });
      },
    },
  };
}
