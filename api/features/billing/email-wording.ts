/**
 * The sections of site/content/emails.yaml that billing's e-mails read (./emails.ts): the invoice with
 * its PDF, the reminder of an overdue invoice, the credit note of a refund.
 */
import { z } from 'zod';
import { plain, template } from '../../platform/mail/content.ts';

const VALUES = ['firstName', 'brand', 'number', 'amount', 'dueOn', 'reference'];
const letterCopy = z.strictObject({
  subject: template(...VALUES),
  preview: template(...VALUES),
  greeting: template(...VALUES),
  greetingNoName: template(...VALUES.filter((value) => value !== 'firstName')),
  intro: template(...VALUES),
  payment: template(...VALUES),
  closing: plain,
});

export const billingWording = {
  invoiceIssued: letterCopy,
  invoiceReminder: letterCopy,
  creditNoteIssued: letterCopy,
  invoiceLabels: z.strictObject({ number: plain, amount: plain, dueOn: plain, reference: plain }),
};

export type BillingWording = z.output<z.ZodObject<typeof billingWording>>;
