/**
 * zod issues as field errors, the one helper the API (400 answers), the admin forms and the public
 * forms share: every issue for the API, the first message per input for the forms.
 */
import { describe, expect, test } from 'vitest';
import { fieldErrorList, firstErrorByField } from '#contract';
import { leadCreateSchema, webinarFormSchema } from '#contract/contacts';

const issuesOf = (schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: unknown[] } } }, value: unknown) =>
  schema.safeParse(value).error!.issues as Parameters<typeof fieldErrorList>[0];

describe('field errors', () => {
  test('the API lists every issue with its dotted path', () => {
    const errors = fieldErrorList([
      { path: ['email'], message: 'Email invalide' },
      { path: ['address', 'city'], message: 'Ville trop longue' },
      { path: [], message: 'Objet invalide' },
    ]);
    expect(errors).toEqual([
      { path: 'email', message: 'Email invalide' },
      { path: 'address.city', message: 'Ville trop longue' },
      { path: '', message: 'Objet invalide' },
    ]);
  });

  test('a form shows the first message of each field, in French, from the shared schema', () => {
    const errors = firstErrorByField(issuesOf(leadCreateSchema, { firstName: 'A', email: 'pas-un-email' }));
    expect(errors).toEqual({ firstName: 'Le prénom doit comporter au moins 2 caractères', email: 'Email invalide' });
  });

  test('fieldOf moves a message to the input that holds the value', () => {
    const errors = firstErrorByField(issuesOf(webinarFormSchema, { email: 'a@example.ch', type: 'webinar' }), (path) => (path === 'firstName' ? 'fullName' : path));
    expect(Object.keys(errors)).toEqual(['fullName']);
  });

  test("the API's errors list, as the admin receives it, folds the same way; empty paths and messages are skipped", () => {
    const errors = firstErrorByField([
      { path: 'email', message: 'Email invalide' },
      { path: 'email', message: 'Second message' },
      { path: '', message: 'Objet invalide' },
      { path: 'phone', message: undefined },
    ]);
    expect(errors).toEqual({ email: 'Email invalide' });
  });
});
