/**
 * The landing page's contact request: one full-name field split at the first space
 * (first word → firstName, the rest → lastName), email, phone, optional company and goal → a lead of
 * type "contact".
 *
 * Without JavaScript the browser posts the full name as `fullName` and the API splits it with the same
 * shared `splitFullName`.
 */
import { contactFormSchema } from '#contract/contacts';
import { PHONE_MAX, splitFullName } from '#contract';
import { CompanyField, EmailField, Field, PrivacyNote } from './fields.tsx';
import { LeadFormShell } from './LeadFormShell.tsx';
import { compact, useLeadForm, type LeadFormProps, type LeadFormText } from './useLeadForm.ts';

export interface ContactFormText extends LeadFormText {
  name: string;
  nameRequired: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  messagePlaceholder: string;
  messageHint: string;
}

// Without JavaScript the browser posts `fullName` as is and the API splits it the same way.
const NAME_FIELD = 'fullName';

export default function ContactForm({ idPrefix, text, common }: LeadFormProps<ContactFormText>) {
  const { field, shell } = useLeadForm({
    idPrefix,
    schema: contactFormSchema,
    toPayload: (values) => {
      const { firstName, lastName } = splitFullName(values[NAME_FIELD] ?? '');
      return compact({
        firstName,
        lastName,
        email: values.email,
        phone: values.phone,
        company: values.company,
        message: values.message,
        type: 'contact',
        website: values.website,
      });
    },
    // Both name parts come from the one full-name input.
    fieldOf: (key) => (key === 'firstName' || key === 'lastName' ? NAME_FIELD : key),
    // The schema speaks of the first name; the visitor filled in one "full name" field.
    adjustErrors: (errors, values) => {
      if (errors[NAME_FIELD] && !values[NAME_FIELD]) errors[NAME_FIELD] = text.nameRequired;
    },
    text,
    common,
  });

  return (
    <LeadFormShell
      {...shell}
      type="contact"
      footnote={<PrivacyNote before={common.requiredHint} note={common.privacyNote} linkLabel={common.privacyLinkLabel} />}
      className="relative grid gap-4 sm:grid-cols-2"
    >
      <Field {...field(NAME_FIELD, 'name')} label={text.name} required autoComplete="name" className="sm:col-span-2" />
      <EmailField {...field('email')} label={text.email} />
      <Field {...field('phone')} type="tel" label={text.phone} required autoComplete="tel" maxLength={PHONE_MAX} />
      <CompanyField {...field('company')} label={text.company} optionalSuffix={common.optionalSuffix} />
      <Field {...field('message')} label={text.message} optionalSuffix={common.optionalSuffix} placeholder={text.messagePlaceholder} hint={text.messageHint} multiline className="sm:col-span-2" />
    </LeadFormShell>
  );
}
