/**
 * What every public lead form is made of around its fields: a real `<form method="post"
 * action="/api/leads">` (it works without JavaScript), the lead type as a hidden field, the
 * honeypot, and the submit button with the hint below it.
 */
import type { ReactNode, RefObject, SubmitEvent } from 'react';
import { Honeypot, SubmitButton } from './fields.tsx';

export function LeadFormShell({
  form,
  onSubmit,
  pending,
  idPrefix,
  type,
  action = '/api/leads',
  submit,
  footnote,
  className,
  hidden,
  children,
}: {
  form: RefObject<HTMLFormElement | null>;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  pending: boolean;
  idPrefix: string;
  type: 'contact' | 'webinar';
  /** Where the form posts without JavaScript (default `/api/leads`). */
  action?: string;
  submit: { label: string; pending: string };
  /** The line under the button (required-fields hint, privacy note). */
  footnote?: ReactNode;
  className: string;
  /** Hidden inputs beyond the lead type. */
  hidden?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form ref={form} method="post" action={action} onSubmit={onSubmit} className={className} aria-busy={pending}>
      <input type="hidden" name="type" value={type} />
      {hidden}
      {children}
      <Honeypot id={`${idPrefix}-website`} />
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} label={submit.label} pendingLabel={submit.pending} />
        {footnote ? <p className="form-footnote mt-3 text-center text-xs text-muted">{footnote}</p> : null}
      </div>
    </form>
  );
}
