/**
 * Where the CPU goes during a load test: CPU time of a process (from /proc) and of all local
 * PostgreSQL processes, and a CPU profile (node --cpu-prof) summarised by package.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  // Linux default
}

function cpuMsOfStat(stat: string, withReapedChildren = false): number {
  // Fields after the parenthesised command: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = Number(fields[11]) + Number(fields[12]);
  const children = withReapedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return ((own + children) * 1000) / ticksPerSecond;
}

export function processCpuMs(pid: number): number {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time of the local PostgreSQL server: every live `postgres` process, plus what the exited ones
 * (backends of closed connections, parallel workers) used, which the postmaster collects as its
 * children's time when it reaps them — so the sum only grows.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuMsOfStat(stat, true);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export interface ProfileGroup {
  group: string;
  selfMs: number;
  share: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string }; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The package (node_modules/<name>) or app file of a script URL; undefined for Node's own code and natives. */
function userland(url: string, root: string): string | undefined {
  if (!url || url.startsWith('node:') || url.startsWith('wasm:')) return undefined;
  const file = url.replace(/^file:\/\//, '');
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return modules ? modules[1]! : path.relative(root, file);
}

export interface ProfileWindow {
  /** Wall-clock times (ms since epoch) of the load start and end, and of the process exit. */
  fromMs: number;
  toMs: number;
  exitMs: number;
}

/**
 * CPU time of the app process by the code responsible for it: each sample goes to the nearest frame
 * of the app or of a package on its stack (so a socket write issued by `pg` counts for `pg`, one issued
 * by the access log for `pino`/`sonic-boom`); samples with only Node's own frames count as
 * "node (HTTP server, event loop)", and GC as such. Only samples inside `window` (the load) count.
 */
export function summariseProfile(file: string, root: string, window?: ProfileWindow, top = 14): ProfileGroup[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const owner = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const known = owner.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    let group: string;
    if (name === '(garbage collector)' || name === '(idle)' || name === '(program)') group = name;
    else {
      group = userland(node.callFrame.url, root) ?? (parent.has(id) ? ownerOf(parent.get(id)!) : 'node (HTTP server, event loop)');
      if (group === '(root)' || group === '(program)' || group === '(idle)') group = 'node (HTTP server, event loop)';
    }
    owner.set(id, group);
    return group;
  };
  const selfUs = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (window) {
      const wall = window.exitMs - (profile.endTime - time) / 1000;
      if (wall < window.fromMs || wall > window.toMs) return;
    }
    if (!byId.has(id)) return;
    const group = ownerOf(id);
    selfUs.set(group, (selfUs.get(group) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  selfUs.delete('(idle)');
  const busy = [...selfUs.values()].reduce((sum, value) => sum + value, 0);
  return [...selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([group, us]) => ({ group, selfMs: Math.round(us / 1000), share: Math.round((us / busy) * 1000) / 10 }));
}
