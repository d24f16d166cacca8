/**
 * The behaviour of the public lead forms (webinar, contact, reusable): validation with the API's own
 * zod schemas, and the submission with its idempotency key.
 *
 * Progressive enhancement: each form is a real `<form method="post" action="/api/leads">` with
 * native `required`/`type="email"` checks, so it works without JavaScript (the API answers with a
 * redirect to /merci/ or /erreur-envoi/). Once hydrated, the island turns native validation off and
 * validates with the shared schemas instead, to show the "Champs requis" toast and inline French messages.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { failureMessage, newIdempotencyKey, postLead, type LeadResponse } from '../../lib/leads.ts';
import { showToast } from '../../lib/toast.ts';
import { mountToaster, type ToasterLabels } from '../Toaster.tsx';
import type { FieldBinding } from './fields.tsx';
import { checkWithSchema, focusFirstError, formValues, type FieldErrors } from './form-values.ts';

export { compact } from './form-values.ts';

export interface CommonFormText {
  requiredHint: string;
  optionalSuffix: string;
  privacyNote: string;
  privacyLinkLabel: string;
  missingFields: { title: string; description: string };
  networkError: string;
  toaster: ToasterLabels;
}

/** Mounts the toaster and hands validation over from the browser to the island once hydrated. */
export function useEnhancedForm(toaster: ToasterLabels): RefObject<HTMLFormElement | null> {
  const form = useRef<HTMLFormElement>(null);
  // In the commit itself, not in a passive effect: Astro hydrates islands in a transition, and the
  // passive effects of that commit run in a later task, so a click landing between the two (the click
  // that woke the island, replayed by client:interaction, on a busy phone) met the browser's own
  // validation instead of the island's (CI of 2026-11-25: the first field focused, no toast).
  useLayoutEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);
  useEffect(() => {
    mountToaster(toaster);
  }, [toaster]);
  return form;
}

export type SubmitOutcome = { ok: true; response: LeadResponse } | { ok: false; message: string };

/**
 * Sends a lead. The idempotency key is kept while the same data is retried after a failure and
 * renewed as soon as the data changes or a submission succeeds.
 */
export function useLeadSubmission(networkError: string, endpoint = '/api/leads') {
  const [pending, setPending] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = useCallback(
    async (payload: Record<string, unknown>): Promise<SubmitOutcome> => {
      const body = JSON.stringify(payload);
      if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
      setPending(true);
      try {
        const response = await postLead(payload, attempt.current.key, endpoint);
        attempt.current = null;
        return { ok: true, response };
      } catch (error) {
        return { ok: false, message: failureMessage(error, networkError) };
      } finally {
        setPending(false);
      }
    },
    [networkError, endpoint],
  );

  return { pending, submit };
}

interface ToastText {
  title: string;
  description: string;
}

/** The texts every lead form with toasts has: its button, pending label and the two toasts. */
export interface LeadFormText {
  submit: string;
  pending: string;
  success: ToastText;
  error: ToastText;
}

/** What a lead form component receives from the page. */
export interface LeadFormProps<T extends LeadFormText> {
  idPrefix: string;
  text: T;
  common: CommonFormText;
}

export interface LeadFormSetup {
  /** Starts the ids of the form's inputs: unique on the page, which may hold several forms. */
  idPrefix: string;
  /** Where the JSON goes (default `/api/leads`; the newsletter form: `/api/newsletter`). */
  endpoint?: string;
  /** The shared schema the API validates with too. */
  schema: z.ZodType;
  /** The JSON body built from the form's values. */
  toPayload: (values: Record<string, string>) => Record<string, string>;
  /** Which input shows a schema issue (default: the field of the same name). */
  fieldOf?: (key: string) => string;
  /** A last word on the messages before they are shown. */
  adjustErrors?: (errors: FieldErrors, values: Record<string, string>) => void;
  /** The button's labels and the two toasts. */
  text: LeadFormText;
  common: Pick<CommonFormText, 'missingFields' | 'networkError' | 'toaster'>;
  /** The success toast's description for the API's answer (default: `text.success.description`). */
  successDescription?: (response: LeadResponse) => string;
  /** After a success, once the toast is shown (default: the form is cleared). */
  onSuccess?: (form: HTMLFormElement) => void;
}

/**
 * The behaviour every lead form shares: validate with the shared schema (inline
 * messages, "Champs requis" toast, nothing sent), send, then clear the form with the success toast,
 * or keep what the visitor typed with the destructive toast carrying the server's message.
 */
export function useLeadForm(setup: LeadFormSetup) {
  const form = useEnhancedForm(setup.common.toaster);
  const { pending, submit } = useLeadSubmission(setup.common.networkError, setup.endpoint);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = formValues(element);
    const payload = setup.toPayload(values);
    const check = checkWithSchema(setup.schema, payload, values, setup.fieldOf);
    if (!check.ok) {
      setup.adjustErrors?.(check.errors, values);
      setErrors(check.errors);
      if (check.missing) showToast({ variant: 'destructive', ...setup.common.missingFields });
      focusFirstError(element, check.errors);
      return;
    }
    setErrors({});
    const outcome = await submit(payload);
    if (outcome.ok) {
      if (setup.onSuccess) setup.onSuccess(element);
      else element.reset();
      const description = setup.successDescription?.(outcome.response) ?? setup.text.success.description;
      showToast({ variant: 'success', title: setup.text.success.title, description });
    } else {
      showToast({
        variant: 'destructive',
        title: setup.text.error.title,
        description: setup.text.error.description.replace('{message}', outcome.message),
      });
    }
  }

  /** What ties an input to the form: its id (`idName` when it differs from the posted name), its name, its message. */
  const field = (name: string, idName = name): FieldBinding => ({ id: `${setup.idPrefix}-${idName}`, name, error: errors[name] });

  // `shell` is what LeadFormShell needs: the form element, its submit handler, the pending flag, the ids' start and the button's labels.
  const submitLabels = { label: setup.text.submit, pending: setup.text.pending };
  return { field, shell: { form, onSubmit, pending, idPrefix: setup.idPrefix, submit: submitLabels } };
}
