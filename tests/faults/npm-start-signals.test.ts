/**
 * `npm start` run as a supervisor runs it (Docker's `CMD ["npm", "start"]`, systemd, Kubernetes):
 * the supervisor signals npm's own process, not the server. The signal must reach the server, which
 * drains and stops, and the whole process tree must exit 0. A Ctrl-C in a terminal signals the whole
 * process group (npm and the server at once, and npm forwards it again): the server must still drain
 * once and exit 0, not die on the second copy of the signal. See docs/decisions/096-npm-start-signals.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/server.ts';

const dirs: string[] = [];
const groups: number[] = [];
afterAll(() => {
  // A failed run must not leave an orphaned server behind for the next test file.
  for (const group of groups) if (groupAlive(group)) process.kill(-group, 'SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** True while any process of the group is alive (signal 0 only checks). */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
}

async function runNpmStartAndSignal(signal: NodeJS.Signals, target: 'npm' | 'group') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'innercircle-npm-start-'));
  dirs.push(dataDir);
  // `npm` is the machine's own npm, as an operator types it; it runs the script with the project's Node.
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true, // its own process group, as a service manager gives it
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'signal-secret-signal-secret-signal-secret',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  groups.push(npm.pid!);
  let output = '';
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => npm.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /Serveur prêt sur (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    npm.stdout!.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`npm start exited with ${code} before it was ready:\n${output}`)));
  });
  expect(await answers(url)).toBe(true);

  if (target === 'npm') process.kill(npm.pid!, signal);
  else process.kill(-npm.pid!, signal);

  const outcome = await exited;
  // npm has exited; the server it started must be gone too (no orphan still answering).
  await expect.poll(() => groupAlive(npm.pid!), { timeout: 15_000 }).toBe(false);
  return { outcome, output, stillAnswers: await answers(url) };
}

describe('npm start and the signals a supervisor or a terminal sends', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm's own process drains the server and the whole tree exits 0`, async () => {
      const { outcome, output, stillAnswers } = await runNpmStartAndSignal(signal, 'npm');
      expect(outcome, output).toEqual({ code: 0, signal: null });
      expect(output).toMatch(/"msg":"draining"/);
      expect(output).toMatch(/"msg":"stopped"/);
      expect(stillAnswers).toBe(false);
    });
  }

  it('Ctrl-C (SIGINT to the whole process group) stops the server once and the tree exits 0', async () => {
    const { outcome, output, stillAnswers } = await runNpmStartAndSignal('SIGINT', 'group');
    expect(outcome, output).toEqual({ code: 0, signal: null });
    expect(output.match(/"msg":"draining"/g)).toHaveLength(1);
    expect(output).toMatch(/"msg":"stopped"/);
    expect(stillAnswers).toBe(false);
  });
});
