// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

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
    sitemap({
      filter: (page) => !/\/(admin|admin-dev|simple-admin|login)(\/|$)/.test(new URL(page).pathname),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
  server: { port: 4321 },
  devToolbar: { enabled: false },
  telemetry: false,
});
