/**
 * zod, configured once, before any schema is built: every schema file imports `z` from here.
 * - French fallback messages (zod's own, for the cases our messages do not cover);
 * - in the browser, no JIT: zod's optional JIT probes `new Function` while building object schemas,
 *   which the site's Content-Security-Policy (no 'unsafe-eval') blocks and reports as a violation.
 *   The server keeps the JIT. https://zod.dev/packages/core#jitless
 */
import { z } from 'zod';
import { fr } from 'zod/locales';

z.config(fr());
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
