/** What the figures were measured on: machine, load, versions, commit. */
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './util.ts';
import { postgresVersion } from './pg.ts';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface MachineInfo {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  loadAverage: number[];
  os: string;
  node: string;
  postgres: string;
  astro: string;
  react: string;
  chromium: string;
  lighthouse: string;
  autocannon: string;
  commit: string;
}

function packageVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'absent';
  }
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export async function machineInfo(): Promise<MachineInfo> {
  let postgres = 'unreachable';
  try {
    postgres = await postgresVersion();
  } catch {
    // reported as unreachable
  }
  const dirty = run('git', ['status', '--porcelain', '--untracked-files=no']) !== '';
  return {
    date: new Date().toISOString(),
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres,
    astro: packageVersion('astro'),
    react: packageVersion('react'),
    chromium: run(CHROMIUM, ['--version']).replace(/ built on.*/, ''),
    lighthouse: packageVersion('lighthouse'),
    autocannon: packageVersion('autocannon'),
    commit: run('git', ['rev-parse', '--short', 'HEAD']) + (dirty ? ' (+ uncommitted changes)' : ''),
  };
}
