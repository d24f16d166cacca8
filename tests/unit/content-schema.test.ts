/**
 * Content editors change copy in site/content/*.yaml: a missing or misspelt field must stop the build
 * with a message naming the file and the field. Runs `astro sync` (the content step of the build) on a
 * copy of the site with one field broken.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
// Inside the project so the copy resolves the project's node_modules.
const copy = mkdtempSync(path.join(ROOT, '.tmp-content-test-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function syncWith(file: string, edit: (yaml: string) => string): { status: number | null; output: string } {
  rmSync(path.join(copy, 'site'), { recursive: true, force: true });
  cpSync(path.join(ROOT, 'site'), path.join(copy, 'site'), { recursive: true });
  cpSync(path.join(ROOT, 'astro.config.mjs'), path.join(copy, 'astro.config.mjs'));
  const target = path.join(copy, 'site', 'content', file);
  writeFileSync(target, edit(readFileSync(target, 'utf8')));
  const result = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'astro'), ['sync', '--root', copy], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('content collections', () => {
  it('accept the committed copy', () => {
    expect(syncWith('faq.yaml', (yaml) => yaml).status).toBe(0);
  }, 120_000);

  it('refuse a misspelt field, naming the file and the field', () => {
    const { status, output } = syncWith('faq.yaml', (yaml) => yaml.replace(/^title:/m, 'titel:'));
    expect(status).not.toBe(0);
    expect(output).toMatch(/faq/);
    expect(output).toMatch(/titel/);
  }, 120_000);

  it('refuse a missing field, naming the file and the field', () => {
    const { status, output } = syncWith('hero.yaml', (yaml) => yaml.replace(/^lead:.*$/m, ''));
    expect(status).not.toBe(0);
    expect(output).toMatch(/hero/);
    expect(output).toMatch(/lead/);
  }, 120_000);

  it('refuse a logo label that does not start with the logo’s visible text (WCAG 2.5.3)', () => {
    const { status, output } = syncWith('site.yaml', (yaml) => yaml.replace(/^logoLabel:.*$/m, "logoLabel: Retour à l'accueil"));
    expect(status).not.toBe(0);
    expect(output).toMatch(/logoLabel/);
  }, 120_000);
});
