/**
 * One public entry (docs/decisions/137-one-public-entry.md): every public form (contact request,
 * webinar sign-up, booking, newsletter subscription) goes through one honeypot check, one no-script
 * form answer, one contact upsert, one idempotency claim, and speaks of one Swiss day. A reviewer
 * grepping finds one of each: so does this test, over every API source file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

const SOURCES = sourceFiles('api').map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

/** The API files whose text matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return SOURCES.filter(({ text }) => pattern.test(text)).map(({ file }) => file);
}

describe('one public entry', () => {
  it('reads the API sources (a check over nothing would prove nothing)', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(filesMatching(/export async function recordSubmissions\(/)).toEqual(['api/features/contacts/submissions/public-submissions.ts']);
  });

  it('has one honeypot check: only the platform reads the hidden `website` field', () => {
    expect(filesMatching(/\.website\b|\[['"]website['"]\]/)).toEqual(['api/platform/http/honeypot.ts']);
    expect(filesMatching(/honeypot filled/)).toEqual(['api/platform/http/honeypot.ts']);
  });

  it('has one no-script form answer: one place turns a refusal into a message and signs it into a 303', () => {
    expect(filesMatching(/fieldErrorsFromZod\(error\)\[0\]/)).toEqual(['api/platform/http/html-form-fallback.ts']);
    expect(filesMatching(/signMessage\(/).filter((file) => file !== 'api/platform/lib/signed-message.ts')).toEqual(['api/platform/http/html-form-fallback.ts']);
  });

  it('keeps the platform’s form answer and honeypot free of any page: each feature passes its own', () => {
    for (const file of ['api/platform/http/html-form-fallback.ts', 'api/platform/http/honeypot.ts']) {
      const text = SOURCES.find((source) => source.file === file)!.text;
      expect(text).not.toMatch(/['"`]\/[a-z-]+\//);
      expect(text).not.toMatch(/from '\.\.\/\.\.\/(features|schemas|presenters)\//);
    }
  });

  it('has one contact upsert for the public forms, in contacts (the other is the team’s own CSV import)', () => {
    expect(filesMatching(/on conflict \(lower\(email\)\)/i)).toEqual(['api/features/contacts/bulk/lead-import.ts', 'api/features/contacts/submissions/public-submissions.ts']);
  });

  it('has one idempotency claim, inside the contact’s statement, and one replay', () => {
    expect(filesMatching(/insert into idempotency_keys|idempotency_?keys['"]\)\s*\.insert/i)).toEqual(['api/features/contacts/submissions/public-submissions.ts']);
    expect(filesMatching(/IDEMPOTENCY_MISMATCH_MESSAGE\)/)).toEqual(['api/features/contacts/submissions/submission-keys.ts']);
  });

  it('has one Swiss-day function', () => {
    expect(filesMatching(/function swiss(Day|Date|Today)\b/)).toEqual(['api/platform/lib/swiss-day.ts']);
    expect(filesMatching(/Intl\.DateTimeFormat\('en-CA'/)).toEqual(['api/platform/lib/swiss-day.ts']);
  });
});
