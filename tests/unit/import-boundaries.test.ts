/**
 * The API's import rules hold (docs/architecture.md, "Import rules"; decisions 097, 098 and 135):
 * - no import circle in api/, except the Objection models' relation thunks (api/models/);
 * - the contract (api/contract/, each feature's contract/) imports only zod, the contracts and, type-only,
 *   the models: never a feature's internals nor the platform; and no circle between folders;
 * - the lint rule of eslint.config.js refuses an import in the wrong direction, so `npm run check`
 *   fails on one: platform importing a feature, a feature reaching into another's files or manifest, the
 *   outbox importing a feature, the application naming a feature (decision 136), a contract importing what
 *   it may not (decision 135).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Every import that closes a circle, as `from → to`, found by dependency-cruiser (type-only imports included). */
async function circles(dir: string, baseDir: string): Promise<string[]> {
  const result = await modules(dir, baseDir);
  return result.modules.flatMap((module) => module.dependencies.filter((dependency) => dependency.circular).map((dependency) => `${module.source} → ${dependency.resolved}`));
}

/** The modules of `dir` with their imports resolved to paths, by dependency-cruiser (type-only imports included). */
async function modules(dir: string, baseDir: string): Promise<ICruiseResult> {
  const { output } = await cruise([dir], { baseDir, tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' }, exclude: { path: 'node_modules' } });
  return output as ICruiseResult;
}

/** The folder a module of api/ counts in: api/contract, a feature's contract, a feature, api/platform, api/models, api/cli, api. */
function folderOf(file: string): string {
  return /^api\/features\/[^/]+\/contract\//.exec(file)?.[0].slice(0, -1) ?? /^api\/(features\/[^/]+|contract|platform|models|cli)\//.exec(file)?.[0].slice(0, -1) ?? 'api';
}

/** The folders that import each other in a circle (Tarjan's strongly connected components of more than one folder). */
function folderCircles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do component.push((member = stack.pop()!));
      while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Folder → the folders it imports, from dependency-cruiser's modules (external packages left out). */
function folderEdges(result: ICruiseResult): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const module of result.modules) {
    if (!module.source.startsWith('api/')) continue;
    const from = folderOf(module.source);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (dependency.resolved.startsWith('api/') && to !== from) edges.get(from)!.add(to);
    }
  }
  return edges;
}

describe('import circles', () => {
  it('none in api/ but the models’ relation thunks', async () => {
    const found = await circles('api', ROOT);
    expect(found.length).toBeGreaterThan(0); // the models' circles: the check reads api/
    expect(found.filter((edge) => !/^api\/models\/\S+ → api\/models\//.test(edge))).toEqual([]);
  }, 60_000);

  it('the check sees a circle when there is one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'circle-'));
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
    expect(await circles('.', dir)).toEqual(['a.ts → b.ts', 'b.ts → a.ts']);
  });
});

describe('the contract beside the capability (decision 135)', () => {
  const isContract = (file: string) => /^api\/(contract|features\/[^/]+\/contract)\//.test(file);
  let api: ICruiseResult;
  beforeAll(async () => {
    api = await modules('api', ROOT);
  }, 60_000);

  it('a contract imports only zod, the contracts and, type-only, the models: never a feature’s internals nor the platform', () => {
    const contractModules = api.modules.filter((module) => isContract(module.source));
    expect(contractModules.map((module) => module.source)).toEqual(expect.arrayContaining(['api/contract/index.ts', 'api/features/contacts/contract/index.ts']));
    const imports = contractModules.flatMap((module) =>
      module.dependencies.map((dependency) => ({ from: module.source, to: dependency.resolved, typeOnly: dependency.dependencyTypes.includes('type-only') })),
    );
    // The presenters read the models' types: the check sees them, and lets them through because they are type-only.
    expect(imports.some((entry) => entry.to.startsWith('api/models/') && entry.typeOnly)).toBe(true);
    const wrong = imports.filter((entry) => !(isContract(entry.to) || /(^|\/)node_modules\/zod\//.test(entry.to) || entry.to === 'zod' || (entry.to.startsWith('api/models/') && entry.typeOnly)));
    expect(wrong).toEqual([]);
  });

  it('no folder of api/ is in an import circle with another (contracts, features, platform, models)', () => {
    const edges = folderEdges(api);
    expect(edges.get('api/features/contacts')).toContain('api/features/contacts/contract'); // the folders' imports are read
    expect(folderCircles(edges)).toEqual([]);
  });

  it('the folder check sees a circle when there is one', () => {
    const edges = new Map([
      ['api/platform', new Set(['api/features/webinars/contract'])],
      ['api/features/webinars/contract', new Set(['api/contract', 'api/platform'])],
      ['api/contract', new Set<string>()],
    ]);
    expect(folderCircles(edges)).toEqual([['api/features/webinars/contract', 'api/platform']]);
  });
});

describe('the lint rule on import direction', () => {
  const eslint = new ESLint({ cwd: ROOT });
  // Loading the configuration, its plugins and the TypeScript parser takes seconds on a busy machine:
  // done once before the tests (one file linted), which then time the rule alone.
  beforeAll(() => eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'api/platform/lib/warm-up.ts') }), 60_000);
  /** The no-restricted-imports messages ESLint gives `code` written at `filePath`. */
  async function refusals(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
  }

  it('refuses a feature imported by the platform', async () => {
    expect(await refusals('api/platform/lib/example.ts', "import { findLeadOr404 } from '../../features/contacts/index.ts';\nexport const f = findLeadOr404;\n")).toEqual([
      expect.stringContaining('api/platform/ knows no feature'),
    ]);
  });

  it('refuses a feature imported by the mail outbox', async () => {
    expect(await refusals('api/platform/mail/example.ts', "import { webinarEmailKinds } from '../../features/webinars/mail/emails.ts';\nexport const k = webinarEmailKinds;\n")).toEqual([
      expect.stringContaining('api/platform/ knows no feature'),
    ]);
  });

  it('refuses another feature’s inner file, and takes its index.ts', async () => {
    expect(await refusals('api/features/analytics/example.ts', "import { takeSeatInWebinar } from '../webinars/seats/seats.ts';\nexport const f = takeSeatInWebinar;\n")).toEqual([
      expect.stringContaining('through its index.ts only'),
    ]);
    expect(await refusals('api/features/analytics/example.ts', "import { takeSeatInWebinar } from '../webinars/index.ts';\nexport const f = takeSeatInWebinar;\n")).toEqual([]);
    expect(await refusals('api/features/analytics/example.ts', "import { apiRouters } from '../index.ts';\nexport const f = apiRouters;\n")).toEqual([expect.stringContaining('composition root')]);
  });

  it('holds the same rules in a feature’s rooms, which reach their own feature’s other rooms freely', async () => {
    // A room is one folder further down (docs/decisions/138-rooms-inside-big-features.md).
    const room = 'api/features/booking/engine/example.ts';
    expect(await refusals(room, "import { findLeadOr404 } from '../../contacts/records/lead-records.ts';\nexport const f = findLeadOr404;\n")).toEqual([
      expect.stringContaining('through its index.ts only'),
    ]);
    expect(await refusals(room, "import { findLeadOr404 } from '../../contacts/index.ts';\nexport const f = findLeadOr404;\n")).toEqual([]);
    expect(await refusals(room, "import { queueBookedEmails } from '../mail/mail.ts';\nexport const f = queueBookedEmails;\n")).toEqual([]);
    expect(await refusals(room, "import { apiRouters } from '../../index.ts';\nexport const f = apiRouters;\n")).toEqual([expect.stringContaining('composition root')]);
    expect(await refusals('api/cli/example.ts', "import { bookCall } from '../features/booking/engine/book.ts';\nexport const f = bookCall;\n")).toEqual([
      expect.stringContaining('through its index.ts only'),
    ]);
  });

  it('refuses a feature named by the application, which loops over the manifests (decision 136)', async () => {
    expect(await refusals('api/app.ts', "import { nextSession } from './features/webinars/index.ts';\nexport const f = nextSession;\n")).toEqual([expect.stringContaining('names no feature')]);
    expect(await refusals('api/app.ts', "import { FEATURES } from './features/index.ts';\nexport const f = FEATURES;\n")).toEqual([]);
  });

  it('refuses another feature’s manifest; only the list of features takes it', async () => {
    expect(await refusals('api/features/analytics/example.ts', "import { webinarsFeature } from '../webinars/manifest.ts';\nexport const f = webinarsFeature;\n")).toEqual([
      expect.stringContaining('through its index.ts only'),
    ]);
    expect(await refusals('api/features/webinars/example.ts', "import { webinarsFeature } from './manifest.ts';\nexport const f = webinarsFeature;\n")).toEqual([
      expect.stringContaining('do not import its manifest'),
    ]);
    expect(await refusals('api/features/example.ts', "import { webinarsFeature } from './webinars/manifest.ts';\nexport const f = webinarsFeature;\n")).toEqual([]);
    expect(await refusals('api/features/example.ts', "import { followupsCron } from './webinars/follow-ups/followups.ts';\nexport const f = followupsCron;\n")).toEqual([
      expect.stringContaining("takes a feature's manifest.ts"),
    ]);
  });

  it('takes another feature’s contract/index.ts from a feature, and no other file of it', async () => {
    expect(await refusals('api/features/booking/example.ts', "import { postedTouchFields } from '../attribution/contract/index.ts';\nexport const f = postedTouchFields;\n")).toEqual([]);
    expect(await refusals('api/features/booking/example.ts', "import { postedTouchFields } from '../attribution/contract/touch-schemas.ts';\nexport const f = postedTouchFields;\n")).toEqual([
      expect.stringContaining('through its index.ts'),
    ]);
  });

  it('refuses anything but zod and its own files in the shared primitives', async () => {
    expect(await refusals('api/contract/example.ts', "import { HttpError } from '../platform/errors.ts';\nexport const e = HttpError;\n")).toEqual([expect.stringContaining('imports only zod')]);
    expect(await refusals('api/contract/example.ts', "import { postedTouchFields } from '../features/attribution/contract/index.ts';\nexport const f = postedTouchFields;\n")).toEqual([
      expect.stringContaining('imports only zod'),
    ]);
    expect(await refusals('api/contract/example.ts', "import { z } from 'zod';\nimport { integer } from './fields.ts';\nexport const f = [z, integer];\n")).toEqual([]);
  });

  it('refuses a feature’s internals, the platform and another feature’s index.ts in its contract', async () => {
    const file = 'api/features/contacts/contract/example.ts';
    for (const from of ['../lead-import.ts', '../../../platform/errors.ts', '../../attribution/index.ts', '../../attribution/contract/touch-schemas.ts']) {
      expect(await refusals(file, `import { x } from '${from}';\nexport const f = x;\n`)).toEqual([expect.stringContaining('its internals import it, not the reverse')]);
    }
    expect(await refusals(file, "import { Lead } from '../../../models/index.ts';\nexport const f = Lead;\n")).toEqual([expect.stringContaining('type-only')]);
  });

  it('takes zod, the shared primitives, its own folder, another feature’s contract/index.ts and the models’ types in a contract', async () => {
    const code = [
      "import { z } from 'zod';",
      "import { integer } from '../../../contract/fields.ts';",
      "import { leadCreateSchema } from './leads-schemas.ts';",
      "import { postedTouchFields } from '../../attribution/contract/index.ts';",
      "import type { Lead } from '../../../models/index.ts';",
      'export const f = [z, integer, leadCreateSchema, postedTouchFields];',
      'export type L = Lead;',
      '',
    ].join('\n');
    expect(await refusals('api/features/contacts/contract/example.ts', code)).toEqual([]);
  });
});
