/**
 * Which typed first names an e-mail may repeat (decision 087): names of any alphabet, with accents,
 * spaces, hyphens and apostrophes, at most 40 characters; never a link or any other text.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GREETING_NAME_MAX_LENGTH, greetingCopy, greetingName } from '../../api/platform/mail/greeting-name.ts';

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzéèêëàâäîïôöùûüçñøåæœßÉÈÀÇÖÜ', 'Ж', 'я', 'λ', 'Ω', '李', '小', 'م', 'ح', 'א', 'ש', 'अ', 'क', 'ね', 'ア'];
const SEPARATORS = [' ', '-', "'", '’'];
const letter = fc.constantFrom(...LETTERS);
const word = fc.array(letter, { minLength: 1, maxLength: 12 }).map((chars) => chars.join(''));
/** Words joined by one separator each: how real names are written. */
const nameLike = fc.tuple(word, fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), word), { maxLength: 4 })).map(([first, rest]) => first + rest.map(([separator, part]) => separator + part).join(''));

describe('greetingName', () => {
  it('keeps real names, of any alphabet, accents, hyphens and apostrophes included', () => {
    for (const name of ['Léa', 'Jean-Pierre', "N'Golo", 'Anne Marie', 'O’Connor', 'Zoë', 'Łukasz', 'Ævar', 'Андрей', 'Ελένη', '李小龍', 'محمد', 'שרה', 'अनीता', 'Nguyễn Thị']) {
      expect(greetingName(name)).toBe(name);
    }
    // Decomposed accents (a letter and a combining mark) are letters too; the name is shown composed.
    expect(greetingName('Le\u0301a')).toBe('Léa');
    expect(greetingName('  Léa  ')).toBe('Léa');
  });

  it('keeps every name-like text up to 40 characters (property)', () => {
    fc.assert(
      fc.property(nameLike, (name) => {
        fc.pre([...name].length <= GREETING_NAME_MAX_LENGTH);
        expect(greetingName(name)).toBe(name);
      }),
    );
  });

  it('refuses every name-like text over 40 characters (property)', () => {
    fc.assert(
      fc.property(nameLike, fc.array(letter, { minLength: 1, maxLength: 60 }), (name, tail) => {
        const long = `${name}${tail.join('')}`;
        fc.pre([...long].length > GREETING_NAME_MAX_LENGTH);
        expect(greetingName(long)).toBeNull();
      }),
    );
    expect(greetingName('a'.repeat(40))).toBe('a'.repeat(40));
    expect(greetingName('a'.repeat(41))).toBeNull();
  });

  it('refuses links, addresses and anything that is not a letter, space, hyphen or apostrophe (property)', () => {
    for (const typed of [
      'https://example.com',
      'Léa www.gagnez.ch',
      'example.com',
      'Léa http://x.y/z',
      'lea@example.ch',
      'Léa, cliquez ici',
      'Léa!',
      'Léa 2',
      '<b>Léa</b>',
      'Léa\u202eaé',
      'Lé\u200ba',
      '---',
      "' '",
      '',
      '   ',
    ]) {
      expect(greetingName(typed), typed).toBeNull();
    }
    const other = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).filter((text) => /[^\p{L}\p{M}\s\-\u2010\u2011'\u2019]/u.test(text));
    fc.assert(
      fc.property(nameLike, other, nameLike, (before, inserted, after) => {
        expect(greetingName(`${before}${inserted}${after}`)).toBeNull();
      }),
    );
  });

  it('never returns anything but letters, spaces, hyphens and apostrophes, 40 at most (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (typed) => {
        const name = greetingName(typed);
        if (name === null) return;
        expect(name).toMatch(/^[\p{L}\p{M} \-\u2010\u2011'\u2019]+$/u);
        expect([...name].length).toBeLessThanOrEqual(GREETING_NAME_MAX_LENGTH);
        expect(name).not.toMatch(/[.:/@]/);
      }),
    );
  });

  it('picks the greeting without a name when the name is refused', () => {
    const copy = { greeting: 'Bonjour {firstName},', greetingNoName: 'Bonjour,' };
    expect(greetingCopy(copy, 'Léa')).toBe(copy.greeting);
    expect(greetingCopy(copy, 'https://example.com')).toBe(copy.greetingNoName);
    expect(greetingCopy(copy, null)).toBe(copy.greetingNoName);
  });
});
