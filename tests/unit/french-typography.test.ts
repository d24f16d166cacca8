/**
 * French typography of the text the server writes into pages (decision 119): a time, a date's number
 * and "e-mail" are never split across two lines, on the manage and reschedule pages as on the
 * confirmation page; applying it twice changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { typesetFrench, WORD_JOINER } from '../../api/platform/lib/french-typography.ts';
import { fillMessageSlot } from '../../api/platform/lib/signed-message.ts';
import { swissDateTime } from '../../api/platform/mail/dates.ts';

const NBSP = '\u00a0';

describe('typesetFrench', () => {
  it('keeps "à 10 h 00" and the date\'s number with their words', () => {
    const text = typesetFrench(`Votre rendez-vous est déplacé au ${swissDateTime(new Date('2026-12-07T09:00:00Z'))}.`);
    expect(text).toBe(`Votre rendez-vous est déplacé au lundi 7${NBSP}décembre 2026${NBSP}à 10${NBSP}h${NBSP}00${NBSP}(heure suisse).`);
  });

  it('joins "e-mail" and "e-mails" at their hyphen, and nothing else', () => {
    expect(typesetFrench('Vous recevez la confirmation par e-mail. Les liens de vos e-mails restent valables.')).toBe(
      `Vous recevez la confirmation par e-${WORD_JOINER}mail. Les liens de vos e-${WORD_JOINER}mails restent valables.`,
    );
    // A label standing alone keeps its accessible name.
    expect(typesetFrench('E-mail')).toBe('E-mail');
    expect(typesetFrench('Votre E-mail')).toBe(`Votre E-${WORD_JOINER}mail`);
    expect(typesetFrench('rendez-vous, e-mailing, re-mail')).toBe('rendez-vous, e-mailing, re-mail');
  });

  it('changes nothing when applied twice', () => {
    const once = typesetFrench('Rendez-vous : jeudi 3 décembre à 9 h 30, confirmé par e-mail !');
    expect(typesetFrench(once)).toBe(once);
  });
});

describe('fillMessageSlot', () => {
  it('writes the message in French typography, escaped', () => {
    const html = fillMessageSlot('<p data-server-message hidden><span data-server-message-text></span></p>', 'Déplacé au jeudi 3 décembre 2026 à 9 h 30 <b>');
    expect(html).toBe(`<p data-server-message><span data-server-message-text>Déplacé au jeudi 3${NBSP}décembre 2026${NBSP}à 9${NBSP}h${NBSP}30${NBSP}&lt;b&gt;</span></p>`);
  });
});
