/**
 * Serves the Astro build (`dist/`) for every non-API path:
 * - pre-rendered pages (`/innercircle` and `/innercircle/` both serve `innercircle/index.html`);
 * - the admin shell for `/admin`, `/admin-dev`, `/simple-admin` and everything below them, `/login` page;
 * - hashed assets under `/_astro/` with a one-year immutable cache, HTML revalidated on every visit;
 * - precompressed `.br` / `.gz` siblings written at build time, chosen by `Accept-Encoding`;
 * - anything else: the not-found page with status 404;
 * - a page with a message slot (the form result pages) shows a server message passed in the query
 *   string with a valid signature (`message` + `sig`), so it reads right without JavaScript;
 * - a page with the next-session slot (landing, /webinaire) gets it filled at request time; its bytes,
 *   compressed once per slot content, stay in memory (./static-slots.ts), with an ETag per content;
 * - the registration link pages get their hidden fields from the query string (never cached);
 * - after each HTML answer, `onPageServed` (handed in by the app, so this plumbing knows no feature) is told
 *   which built page went out, by its canonical path, and with which status: the visit counter
 *   (decision 111) decides from there what counts. It runs synchronously and must stay cheap.
 * - a page with its own filler (handed in by the application, e.g. the booking page) is made by it at
 *   each visit from the built page and the query string, then gets the signed message if any: never
 *   cached, compressed on the fly. A filler may also be keyed by a built XML file (the sitemap);
 * - a path of a dynamic route (handed in by the application, e.g. `/newsletter/<slug>/`) that is no built
 *   file is made by the route's maker from the route's template page; the maker answers undefined for an
 *   unknown path (the not-found page, status 404). The template itself is never served at its own path.
 */
import { createReadStream } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { sitePageKey } from './csp-manifest.ts';
import { fillMessageSlot, verifyMessage } from '../lib/signed-message.ts';
import { fillQueryFields } from './page-slots.ts';
import { createSlotPages, type SlotSource } from './static-slots.ts';
import type { SplicedVisit } from './spliced-gzip.ts';
import { COMPRESSIBLE, CONTENT_TYPES, fileInfo, preferredEncoding, type FileInfo } from './static-files.ts';

export { CONTENT_TYPES } from './static-files.ts';

/**
 * Fills a built page for one visit: its HTML from the built page and the request's query string; or the
 * HTML kept for every visit with this visit's bytes between its parts (gzip-compressed once, ./spliced-gzip.ts).
 */
export type PageFiller = (html: string, query: Record<string, unknown>) => Promise<string | SplicedVisit>;

const brotli = promisify(brotliCompress);

/** Paths handled by the client-side admin app: one HTML shell serves them all. */
export const ADMIN_SHELL_PATTERN = /^\/(admin|admin-dev|simple-admin)(\/.*)?$/;

/**
 * Told of every HTML answer of the site: the built page's canonical path (`/`, `/webinaire`, `/404`,
 * `/admin` for the back office's shell) and the status (200, 304, 404).
 */
export type PageServedHook = (ctx: Context, pagePath: string, status: number) => void;

/** `index.html` → `/`, `webinaire/index.html` → `/webinaire`, `404.html` → `/404`. */
export function pagePathOf(pageKey: string): string {
  const trimmed = pageKey.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `/${trimmed}`.replace(/\/$/, '') || '/';
}

/**
 * Pages with no built file of their own: a path matching `pattern` is made by `make` from the built
 * `template` page (its key, see sitePageKey) and the pattern's match; undefined means no such page (404).
 */
export interface DynamicRoute {
  pattern: RegExp;
  template: string;
  make: (html: string, match: RegExpExecArray) => Promise<{ html: string; pagePath: string } | undefined>;
  /** A page about one person (an offer under its signed link): never stored by any cache. */
  personal?: boolean;
}

/** What the app hands in, so this plumbing knows no feature. */
export interface SiteHooks {
  onPageServed?: PageServedHook;
  /** Built page key (`rendez-vous/index.html`, see sitePageKey; or an XML file: `sitemap-0.xml`) → its filler. */
  fillers?: Record<string, PageFiller>;
  routes?: DynamicRoute[];
}

export function serveSite(distDir: string, secret: string, nextSessionSlot?: SlotSource, hooks: SiteHooks = {}) {
  const { onPageServed, fillers = {}, routes = [] } = hooks;
  const templates = new Set(routes.map((route) => route.template));
  const root = path.resolve(distDir);
  const slotPages = createSlotPages(nextSessionSlot);

  /** Maps a URL path to a file inside `root`, or undefined (never escapes `root`). */
  async function resolve(urlPath: string): Promise<FileInfo | undefined> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0')) return undefined;
    if (ADMIN_SHELL_PATTERN.test(decoded)) return fileInfo(path.join(root, 'admin', 'index.html'));
    const target = path.resolve(root, '.' + path.posix.normalize(decoded));
    if (target !== root && !target.startsWith(root + path.sep)) return undefined;
    return (await fileInfo(target)) ?? (await fileInfo(path.join(target, 'index.html')));
  }

  return async function site(ctx: Context, next: Next): Promise<void> {
    await serve(ctx, next);
    const pageKey = ctx.state.sitePage as string | undefined;
    if (!onPageServed || pageKey === undefined) return;
    try {
      onPageServed(ctx, (ctx.state.sitePagePath as string | undefined) ?? pagePathOf(pageKey), ctx.status);
    } catch (error) {
      // Counting must never cost a visitor their page.
      ctx.logger?.warn({ err: error }, 'page served hook failed');
    }
  };

  /** A page made for this visit: never cached, compressed on the fly. */
  async function sendMade(ctx: Context, html: string): Promise<void> {
    ctx.vary('Accept-Encoding');
    if (preferredEncoding(ctx) === 'br') {
      ctx.set('Content-Encoding', 'br');
      // A fast quality: the page is made per visit, and its many alike slots compress well anyway.
      ctx.body = await brotli(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    } else {
      ctx.body = html;
    }
  }

  /** Serves a dynamic route's page when the path is one; false when no route makes it. */
  async function serveDynamic(ctx: Context): Promise<boolean> {
    for (const route of routes) {
      const match = route.pattern.exec(ctx.path);
      if (!match) continue;
      const template = await fileInfo(path.join(root, ...route.template.split('/')));
      if (!template) return false;
      const made = await route.make((await slotPages.page(template)).html, match);
      if (!made) return false;
      ctx.status = 200;
      ctx.type = CONTENT_TYPES['.html']!;
      ctx.state.sitePage = route.template;
      ctx.state.sitePagePath = made.pagePath;
      ctx.set('Cache-Control', route.personal ? 'no-store' : 'no-cache');
      // A form's answer (303 back to this page with its signed message, decision 051) shows in the page's message slot.
      const message = typeof ctx.query.message === 'string' ? ctx.query.message : undefined;
      const signature = typeof ctx.query.sig === 'string' ? ctx.query.sig : undefined;
      if (message && signature && verifyMessage(secret, message, signature)) {
        ctx.set('Cache-Control', 'no-store');
        await sendMade(ctx, fillMessageSlot(made.html, message));
        return true;
      }
      await sendMade(ctx, made.html);
      return true;
    }
    return false;
  }

  async function serve(ctx: Context, next: Next): Promise<void> {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }

    let found = await resolve(ctx.path);
    if (found && templates.has(sitePageKey(root, found.file))) found = undefined;
    if (!found && (await serveDynamic(ctx))) return;
    if (!found) {
      found = await fileInfo(path.join(root, '404.html'));
      ctx.status = 404;
      if (!found) {
        ctx.type = 'text/plain';
        ctx.body = '404 Page Not Found';
        return;
      }
    } else {
      ctx.status = 200;
    }

    const extension = path.extname(found.file);
    ctx.type = CONTENT_TYPES[extension] ?? 'application/octet-stream';
    // Which built page this is, for its own Content-Security-Policy (middleware/security-headers.ts).
    if (extension === '.html') ctx.state.sitePage = sitePageKey(root, found.file);
    const message = typeof ctx.query.message === 'string' ? ctx.query.message : undefined;
    const signature = typeof ctx.query.sig === 'string' ? ctx.query.sig : undefined;
    const filler = (extension === '.html' || extension === '.xml') && ctx.status === 200 ? fillers[sitePageKey(root, found.file)] : undefined;
    if (filler) {
      // A page made for this visit (its free times, maybe a person's name): never cached, never stale.
      ctx.set('Cache-Control', 'no-store');
      const made = await filler((await slotPages.page(found)).html, ctx.query);
      if (typeof made !== 'string' && !(extension === '.html' && message && signature)) {
        // Only this visit's bytes are new: the kept parts are compressed once (decision 126).
        ctx.vary('Accept-Encoding');
        if (ctx.acceptsEncodings('gzip') === 'gzip') {
          ctx.set('Content-Encoding', 'gzip');
          ctx.body = made.spliced.gzip(made.middle);
        } else {
          ctx.body = made.spliced.html(made.middle);
        }
        return;
      }
      let html = typeof made === 'string' ? made : made.spliced.html(made.middle);
      if (extension === '.html' && message && signature && verifyMessage(secret, message, signature)) html = fillMessageSlot(html, message);
      await sendMade(ctx, html);
      return;
    }
    if (extension === '.html' && message && signature && verifyMessage(secret, message, signature)) {
      // A page made for this one visitor: never cached, never the precompressed copy.
      ctx.set('Cache-Control', 'no-store');
      ctx.body = fillMessageSlot(await readFile(found.file, 'utf8'), message);
      return;
    }
    if (extension === '.html' && ctx.querystring && found.file.endsWith(`${path.sep}index.html`)) {
      const page = await slotPages.page(found);
      if (page.queryFields) {
        // A page made for this one link (its ids and token): never cached.
        ctx.set('Cache-Control', 'no-store');
        ctx.body = fillQueryFields(page.html, ctx.query);
        return;
      }
    }
    if (extension === '.html') {
      const filled = await slotPages.filled(found);
      if (filled) {
        ctx.set('Cache-Control', 'no-cache');
        ctx.set('ETag', filled.etag);
        ctx.vary('Accept-Encoding');
        if (ctx.status === 200 && ctx.fresh) {
          ctx.status = 304;
          return;
        }
        const encoding = preferredEncoding(ctx);
        const bytes = encoding === 'br' || encoding === 'gzip' ? await filled.encoded(encoding) : filled.identity;
        if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
        ctx.length = bytes.length;
        if (ctx.method !== 'HEAD') ctx.body = bytes;
        return;
      }
    }

    const isHashedAsset = ctx.path.startsWith('/_astro/');
    ctx.set('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : extension === '.html' ? 'no-cache' : 'public, max-age=3600');

    const etag = `W/"${found.size.toString(16)}-${found.mtime.getTime().toString(16)}"`;
    ctx.set('ETag', etag);
    ctx.lastModified = found.mtime;
    if (ctx.status === 200 && ctx.fresh) {
      ctx.status = 304;
      return;
    }

    let served = found;
    if (COMPRESSIBLE.has(extension)) {
      ctx.vary('Accept-Encoding');
      const encoding = preferredEncoding(ctx);
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : undefined;
      const compressed = suffix ? await fileInfo(found.file + suffix) : undefined;
      if (compressed && suffix) {
        served = compressed;
        ctx.set('Content-Encoding', encoding);
      }
    }
    ctx.length = served.size;
    if (ctx.method !== 'HEAD') ctx.body = createReadStream(served.file);
  }
}
