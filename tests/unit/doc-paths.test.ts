/**
 * The docs point at files that exist (decision 139): every repository path that README.md and
 * docs/**\/*.md cite, in the text or in backticks (`api/app.ts`, `node bench/run.ts --only=leads`) or as a markdown
 * link (`[notice](privacy.md)`, `[results](bench/RESULTS.md)`), names a file or folder of the tree.
 * A file moved without its docs fails here, with every citation that no longer resolves as
 * `file:line → path`, so whoever moves files knows each line to fix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The top folders a cited repository path starts with. */
const TOP_FOLDERS = ['api', 'site', 'tests', 'bench', 'migrations', 'docs'];
/** Built, installed or run-time folders: never in a fresh clone, so never cited as a file that must exist. */
const NOT_IN_THE_TREE = new Set(['node_modules', '.git', 'dist', 'data', '.astro', 'test-results', 'playwright-report', '.work']);

/** Every file and folder of the tree, as repository paths with `/`, folders both with and without their trailing `/`. */
function treeEntries(): Set<string> {
  const entries = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      if (NOT_IN_THE_TREE.has(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      entries.add(relative);
      if (entry.isDirectory()) {
        entries.add(`${relative}/`);
        walk(relative);
      }
    }
  };
  walk('');
  return entries;
}

/** The markdown files whose citations are checked: README.md and everything under docs/. */
function citingFiles(entries: Set<string>): string[] {
  return ['README.md', ...[...entries].filter((entry) => entry.startsWith('docs/') && entry.endsWith('.md'))].sort();
}

export interface Citation {
  file: string;
  line: number;
  path: string;
}

const REPO_PATH = new RegExp(`(?<![\\w./-])((?:${TOP_FOLDERS.join('|')})/[\\w.@\\[\\]*{},<>…/-]*)`, 'g');

/** A cited path as the tree spells it: without a line number (`:12`, `#L12`), an anchor, a closing dot or the `]` of a link's text. */
function normalise(cited: string): string {
  const bare = cited
    .replace(/#.*$/, '')
    .replace(/:\d+(?:-\d+)?$/, '')
    .replace(/[.,;:]+$/, '');
  return bare.endsWith(']') && !bare.includes('[') ? bare.slice(0, -1) : bare;
}

/** The repository paths one markdown file cites: inside backticks, and as link targets (resolved from the file's folder). */
export function citations(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    // Web addresses and link targets aside, a path written in the text counts as much as one in backticks.
    const prose = content.replace(/\]\([^)]*\)/g, ']').replace(/\b[a-z][a-z+.-]*:\/\/\S+/gi, '');
    for (const [, cited] of prose.matchAll(REPO_PATH)) found.push({ file, line, path: normalise(cited!) });
    for (const [, target] of content.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^(?:[a-z][a-z+.-]*:|#|\/)/i.test(target!)) continue; // a web address, a mail link, an anchor, a site URL
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(normalise(target!))));
      found.push({ file, line, path: resolved });
    }
  });
  return found;
}

/** `docs/*.md` matches `docs/a.md`: `*` stands for one name, `**` for any folders, `{a,b}` for either. */
function globPattern(cited: string): RegExp {
  const source = cited
    .replace(/[.+^$()|[\]\\]/g, '\\$&')
    .replace(/\{([^}]*)\}/g, (_all, options: string) => `(?:${options.split(',').join('|')})`)
    .replace(/\*\*\/?/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '(?:.*/)?');
  return new RegExp(`^${source}$`);
}

/** Whether the tree has the cited path; a pattern (`*`, `{a,b}`) must match at least one entry. */
export function exists(cited: string, entries: Set<string>): boolean {
  if (entries.has(cited)) return true;
  if (!/[*{]/.test(cited)) return false;
  const pattern = globPattern(cited);
  return [...entries].some((entry) => pattern.test(entry));
}

/** `bench/.work/`, `dist/`: made by a build or a run, so absent from a fresh clone and still a right place to name. */
function isRunTime(cited: string): boolean {
  return cited.split('/').some((segment) => NOT_IN_THE_TREE.has(segment));
}

/** A placeholder names no file: `api/features/<name>/index.ts`, `tests/api/x…` (`[slug]` is a real name: Astro's routes). */
function isPlaceholder(cited: string): boolean {
  return /[<>…]/.test(cited);
}

describe('paths cited by the docs', () => {
  const entries = treeEntries();
  const files = citingFiles(entries);
  const all = files.flatMap((file) => citations(file, readFileSync(path.join(ROOT, file), 'utf8')));

  it('reads the README, the docs and the decision records', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/architecture.md');
    expect(files.filter((file) => file.startsWith('docs/decisions/')).length).toBeGreaterThan(50);
    expect(all.length).toBeGreaterThan(200);
  });

  it('every cited path exists', () => {
    const missing = all.filter((citation) => !isPlaceholder(citation.path) && !isRunTime(citation.path) && !exists(citation.path, entries));
    const lines = missing.map((citation) => `${citation.file}:${citation.line} → ${citation.path}`);
    // The whole list in the message: a diff may be cut short, and each line is one place to fix.
    expect(lines, `${lines.length} cited paths do not exist (file:line → path):\n${lines.join('\n')}\n`).toEqual([]);
  });
});

describe('the citation reader', () => {
  const entries = new Set(['api', 'api/', 'api/app.ts', 'docs', 'docs/', 'docs/privacy.md', 'docs/decisions', 'docs/decisions/', 'docs/decisions/001-x.md']);

  it('finds backticked paths, paths inside commands, and link targets from the file’s folder', () => {
    const text = 'See `api/app.ts:12` and `node bench/run.ts --only=leads`, not `GET /api/health`.\n[x](../privacy.md#droits) [y](https://example.org/api/z) [z](#top)';
    expect(citations('docs/decisions/001-x.md', text)).toEqual([
      { file: 'docs/decisions/001-x.md', line: 1, path: 'api/app.ts' },
      { file: 'docs/decisions/001-x.md', line: 1, path: 'bench/run.ts' },
      { file: 'docs/decisions/001-x.md', line: 2, path: 'docs/privacy.md' },
    ]);
  });

  it('tells a moved file from an existing one, and a pattern that matches nothing', () => {
    expect(exists('api/app.ts', entries)).toBe(true);
    expect(exists('api/', entries)).toBe(true);
    expect(exists('api/server.ts', entries)).toBe(false);
    expect(exists('docs/decisions/*.md', entries)).toBe(true);
    expect(exists('docs/decisions/*.ts', entries)).toBe(false);
  });
});
