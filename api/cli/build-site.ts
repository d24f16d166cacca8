/**
 * Builds the Astro site into dist/ and writes precompressed .br/.gz siblings of every text asset,
 * so the server never compresses on the fly. `ensureSiteBuilt()` rebuilds only when a source file
 * is newer than the last build (used by `npm start`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, readFileSync, writeFileSync, existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { createHash } from 'node:crypto';
import { CSP_FILE, sitePageKey, type CspManifest } from '../platform/http/csp-manifest.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const STAMP = '.build-stamp';
/** What the site build reads: a change to any of these makes dist/ stale. */
// The booking page's server-written markup (api/features/booking/pages/page.ts) brings its classes into the site's CSS.
// The contract (api/contract/ and each feature's contract/, decision 135) is bundled into the site's forms.
const CONTRACT_SOURCES = [
  'api/contract',
  ...readdirSync(path.join(ROOT, 'api/features'))
    .map((feature) => `api/features/${feature}/contract`)
    .filter((dir) => existsSync(path.join(ROOT, dir))),
];
const SOURCES = ['site', 'astro.config.mjs', ...CONTRACT_SOURCES, 'api/platform/errors.ts', 'api/features/booking/pages/page.ts', 'package-lock.json'];
const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|txt|svg|webmanifest)$/;

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

export function isSiteStale(distDir: string): boolean {
  const stamp = path.join(distDir, STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

export function precompress(distDir: string): void {
  for (const file of walk(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < 256) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
/** Two inline module scripts one after the other (the content of the first holds no `</script>`). */
const ADJACENT_MODULE_SCRIPTS = /<script type="module">((?:(?!<\/script>)[\s\S])*)<\/script><script type="module">/g;

/**
 * Joins the inline module scripts Astro writes one after the other (the `client:interaction` directive,
 * then the islands' runtime) into one script: they run in the same order, and the page's
 * Content-Security-Policy names one hash instead of two, 54 bytes fewer in the header of every
 * page with an island, the landing page's first response included (decision 120).
 */
export function joinInlineModuleScripts(html: string): string {
  let joined = html;
  for (let previous = ''; previous !== joined;) {
    previous = joined;
    joined = joined.replace(ADJACENT_MODULE_SCRIPTS, (_whole, first: string) => `<script type="module">${first}\n`);
  }
  return joined;
}

function joinScriptsOfPages(distDir: string): void {
  for (const file of walk(distDir)) {
    if (!file.endsWith('.html')) continue;
    const html = readFileSync(file, 'utf8');
    const joined = joinInlineModuleScripts(html);
    if (joined !== html) writeFileSync(file, joined);
  }
}

/**
 * Hashes every inline <script> of the built pages so the Content-Security-Policy can allow exactly
 * those (api/platform/http/security-headers.ts) instead of 'unsafe-inline': per page (each page's policy
 * names only its own scripts, which keeps the landing page's first response small, decision 081), and
 * all of them together for an HTML response that is not a built page.
 */
export function writeCspManifest(distDir: string): void {
  const hashes = new Set<string>();
  const pages: Record<string, string[]> = {};
  for (const file of walk(distDir)) {
    if (!file.endsWith('.html')) continue;
    const pageHashes = new Set<string>();
    for (const match of readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)) {
      if (match[1]) pageHashes.add(`sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}`);
    }
    pages[sitePageKey(distDir, file)] = [...pageHashes].sort();
    for (const hash of pageHashes) hashes.add(hash);
  }
  const manifest: CspManifest = { scriptHashes: [...hashes].sort(), pages };
  writeFileSync(path.join(distDir, CSP_FILE), JSON.stringify(manifest, null, 2));
}

/**
 * The environment `astro build` runs with: the server's own, minus its secrets. The build runs third-party
 * code (Astro, Vite, their plugins) that never needs the session secret or the database; what it is not
 * given it cannot leak into a bundle or a log. Matched by name: the app's variables and any that looks
 * like a credential.
 */
const SECRET_VARIABLE = /^(SESSION_SECRET|DATABASE_URL|TEST_DATABASE_URL|BENCH_DATABASE_URL|PG[A-Z_]*|SMTP_[A-Z_]*)$|SECRET|PASSWORD|PASSWD|TOKEN|CREDENTIAL|PRIVATE_KEY/i;

export function siteBuildEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = { ASTRO_TELEMETRY_DISABLED: '1' };
  for (const [name, value] of Object.entries(env)) if (!SECRET_VARIABLE.test(name)) kept[name] = value;
  return kept;
}

export function buildSite(distDir: string, { astro = path.join(ROOT, 'node_modules', '.bin', 'astro') } = {}): void {
  // The stamp carries the time the build started: a source saved during the build stays newer, so the
  // next start rebuilds.
  const started = new Date();
  const result = spawnSync(astro, ['build', '--silent'], { cwd: ROOT, stdio: 'inherit', env: siteBuildEnvironment(process.env) });
  if (result.status !== 0) throw new Error(`La construction du site a échoué (astro build, code ${result.status}).`);
  joinScriptsOfPages(distDir);
  writeCspManifest(distDir);
  precompress(distDir);
  const stamp = path.join(distDir, STAMP);
  writeFileSync(stamp, started.toISOString());
  utimesSync(stamp, started, started);
}

export function ensureSiteBuilt(distDir: string, log: (message: string) => void = console.log): void {
  if (!isSiteStale(distDir)) return;
  log('Construction du site (dist/ absent ou plus ancien que les sources)…');
  buildSite(distDir);
}

if (import.meta.main) {
  buildSite(path.join(ROOT, 'dist'));
}
