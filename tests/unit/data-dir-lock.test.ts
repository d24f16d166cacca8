import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, dataDirLockPath, holdDataDirectory } from '../../api/platform/data-dir-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'innercircle-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pid that ran and has ended: a child process that exited. */
function endedPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('the embedded database lock', () => {
  it('names this process in the lock while held, and removes it when the last handle is released', () => {
    const dir = freshDir();
    const first = holdDataDirectory(dir);
    expect(JSON.parse(readFileSync(dataDirLockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    const second = holdDataDirectory(dir);
    first();
    expect(existsSync(dataDirLockPath(dir))).toBe(true);
    second();
    expect(existsSync(dataDirLockPath(dir))).toBe(false);
  });

  it('refuses while another running process holds it, naming its pid and command', () => {
    const dir = freshDir();
    // The parent of this test process runs for sure, and is not this process.
    writeFileSync(dataDirLockPath(dir), JSON.stringify({ pid: process.ppid, command: 'npm run db:migrate' }));
    expect(() => holdDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    expect(() => holdDataDirectory(dir)).toThrow(
      `La base embarquée de ${dir} est déjà ouverte par un autre processus (pid ${process.ppid}, « npm run db:migrate ») : attendez qu’il se termine ou arrêtez-le, puis relancez. Rien n’a été modifié.`,
    );
    expect(JSON.parse(readFileSync(dataDirLockPath(dir), 'utf8'))).toEqual({ pid: process.ppid, command: 'npm run db:migrate' });
  });

  it('takes over a lock left by a process that ended, or half-written', () => {
    for (const left of [JSON.stringify({ pid: endedPid(), command: 'npm start' }), '{"pid": 12']) {
      const dir = freshDir();
      writeFileSync(dataDirLockPath(dir), left);
      const release = holdDataDirectory(dir);
      expect(JSON.parse(readFileSync(dataDirLockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid });
      release();
    }
  });
});
