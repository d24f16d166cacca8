/**
 * The "pure HTML" floor of a public page: the built page with every island's JavaScript removed
 * (all <script> elements and module preloads dropped, <astro-island> wrappers unwrapped so their
 * server-rendered HTML stays in place), served with the same precompression and cache headers as the
 * production server. Everything else (CSS, images, fonts) comes from the same build.
 * A page the server fills at each visit (/rendez-vous/: its free starts, decision 106) is taken from
 * the production server once, as a visitor gets it, then stripped the same way: the floor shows the
 * same slots, so the comparison is of the page's HTML and not of an empty built shell.
 */
import http from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
// The production server's types, so the floor differs from it only by the islands it drops.
import { CONTENT_TYPES } from '../api/platform/http/static.ts';

export function stripIslands(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '')
    .replace(/<astro-island\b[^>]*>/gi, '')
    .replace(/<\/astro-island>/gi, '')
    .replace(/<template\b[^>]*\bdata-astro-template[^>]*>[\s\S]*?<\/template>/gi, '');
}

function findFile(root: string, urlPath: string): string | undefined {
  const target = path.resolve(root, '.' + path.posix.normalize(decodeURIComponent(urlPath)));
  if (target !== root && !target.startsWith(root + path.sep)) return undefined;
  for (const candidate of [target, path.join(target, 'index.html')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // next candidate
    }
  }
  return undefined;
}

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

export interface FilledPages {
  /** The production server's origin. */
  origin: string;
  /** The paths it fills at each visit. */
  paths: string[];
}

type StrippedPage = { raw: Buffer; br: Buffer; gz: Buffer };

function compressed(html: string): StrippedPage {
  const raw = Buffer.from(stripIslands(html));
  return { raw, br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gz: gzipSync(raw, { level: 9 }) };
}

export async function startBaselineServer(distDir: string, filled?: FilledPages): Promise<StaticServer> {
  const root = path.resolve(distDir);
  const strippedPages = new Map<string, StrippedPage>();
  // The filled pages, fetched before the floor opens so that every request of it is served alike.
  for (const pagePath of filled?.paths ?? []) {
    const answer = await fetch(filled!.origin + pagePath);
    if (!answer.ok) throw new Error(`${pagePath}: the production server answered ${answer.status}`);
    const file = findFile(root, pagePath);
    if (!file) throw new Error(`${pagePath}: not in the build`);
    strippedPages.set(file, compressed(await answer.text()));
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = findFile(root, url.pathname) ?? path.join(root, '404.html');
    const extension = path.extname(file);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    response.setHeader('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
    response.setHeader('Cache-Control', url.pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : extension === '.html' ? 'no-cache' : 'public, max-age=3600');
    let body: Buffer;
    if (extension === '.html') {
      let page = strippedPages.get(file);
      if (!page) {
        page = compressed(readFileSync(file, 'utf8'));
        strippedPages.set(file, page);
      }
      response.setHeader('Vary', 'Accept-Encoding');
      if (/\bbr\b/.test(accepts)) {
        response.setHeader('Content-Encoding', 'br');
        body = page.br;
      } else if (/\bgzip\b/.test(accepts)) {
        response.setHeader('Content-Encoding', 'gzip');
        body = page.gz;
      } else body = page.raw;
    } else {
      body = readFileSync(file);
      for (const [token, suffix, encoding] of [
        ['br', '.br', 'br'],
        ['gzip', '.gz', 'gzip'],
      ] as const) {
        if (!new RegExp(`\\b${token}\\b`).test(accepts)) continue;
        try {
          body = readFileSync(file + suffix);
          response.setHeader('Content-Encoding', encoding);
          response.setHeader('Vary', 'Accept-Encoding');
          break;
        } catch {
          // not precompressed
        }
      }
    }
    response.statusCode = findFile(root, url.pathname) ? 200 : 404;
    response.setHeader('Content-Length', body.length);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
