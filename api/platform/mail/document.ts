/** The parts every e-mail's document shares, from its wording (site/content/emails.yaml). */
import { fill, type CommonWording } from './content.ts';
import { greetingCopy, greetingName } from './greeting-name.ts';
import type { Block, EmailDocument } from './layout.ts';

/** The values of an e-mail to one person: the first name only when it looks like one (decision 087). */
export function personValues(firstName: string | null | undefined, brand: string): { firstName: string; brand: string } {
  return { firstName: greetingName(firstName) ?? '', brand };
}

/** How an e-mail to one person begins: the greeting (without the name when it is not one) and the introduction. */
export function opening(copy: { greeting: string; greetingNoName: string; intro: string }, values: Record<string, string> & { firstName: string }): Block[] {
  return [
    { type: 'paragraph', text: fill(greetingCopy(copy, values.firstName), values) },
    { type: 'paragraph', text: fill(copy.intro, values) },
  ];
}

/** The whole document: the copy's subject, preview and closing around the blocks, then the shared signature and footer. */
export function letter(copy: { subject: string; preview: string; closing: string }, values: Record<string, string>, blocks: Block[], content: CommonWording): EmailDocument {
  return {
    subject: fill(copy.subject, values),
    preview: fill(copy.preview, values),
    blocks,
    signature: [copy.closing, content.signature],
    footer: content.footer,
  };
}
