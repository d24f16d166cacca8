/**
 * Code, tests, the bench and the docs say what they do and cite decision records, never an issue
 * number (decision 139): an issue is closed and forgotten, a decision record stays beside the code.
 * Every text file under api/, site/, tests/, bench/ and docs/, and the README, is read; a line that
 * names an issue by its number fails, as `file:line: text`. A decision record may keep its own past
 * under a `## History` heading (to the next `## ` heading), which is the only place left unread.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TREES = ['api', 'site', 'tests', 'bench', 'docs'];
/** Built, installed or run-time folders: not the project's writing. */
const NOT_WRITTEN_HERE = new Set(['node_modules', 'dist', 'data', '.astro', '.work', 'test-results', 'playwright-report']);

/** The word issue or issues (any case), then its number, `#` allowed before it. */
export const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;

/** Every file under `dir`, as repository paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (NOT_WRITTEN_HERE.has(entry.name)) return [];
    const relative = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(relative) : [relative];
  });
}

/** The lines of a file that name an issue by number; a decision record's `## History` section is its own past. */
export function issueNumbers(file: string, text: string): string[] {
  const isDecisionRecord = /^docs\/decisions\/\d{3}-/.test(file);
  let inHistory = false;
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (isDecisionRecord && line.startsWith('## ')) inHistory = /^## History\b/.test(line);
    if (!inHistory && ISSUE_NUMBER.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
  });
  return found;
}

describe('issue numbers', () => {
  it('none in api/, site/, tests/, bench/, docs/ or the README', () => {
    const files = ['README.md', ...TREES.flatMap(filesUnder)];
    expect(files.length).toBeGreaterThan(500);
    const texts = files.map((file) => [file, readFileSync(path.join(ROOT, file))] as const).filter(([, bytes]) => !bytes.includes(0)); // fonts and images aside
    const found = texts.flatMap(([file, bytes]) => issueNumbers(file, bytes.toString('utf8')));
    expect(found, `${found.length} lines name an issue by its number; say what the code proves and cite a decision record instead:\n${found.join('\n')}\n`).toEqual([]);
  });

  it('the reader finds them in any spelling, and leaves a decision record’s history alone', () => {
    const number = (word: string, digits: string): string => `${word} ${digits}`; // built, so this file holds none
    const code = `// ${number('Issue', '12')}: e-mails\nconst a = 1; // ${number('issues', '13')} and 14\n/** see ${number('issue', '#4')} */\nconst issues = 3; // three issues, no number\n`;
    expect(issueNumbers('api/x.ts', code)).toEqual([
      `api/x.ts:1: // ${number('Issue', '12')}: e-mails`,
      `api/x.ts:2: const a = 1; // ${number('issues', '13')} and 14`,
      `api/x.ts:3: /** see ${number('issue', '#4')} */`,
    ]);
    const record = `# 200 — X\n\n## Context\n\nAsked by ${number('issue', '9')}.\n\n## History\n\nFiled as ${number('issue', '9')}.\n\n## Consequences\n\n${number('Issue', '9')} again.\n`;
    expect(issueNumbers('docs/decisions/200-x.md', record)).toEqual([`docs/decisions/200-x.md:5: Asked by ${number('issue', '9')}.`, `docs/decisions/200-x.md:13: ${number('Issue', '9')} again.`]);
    expect(issueNumbers('docs/testing.md', `## History\n\n${number('issue', '9')}\n`)).toEqual([`docs/testing.md:3: ${number('issue', '9')}`]);
  });
});
