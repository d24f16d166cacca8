/**
 * The reusable sign-up form: an optional first-name field and an email. On success the form gives
 * way to a green confirmation and the "Envoi réussi" toast. The site uses it in the footer as the
 * newsletter subscription (`POST /api/newsletter`, double opt-in: the person confirms from the e-mail
 * they receive; without JavaScript the API answers with /newsletter/merci/).
 *
 * Third-party mode: given a `thirdPartyFormId`, it renders an external provider's
 * subscription form instead, shown after `delaySeconds` and at most once every `showEveryDays`.
 * No page sets an id today; before turning it on, the provider's address must be added to the
 * Content-Security-Policy's `form-action` (api/platform/http/security-headers.ts).
 */
import { useEffect, useState } from 'react';
import { newsletterSubscribeSchema } from '#contract/privacy';
import { EmailField, Field, PrivacyNote } from './fields.tsx';
import { LeadFormShell } from './LeadFormShell.tsx';
import { compact, useLeadForm, type CommonFormText } from './useLeadForm.ts';

export interface ReusableFormText {
  firstName: string;
  email: string;
  submit: string;
  pending: string;
  privacyNote: string;
  successTitle: string;
  successMessage: string;
  errorTitle: string;
  errorDescription: string;
}

/** What the sign-up form says of the shared texts (not the other forms' required-fields hint and privacy note). */
export type ReusableFormCommon = Omit<CommonFormText, 'requiredHint' | 'privacyNote'>;

interface Props {
  idPrefix: string;
  text: ReusableFormText;
  common: ReusableFormCommon;
  showName?: boolean;
  /** Turns on the third-party mode (off on every page). */
  thirdPartyFormId?: string;
  thirdPartyAction?: string;
  delaySeconds?: number;
  showEveryDays?: number;
  tone?: 'light' | 'dark';
}

export default function ReusableForm(props: Props) {
  if (props.thirdPartyFormId && props.thirdPartyAction) {
    return <ThirdPartyForm formId={props.thirdPartyFormId} action={props.thirdPartyAction} text={props.text} delaySeconds={props.delaySeconds ?? 5} showEveryDays={props.showEveryDays ?? 15} />;
  }
  return <LeadSignUpForm {...props} />;
}

function LeadSignUpForm({ idPrefix, text, common, showName = true, tone = 'light' }: Props) {
  const [done, setDone] = useState(false);
  const { field, shell } = useLeadForm({
    idPrefix,
    schema: newsletterSubscribeSchema,
    endpoint: '/api/newsletter',
    toPayload: (values) =>
      compact({
        firstName: showName ? values.firstName : undefined,
        email: values.email,
        website: values.website,
      }),
    text: {
      submit: text.submit,
      pending: text.pending,
      success: { title: text.successTitle, description: text.successMessage },
      error: { title: text.errorTitle, description: text.errorDescription },
    },
    common,
    // The green confirmation replaces the form.
    onSuccess: () => setDone(true),
  });

  if (done) {
    return (
      <p role="status" className="flex items-start gap-3 rounded-2xl border border-success/30 bg-success-bg p-4 text-sm font-medium text-success">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
        {text.successMessage}
      </p>
    );
  }

  const labelTone = tone === 'dark' ? '[&_.form-footnote]:text-pine-200 [&_.form-footnote_a]:text-cream [&_label]:text-cream [&_label_span]:text-pine-200' : '';
  return (
    <LeadFormShell
      {...shell}
      type="contact"
      action="/api/newsletter"
      footnote={<PrivacyNote note={text.privacyNote} linkLabel={common.privacyLinkLabel} />}
      className={`relative grid gap-3 sm:grid-cols-2 ${labelTone}`}
    >
      {showName && <Field {...field('firstName')} label={text.firstName} optionalSuffix={common.optionalSuffix} autoComplete="given-name" />}
      <EmailField {...field('email')} label={text.email} className={showName ? '' : 'sm:col-span-2'} />
    </LeadFormShell>
  );
}

const LAST_SHOWN_KEY = 'clairval:third-party-form-shown-at';

function ThirdPartyForm({ formId, action, text, delaySeconds, showEveryDays }: { formId: string; action: string; text: ReusableFormText; delaySeconds: number; showEveryDays: number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const lastShown = Number(window.localStorage.getItem(LAST_SHOWN_KEY) ?? 0);
    if (Date.now() - lastShown < showEveryDays * 24 * 3600 * 1000) return;
    const timer = window.setTimeout(() => {
      window.localStorage.setItem(LAST_SHOWN_KEY, String(Date.now()));
      setVisible(true);
    }, delaySeconds * 1000);
    return () => window.clearTimeout(timer);
  }, [delaySeconds, showEveryDays]);

  if (!visible) return null;
  return (
    <form method="post" action={action} data-form-id={formId} className="grid gap-3">
      <input type="hidden" name="form_id" value={formId} />
      <label htmlFor={`third-party-${formId}-email`} className="text-sm font-medium">
        {text.email}
      </label>
      <input id={`third-party-${formId}-email`} name="email_address" type="email" required className="rounded-xl border border-line px-4 py-3" />
      <button type="submit" className="rounded-full bg-copper px-6 py-3 font-semibold text-white">
        {text.submit}
      </button>
    </form>
  );
}
