/**
 * `npm run dev`: live reload of site and API together.
 * - the API (Koa) restarts on every change under api/ and migrations/ (`node --watch`), on API_PORT (default 3001);
 * - Astro's dev server on PORT (default 3000) reloads the site and proxies `/api` to the API (astro.config.mjs).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const sitePort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';

const children = [
  spawn(process.execPath, ['--watch-path=api', '--watch-path=migrations', 'api/dev-api.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(path.join(ROOT, 'node_modules', '.bin', 'astro'), ['dev', '--port', sitePort], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stopAll(): void {
  for (const child of children) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stopAll);
for (const child of children)
  child.once('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
