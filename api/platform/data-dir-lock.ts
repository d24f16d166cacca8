/**
 * One process at a time on the embedded database: PGlite is single-process, and two processes writing
 * one data directory corrupt it. A running server answers on its control socket and the commands go
 * through it or refuse (docs/decisions/125-commands-beside-a-running-server.md); this lock covers the
 * other order, a command that opened the data directory first and a server (or another command) started
 * meanwhile (docs/decisions/159-embedded-database-lock.md).
 *
 * `DATA_DIR/pglite.lock` is created exclusively (`wx`) and names the holder's pid and command. A lock
 * whose pid no longer runs was left by a killed process and is taken over. Within one process, opening
 * the same directory again is allowed (tests reopen a data directory they closed, or hold two handles).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const dataDirLockPath = (dataDir: string) => path.join(dataDir, 'pglite.lock');

interface LockHolder {
  pid: number;
  command: string;
}

/** The embedded database of `dataDir` is open in another running process. */
export class DataDirectoryInUseError extends Error {
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    super(
      `La base embarquée de ${dataDir} est déjà ouverte par un autre processus (pid ${holder.pid}, « ${holder.command} ») : ` +
        `attendez qu’il se termine ou arrêtez-le, puis relancez. Rien n’a été modifié.`,
    );
    this.holder = holder;
  }
}

/** How this process is known to whoever finds the lock: the npm script that started it, else its script. */
function describeThisProcess(): string {
  const script = process.env.npm_lifecycle_event;
  if (script) return script === 'start' ? 'npm start' : `npm run ${script}`;
  return ['node', ...process.argv.slice(1, 2).map((file) => path.relative(process.cwd(), file))].join(' ');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' ? { pid: holder.pid, command: String(holder.command ?? '?') } : undefined;
  } catch {
    return undefined;
  }
}

/** This process's holds, per lock file: released when the last handle closes. */
const held = new Map<string, number>();
let exitHookInstalled = false;

/**
 * Takes the data directory for this process, or throws `DataDirectoryInUseError` naming the process
 * that has it. Returns the release, to call once the database is closed.
 */
export function holdDataDirectory(dataDir: string): () => void {
  const file = dataDirLockPath(dataDir);
  const mine = held.get(file);
  if (mine === undefined) {
    for (let attempt = 0; ; attempt++) {
      try {
        writeFileSync(file, JSON.stringify({ pid: process.pid, command: describeThisProcess() }), { flag: 'wx', mode: 0o600 });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
        const holder = readHolder(file);
        // A holder that is this very process (a lock file kept across an exec), gone, or unreadable (a
        // crash while it was written) does not hold the directory any more.
        if (holder && holder.pid !== process.pid && isRunning(holder.pid)) throw new DataDirectoryInUseError(dataDir, holder);
        rmSync(file, { force: true });
      }
    }
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      // A process that exits without closing its database (process.exit in a command) frees it all the same.
      process.once('exit', () => {
        for (const lock of held.keys()) if (readHolder(lock)?.pid === process.pid) rmSync(lock, { force: true });
      });
    }
  }
  held.set(file, (mine ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(file) ?? 1) - 1;
    if (left > 0) return void held.set(file, left);
    held.delete(file);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}

/** For a command: when the data directory is held, prints the refusal naming the holder and exits 2; rethrows anything else. */
export function refuseIfDataDirectoryInUse(error: unknown): never {
  if (!(error instanceof DataDirectoryInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
