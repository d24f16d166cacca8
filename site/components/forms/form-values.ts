/** Reading and checking a public form: its trimmed values, the shared schema's messages by input, the first input in error. */
import type { z } from 'zod';
import { firstErrorByField } from '#contract';

/** The form's current values, trimmed, by field name (hidden fields included). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value.trim();
  return values;
}

export type FieldErrors = Record<string, string>;

export type CheckResult = { ok: true } | { ok: false; errors: FieldErrors; missing: boolean };

/**
 * Validates `payload` with a shared schema. Errors are keyed by form field (`fieldOf` maps a payload
 * key to the input that holds it); `missing` says whether a required field was left empty, which
 * is the "Champs requis" toast's case, as opposed to a value in the wrong format.
 */
export function checkWithSchema(schema: z.ZodType, payload: Record<string, unknown>, values: Record<string, string>, fieldOf: (key: string) => string = (key) => key): CheckResult {
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true };
  const errors: FieldErrors = firstErrorByField(result.error.issues, fieldOf);
  const missing = Object.keys(errors).some((field) => !values[field]);
  return { ok: false, errors, missing };
}

/** Drops empty strings so optional fields are simply absent from the JSON body. */
export function compact(payload: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** Focuses the first field in error, in the form's order. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}
