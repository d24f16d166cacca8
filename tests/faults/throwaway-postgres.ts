/**
 * A PostgreSQL cluster of the test's own, in a temporary directory, that the test may kill with
 * `kill -9` and restart (crash recovery) without touching the machine's shared server.
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface ThrowawayPostgres {
  url: string;
  /** `kill -9` of the postmaster: every backend dies with it, nothing is shut down cleanly. */
  killPostmaster: () => void;
  /**
   * Starts the cluster again (it runs crash recovery) and resolves once it accepts connections. It does
   * not block the test's event loop: a load run by the test goes on meeting the database down meanwhile.
   */
  start: () => Promise<void>;
  destroy: () => void;
}

function binDir(): string {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    return path.join('/usr/lib/postgresql', versions[0]!, 'bin');
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'innercircle-pgcluster-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const command = (name: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]] : [path.join(bin, name), args]);
  const run = (name: string, args: string[]) => {
    const [file, argv] = command(name, args);
    execFileSync(file, argv, { stdio: 'pipe', encoding: 'utf8' });
  };
  const runAsync = async (name: string, args: string[]) => {
    const [file, argv] = command(name, args);
    await execFileAsync(file, argv, { encoding: 'utf8' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const startOnce = () => runAsync('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  // After a kill -9 the orphaned backends need a moment to notice their postmaster died and detach
  // from shared memory; until then a new postmaster refuses to start.
  const start = async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await startOnce();
      } catch (error) {
        if (attempt >= 40) throw error;
        await sleep(250);
      }
    }
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    killPostmaster: () => {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    },
    start,
    destroy: () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
