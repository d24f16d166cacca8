/**
 * The Content-Security-Policy manifest of the built site (dist/.csp.json): written by the build
 * (api/cli/build-site.ts), read by the security headers (api/platform/http/security-headers.ts), with each
 * built page named by the key the site's static handler gives the file it serves (api/platform/http/static.ts).
 */
import path from 'node:path';

export const CSP_FILE = '.csp.json';

export interface CspManifest {
  /** Every inline script of the site, for an HTML response that is not a built page. */
  scriptHashes: string[];
  /** Built page (its key, see sitePageKey) → the hashes of its own inline scripts. */
  pages?: Record<string, string[]>;
}

/** A built page's key: its path under dist/ with `/` separators, e.g. `webinaire/index.html`. */
export function sitePageKey(distRoot: string, file: string): string {
  return path.relative(distRoot, file).split(path.sep).join('/');
}
