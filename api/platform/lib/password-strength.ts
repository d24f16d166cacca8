/**
 * How guessable a new password is, with zxcvbn-ts (common + French dictionaries, French feedback).
 * Shared by the API (setup-admin, password change, admin:create) and the login screen, which loads it
 * only when the first administrator can still be created. The user's names and email count as
 * guessable words. The dictionaries (a few MB) are loaded on first use, not at start: the server and
 * the CLIs start as fast as before, and the login page downloads them only when it needs them.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MIN_SCORE, weakPasswordMessage, type PasswordStrength } from '../../contract/passwords.ts';

let estimator: Promise<ZxcvbnFactory> | undefined;

function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, french] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-fr')]);
    return new ZxcvbnFactory({
      translations: french.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...french.dictionary },
    });
  })();
  return estimator;
}

const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '');

/**
 * Email parts count too ("camille.rochat@example.ch" gives "camille", "rochat", "example"), and names
 * without their accents ("Léa" is also "lea"), as people type them in passwords.
 */
function expandUserInputs(userInputs: Array<string | null | undefined>): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    if (!input) continue;
    for (const variant of new Set([input.toLowerCase(), withoutAccents(input.toLowerCase())])) {
      words.add(variant);
      for (const part of variant.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
    }
  }
  return [...words];
}

export async function passwordStrength(password: string, userInputs: Array<string | null | undefined>): Promise<PasswordStrength> {
  const result = (await zxcvbn()).check(password, expandUserInputs(userInputs));
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}

/** `undefined` when the password is strong enough, else the French message saying why and what to do. */
export async function weakPasswordReason(password: string, userInputs: Array<string | null | undefined>): Promise<string | undefined> {
  const strength = await passwordStrength(password, userInputs);
  return strength.score >= PASSWORD_MIN_SCORE ? undefined : weakPasswordMessage(strength);
}
