/**
 * The API's import rules hold (docs/architecture.md, "Import rules"; decisions 097 and 098):
 * - no import circle in api/, except the Objection models' relation thunks (api/models/);
 * - the lint rule of eslint.config.js refuses an import in the wrong direction, so `npm run check`
 *   fails on one: platform importing a feature, a feature reaching into another's files or manifest, the
 *   outbox importing a feature, the application naming a feature (decision 136).
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
  const { output } = await cruise([dir], { baseDir, tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' }, exclude: { path: 'node_modules' } });
  const result = output as ICruiseResult;
  return result.modules.flatMap((module) => module.dependencies.filter((dependency) => dependency.circular).map((dependency) => `${module.source} → ${dependency.resolved}`));
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

describe('the lint rule on import direction', () => {
  const eslint = new ESLint({ cwd: ROOT });
  // Loading the configuration, its plugins and the TypeScript parser takes seconds on a busy machine:
  // done once before the tests (one file linted), which then time the rule alone.
  beforeAll(() => eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'api/platform/lib/warm-up.ts') }), 60_000);
  /** The no-restricted-imports messages ESLint gives `code` written at `filePath`. */
  async function refusals(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
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
    expect(await refusals('api/features/analytics/example.ts', "import { apiRouters } from '../index.ts';\nexport const f = apiRouters;\n")).toEqual([
      expect.stringContaining('composition root'),
    ]);
  });

  it('holds the same rules in a feature’s rooms, which reach their own feature’s other rooms freely', async () => {
    // A room is one folder further down (docs/decisions/138-rooms-inside-big-features.md).
    const room = 'api/features/booking/engine/example.ts';
    expect(await refusals(room, "import { findLeadOr404 } from '../../contacts/records/lead-records.ts';\nexport const f = findLeadOr404;\n")).toEqual([
      expect.stringContaining('through its index.ts only'),
    ]);
    expect(await refusals(room, "import { findLeadOr404 } from '../../contacts/index.ts';\nexport const f = findLeadOr404;\n")).toEqual([]);
    expect(await refusals(room, "import { queueBookedEmails } from '../mail/mail.ts';\nexport const f = queueBookedEmails;\n")).toEqual([]);
    expect(await refusals(room, "import { apiRouters } from '../../index.ts';\nexport const f = apiRouters;\n")).toEqual([
      expect.stringContaining('composition root'),
    ]);
    expect(await refusals('api/cli/example.ts', "import { bookCall } from '../features/booking/engine/book.ts';\nexport const f = bookCall;\n")).toEqual([
      expect.stringContaining('through its index.ts only'),
    ]);
  });

  it('refuses a feature named by the application, which loops over the manifests (decision 136)', async () => {
    expect(await refusals('api/app.ts', "import { nextSession } from './features/webinars/index.ts';\nexport const f = nextSession;\n")).toEqual([
      expect.stringContaining('names no feature'),
    ]);
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
      expect.stringContaining('takes a feature\'s manifest.ts'),
    ]);
  });

  it('refuses anything but zod in the browser contract', async () => {
    expect(await refusals('api/schemas/example.ts', "import { HttpError } from '../platform/errors.ts';\nexport const e = HttpError;\n")).toEqual([
      expect.stringContaining('imports only zod'),
    ]);
  });
});
