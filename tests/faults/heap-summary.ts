/**
 * What a V8 heap snapshot holds, by constructor: the soak run (soak.ts, SOAK_HEAP_SNAPSHOTS=1) takes
 * one at the end of its warm-up and one at its end, and prints what grew between them, so a rise of
 * the resident memory can be told apart from a leak (a leak shows up as a constructor whose count
 * keeps growing with the traffic).
 * The file format is V8's: https://v8.dev/docs/memory-leaks and Chrome DevTools' "heap snapshot
 * file format" (`snapshot.meta.node_fields`, one flat `nodes` array, names in `strings`).
 */
import { readFileSync } from 'node:fs';

export interface HeapGroup {
  /** The node's type and, for objects and closures, its constructor or function name ("object Session"). */
  key: string;
  count: number;
  bytes: number;
}

export interface HeapSummary {
  totalBytes: number;
  nodeCount: number;
  groups: Map<string, HeapGroup>;
}

interface SnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Types whose name says what they are; the rest (strings, code, arrays of V8 internals) are grouped by type alone. */
const NAMED_TYPES = new Set(['object', 'closure', 'native']);

export function summarizeHeapSnapshot(file: string): HeapSummary {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as SnapshotFile;
  const fields = parsed.snapshot.meta.node_fields;
  const typeNames = parsed.snapshot.meta.node_types[0];
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, HeapGroup>();
  let totalBytes = 0;
  for (let index = 0; index < parsed.nodes.length; index += stride) {
    const type = typeNames[parsed.nodes[index + typeAt]!]!;
    const bytes = parsed.nodes[index + sizeAt]!;
    const key = NAMED_TYPES.has(type) ? `${type} ${parsed.strings[parsed.nodes[index + nameAt]!]}` : type;
    const group = groups.get(key) ?? { key, count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += bytes;
    groups.set(key, group);
    totalBytes += bytes;
  }
  return { totalBytes, nodeCount: parsed.nodes.length / stride, groups };
}

/** The groups that grew most in bytes from `before` to `after`, largest growth first. */
export function heapGrowth(before: HeapSummary, after: HeapSummary, top = 12): Array<HeapGroup & { countDelta: number; bytesDelta: number }> {
  return [...after.groups.values()]
    .map((group) => {
      const earlier = before.groups.get(group.key);
      return { ...group, countDelta: group.count - (earlier?.count ?? 0), bytesDelta: group.bytes - (earlier?.bytes ?? 0) };
    })
    .sort((a, b) => b.bytesDelta - a.bytesDelta)
    .slice(0, top);
}
