// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import clientInteraction from './site/lib/client-interaction/index.ts';
import fontSubset from './site/lib/font-subset/index.ts';

/**
 * In production the Koa server answers every admin path with the one admin shell (api/platform/http/static.ts);
 * this does the same for Astro's dev server.
 * @returns {import('vite').Plugin}
 */
function adminShellInDev() {
  return {
    name: 'admin-shell-in-dev',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/(admin|admin-dev|simple-admin)(\/|\?|$)/.test(req.url)) req.url = '/admin/';
        next();
      });
    },
  };
}

/** A module of the API's contract: api/contract/ or a feature's contract/ folder (decision 135). */
const CONTRACT_MODULE = /\/api\/(contract|features\/[^/]+\/contract)\/[^/]+\.ts$/;

/**
 * The contract's modules only declare values, schemas and presenters (but zod.ts, which configures zod). Said to
 * the bundler, a screen that takes a label from `#contract` or
 * `#contract/<feature>` bundles that label, not every schema of the barrel and zod with it, which keeps the
 * admin dashboard's first load small (docs/decisions/135-contract-beside-the-capability.md).
 * @returns {import('vite').Plugin}
 */
function contractWithoutSideEffects() {
  return {
    name: 'contract-without-side-effects',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0];
      // zod.ts keeps its one side effect: configuring zod before any schema is built.
      if (CONTRACT_MODULE.test(file) && !file.endsWith('/api/contract/zod.ts')) return { code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}

/**
 * Static output only: every public page is pre-rendered HTML; the Koa server (api/) serves dist/.
 * Public values only here: the site never sees server configuration.
 */
export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  // Canonical URLs and the sitemap need an absolute origin; PUBLIC_SITE_URL overrides it at build time.
  site: process.env.PUBLIC_SITE_URL ?? 'https://innercircle.example.ch',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  integrations: [
    react(),
    // `client:interaction`: islands hydrate when the visitor starts using them (issue 16).
    clientInteraction(),
    // The web fonts cut to the characters and weights the site uses (issue 16).
    fontSubset(),
    sitemap({
      filter: (page) =>
        !/\/(admin|admin-dev|simple-admin|login)(\/|$)/.test(new URL(page).pathname) &&
        // Public site: only canonical URLs (/ and /webinaire duplicate /innercircle/...), no form result pages,
        // no pages reached from an e-mail's registration or newsletter link.
        !['/', '/webinaire/', '/merci/', '/erreur-envoi/', '/annulation/', '/annulation/resultat/', '/inscription-webinaire/'].includes(new URL(page).pathname) &&
        // The booking page is canonical; its confirmation and the manage page (an e-mail's link) are not.
        !['/rendez-vous/confirme/', '/rendez-vous/gerer/'].includes(new URL(page).pathname) &&
        // The newsletter's archive list is; its other pages (e-mail links, the issue template) are not. The
        // server adds each published issue to the built sitemap (api/features/newsletters/archive-pages.ts).
        (new URL(page).pathname === '/newsletter/' || !new URL(page).pathname.startsWith('/newsletter/')) &&
        !new URL(page).pathname.startsWith('/relances-webinaire/') &&
        // An offer's page exists only under its signed link (api/features/offers/page.ts).
        !new URL(page).pathname.startsWith('/offre/'),
    }),
  ],
  vite: {
    plugins: [tailwindcss(), adminShellInDev(), contractWithoutSideEffects()],
    // `npm run dev`: the API runs beside Astro's dev server (api/dev.ts).
    server: { proxy: { '/api': `http://localhost:${process.env.API_PORT ?? '3001'}` } },
  },
  server: { port: 4321 },
  devToolbar: { enabled: false },
  telemetry: false,
});
