/**
 * Starts the production server exactly as `npm start` does (`node api/start.ts`, NODE_ENV=production)
 * on a random port. Its output goes to a log file rather than through a pipe to this process, so
 * the benchmark client does not pay for reading the server's access log.
 * `siteDistDir` points at a snapshot of dist/ (see site.ts) so that no other person's rebuild of
 * dist/ changes the pages under measurement, and the server never rebuilds by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync, rmSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { ROOT, WORK_DIR, sleep } from './util.ts';

export interface RunningProcess {
  url: string;
  process: ChildProcess;
  logFile: string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  name: string;
  env: Record<string, string>;
  siteDistDir: string;
  /** Extra Node.js flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Writes into the embedded database's folder before the server opens it (PGlite is single-user). */
  prepareDataDir?: (dataDir: string) => Promise<void>;
}

export const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export async function startProductionServer(options: ServerOptions): Promise<RunningProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `innercircle-bench-${options.name}-`));
  await options.prepareDataDir?.(dataDir);
  const proc = await spawnAndWait({
    name: options.name,
    args: [...(options.nodeArgs ?? []), path.join(ROOT, 'api', 'start.ts')],
    ready: /Serveur prêt sur (http:\/\/\S+)/,
    env: {
      NODE_ENV: 'production',
      SESSION_SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SITE_DIST_DIR: options.siteDistDir,
      SHUTDOWN_GRACE_SECONDS: '0',
      // The bench signs in as an administrator without a second factor and measures the pages and APIs
      // behind the sign-in; the second step itself is measured by the login phase (bench/login-second-step.ts).
      // A signed-in session's requests cost the same with or without a factor (decision 144).
      MFA_REQUIRED: 'false',
      ...options.env,
    },
  });
  const stop = proc.stop;
  return {
    ...proc,
    stop: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SpawnOptions {
  name: string;
  args: string[];
  env: Record<string, string>;
  /** A line of the child's output that means "listening"; group 1 is the URL. */
  ready: RegExp;
}

export async function spawnAndWait(options: SpawnOptions): Promise<RunningProcess> {
  const logFile = path.join(WORK_DIR, `${options.name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, options.args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const started = Date.now();
  let url: string | undefined;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not start within 120 s:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    await sleep(100);
    url = options.ready.exec(readFileSync(logFile, 'utf8'))?.[1];
  }
  return {
    url,
    process: child,
    logFile,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
