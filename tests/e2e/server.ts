/**
 * Starts the production server exactly as `npm start` does (node api/start.ts) on a random port
 * with a temporary DATA_DIR, and stops it with SIGTERM. The DATA_DIR is either empty (the server
 * migrates a new embedded database) or a copy of the migrated template the global setup prepared
 * (decision 100): the same database `npm start` leaves behind, without paying its migrations again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ProductionServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** The one-time setup code the server logged at start (`undefined` once an account exists). */
  setupCode: () => string | undefined;
  stop: () => Promise<number | null>;
}

/** The setup code a production server wrote to its log, read as an operator would. */
export function setupCodeFromLog(output: string): string | undefined {
  return /"msg":"Code d'installation : ([A-Za-z0-9_-]+)"/.exec(output)?.[1];
}

/** Setup codes by server URL, for helpers that only know the base URL (tests/e2e/admin-helpers.ts). */
const setupCodes = new Map<string, () => string | undefined>();
export function setupCodeFor(url: string): string | undefined {
  return setupCodes.get(new URL(url).origin)?.();
}

export async function startProductionServer(env: Record<string, string> = {}, dataDir?: string): Promise<ProductionServer> {
  return launchProductionServer(env, dataDir).ready;
}

/** A server on its way up: its process at once (to kill it if it is no longer wanted), the server once it is ready. */
export interface LaunchedServer {
  process: ChildProcess;
  dataDir: string;
  ready: Promise<ProductionServer>;
}

/**
 * How long a server may take to say it is ready before it is killed: only a safety net for a process
 * that hangs (the global setup has no timeout of its own). A start takes 3 s on a quiet machine and over
 * a minute at load 25 on two cores; the fixtures bound it with their own, generous, timeouts
 * (tests/e2e/fixtures.ts, docs/decisions/124-server-start-and-e2e-waits-under-load.md).
 */
const START_SAFETY_NET_MS = 300_000;

export function launchProductionServer(env: Record<string, string> = {}, dataDir?: string): LaunchedServer {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'innercircle-e2e-'));
  const child = spawn(process.execPath, ['api/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // One server serves a whole worker's journeys from 127.0.0.1: the per-IP limits are tested in tests/api.
      RATE_LIMITS: 'off',
      // Tests stop servers at once; the draining phase is tested in tests/faults/graceful-shutdown.test.ts.
      SHUTDOWN_GRACE_SECONDS: '0',
      // The cheapest cost production accepts (OWASP's minimum, decision 093): sign-ins are a third of the default's price.
      PASSWORD_HASH_MEMORY_KIB: '19456',
      PASSWORD_HASH_PASSES: '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const ready = new Promise<string>((resolve, reject) => {
    // A process that did not come up is not left behind.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, START_SAFETY_NET_MS);
    child.stdout!.on('data', () => {
      const match = /Serveur prêt sur (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return {
    process: child,
    dataDir: dir,
    ready: ready.then((url) => {
      // Read when asked: the log line may reach us after the ready line.
      setupCodes.set(new URL(url).origin, () => setupCodeFromLog(output));
      return { url, dataDir: dir, process: child, output: () => output, setupCode: () => setupCodeFromLog(output), stop };
    }),
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Where the global setup leaves the migrated template's DATA_DIR (tests/e2e/global-setup.ts). */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DATA_DIR';

/**
 * Prepares the template: `npm start` on an empty DATA_DIR migrates the embedded database and installs
 * pg-boss's schema; a clean stop (exit 0) leaves a closed database that can be copied file by file.
 * Nobody has signed up on it: a server started on a copy logs its own setup code.
 */
export async function prepareTemplateDataDir(): Promise<string> {
  const server = await startProductionServer();
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server stopped with ${code}:\n${server.output()}`);
  return server.dataDir;
}

/** A new DATA_DIR holding a copy of the template's database (an empty DATA_DIR when there is no template). */
export function copyOfTemplate(template = process.env[TEMPLATE_ENV]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'innercircle-e2e-'));
  if (template && existsSync(path.join(template, 'pglite'))) cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  return dir;
}
