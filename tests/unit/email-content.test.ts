import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMAIL_CONTENT_FILE, loadEmailContent } from '../../api/features/email-kinds.ts';
import { swissDateTime, frenchDuration } from '../../api/platform/mail/dates.ts';

function withContent(edit: (yaml: string) => string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'emails-content-'));
  const file = path.join(dir, 'emails.yaml');
  writeFileSync(file, edit(readFileSync(EMAIL_CONTENT_FILE, 'utf8')));
  return file;
}

describe('site/content/emails.yaml', () => {
  it('is valid as shipped', () => {
    expect(loadEmailContent().webinarConfirmation.joinButton).toBe('Rejoindre le webinaire');
  });

  it('names the file and the field of an empty text', () => {
    const file = withContent((yaml) => yaml.replace(/  joinButton: Rejoindre le webinaire/, '  joinButton: ""'));
    expect(() => loadEmailContent(file)).toThrow(/emails\.yaml, champ webinarConfirmation\.joinButton — ce texte ne peut pas être vide/);
  });

  it('names a misspelt field', () => {
    const file = withContent((yaml) => yaml.replace('  closing: "Bien à vous,"', '  closng: "Bien à vous,"'));
    expect(() => loadEmailContent(file)).toThrow(/champ contactAcknowledgement\.(closng|closing)/);
  });

  it('refuses a placeholder the e-mail cannot fill', () => {
    const file = withContent((yaml) => yaml.replace('subject: "Nous avons bien reçu votre demande"', 'subject: "Merci {prenom}"'));
    expect(() => loadEmailContent(file)).toThrow(/champ contactAcknowledgement\.subject — la variable \{prenom\} n'existe pas ici/);
  });
});

describe('dates in e-mails', () => {
  it('writes Swiss time the French way, summer and winter', () => {
    expect(swissDateTime(new Date('2026-11-26T17:00:00Z'))).toBe('jeudi 26 novembre 2026 à 18 h 00 (heure suisse)');
    expect(swissDateTime(new Date('2027-06-03T16:30:00Z'))).toBe('jeudi 3 juin 2027 à 18 h 30 (heure suisse)');
  });

  it('writes durations in words', () => {
    expect(frenchDuration(45)).toBe('45 minutes');
    expect(frenchDuration(60)).toBe('1 heure');
    expect(frenchDuration(90)).toBe('1 h 30');
  });
});
