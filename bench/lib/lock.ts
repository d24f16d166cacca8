/**
 * The checkout is shared with other people running browser tests: builds (which rewrite dist/) and
 * Chromium runs are serialised with `flock /tmp/e2e.lock`. We hold the lock through a child
 * `flock FILE sh -c 'echo locked; cat'` that keeps it until its stdin closes, so the lock is
 * released even if this process dies. `BENCH_LOCK=off` disables it (e.g. when the caller already
 * holds the lock: a second flock on the same file would wait forever).
 */
import { spawn, spawnSync } from 'node:child_process';
import { log } from './util.ts';

export const E2E_LOCK = process.env.BENCH_LOCK_FILE ?? '/tmp/e2e.lock';

const flockAvailable = spawnSync('sh', ['-c', 'command -v flock'], { stdio: 'ignore' }).status === 0;

export async function withLock<T>(what: string, fn: () => Promise<T>, file = E2E_LOCK): Promise<T> {
  if (process.env.BENCH_LOCK === 'off' || !flockAvailable) return fn();
  const child = spawn('flock', [file, 'sh', '-c', 'echo locked; cat >/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = setTimeout(() => log(`waiting for ${file} (${what})…`), 1000);
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`flock exited with ${code}`)));
  });
  clearTimeout(waiting);
  try {
    return await fn();
  } finally {
    child.stdin.end();
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(undefined);
      else child.once('exit', resolve);
    });
  }
}
