/**
 * The free-webinar sign-up: first name, last name, email, company → a lead of type
 * "webinar". Used in the landing page's #webinar section and on the webinar page.
 */
import { webinarFormSchema } from '#contract/contacts';
import { CompanyField, EmailField, Field, PrivacyNote } from './fields.tsx';
import { LeadFormShell } from './LeadFormShell.tsx';
import { compact, useLeadForm, type LeadFormProps, type LeadFormText } from './useLeadForm.ts';

export interface WebinarFormText extends LeadFormText {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
}

export default function WebinarForm({ idPrefix, text, common }: LeadFormProps<WebinarFormText>) {
  const { field, shell } = useLeadForm({
    idPrefix,
    schema: webinarFormSchema,
    toPayload: (values) =>
      compact({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        company: values.company,
        type: 'webinar',
        website: values.website,
      }),
    text,
    common,
    // When the webinar is full or none is planned, the API says so under the usual success text.
    successDescription: ({ notice }) => (notice ? `${text.success.description}\n${notice}` : text.success.description),
  });

  return (
    <LeadFormShell
      {...shell}
      type="webinar"
      footnote={<PrivacyNote before={common.requiredHint} note={common.privacyNote} linkLabel={common.privacyLinkLabel} />}
      className="relative grid gap-4 sm:grid-cols-2"
    >
      <Field {...field('firstName')} label={text.firstName} required autoComplete="given-name" />
      <Field {...field('lastName')} label={text.lastName} autoComplete="family-name" />
      <EmailField {...field('email')} label={text.email} className="sm:col-span-2" />
      <CompanyField {...field('company')} label={text.company} optionalSuffix={common.optionalSuffix} />
    </LeadFormShell>
  );
}
