/** The second factor screens' pure rules (docs/decisions/149-second-factor-screens.md): the key in groups, typed codes, the refusals they read. */
import { HTTPError } from 'ky';
import { describe, expect, test } from 'vitest';
import { compactCode, groupedSecret, isEnrolmentRequired, passkeyErrorMessage } from '../../site/admin/features/accounts/second-factor-api.ts';

function refusal(status: number, data: unknown): HTTPError {
  const response = new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  const error = new HTTPError(response, new Request('http://localhost/api/admin/leads'), {} as never);
  (error as unknown as { data: unknown }).data = data;
  return error;
}

describe('second factor screens', () => {
  test('the key is shown in groups of four, the last one shorter when it must be', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF');
  });

  test('a typed code loses the spaces a person adds while reading it', () => {
    expect(compactCode(' 123 456 ')).toBe('123456');
  });

  test('only a 403 saying enrolmentRequired sends to the enrolment screen', () => {
    expect(isEnrolmentRequired(refusal(403, { message: 'Ajoutez un second facteur pour continuer.', enrolmentRequired: true }))).toBe(true);
    expect(isEnrolmentRequired(refusal(403, { message: 'Confirmez votre identité pour continuer.', reauth: true }))).toBe(false);
    expect(isEnrolmentRequired(refusal(401, { enrolmentRequired: true }))).toBe(false);
    expect(isEnrolmentRequired(new Error('réseau'))).toBe(false);
  });

  test("the browser's refusals of a passkey are said in French", () => {
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    expect(passkeyErrorMessage(cancelled)).toBe("L'opération avec la clé d'accès a été annulée ou n'a pas abouti. Veuillez réessayer.");
    const known = Object.assign(new Error('already registered'), { name: 'InvalidStateError' });
    expect(passkeyErrorMessage(known)).toBe("Cette clé d'accès est déjà enregistrée pour votre compte.");
  });
});
