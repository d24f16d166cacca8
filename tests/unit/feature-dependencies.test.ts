/**
 * What a feature uses of the others is written in four places, and they cannot drift apart
 * (docs/decisions/136-one-manifest-per-feature.md): its real imports (`../<other>/index.ts`), its
 * manifest's `uses`, the list in docs/architecture.md ("Features depend one way") and the "Uses" line
 * of its README. Each of the last three is checked against the first.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../api/features/index.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const FEATURES_DIR = path.join(ROOT, 'api', 'features');
const FOLDERS = readdirSync(FEATURES_DIR)
  .filter((entry) => statSync(path.join(FEATURES_DIR, entry)).isDirectory())
  .sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * The other features a file imports (type-only and dynamic imports included), by folder name: each
 * relative import resolved from the file's own folder, so a room (one folder down) counts as its feature.
 */
function importedFeatures(source: string, file: string, own: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g)) {
    const target = path.relative(FEATURES_DIR, path.resolve(path.dirname(file), match[1]!));
    const feature = target.split(path.sep)[0]!;
    if (!target.startsWith('..') && target.includes(path.sep) && feature !== own && FOLDERS.includes(feature)) found.add(feature);
  }
  return [...found].sort();
}

/** Each feature's real uses: the other features its files import. */
function realUses(): Record<string, string[]> {
  return Object.fromEntries(
    FOLDERS.map((name) => {
      const used = new Set(sourceFiles(path.join(FEATURES_DIR, name)).flatMap((file) => importedFeatures(readFileSync(file, 'utf8'), file, name)));
      return [name, [...used].sort()];
    }),
  );
}

/** `- **Uses**: contacts (the statement), webinars (…).` → ['contacts', 'webinars']; "nothing" → []. */
function readmeUses(readme: string): string[] | undefined {
  const line = readme.split('\n').find((text) => text.startsWith('- **Uses**:'));
  if (line === undefined) return undefined;
  const items = line
    .slice('- **Uses**:'.length)
    .replace(/\([^)]*\)/g, '')
    .replace(/\.\s*$/, '')
    .split(',')
    .map((item) => item.trim().replace(/`/g, ''))
    .filter(Boolean);
  return items.length === 1 && items[0] === 'nothing' ? [] : items.sort();
}

/** The list between the markers of docs/architecture.md: `- \`analytics\` → \`attribution\`, \`contacts\``, or `→ nothing`. */
function documentedUses(architecture: string): Record<string, string[]> {
  const block = /<!-- feature-dependencies -->\n([\s\S]*?)<!-- \/feature-dependencies -->/.exec(architecture)?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/^- `([a-z-]+)` → (.+)$/gm)].map((match) => [match[1]!, match[2]!.trim() === 'nothing' ? [] : [...match[2]!.matchAll(/`([a-z-]+)`/g)].map((used) => used[1]!).sort()]),
  );
}

describe('what each feature uses', () => {
  const real = realUses();

  it('every feature folder is one line of the list of features, under its folder name', () => {
    expect(FEATURES.map((feature) => feature.name).sort()).toEqual(FOLDERS);
  });

  it('the manifests’ `uses` are the features their files import', () => {
    expect(Object.fromEntries(FEATURES.map((feature) => [feature.name, [...feature.uses].sort()]))).toEqual(real);
  });

  it('docs/architecture.md lists every feature with what it imports', () => {
    expect(documentedUses(readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8'))).toEqual(real);
  });

  it('each README’s "Uses" line names what the feature imports', () => {
    const readmes = Object.fromEntries(FOLDERS.map((name) => [name, readmeUses(readFileSync(path.join(FEATURES_DIR, name, 'README.md'), 'utf8'))]));
    expect(readmes).toEqual(real);
  });

  it('the checks read what is written', () => {
    expect(
      importedFeatures(
        "import { a } from '../contacts/index.ts';\nimport type { B } from '../billing/index.ts';\nimport { c } from './own.ts';\n",
        path.join(FEATURES_DIR, 'offers', 'x.ts'),
        'offers',
      ),
    ).toEqual(['billing', 'contacts']);
    // From a room, one folder down: its own feature's other rooms are not uses, another feature is.
    expect(importedFeatures("import { a } from '../mail/mail.ts';\nimport { b } from '../../contacts/index.ts';\n", path.join(FEATURES_DIR, 'booking', 'engine', 'x.ts'), 'booking')).toEqual([
      'contacts',
    ]);
    expect(readmeUses('# X\n\n- **Uses**: contacts (the statement, the alert), `webinars` (a sign-up).\n')).toEqual(['contacts', 'webinars']);
    expect(readmeUses('- **Uses**: nothing.\n')).toEqual([]);
    expect(readmeUses('# X\n')).toBeUndefined();
    expect(documentedUses('<!-- feature-dependencies -->\n- `offers` → `billing`, `contacts`\n- `billing` → nothing\n<!-- /feature-dependencies -->\n')).toEqual({
      offers: ['billing', 'contacts'],
      billing: [],
    });
  });
});
