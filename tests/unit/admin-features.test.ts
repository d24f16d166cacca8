/**
 * How the back office is filed (docs/decisions/099-admin-features.md): no screen or shared component
 * refreshes the cache by hand — a change declares what it touches in its feature's `queries.ts` —
 * and a feature reaches another only through that feature's `index.ts` (what it shows elsewhere) or
 * `queries.ts` (its data).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ADMIN = path.resolve(import.meta.dirname, '../../site/admin');
const FEATURES = path.join(ADMIN, 'features');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(ADMIN, file);

/** Every relative import of a file's text (static, dynamic, re-export), resolved from the file's folder. */
function imports(file: string, text: string): string[] {
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^'?]+)/gm)].map((match) => match[1]!);
  return found.map((specifier) => path.resolve(path.dirname(file), specifier));
}

/** Whether a file's text calls `invalidate(` or imports `invalidate` (only site/admin/lib may). */
function refreshesByHand(text: string): boolean {
  return /\binvalidate\s*\(|import\s*\{[^}]*\binvalidate\b[^}]*\}/.test(text);
}

/** `file → target` for each import that enters another feature's folder other than by its index.ts or queries.ts. */
function crossFeatureImports(file: string, text: string): string[] {
  const own = path.relative(FEATURES, file).split(path.sep)[0];
  return imports(file, text)
    .filter((target) => {
      const inFeatures = path.relative(FEATURES, target);
      if (inFeatures.startsWith('..')) return false;
      const [feature, ...rest] = inFeatures.split(path.sep);
      return feature !== own && !(rest.length === 1 && (rest[0] === 'index.ts' || rest[0] === 'queries.ts'));
    })
    .map((target) => `${relative(file)} → ${relative(target)}`);
}

const read = (file: string) => readFileSync(file, 'utf8');

/**
 * The first segments of the cache keys a queries.ts writes as strings: `['leads']` in a touch list,
 * `key: ['leads', …]`, `users: ['users']` in its exported keys. A key built from exported keys
 * (`[...contactKeys.lead(id), 'tags']`) writes none.
 */
function keyRootsWritten(text: string): string[] {
  return [...text.matchAll(/(?:[[,]|\bkey:|=>|\b[a-zA-Z]+:)\s*\[\s*'([a-z-]+)'/g)].map((match) => match[1]!);
}

/** Whether a screen or component writes a query's key itself rather than taking it from a queries.ts. */
const writesQueryKey = (text: string) => /\bkey:\s*\[\s*'/.test(text);

describe('the back office is filed by feature', () => {
  const featureFiles = sources(FEATURES);
  const uiFiles = sources(path.join(ADMIN, 'ui'));
  const leadDetail = path.join(FEATURES, 'contacts', 'LeadDetail.tsx');

  test('the screens live in the features', () => {
    expect(featureFiles.length).toBeGreaterThan(40);
    expect(readdirSync(ADMIN)).not.toContain('screens');
  });

  test('no screen or shared component refreshes the cache by hand: each mutation declares what it touches', () => {
    expect([...featureFiles, ...uiFiles].filter((file) => refreshesByHand(read(file))).map(relative)).toEqual([]);
  });

  test('a hand-made refresh is seen', () => {
    expect(refreshesByHand("import { invalidate, useQuery } from '../../lib/query-cache.ts';")).toBe(true);
    expect(refreshesByHand("onSuccess: () => invalidate(['leads'], ['lead']),")).toBe(true);
    expect(refreshesByHand(read(leadDetail))).toBe(false);
  });

  test('a feature imports another only through its index.ts or queries.ts', () => {
    expect(featureFiles.flatMap((file) => crossFeatureImports(file, read(file)))).toEqual([]);
  });

  test('a cache key is written once, in its feature’s queries.ts: another feature imports it', () => {
    // docs/decisions/138-rooms-inside-big-features.md: invalidation across features is an import, so a
    // renamed key cannot leave a stale refresh behind in another feature.
    const writers = new Map<string, Set<string>>();
    for (const file of featureFiles.filter((candidate) => path.basename(candidate) === 'queries.ts')) {
      for (const root of keyRootsWritten(read(file))) writers.set(root, (writers.get(root) ?? new Set()).add(path.basename(path.dirname(file))));
    }
    expect(writers.size).toBeGreaterThan(15);
    expect([...writers].filter(([, features]) => features.size > 1).map(([root, features]) => `${root}: ${[...features].join(', ')}`)).toEqual([]);
    expect(featureFiles.filter((file) => path.basename(file) !== 'queries.ts' && writesQueryKey(read(file))).map(relative)).toEqual([]);
  });

  test('a key written by hand is seen', () => {
    expect(keyRootsWritten("const touches = [['leads'], ['lead', String(id)]];")).toEqual(['leads', 'lead']);
    expect(keyRootsWritten("key: ['billing-settings', adminBase()] as const,")).toEqual(['billing-settings']);
    expect(keyRootsWritten("key: [...contactKeys.lead(id), 'detail', adminBase()] as const,")).toEqual([]);
    expect(writesQueryKey("useQuery({ key: ['leads', 'mine'], fetcher })")).toBe(true);
    expect(writesQueryKey('useQuery(contactQueries.lead(id))')).toBe(false);
  });

  test('an import of another feature’s internals is seen', () => {
    expect(crossFeatureImports(leadDetail, "import { LeadEmailsCard } from '../emails/LeadEmailsCard.tsx';")).toEqual(['features/contacts/LeadDetail.tsx → features/emails/LeadEmailsCard.tsx']);
    expect(crossFeatureImports(leadDetail, "const card = import('../emails/LeadEmailsCard.tsx');")).toHaveLength(1);
    expect(crossFeatureImports(leadDetail, "import { LeadEmailsCard } from '../emails/index.ts';")).toEqual([]);
    expect(crossFeatureImports(leadDetail, "import { contactQueries } from './queries.ts';\nimport { http } from '../../lib/http.ts';")).toEqual([]);
  });
});
